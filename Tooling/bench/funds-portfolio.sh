#!/usr/bin/env bash
# Benchmarks `folio funds portfolio` (issue #27, "Speed"):
#   - importing a casparser statement of 5,000 transactions (50 schemes); target < 1 s;
#   - `funds portfolio` of those 50 schemes, cold: one NAVAll.txt request, not 50 histories;
#   - the same warm (AMFI's file cached), median per process, against `funds show 122639` warm; target ≤ 1.5×.
# AMFI's file is the real NAVAll.txt of 18-Aug-2026 (Tests/Fixtures/amfi), served from loopback with the MF API.
#
# Usage: Tooling/bench/funds-portfolio.sh                 (FOLIO_BIN defaults to .build/release/folio)
#        FOLIO_BIN=.build/debug/folio RUNS=5 Tooling/bench/funds-portfolio.sh
set -euo pipefail
[[ -n "${EPOCHREALTIME:-}" ]] || { echo "error: bash 5 or later is needed (EPOCHREALTIME)" >&2; exit 69; }

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
FOLIO_BIN="${FOLIO_BIN:-$ROOT/.build/release/folio}"
RUNS="${RUNS:-30}"
NAVALL="$ROOT/Tests/Fixtures/amfi/amfiindiamirror_NAVAll_2026-08-18_6col.txt"
HISTORY="$ROOT/Tests/Fixtures/mfapi/scheme_122639_history_full_3266pts.json"
[[ -x "$FOLIO_BIN" ]] || { echo "error: $FOLIO_BIN is not built (swift build -c release, or set FOLIO_BIN)" >&2; exit 1; }

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
export FOLIO_HOME="$WORK/home" FOLIO_MFAPI_URL="$BASE" FOLIO_AMFI_URL="$BASE/NAVAll.txt" NO_COLOR=1

now_us() { echo $((${EPOCHREALTIME/[.,]/})); }

echo "folio funds portfolio benchmark — $FOLIO_BIN, $RUNS runs per warm figure"
start=$(now_us); "$FOLIO_BIN" funds portfolio import "$WORK/cas.json" >/dev/null; end=$(now_us)
echo "import of $COUNT transactions (50 schemes): $(( (end - start) / 1000 )) ms (target < 1000 ms)"
start=$(now_us); "$FOLIO_BIN" funds portfolio import "$WORK/cas.json" >/dev/null; end=$(now_us)
echo "re-import of the same statement (nothing new): $(( (end - start) / 1000 )) ms"

: > "$WORK/requests.log"
start=$(now_us); "$FOLIO_BIN" funds portfolio >/dev/null; end=$(now_us)
echo "funds portfolio, cold: $(( (end - start) / 1000 )) ms, requests: $(sort "$WORK/requests.log" | uniq -c | tr -s ' ' | paste -sd ',')"

"$FOLIO_BIN" funds show 122639 >/dev/null 2>&1
# Interleaved (portfolio, show, portfolio, show, …) so that a machine busy with something else slows both alike.
PORTFOLIO_SAMPLES=()
SHOW_SAMPLES=()
for _ in $(seq "$RUNS"); do
    start=$(now_us); "$FOLIO_BIN" funds portfolio >/dev/null 2>&1; end=$(now_us)
    PORTFOLIO_SAMPLES+=($((end - start)))
    start=$(now_us); "$FOLIO_BIN" funds show 122639 >/dev/null 2>&1; end=$(now_us)
    SHOW_SAMPLES+=($((end - start)))
done
median_of() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2; printf "%.1f", m / 1000}'; }
PORTFOLIO=$(median_of "${PORTFOLIO_SAMPLES[@]}")
SHOW=$(median_of "${SHOW_SAMPLES[@]}")
echo "warm, $RUNS interleaved runs: funds portfolio (50 schemes) $PORTFOLIO ms, funds show 122639 $SHOW ms, ratio $(awk -v a="$PORTFOLIO" -v b="$SHOW" 'BEGIN { printf "%.2f", a / b }') (target ≤ 1.5)"
