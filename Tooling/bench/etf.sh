#!/usr/bin/env bash
# Benchmark for `folio etf`: generates a 10,000-row portfolio and a household's 50 rows and times `folio etf analyze FILE`
# (target: under 100 ms per process in a release build), plus the JSON form and the CSV/JSON outputs.
# Usage: FOLIO_BIN=.build/release/folio Tooling/bench/etf.sh [rows] [runs]
set -euo pipefail
# Samples are timed with bash's own clock (EPOCHREALTIME, bash 5+): a `$(date +%s%N)` on each side of the
# command ran two more processes inside every sample, about 1.3 ms on the figures measured here.
[[ -n "${EPOCHREALTIME:-}" ]] || { echo "error: bash 5 or later is needed (EPOCHREALTIME)" >&2; exit 69; }

FOLIO_BIN="${FOLIO_BIN:-.build/release/folio}"
ROWS="${1:-10000}"
RUNS="${2:-15}"
[[ -x "$FOLIO_BIN" ]] || { echo "error: $FOLIO_BIN is not an executable (set FOLIO_BIN)" >&2; exit 64; }

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
export FOLIO_HOME="$WORK/home" NO_COLOR=1
mkdir -p "$FOLIO_HOME"

portfolio() { "$(dirname "${BASH_SOURCE[0]}")/data/portfolio.sh" "$1" "$WORK/$2"; }
portfolio "$ROWS" large
# What a household holds: the size a user runs every day, where start-up is most of the time.
portfolio 50 household

echo "folio etf benchmark: $ROWS ETFs, $RUNS runs each, binary $FOLIO_BIN"

median_ms() {
    local samples=()
    "$@" > /dev/null  # warm-up
    for ((run = 0; run < RUNS; run++)); do
        local start end
        start=$((${EPOCHREALTIME/[.,]/} * 1000))
        "$@" > /dev/null
        end=$((${EPOCHREALTIME/[.,]/} * 1000))
        samples+=($(((end - start) / 1000)))
    done
    printf '%s\n' "${samples[@]}" | sort -n | awk '{ a[NR] = $1 } END { m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%.1f", m / 1000 }'
}

printf '%-44s %10s\n' "command" "median ms"
for size in large household; do
    [[ $size == large ]] && label="$ROWS rows" || label="50 rows"
    printf '%-44s %10s\n' "etf analyze ($label, table)" "$(median_ms "$FOLIO_BIN" etf analyze "$WORK/$size.csv")"
    printf '%-44s %10s\n' "etf analyze ($label, JSON input)" "$(median_ms "$FOLIO_BIN" etf analyze "$WORK/$size.json")"
    printf '%-44s %10s\n' "etf analyze ($label) --format json" "$(median_ms "$FOLIO_BIN" etf analyze "$WORK/$size.csv" --format json)"
    printf '%-44s %10s\n' "etf analyze ($label) --format csv" "$(median_ms "$FOLIO_BIN" etf analyze "$WORK/$size.csv" --format csv)"
done
echo "target: etf analyze of $ROWS rows under 100 ms per process (release build)"
