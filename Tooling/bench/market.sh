#!/usr/bin/env bash
# Benchmarks the market data on loopback, the simulated market (the old default) beside Yahoo's chart API (the new
# default) served from the recordings in Tests/Fixtures/yahoo by a stand-in that counts its requests:
#   - 20 symbols cold (an empty FOLIO_HOME: one request each, within Yahoo's default limit of one start per 250 ms)
#     and warm (within stocks.quotesTTL: no request), through `folio stocks quotes SYMBOL…`;
#   - `folio serve`'s /stocks for an account holding 20 symbols (10 on the simulated market, which lists no more),
#     in requests/s beside the 1 KB static file served by the same server in the same run.
#
# Usage: Tooling/bench/market.sh                 (FOLIO_BIN defaults to .build/release/folio)
#        FOLIO_BIN=.build/debug/folio DURATION=5s CONNECTIONS=8 RUNS=3 Tooling/bench/market.sh
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
FOLIO_BIN="${FOLIO_BIN:-$ROOT/.build/release/folio}"
DURATION="${DURATION:-5s}"
RUNS="${RUNS:-3}"
CONNECTIONS="${CONNECTIONS:-8}"
FIXTURES="$ROOT/Tests/Fixtures/yahoo"
[[ -x "$FOLIO_BIN" ]] || { echo "error: $FOLIO_BIN is not built (swift build -c release, or set FOLIO_BIN)" >&2; exit 1; }
for tool in wrk python3 taskset curl; do
    command -v "$tool" >/dev/null || { echo "error: $tool is needed" >&2; exit 1; }
done

source "$(dirname "${BASH_SOURCE[0]}")/data/workdir.sh"

# Yahoo's stand-in: a quote (range=1d) is the recorded AAPL chart, a span (period1=…) the recorded ten days; every
# request is counted, and /count answers the count.
cat > "$WORK/yahoo.py" <<'PY'
import http.server, sys, threading
fixtures, portfile = sys.argv[1], sys.argv[2]
quote = open(f"{fixtures}/fbriden_AAPL_range5d.json", "rb").read()
span = open(f"{fixtures}/scheb_AAPL_1d-10days.json", "rb").read()
count, lock = [0], threading.Lock()
class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        if self.path == "/count":
            body = str(count[0]).encode()
        else:
            with lock: count[0] += 1
            body = span if "period1=" in self.path else quote
        self.send_response(200); self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
    def log_message(self, *args): pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
open(portfile, "w").write(str(server.server_address[1]))
server.serve_forever()
PY
python3 "$WORK/yahoo.py" "$FIXTURES" "$WORK/port" &
PIDS+=($!)
for _ in $(seq 100); do [[ -s "$WORK/port" ]] && break; sleep 0.05; done
YAHOO="http://127.0.0.1:$(cat "$WORK/port")"
requests() { curl -fsS "$YAHOO/count"; }

TEN=(AAPL TSLA GOOGL MSFT AMZN META NVDA NFLX AMD INTC)
TWENTY=("${TEN[@]}" ORCL IBM CSCO QCOM ADBE CRM PYPL UBER SHOP SNOW)
export NO_COLOR=1 FOLIO_QUOTES_TTL=1h FOLIO_YAHOO_URL="$YAHOO"

seconds() { local start=$1; awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.3f", e - s }'; }

echo "folio market data benchmark — $FOLIO_BIN, loopback Yahoo stand-in on the recordings"
printf '  %-44s %10s %10s\n' "quotes" "seconds" "requests"
for market in simulated yahoo; do
    symbols=("${TWENTY[@]}"); [[ $market == simulated ]] && symbols=("${TEN[@]}")
    home="$WORK/quotes-$market"
    for pass in cold warm; do
        before=$(requests); start=$(date +%s.%N)
        FOLIO_HOME="$home" FOLIO_MARKET=$market "$FOLIO_BIN" stocks quotes "${symbols[@]}" >/dev/null
        printf '  %-44s %10s %10s\n' "$market, ${#symbols[@]} symbols, $pass" "$(seconds "$start")" "$(( $(requests) - before ))"
    done
done

measure() {  # base path cookie → requests/s of one run
    taskset -c 1 wrk -t2 -c"$CONNECTIONS" -d"$DURATION" -H "Cookie: $3" "$1$2" > "$WORK/wrk.txt" 2>&1
    awk '/Requests\/sec/ { print $2 }' "$WORK/wrk.txt"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo
echo "/stocks, wrk -t2 -c$CONNECTIONS -d$DURATION, server on core 0, wrk on core 1, median of $RUNS runs"
printf '  %-44s %10s %10s %12s\n' "market" "/stocks" "static" "ratio"
for market in simulated yahoo; do
    symbols=("${TWENTY[@]}"); [[ $market == simulated ]] && symbols=("${TEN[@]}")
    home="$WORK/serve-$market"
    export FOLIO_HOME="$home" FOLIO_MARKET=$market
    echo "Test@123" | "$FOLIO_BIN" stocks login --email test@stockport.com --password-stdin >/dev/null
    "$FOLIO_BIN" stocks deposit 100000 >/dev/null
    for symbol in "${symbols[@]}"; do "$FOLIO_BIN" stocks buy "$symbol" 1 >/dev/null; done
    taskset -c 0 "$FOLIO_BIN" serve --port 0 > "$WORK/serve.out" 2>/dev/null &
    server=$!
    PIDS+=($server)
    for _ in $(seq 200); do grep -q "serving on" "$WORK/serve.out" 2>/dev/null && break; sleep 0.05; done
    BASE=$(head -1 "$WORK/serve.out" | awk '{print $NF}')
    [[ "$BASE" == http://* ]] || { echo "error: folio serve did not start" >&2; exit 1; }
    # Log in through the form, as a browser does: the CSRF cookie and field, then the session cookie.
    jar="$WORK/jar-$market"
    token=$(curl -fsS -c "$jar" "$BASE/stocks/login" | sed -n 's/.*name="_csrf" value="\([^"]*\)".*/\1/p' | head -1)
    curl -fsS -b "$jar" -c "$jar" -o /dev/null -d "_csrf=$token&email=test%40stockport.com&password=Test%40123" \
        "$BASE/stocks/login"
    cookie=$(awk '$6 ~ /^folio_/ { printf "%s%s=%s", sep, $6, $7; sep = "; " }' "$jar")
    curl -fsS -H "Cookie: $cookie" "$BASE/stocks?live=0" | grep -q 'id="holdings"' \
        || { echo "error: /stocks did not show the holdings" >&2; exit 1; }
    : > "$WORK/page.txt"; : > "$WORK/static.txt"
    for _ in $(seq "$RUNS"); do
        measure "$BASE" /assets/static-1k.txt "$cookie" >> "$WORK/static.txt"
        measure "$BASE" "/stocks?live=0" "$cookie" >> "$WORK/page.txt"
    done
    PAGE=$(median < "$WORK/page.txt"); STATIC=$(median < "$WORK/static.txt")
    printf '  %-44s %10.0f %10.0f %12s\n' "$market, ${#symbols[@]} holdings" "$PAGE" "$STATIC" \
        "$(awk -v a="$PAGE" -v b="$STATIC" 'BEGIN { printf "%.3f", a / b }')"
    kill "$server"; wait "$server" 2>/dev/null || true
done
