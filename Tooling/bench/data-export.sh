#!/usr/bin/env bash
# Benchmarks `folio db export` and `folio db import` (issue #40) on the benchmark household — 100 accounts × 120
# monthly balances (Tooling/bench/data/household.sh), a casparser statement of 5,000 transactions over 50 schemes,
# 1,000 paper trades (TRADES) — beside `sqlite3 .dump` of the same file and reading that dump into a new file.
# Each figure is the median of RUNS runs, whole processes, wall time; the import goes into a fresh home each run.
#
# Usage: Tooling/bench/data-export.sh                 (FOLIO_BIN defaults to .build/release/folio)
#        FOLIO_BIN=.build/debug/folio RUNS=3 Tooling/bench/data-export.sh
set -euo pipefail
[[ -n "${EPOCHREALTIME:-}" ]] || { echo "error: bash 5 or later is needed (EPOCHREALTIME)" >&2; exit 69; }
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
FOLIO_BIN="${FOLIO_BIN:-$ROOT/.build/release/folio}"
RUNS="${RUNS:-5}"
TRADES="${TRADES:-1000}"
NAVALL="$ROOT/Tests/Fixtures/amfi/amfiindiamirror_NAVAll_2026-08-18_6col.txt"
HISTORY="$ROOT/Tests/Fixtures/mfapi/scheme_122639_history_full_3266pts.json"
[[ -x "$FOLIO_BIN" ]] || { echo "error: $FOLIO_BIN is not built (swift build -c release, or set FOLIO_BIN)" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "error: sqlite3 is needed (apt-get install -y sqlite3)" >&2; exit 1; }

WORK="$(mktemp -d)"
SERVER=""
cleanup() {
    [[ -n "$SERVER" ]] && kill "$SERVER" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT
python3 "$ROOT/Tooling/bench/data/amfi_server.py" "$WORK" "$NAVALL" "$HISTORY" "$WORK/port" &
SERVER=$!
for _ in $(seq 100); do [[ -s "$WORK/port" ]] && break; sleep 0.05; done
BASE="http://127.0.0.1:$(cat "$WORK/port")"
export FOLIO_HOME="$WORK/home" FOLIO_MFAPI_URL="$BASE" FOLIO_AMFI_URL="$BASE/NAVAll.txt" NO_COLOR=1 FOLIO_QUOTES_TTL=1h
mkdir -p "$FOLIO_HOME"

echo "filling the household (this takes a while) …"
"$ROOT/Tooling/bench/data/household.sh" "$FOLIO_BIN"
python3 "$ROOT/Tooling/bench/data/portfolio_data.py" "$NAVALL" "$WORK/cas.json" 50 5000 >/dev/null
"$FOLIO_BIN" funds portfolio import "$WORK/cas.json" >/dev/null
echo "Test@123" | "$FOLIO_BIN" stocks login --email test@stockport.com --password-stdin >/dev/null
for _ in $(seq $((TRADES / 2))); do "$FOLIO_BIN" stocks buy AAPL 1 >/dev/null; "$FOLIO_BIN" stocks sell AAPL 1 >/dev/null; done

now_us() { echo $((${EPOCHREALTIME/[.,]/})); }
median_of() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2; printf "%.0f", m / 1000}'; }
DB="$FOLIO_HOME/folio.sqlite"
EXPORTS=(); IMPORTS=(); DUMPS=(); LOADS=()
for run in $(seq "$RUNS"); do
    start=$(now_us); "$FOLIO_BIN" db export --output "$WORK/export.jsonl" 2>/dev/null; end=$(now_us)
    EXPORTS+=($((end - start)))
    mkdir -p "$WORK/into-$run"
    start=$(now_us); "$FOLIO_BIN" --home "$WORK/into-$run" db import "$WORK/export.jsonl" >/dev/null; end=$(now_us)
    IMPORTS+=($((end - start)))
    start=$(now_us); sqlite3 "$DB" .dump >"$WORK/dump.sql"; end=$(now_us)
    DUMPS+=($((end - start)))
    start=$(now_us); sqlite3 "$WORK/load-$run.sqlite" <"$WORK/dump.sql"; end=$(now_us)
    LOADS+=($((end - start)))
done
diff <(tail -n +2 "$WORK/export.jsonl") <("$FOLIO_BIN" --home "$WORK/into-1" db export | tail -n +2) >/dev/null \
    || { echo "error: the imported household exports differently" >&2; exit 1; }
echo "folio db export/import — $FOLIO_BIN, median of $RUNS runs"
echo "  household: $(($(wc -l <"$WORK/export.jsonl") - 1)) records, store $(($(stat -c %s "$DB") / 1024)) KiB"
echo "  folio db export:        $(median_of "${EXPORTS[@]}") ms, $(($(stat -c %s "$WORK/export.jsonl") / 1024)) KiB"
echo "  folio db import:        $(median_of "${IMPORTS[@]}") ms (fresh home, one transaction)"
echo "  sqlite3 .dump:          $(median_of "${DUMPS[@]}") ms, $(($(stat -c %s "$WORK/dump.sql") / 1024)) KiB"
echo "  sqlite3 < dump:         $(median_of "${LOADS[@]}") ms"
