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
python3 - "$FIXTURES" "$WORK" "$SCHEMES" <<'PY'
import json, random, sys
fixtures, work, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
random.seed(4)
real = json.load(open(f"{fixtures}/list_sample_first50.json"))
houses = ["Aditya Birla Sun Life", "Axis", "Bandhan", "Bank of India", "Baroda BNP Paribas", "Canara Robeco", "DSP",
          "Edelweiss", "Franklin India", "HDFC", "HSBC", "ICICI Prudential", "IDBI", "IDFC", "Invesco India", "ITI",
          "JM Financial", "Kotak", "LIC MF", "Mahindra Manulife", "Mirae Asset", "Motilal Oswal", "Navi", "Nippon India",
          "NJ", "Parag Parikh", "PGIM India", "quant", "Quantum", "Samco", "SBI", "Shriram", "Sundaram", "Tata",
          "Taurus", "Union", "UTI", "WhiteOak Capital", "Zerodha", "Grindlays", "Birla Sun Life", "BARODA PIONEER"]
schemes = ["Flexi Cap Fund", "Large Cap Fund", "Mid Cap Fund", "Small Cap Fund", "Large & Mid Cap Fund",
           "Multi Cap Fund", "ELSS Tax Saver Fund", "Focused Fund", "Value Fund", "Contra Fund", "Dividend Yield Fund",
           "Infrastructure Fund", "Banking & Financial Services Fund", "Pharma and Healthcare Fund",
           "Technology Fund", "Consumption Fund", "MNC Fund", "India Opportunities Fund", "Liquid Fund",
           "Overnight Fund", "Money Market Fund", "Ultra Short Duration Fund", "Low Duration Fund",
           "Short Term Fund", "Medium Term Fund", "Medium to Long Term Fund", "Gilt Fund",
           "Constant Maturity 10 Year Gilt Fund", "Corporate Bond Fund", "Banking and PSU Debt Fund",
           "Credit Risk Fund", "Dynamic Bond Fund", "Floater Fund", "Aggressive Hybrid Fund",
           "Balanced Advantage Fund", "Equity Savings Fund", "Arbitrage Fund", "Multi Asset Allocation Fund",
           "Conservative Hybrid Fund", "Retirement Fund", "Children's Gift Fund", "Nifty 50 Index Fund",
           "Nifty Next 50 Index Fund", "Nifty Midcap 150 Index Fund", "Sensex Index Fund", "Gold ETF",
           "Nasdaq 100 Fund of Fund", "Income Fund", "Cash Plus", "Super Saver Income Fund"]
variants = ["Direct Plan - Growth", "Direct Plan - IDCW", "Regular Plan - Growth", "Regular Plan - IDCW",
            "Regular Plan - Monthly IDCW", "Direct Plan - Quarterly IDCW", "Growth", "Dividend", "Growth Option",
            "Direct Plan - Growth Option", "Regular Plan - Payout of IDCW", "Institutional - weekly  IDCW",
            "Retail (Growth)", "Half Yearly Dividend", "Quaterly Dividend", "Direct Plan - Daily IDCW"]
def isin():
    return "INF" + "".join(random.choice("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(9))
entries = list(real)
code = 100100
while len(entries) < count:
    code += random.choice([1, 1, 1, 2, 3, 8])
    if code == 122639:  # the real scheme is added below
        continue
    house, scheme, variant = random.choice(houses), random.choice(schemes), random.choice(variants)
    series = f" Series {random.randint(1, 30)}" if random.random() < 0.08 else ""
    name = f"{house} {scheme}{series} - {variant}"
    if random.random() < 0.05:
        name = name.upper()
    growth = isin() if random.random() < 0.8 else None
    reinvest = isin() if "IDCW" in variant and random.random() < 0.7 else None
    entries.append({"schemeCode": code, "schemeName": name, "isinGrowth": growth, "isinDivReinvestment": reinvest})
entries.append({"schemeCode": 122639, "schemeName": "Parag Parikh Flexi Cap Fund - Direct Plan - Growth",
                "isinGrowth": "INF879O01027", "isinDivReinvestment": None})
entries.sort(key=lambda e: e["schemeCode"])
with open(f"{work}/list.json", "w") as f:
    json.dump(entries, f, separators=(", ", ": "))
with open(f"{work}/codes.txt", "w") as f:
    f.write("\n".join(str(e["schemeCode"]) for e in entries[1000:1020]))
PY
LIST_BYTES=$(stat -c %s "$WORK/list.json")
LIST_COUNT=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))))" "$WORK/list.json")

# --- Loopback servers: one immediate, one answering after 200 ms ----------------------------------------------
cat > "$WORK/server.py" <<'PY'
import http.server, json, sys, time
work, fixture, latency, portfile = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
listing = open(f"{work}/list.json", "rb").read()
history = json.load(open(fixture))
class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        time.sleep(latency)
        path = self.path.split("?")[0].rstrip("/")
        if path == "/mf":
            body = listing
        elif path.startswith("/mf/") and path[4:].isdigit():
            scheme = dict(history)
            scheme["meta"] = dict(history["meta"], scheme_code=int(path[4:]))
            body = json.dumps(scheme).encode()
        else:
            self.send_response(400); self.send_header("Content-Length", "0"); self.end_headers(); return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args): pass
class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
server = Server(("127.0.0.1", 0), Handler)
open(portfile, "w").write(str(server.server_address[1]))
server.serve_forever()
PY
start_server() {  # latency → sets PORT
    rm -f "$WORK/port"
    python3 "$WORK/server.py" "$WORK" "$FIXTURES/scheme_122639_history_full_3266pts.json" "$1" "$WORK/port" &
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
