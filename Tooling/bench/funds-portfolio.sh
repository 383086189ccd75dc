#!/usr/bin/env bash
# Benchmarks `folio funds portfolio` (issues #27 and #39, "Speed"), for one binary or an old and a new one side by
# side in one run (OLD_FOLIO), each with its own home filled the same way:
#   - importing a casparser statement of 5,000 transactions (50 schemes); target < 1 s;
#   - `funds portfolio` of those 50 schemes, cold: one NAVAll.txt request, not 50 histories;
#   - `funds portfolio --refresh`: AMFI's file fetched again and found the same (the next NAV day's first run, or
#     any run once the cache has expired): an old folio parses and stores its 14,000 rows again, a new one does not;
#   - the same warm (AMFI's file cached), median per process, against `funds show 122639` warm; target ≤ 1.5×;
#   - the same warm once the 50 schemes' MF API histories are stored too (each `funds show`n).
# Runs of the two binaries are interleaved (old, new, old, new, …) so a machine busy with something else slows both
# alike. AMFI's file is the real NAVAll.txt of 18-Aug-2026 (Tests/Fixtures/amfi), served from loopback with the MF API.
#
# Usage: Tooling/bench/funds-portfolio.sh                 (FOLIO_BIN defaults to .build/release/folio)
#        OLD_FOLIO=/tmp/old/.build/release/folio Tooling/bench/funds-portfolio.sh
#        FOLIO_BIN=.build/debug/folio RUNS=5 Tooling/bench/funds-portfolio.sh
set -euo pipefail
[[ -n "${EPOCHREALTIME:-}" ]] || { echo "error: bash 5 or later is needed (EPOCHREALTIME)" >&2; exit 69; }

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
FOLIO_BIN="${FOLIO_BIN:-$ROOT/.build/release/folio}"
OLD_FOLIO="${OLD_FOLIO:-}"
RUNS="${RUNS:-30}"
NAVALL="$ROOT/Tests/Fixtures/amfi/amfiindiamirror_NAVAll_2026-08-18_6col.txt"
HISTORY="$ROOT/Tests/Fixtures/mfapi/scheme_122639_history_full_3266pts.json"
for binary in "$FOLIO_BIN" ${OLD_FOLIO:+"$OLD_FOLIO"}; do
    [[ -x "$binary" ]] || { echo "error: $binary is not built (swift build -c release, or set FOLIO_BIN/OLD_FOLIO)" >&2; exit 1; }
done

WORK="$(mktemp -d)"
SERVER=""
cleanup() {
    [[ -n "$SERVER" ]] && kill "$SERVER" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

COUNT=$(python3 "$ROOT/Tooling/bench/data/portfolio_data.py" "$NAVALL" "$WORK/cas.json" 50 5000)
python3 "$ROOT/Tooling/bench/data/amfi_server.py" "$WORK" "$NAVALL" "$HISTORY" "$WORK/port" &
SERVER=$!
for _ in $(seq 100); do [[ -s "$WORK/port" ]] && break; sleep 0.05; done
BASE="http://127.0.0.1:$(cat "$WORK/port")"
export FOLIO_MFAPI_URL="$BASE" FOLIO_AMFI_URL="$BASE/NAVAll.txt" NO_COLOR=1

# The binaries measured, each with its own home: "new" always, "old" when OLD_FOLIO is set.
NAMES=(new)
declare -A BIN=([new]="$FOLIO_BIN")
if [[ -n "$OLD_FOLIO" ]]; then NAMES=(old new); BIN[old]="$OLD_FOLIO"; fi
declare -A FIGURE=()
ORDER=()

now_us() { echo $((${EPOCHREALTIME/[.,]/})); }
median_of() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2; printf "%.1f", m / 1000}'; }
# run NAME ARGS…: one process of binary NAME in its home; prints its time in µs.
run() {
    local name=$1; shift
    local start end
    start=$(now_us); FOLIO_HOME="$WORK/home-$name" "${BIN[$name]}" "$@" >/dev/null 2>&1; end=$(now_us)
    echo $((end - start))
}
# record LABEL NAME VALUE: one figure of one binary.
record() {
    [[ -n "${FIGURE[$1,new]+x}${FIGURE[$1,old]+x}" ]] || ORDER+=("$1")
    FIGURE[$1,$2]=$3
}
# interleaved LABEL ARGS…: RUNS runs of each binary, interleaved; records the medians in ms.
interleaved() {
    local label=$1; shift
    declare -A samples=()
    for _ in $(seq "$RUNS"); do
        for name in "${NAMES[@]}"; do samples[$name]+="$(run "$name" "$@") "; done
    done
    for name in "${NAMES[@]}"; do
        # shellcheck disable=SC2086
        record "$label" "$name" "$(median_of ${samples[$name]})"
    done
}

echo "folio funds portfolio benchmark — new: $FOLIO_BIN${OLD_FOLIO:+, old: $OLD_FOLIO}; $RUNS runs per median"
for name in "${NAMES[@]}"; do
    record "import of $COUNT transactions (50 schemes), ms (target < 1000)" "$name" "$(( $(run "$name" funds portfolio import "$WORK/cas.json") / 1000 ))"
    record "re-import of the same statement (nothing new), ms" "$name" "$(( $(run "$name" funds portfolio import "$WORK/cas.json") / 1000 ))"
    : > "$WORK/requests.log"
    record "funds portfolio, cold, ms" "$name" "$(( $(run "$name" funds portfolio) / 1000 ))"
    record "  its requests" "$name" "$(sort "$WORK/requests.log" | uniq -c | tr -s ' ' | paste -sd ',')"
    run "$name" funds show 122639 >/dev/null
done
interleaved "funds portfolio --refresh (AMFI's file fetched again, the same), median ms" funds portfolio --refresh
interleaved "funds portfolio, warm (50 schemes), median ms" funds portfolio
interleaved "funds show 122639, warm, median ms" funds show 122639
for name in "${NAMES[@]}"; do
    record "warm portfolio / warm show (target ≤ 1.5)" "$name" "$(awk -v a="${FIGURE[funds portfolio, warm (50 schemes), median ms,$name]}" -v b="${FIGURE[funds show 122639, warm, median ms,$name]}" 'BEGIN { printf "%.2f", a / b }')"
done
# A user who has looked at the schemes holds their MF API histories too: the valuation compares each one's newest NAV
# with AMFI's file (it reads only that NAV, not the whole history, since issue 39's speed work).
for name in "${NAMES[@]}"; do
    for code in $(FOLIO_HOME="$WORK/home-$name" "${BIN[$name]}" funds portfolio --format json 2>/dev/null \
        | python3 -c 'import json, sys; print(" ".join(str(h["code"]) for h in json.load(sys.stdin)["holdings"] if h.get("code")))'); do
        run "$name" funds show "$code" >/dev/null
    done
done
interleaved "funds portfolio, warm, the 50 schemes' histories also stored, median ms" funds portfolio

if [[ -n "$OLD_FOLIO" ]]; then
    printf '%-80s %14s %14s %8s\n' "figure" "old" "new" "new/old"
    for label in "${ORDER[@]}"; do
        old=${FIGURE[$label,old]:-} new=${FIGURE[$label,new]:-}
        ratio=$(awk -v a="$new" -v b="$old" 'BEGIN { if (a ~ /^[0-9.]+$/ && b ~ /^[0-9.]+$/ && b > 0) printf "%.2f", a / b; else printf "" }')
        printf '%-80s %14s %14s %8s\n' "$label" "$old" "$new" "$ratio"
    done
else
    for label in "${ORDER[@]}"; do printf '%-80s %14s\n' "$label" "${FIGURE[$label,new]}"; done
fi
