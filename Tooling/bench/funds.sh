#!/usr/bin/env bash
# Benchmarks `folio funds` (issue #4, "Performance"):
#   - search over a warm cache of a full-size scheme list (~45,000 schemes, ~6.8 MB of JSON generated from the
#     real AMFI name patterns in Tests/Fixtures/mfapi), median per process; target < 15 ms (release);
#   - the same search as a Python script that loads the JSON and filters it; target folio ≥ 10× faster;
#   - peak memory of a search (/usr/bin/time -v); target < 50 MB;
#   - `folio funds show 122639` on the 3,266-point history, warm; target < 20 ms;
#   - `compare` of 20 funds against a loopback server answering after 200 ms; target ≈ ⌈20/limit⌉ × 200 ms;
#   - every analytic on a 5,000-point history in-process (`folio-benchmarks funds-analytics`); target < 1 ms.
#
# Usage: Tooling/bench/funds.sh            (FOLIO_BIN defaults to .build/release/folio, BENCH_BIN to
#                                           .build/release/folio-benchmarks; the analytics line is skipped
#                                           when BENCH_BIN is not built)
#        FOLIO_BIN=.build/debug/folio RUNS=5 Tooling/bench/funds.sh
set -euo pipefail
# Samples are timed with bash's own clock (EPOCHREALTIME, bash 5+): a `$(date +%s%N)` on each side of the
# command ran two more processes inside every sample, about 1.3 ms on the figures measured here.
[[ -n "${EPOCHREALTIME:-}" ]] || { echo "error: bash 5 or later is needed (EPOCHREALTIME)" >&2; exit 69; }

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
FOLIO_BIN="${FOLIO_BIN:-$ROOT/.build/release/folio}"
BENCH_BIN="${BENCH_BIN:-$ROOT/.build/release/folio-benchmarks}"
RUNS="${RUNS:-30}"
SCHEMES="${SCHEMES:-45000}"
FIXTURES="$ROOT/Tests/Fixtures/mfapi"
[[ -x "$FOLIO_BIN" ]] || { echo "error: $FOLIO_BIN is not built (swift build -c release, or set FOLIO_BIN)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "error: python3 is needed for the loopback server" >&2; exit 1; }

WORK="$(mktemp -d)"
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT

# --- Data: a full-size list from the real name patterns, the real 3,266-point history -------------------------
python3 "$ROOT/Tooling/bench/data/schemes.py" "$FIXTURES" "$WORK" "$SCHEMES"
LIST_BYTES=$(stat -c %s "$WORK/list.json")
LIST_COUNT=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))))" "$WORK/list.json")

# --- Loopback servers: one immediate, one answering after 200 ms ----------------------------------------------
start_server() {  # latency → sets PORT
    rm -f "$WORK/port"
    python3 "$ROOT/Tooling/bench/data/mfapi_server.py" "$WORK" "$FIXTURES/scheme_122639_history_full_3266pts.json" "$1" "$WORK/port" &
    PIDS+=($!)
    for _ in $(seq 100); do [[ -s "$WORK/port" ]] && break; sleep 0.05; done
    PORT=$(cat "$WORK/port")
}
start_server 0
FAST_URL="http://127.0.0.1:$PORT"
start_server 0.2
SLOW_URL="http://127.0.0.1:$PORT"

# --- Timing helpers --------------------------------------------------------------------------------------------
median_ms() {  # command… → median wall time of $RUNS runs in ms (stdout discarded)
    local samples=()
    for _ in $(seq "$RUNS"); do
        local start end
        start=$((${EPOCHREALTIME/[.,]/} * 1000))
        "$@" >/dev/null 2>&1
        end=$((${EPOCHREALTIME/[.,]/} * 1000))
        samples+=($(( (end - start) / 1000 )))
    done
    printf '%s\n' "${samples[@]}" | sort -n | awk '{a[NR]=$1} END {m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2; printf "%.2f", m / 1000}'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }

export FOLIO_HOME="$WORK/home"
export FOLIO_MFAPI_URL="$FAST_URL"
export NO_COLOR=1

echo "folio funds benchmark — $FOLIO_BIN, $RUNS runs per figure"
echo "scheme list: $LIST_COUNT schemes, $LIST_BYTES bytes of JSON"

# Warm the cache: the list (45,000 searchable records) and the full history.
WARM_START=$((${EPOCHREALTIME/[.,]/} * 1000))
"$FOLIO_BIN" funds search parag flexi >/dev/null
WARM_END=$((${EPOCHREALTIME/[.,]/} * 1000))
"$FOLIO_BIN" funds show 122639 >/dev/null 2>&1
echo "cache warm-up (fetch, decode, classify, index $LIST_COUNT schemes): $(( (WARM_END - WARM_START) / 1000000 )) ms"

# --- Search ----------------------------------------------------------------------------------------------------
cat > "$WORK/search.py" <<'PY'
import json, re, sys
terms = [t.lower() for t in sys.argv[2:]]
schemes = json.load(open(sys.argv[1]))
def words(name): return re.findall(r"[0-9a-z]+", name.lower())
hits = [s for s in schemes if all(any(w.startswith(t) for w in words(s["schemeName"])) for t in terms)]
for s in hits[:20]: print(s["schemeCode"], s["schemeName"])
PY
echo
echo "search (warm cache, median per process; target < 15 ms, ≥ 10× the Python script):"
for query in "hdfc flexi" "parag parikh" "liquid direct growth" "nifty index"; do
    # shellcheck disable=SC2086
    FOLIO_MS=$(median_ms "$FOLIO_BIN" funds search $query)
    # shellcheck disable=SC2086
    PY_MS=$(median_ms python3 "$WORK/search.py" "$WORK/list.json" $query)
    printf '  %-22s folio %8.2f ms   python %8.2f ms   %6s× faster\n' "\"$query\"" "$FOLIO_MS" "$PY_MS" "$(ratio "$PY_MS" "$FOLIO_MS")"
done
FILTER_MS=$(median_ms "$FOLIO_BIN" funds search fund --category equity --plan direct --option growth)
printf '  %-22s folio %8.2f ms   (broad query with every filter)\n' '"fund" + filters' "$FILTER_MS"

PEAK_KB=$(/usr/bin/time -v "$FOLIO_BIN" funds search hdfc flexi 2>&1 >/dev/null | awk -F': ' '/Maximum resident set size/ {print $2}')
printf 'search peak memory: %.1f MB (target < 50 MB)\n' "$(awk -v k="$PEAK_KB" 'BEGIN { print k / 1024 }')"

# --- Show ------------------------------------------------------------------------------------------------------
SHOW_MS=$(median_ms "$FOLIO_BIN" funds show 122639)
printf 'show 122639 (3,266 points, warm cache): %.2f ms median (target < 20 ms)\n' "$SHOW_MS"
SHOW_JSON_MS=$(median_ms "$FOLIO_BIN" funds show 122639 --format json)
printf 'show 122639 --format json:              %.2f ms median\n' "$SHOW_JSON_MS"

# --- Compare against a 200 ms server ---------------------------------------------------------------------------
CODES=$(tr '\n' ' ' < "$WORK/codes.txt")
LIMIT="${FOLIO_FUNDS_CONCURRENCY:-4}"
COMPARE_SAMPLES=()
for run in 1 2 3; do
    start=$((${EPOCHREALTIME/[.,]/} * 1000))
    # shellcheck disable=SC2086
    FOLIO_HOME="$WORK/compare-$run" FOLIO_MFAPI_URL="$SLOW_URL" "$FOLIO_BIN" funds compare $CODES >/dev/null 2>&1
    end=$((${EPOCHREALTIME/[.,]/} * 1000))
    COMPARE_SAMPLES+=($(( (end - start) / 1000000 )))
done
COMPARE_MS=$(printf '%s\n' "${COMPARE_SAMPLES[@]}" | sort -n | sed -n 2p)
EXPECTED_MS=$(( (20 + LIMIT - 1) / LIMIT * 200 ))
echo "compare of 20 funds, 200 ms server, nothing cached: $COMPARE_MS ms median of 3 (⌈20/$LIMIT⌉ × 200 = $EXPECTED_MS ms; sequential would be 4000 ms)"

# --- Analytics in-process --------------------------------------------------------------------------------------
echo "all analytics on a 5,000-point history, in-process (target < 1 ms):"
if [[ -x "$BENCH_BIN" ]]; then
    echo "  $("$BENCH_BIN" funds-analytics)"
else
    echo "  skipped: $BENCH_BIN is not built (swift build -c release --product folio-benchmarks)"
fi
