#!/usr/bin/env bash
# What this machine lets any client gain from concurrency: PostgreSQL's own C client, pgbench, runs the
# transaction `folio-benchmarks backends` times (BEGIN SERIALIZABLE; read one record; upsert it; COMMIT, each
# client on a record of its own) with 1 and then 8 clients, and prints both rates and their ratio. pgbench
# spends almost nothing of its own, so its ratio is the ceiling that the server and the machine's cores allow;
# read Folio's 8-client/1-client figure against it. The table goes in a schema of its own, dropped at the end.
# Usage: FOLIO_BENCH_DATABASE_URL=postgres://folio@127.0.0.1:5432/postgres Tooling/bench/pgbench-ceiling.sh [SECONDS=8]
set -euo pipefail
[ -n "${FOLIO_BENCH_DATABASE_URL:-}" ] || { echo "error: set FOLIO_BENCH_DATABASE_URL to a PostgreSQL server" >&2; exit 64; }
pgbench=$(command -v pgbench || ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | sort -V | tail -1 || true)
[ -x "$pgbench" ] || { echo "error: pgbench not found (Debian: apt-get install postgresql)" >&2; exit 69; }
seconds=${1:-8}
schema=folio_pgbench_$$
work=$(mktemp -d)
cleanup() {
    psql -q "$FOLIO_BENCH_DATABASE_URL" -c "DROP SCHEMA IF EXISTS $schema CASCADE" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
psql -q -v ON_ERROR_STOP=1 "$FOLIO_BENCH_DATABASE_URL" <<SQL
CREATE SCHEMA $schema;
CREATE TABLE $schema.records (namespace text, key bytea, value bytea NOT NULL, PRIMARY KEY (namespace, key));
INSERT INTO $schema.records SELECT 'bench', ('counter/' || g)::bytea, '0'::bytea FROM generate_series(0, 7) g;
SQL
cat > "$work/rmw.sql" <<SQL
BEGIN ISOLATION LEVEL SERIALIZABLE;
SELECT value FROM $schema.records WHERE namespace = 'bench' AND key = ('counter/' || :client_id)::bytea;
INSERT INTO $schema.records (namespace, key, value) VALUES ('bench', ('counter/' || :client_id)::bytea, '1'::bytea)
    ON CONFLICT (namespace, key) DO UPDATE SET value = excluded.value;
COMMIT;
SQL
rate() { # clients
    "$pgbench" -n -f "$work/rmw.sql" -c "$1" -j "$(( $1 < 2 ? 1 : 2 ))" -T "$seconds" "$FOLIO_BENCH_DATABASE_URL" 2>/dev/null |
        awk '/^tps/ { printf "%d", $3 }'
}
one=$(rate 1)
eight=$(rate 8)
echo "| pgbench, the same read-modify-write | 1 client | 8 clients | 8 / 1 |"
echo "| --- | --- | --- | --- |"
awk -v one="$one" -v eight="$eight" 'BEGIN { printf "| %d cores | %d tx/s | %d tx/s | %.2f× |\n", '"$(nproc)"', one, eight, eight / one }'
