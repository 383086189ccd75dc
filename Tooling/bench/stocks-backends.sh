#!/usr/bin/env bash
# `folio stocks buy` on SQLite and on a PostgreSQL server, interleaved, one process per buy: median wall time
# of each and their ratio (issue #20: PostgreSQL over loopback within 2× of SQLite). The figures go in a
# schema of their own on the server, dropped at the end.
# Usage: FOLIO_BENCH_DATABASE_URL=postgres://folio@127.0.0.1:5432/postgres \
#        FOLIO_BIN=.build/release/folio Tooling/bench/stocks-backends.sh   [RUNS=21]
set -euo pipefail
[[ -n "${EPOCHREALTIME:-}" ]] || { echo "error: bash 5 or later is needed (EPOCHREALTIME)" >&2; exit 69; }
FOLIO_BIN=${FOLIO_BIN:-.build/release/folio}
RUNS=${RUNS:-21}
[ -x "$FOLIO_BIN" ] || { echo "error: $FOLIO_BIN is not an executable (set FOLIO_BIN)" >&2; exit 1; }
[ -n "${FOLIO_BENCH_DATABASE_URL:-}" ] || { echo "error: set FOLIO_BENCH_DATABASE_URL to a PostgreSQL server" >&2; exit 64; }
schema=folio_bench_buy_$$
separator='?'; [[ $FOLIO_BENCH_DATABASE_URL == *\?* ]] && separator='&'
postgres="$FOLIO_BENCH_DATABASE_URL${separator}schema=$schema"
sqlite_home=$(mktemp -d)
postgres_home=$(mktemp -d)
cleanup() {
    command -v psql >/dev/null && psql -q "$FOLIO_BENCH_DATABASE_URL" -c "DROP SCHEMA IF EXISTS $schema CASCADE" \
        >/dev/null 2>&1 || echo "note: drop schema $schema on the server by hand" >&2
    rm -rf "$sqlite_home" "$postgres_home"
}
trap cleanup EXIT
export FOLIO_QUOTES_TTL=1h NO_COLOR=1 FOLIO_MARKET=simulated
run() { # backend, arguments…
    local backend=$1; shift
    if [ "$backend" = sqlite ]; then FOLIO_HOME=$sqlite_home "$FOLIO_BIN" "$@"
    else FOLIO_HOME=$postgres_home "$FOLIO_BIN" --database-url "$postgres" "$@"; fi
}
for backend in sqlite postgres; do
    echo pw-pw-pw-pw | run $backend stocks signup --email bench@example.com --cash 10000000 --password-stdin >/dev/null
    run $backend stocks buy AAPL 1 >/dev/null # warm the quote cache
done
declare -A samples
for _ in $(seq "$RUNS"); do
    for backend in sqlite postgres; do
        start=$EPOCHREALTIME
        run $backend stocks buy AAPL 1 >/dev/null
        end=$EPOCHREALTIME
        samples[$backend]+="$(echo "($end - $start) * 1000" | bc -l) "
    done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
sqlite=$(echo "${samples[sqlite]}" | median)
postgres_ms=$(echo "${samples[postgres]}" | median)
printf 'stocks buy, median of %d: SQLite %.1f ms, PostgreSQL %.1f ms, ratio %.2f×\n' "$RUNS" "$sqlite" \
    "$postgres_ms" "$(echo "$postgres_ms / $sqlite" | bc -l)"
