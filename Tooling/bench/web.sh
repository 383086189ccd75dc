#!/usr/bin/env bash
# Benchmarks `folio serve` with wrk on loopback, bounded in time:
#   requests/s and p99 latency for /api/funds/search?q=hdfc over a 45,000-scheme list, /funds/122639 on the
#   3,266-point history and the dashboard / (net worth sample, one favourite fund, the races board), each beside the 1 KB static file /assets/static-1k.txt served by
#   the same server in the same run (the ratio says what the page costs over the server's floor).
#
# With FOLIO_BENCH_DATABASE_URL (a PostgreSQL server), the same household is copied into a schema of its own there
# (`folio db copy`, dropped at the end) and a second server reads it: /, /networth and the fund page are measured on
# both, turn about, with PostgreSQL's requests/s as a fraction of SQLite's (issue 41 item 6: at least 0.5).
#
# Usage: Tooling/bench/web.sh                (FOLIO_BIN defaults to .build/release/folio)
#        FOLIO_BIN=.build/debug/folio DURATION=5s CONNECTIONS=8 RUNS=3 Tooling/bench/web.sh
#        FOLIO_BENCH_DATABASE_URL=postgres://folio@127.0.0.1:5432/postgres Tooling/bench/web.sh
#        FOLIO_BENCH_DATABASE_URL=throwaway Tooling/bench/web.sh   (a cluster of its own, as Tooling/test makes one)
#        FOLIO_OLD_BIN=/tmp/old/.build/release/folio Tooling/bench/web.sh   (old against new, turn about, in one run)
# With FOLIO_OLD_BIN, the old binary serves the same home (and the same PostgreSQL schema) beside the new one, and
# /, /networth and the fund page are measured on both turn about with the static file: old → new in one run.
# The server runs on one core and wrk on another (taskset), so neither steals the other's; each route is measured
# RUNS times (default 5) in turn with the static file, and the medians are printed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
FOLIO_BIN="${FOLIO_BIN:-$ROOT/.build/release/folio}"
FOLIO_OLD_BIN="${FOLIO_OLD_BIN:-}"
DURATION="${DURATION:-5s}"
RUNS="${RUNS:-5}"
CONNECTIONS="${CONNECTIONS:-16}"
SCHEMES="${SCHEMES:-45000}"
FIXTURES="$ROOT/Tests/Fixtures/mfapi"
[[ -x "$FOLIO_BIN" ]] || { echo "error: $FOLIO_BIN is not built (swift build -c release, or set FOLIO_BIN)" >&2; exit 1; }
[[ -z "$FOLIO_OLD_BIN" || -x "$FOLIO_OLD_BIN" ]] || { echo "error: $FOLIO_OLD_BIN is not a binary" >&2; exit 1; }
command -v wrk >/dev/null || { echo "error: wrk is needed (apt-get install -y wrk)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "error: python3 is needed for the loopback API stand-in" >&2; exit 1; }
command -v taskset >/dev/null || { echo "error: taskset is needed to pin the server and wrk (apt-get install -y util-linux)" >&2; exit 1; }
command -v curl >/dev/null || { echo "error: curl is needed to warm the pages before measuring (apt-get install -y curl)" >&2; exit 1; }

WORK="$(mktemp -d)"
PIDS=()
SCHEMA="folio_bench_web_$$"
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    if [[ -n "${FOLIO_BENCH_DATABASE_URL:-}" && -z "${THROWAWAY_PG:-}" ]]; then
        command -v psql >/dev/null && psql -q "$FOLIO_BENCH_DATABASE_URL" -c "DROP SCHEMA IF EXISTS $SCHEMA CASCADE" \
            >/dev/null 2>&1 || echo "note: drop schema $SCHEMA on the server by hand" >&2
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

# A full-size scheme list in AMFI's name patterns (HDFC among ~40 houses) and the real 3,266-point history.
python3 - "$FIXTURES" "$WORK" "$SCHEMES" <<'PY'
import json, random, sys
fixtures, work, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
random.seed(19)
entries = json.load(open(f"{fixtures}/list_sample_first50.json"))
houses = ["Aditya Birla Sun Life", "Axis", "Bandhan", "Canara Robeco", "DSP", "Edelweiss", "Franklin India", "HDFC",
          "HSBC", "ICICI Prudential", "IDFC", "Invesco India", "Kotak", "LIC MF", "Mirae Asset", "Motilal Oswal",
          "Nippon India", "Parag Parikh", "PGIM India", "quant", "SBI", "Sundaram", "Tata", "UTI", "Zerodha"]
schemes = ["Flexi Cap Fund", "Large Cap Fund", "Mid Cap Fund", "Small Cap Fund", "ELSS Tax Saver Fund",
           "Liquid Fund", "Overnight Fund", "Gilt Fund", "Corporate Bond Fund", "Balanced Advantage Fund",
           "Arbitrage Fund", "Nifty 50 Index Fund", "Gold ETF", "Income Fund"]
variants = ["Direct Plan - Growth", "Direct Plan - IDCW", "Regular Plan - Growth", "Regular Plan - IDCW", "Growth"]
code = 100100
while len(entries) < count - 1:
    code += random.choice([1, 1, 2, 3])
    if code == 122639:
        continue
    name = f"{random.choice(houses)} {random.choice(schemes)} - {random.choice(variants)}"
    entries.append({"schemeCode": code, "schemeName": name, "isinGrowth": None, "isinDivReinvestment": None})
entries.append({"schemeCode": 122639, "schemeName": "Parag Parikh Flexi Cap Fund - Direct Plan - Growth",
                "isinGrowth": "INF879O01027", "isinDivReinvestment": None})
json.dump(entries, open(f"{work}/list.json", "w"))
PY

cat > "$WORK/api.py" <<'PY'
import http.server, json, sys, time
work, history, portfile = sys.argv[1], open(sys.argv[2], "rb").read(), sys.argv[3]
listing = open(f"{work}/list.json", "rb").read()
races = json.load(open(sys.argv[4]))
for summary in races["data"]["race_summaries"].values():
    summary["advertised_start"]["seconds"] += int(time.time()) - 1768438793
races = json.dumps(races).encode()
class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        path = self.path.split("?")[0].rstrip("/")
        body = {"/mf": listing, "/mf/122639": history, "/rest/v1/racing": races}.get(path)
        if body is None:
            self.send_response(404); self.send_header("Content-Length", "0"); self.end_headers(); return
        self.send_response(200); self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
    def log_message(self, *args): pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
open(portfile, "w").write(str(server.server_address[1]))
server.serve_forever()
PY
python3 "$WORK/api.py" "$WORK" "$FIXTURES/scheme_122639_history_full_3266pts.json" "$WORK/api-port" \
    "$ROOT/Tests/Fixtures/neds/nextraces_j-_payload-1768438793569.json" &
PIDS+=($!)
for _ in $(seq 100); do [[ -s "$WORK/api-port" ]] && break; sleep 0.05; done

API="http://127.0.0.1:$(cat "$WORK/api-port")"
export FOLIO_MARKET=simulated FOLIO_HOME="$WORK/home" FOLIO_MFAPI_URL="$API" FOLIO_NEDS_URL="$API" NO_COLOR=1
# The dashboard's cards: net worth (sample data), a favourite fund, the next races.
"$FOLIO_BIN" networth sample >/dev/null
"$FOLIO_BIN" funds favorites add 122639 >/dev/null
# Fill the caches through the CLI, which has no page deadline: on a busy machine parsing the 45,000-scheme list can
# take longer than the server's deadline for an uncached page.
"$FOLIO_BIN" funds search hdfc >/dev/null
"$FOLIO_BIN" funds show 122639 >/dev/null
serve() {  # binary, database URL (empty: SQLite), name → the server's base URL in $WORK/<name>.base
    FOLIO_DATABASE_URL="$2" taskset -c 0 "$1" serve --port 0 > "$WORK/$3.out" 2>/dev/null &
    PIDS+=($!)
    for _ in $(seq 200); do grep -q "serving on" "$WORK/$3.out" 2>/dev/null && break; sleep 0.05; done
    head -1 "$WORK/$3.out" | awk '{print $NF}' > "$WORK/$3.base"
    grep -q '^http://' "$WORK/$3.base" || { echo "error: folio serve ($1, $3) did not start" >&2; exit 1; }
}
serve "$FOLIO_BIN" "" serve
BASE=$(cat "$WORK/serve.base")

# Warm the caches (list index, history) so the run measures serving, not fetching.
curl -fsS "$BASE/api/funds/search?q=hdfc" >/dev/null
curl -fsS "$BASE/funds/122639" >/dev/null
curl -fsS "$BASE/" >/dev/null

measure() {  # path → "requests/s p99-in-ms" of one run
    taskset -c 1 wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --latency "$BASE$1" > "$WORK/wrk.txt" 2>&1
    awk '/Requests\/sec/ { rps = $2 }
         $1 == "99%" { v = $2; unit = v; sub(/[0-9.]+/, "", unit); sub(/[a-z]+$/, "", v)
                       p99 = unit == "us" ? v / 1000 : unit == "s" ? v * 1000 : v }
         END { printf "%s %.2f\n", rps, p99 }' "$WORK/wrk.txt"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "folio serve benchmark — $FOLIO_BIN, wrk -t2 -c$CONNECTIONS -d$DURATION, loopback, server on core 0, wrk on core 1, median of $RUNS runs"
printf '  %-34s %10s %12s %22s\n' "route" "req/s" "p99 (ms)" "of the static file"
: > "$WORK/static.txt"
for path in "/api/funds/search?q=hdfc" "/funds/122639" "/"; do
    : > "$WORK/route.txt"
    for _ in $(seq "$RUNS"); do
        # The static file is measured beside each route's run, so a drift of the machine's speed shows in both.
        measure /assets/static-1k.txt >> "$WORK/static.txt"
        measure "$path" >> "$WORK/route.txt"
    done
    RPS=$(awk '{ print $1 }' "$WORK/route.txt" | median)
    P99=$(awk '{ print $2 }' "$WORK/route.txt" | median)
    STATIC_RPS=$(awk '{ print $1 }' "$WORK/static.txt" | median)
    RATIO=$(awk -v a="$RPS" -v b="$STATIC_RPS" 'BEGIN { printf "%.3f", a / b }')
    printf '  %-34s %10.0f %12.1f %22s\n' "$path" "$RPS" "$P99" "$RATIO"
done
printf '  %-34s %10.0f %12.1f %22s\n' "/assets/static-1k.txt (baseline)" \
    "$(awk '{ print $1 }' "$WORK/static.txt" | median)" "$(awk '{ print $2 }' "$WORK/static.txt" | median)" "1"

# The household overview at / (issue 38): the line above measures it (the dashboard is the overview and the cards;
# target ≥ 0.1 of the static file); here its weight as sent, and compressed when the server answers gzip.
curl -fsS -o "$WORK/overview.html" "$BASE/"
curl -fsS -H 'Accept-Encoding: gzip' -D "$WORK/overview.headers" -o "$WORK/overview.gz" "$BASE/"
if grep -qi '^content-encoding: *gzip' "$WORK/overview.headers"; then
    COMPRESSED="$(wc -c < "$WORK/overview.gz") bytes gzip"
else
    COMPRESSED="not compressed (the server sent no Content-Encoding: gzip)"
fi
printf '  %-34s %s bytes; %s\n' "/ (overview) weight" "$(wc -c < "$WORK/overview.html")" "$COMPRESSED"

if [[ -n "${FOLIO_BENCH_DATABASE_URL:-}" ]]; then
    if [[ $FOLIO_BENCH_DATABASE_URL == throwaway ]]; then
        # initdb in the work directory, trust auth, fsync off, on a free port below the ephemeral range (docs/POSTGRES.md);
        # as root the server runs as folio-ci, the user Tooling/test creates. Stopped by the trap with the work directory.
        pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
        as_pg=()
        mkdir -p "$WORK/pg" && chmod 755 "$WORK" "$WORK/pg"
        if [[ $(id -u) -eq 0 ]]; then
            id folio-ci >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin folio-ci
            chown folio-ci "$WORK/pg"
            as_pg=(runuser -u folio-ci --)
        fi
        pg_port=$(python3 -c 'import random, socket
for _ in range(200):
    port, s = random.randrange(20000, 32000), socket.socket()
    try: s.bind(("127.0.0.1", port)); print(port); break
    except OSError: pass
    finally: s.close()')
        "${as_pg[@]}" "$pg_bin/initdb" -D "$WORK/pg/data" -U folio --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
        "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$WORK/pg/data" -l "$WORK/pg/server.log" -w \
            -o "-c listen_addresses=127.0.0.1 -p $pg_port -k $WORK/pg -c fsync=off" start >/dev/null
        trap '"${as_pg[@]}" "$pg_bin/pg_ctl" -D "$WORK/pg/data" -m immediate stop >/dev/null 2>&1; cleanup' EXIT
        FOLIO_BENCH_DATABASE_URL="postgres://folio@127.0.0.1:$pg_port/postgres" THROWAWAY_PG=1
    fi
    # The same household on PostgreSQL, served by a second server on the same core, measured turn about with SQLite.
    separator='?'; [[ $FOLIO_BENCH_DATABASE_URL == *\?* ]] && separator='&'
    PG_URL="$FOLIO_BENCH_DATABASE_URL${separator}schema=$SCHEMA"
    "$FOLIO_BIN" db copy --to "$PG_URL" >/dev/null
    serve "$FOLIO_BIN" "$PG_URL" serve-pg
    PG_BASE=$(cat "$WORK/serve-pg.base")
    for path in "/" "/networth" "/funds/122639"; do curl -fsS "$PG_BASE$path" >/dev/null; curl -fsS "$BASE$path" >/dev/null; done

    echo
    echo "the same household on SQLite and on PostgreSQL ($FOLIO_BENCH_DATABASE_URL, loopback), requests/s, median of $RUNS runs"
    printf '  %-34s %10s %12s %10s\n' "route" "SQLite" "PostgreSQL" "PG/SQLite"
    SQLITE_BASE="$BASE"
    for path in "/" "/networth" "/funds/122639"; do
        : > "$WORK/sqlite.txt"; : > "$WORK/pg.txt"
        for _ in $(seq "$RUNS"); do
            BASE="$SQLITE_BASE"; measure "$path" >> "$WORK/sqlite.txt"
            BASE="$PG_BASE"; measure "$path" >> "$WORK/pg.txt"
        done
        LITE=$(awk '{ print $1 }' "$WORK/sqlite.txt" | median)
        PG=$(awk '{ print $1 }' "$WORK/pg.txt" | median)
        printf '  %-34s %10.0f %12.0f %10s\n' "$path" "$LITE" "$PG" "$(awk -v a="$PG" -v b="$LITE" 'BEGIN { printf "%.2f", a / b }')"
    done
    BASE="$SQLITE_BASE"
fi

[[ -n "$FOLIO_OLD_BIN" ]] || exit 0
# Old against new: each server of the old binary beside the new one's, every route measured on each in turn with
# the static file (so a drift of the machine's speed shows in all of them), the medians side by side.
serve "$FOLIO_OLD_BIN" "" old
SERVERS=("SQLite old|$(cat "$WORK/old.base")" "SQLite new|$BASE")
if [[ -n "${PG_URL:-}" ]]; then
    serve "$FOLIO_OLD_BIN" "$PG_URL" old-pg
    SERVERS+=("PG old|$(cat "$WORK/old-pg.base")" "PG new|$PG_BASE")
fi
echo
echo "old ($FOLIO_OLD_BIN) against new ($FOLIO_BIN), requests/s, median of $RUNS runs turn about"
printf '  %-16s %10s' "route" "static"
for server in "${SERVERS[@]}"; do printf ' %11s' "${server%%|*}"; done
printf '\n'
for path in "/" "/networth" "/funds/122639"; do
    for server in "${SERVERS[@]}"; do curl -fsS "${server#*|}$path" >/dev/null; done
    : > "$WORK/static.txt"
    for index in "${!SERVERS[@]}"; do : > "$WORK/side-$index.txt"; done
    for _ in $(seq "$RUNS"); do
        measure /assets/static-1k.txt >> "$WORK/static.txt"
        for index in "${!SERVERS[@]}"; do
            BASE="${SERVERS[$index]#*|}"; measure "$path" >> "$WORK/side-$index.txt"
        done
    done
    printf '  %-16s %10.0f' "$path" "$(awk '{ print $1 }' "$WORK/static.txt" | median)"
    for index in "${!SERVERS[@]}"; do printf ' %11.0f' "$(awk '{ print $1 }' "$WORK/side-$index.txt" | median)"; done
    printf '\n'
done
