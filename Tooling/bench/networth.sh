#!/usr/bin/env bash
# Benchmarks `folio networth summary` and `folio networth report --monthly` over 100 accounts with ten
# years of monthly balance updates each (12,000 updates; 10 accounts in USD with monthly rates).
# Setup goes through the real CLI (`accounts`/`import`/`rate set`) and is not timed.
# Usage: FOLIO_BIN=.build/release/folio Tooling/bench/networth.sh   (RUNS=31 to change the sample size)
set -euo pipefail
# Samples are timed with bash's own clock (EPOCHREALTIME, bash 5+): a `$(date +%s%N)` on each side of the
# command ran two more processes inside every sample, about 1.3 ms on the figures measured here.
[[ -n "${EPOCHREALTIME:-}" ]] || { echo "error: bash 5 or later is needed (EPOCHREALTIME)" >&2; exit 69; }

FOLIO_BIN=${FOLIO_BIN:-.build/release/folio}
RUNS=${RUNS:-31}
if [[ ! -x "$FOLIO_BIN" ]]; then
    echo "error: $FOLIO_BIN is not an executable (set FOLIO_BIN)" >&2
    exit 1
fi
FOLIO_BIN=$(cd "$(dirname "$FOLIO_BIN")" && pwd)/$(basename "$FOLIO_BIN")

export FOLIO_HOME=$(mktemp -d)
export NO_COLOR=1
trap 'rm -rf "$FOLIO_HOME"' EXIT

echo "setup: 100 accounts x 120 monthly updates in $FOLIO_HOME"
"$(dirname "${BASH_SOURCE[0]}")/data/household.sh" "$FOLIO_BIN"

# Sanity: both commands must succeed before they are timed.
"$FOLIO_BIN" networth summary >/dev/null
"$FOLIO_BIN" networth report --monthly >/dev/null

median_ms() {
    local -a times=()
    for ((i = 0; i < RUNS; i++)); do
        local start end
        start=$((${EPOCHREALTIME/[.,]/} * 1000))
        "$@" >/dev/null
        end=$((${EPOCHREALTIME/[.,]/} * 1000))
        times+=($(((end - start) / 1000)))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { printf "%.2f", a[int((NR + 1) / 2)] / 1000 }'
}

if command -v hyperfine >/dev/null 2>&1; then
    hyperfine --warmup 3 --runs "$RUNS" -N \
        "$FOLIO_BIN networth summary" \
        "$FOLIO_BIN networth report --monthly"
else
    "$FOLIO_BIN" networth summary >/dev/null  # warm the page cache
    echo "networth summary:          median $(median_ms "$FOLIO_BIN" networth summary) ms over $RUNS runs"
    echo "networth report --monthly: median $(median_ms "$FOLIO_BIN" networth report --monthly) ms over $RUNS runs"
fi
echo "target: < 30 ms median per process (release build)"
