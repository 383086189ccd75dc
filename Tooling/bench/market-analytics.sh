#!/usr/bin/env bash
# /stocks/analytics served by two folio binaries side by side (issue 37: the page now values each holding in the
# account's currency): the same paper account in each — 10 holdings on the simulated market, TRADES buys and
# sells spread over them — served by `folio serve` on core 0 and read by wrk on core 1, old and new in turns.
#
# Usage: Tooling/bench/market-analytics.sh OLD_FOLIO NEW_FOLIO
#        DURATION=5s CONNECTIONS=8 RUNS=3 TRADES=200 Tooling/bench/market-analytics.sh OLD NEW
set -euo pipefail
OLD=$(realpath "$1")
NEW=$(realpath "$2")
DURATION="${DURATION:-5s}"
RUNS="${RUNS:-3}"
CONNECTIONS="${CONNECTIONS:-8}"
TRADES="${TRADES:-200}"
for tool in wrk taskset curl; do
    command -v "$tool" >/dev/null || { echo "error: $tool is needed" >&2; exit 1; }
done
source "$(dirname "${BASH_SOURCE[0]}")/data/workdir.sh"
export NO_COLOR=1 FOLIO_QUOTES_TTL=1h FOLIO_MARKET=simulated
SYMBOLS=(AAPL TSLA GOOGL MSFT AMZN META NVDA NFLX AMD INTC)

# A served account: fills $home through the binary's own CLI, starts `folio serve`, logs in through the form.
# Writes "BASE COOKIE" to $home.endpoint (run in this shell, so the server is among the PIDS cleaned up).
serve() {  # binary home
    local binary=$1 home=$2
    export FOLIO_HOME="$home"
    echo "Test@123" | "$binary" stocks login --email test@stockport.com --password-stdin >/dev/null
    "$binary" stocks deposit 1000000 >/dev/null
    for i in $(seq "$TRADES"); do
        # Every fourth trade sells one share of the symbol bought just before it.
        if (( i % 4 == 0 )); then
            "$binary" stocks sell "${SYMBOLS[$(( (i - 1) % ${#SYMBOLS[@]} ))]}" 1 >/dev/null
        else
            "$binary" stocks buy "${SYMBOLS[$(( i % ${#SYMBOLS[@]} ))]}" 2 >/dev/null
        fi
    done
    taskset -c 0 "$binary" serve --port 0 > "$home.serve" 2>/dev/null &
    PIDS+=($!)
    for _ in $(seq 200); do grep -q "serving on" "$home.serve" 2>/dev/null && break; sleep 0.05; done
    local base; base=$(head -1 "$home.serve" | awk '{print $NF}')
    [[ "$base" == http://* ]] || { echo "error: $binary serve did not start" >&2; exit 1; }
    local jar="$home.jar" token
    token=$(curl -fsS -c "$jar" "$base/stocks/login" | sed -n 's/.*name="_csrf" value="\([^"]*\)".*/\1/p' | head -1)
    curl -fsS -b "$jar" -c "$jar" -o /dev/null -d "_csrf=$token&email=test%40stockport.com&password=Test%40123" \
        "$base/stocks/login"
    local cookie; cookie=$(awk '$6 ~ /^folio_/ { printf "%s%s=%s", sep, $6, $7; sep = "; " }' "$jar")
    curl -fsS -H "Cookie: $cookie" "$base/stocks/analytics" | grep -q 'id="analytics-figures"' \
        || { echo "error: $binary's /stocks/analytics did not show the figures" >&2; exit 1; }
    echo "$base $cookie" > "$home.endpoint"
}
measure() {  # url cookie → requests/s of one run
    taskset -c 1 wrk -t2 -c"$CONNECTIONS" -d"$DURATION" -H "Cookie: $2" "$1" > "$WORK/wrk.txt" 2>&1
    awk '/Requests\/sec/ { print $2 }' "$WORK/wrk.txt"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

serve "$OLD" "$WORK/old"
serve "$NEW" "$WORK/new"
read -r OLD_BASE OLD_COOKIE < "$WORK/old.endpoint"
read -r NEW_BASE NEW_COOKIE < "$WORK/new.endpoint"
: > "$WORK/old.txt"; : > "$WORK/new.txt"
for _ in $(seq "$RUNS"); do
    measure "$OLD_BASE/stocks/analytics" "$OLD_COOKIE" >> "$WORK/old.txt"
    measure "$NEW_BASE/stocks/analytics" "$NEW_COOKIE" >> "$WORK/new.txt"
done
OLD_RATE=$(median < "$WORK/old.txt"); NEW_RATE=$(median < "$WORK/new.txt")
echo "/stocks/analytics, $TRADES trades over ${#SYMBOLS[@]} holdings (simulated market), wrk -t2 -c$CONNECTIONS -d$DURATION,"
echo "server on core 0, wrk on core 1, median of $RUNS runs each, old and new in turns"
printf '  %-12s %12s\n' "binary" "requests/s"
printf '  %-12s %12.0f   %s\n' "old" "$OLD_RATE" "$OLD"
printf '  %-12s %12.0f   %s\n' "new" "$NEW_RATE" "$NEW"
printf '  %-12s %12s\n' "new / old" "$(awk -v a="$NEW_RATE" -v b="$OLD_RATE" 'BEGIN { printf "%.3f", a / b }')"
