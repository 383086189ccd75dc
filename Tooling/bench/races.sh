#!/usr/bin/env bash
# Benchmarks `folio races`:
#   1. `folio races next` per process (table, JSON, and a filtered board that grows its request) against a
#      loopback server replaying a recorded nextraces answer with its start times shifted relative to now.
#      Target: under 20 ms median per process (release build).
#   2. `folio races watch` while idle (no race expiring, output to a pipe): CPU time and context switches
#      (an upper bound on wake-ups) over WATCH_SECONDS, read from /proc.
#      Target: about one wake-up per second and under 1 % of one core.
#
# Usage: Tooling/bench/races.sh            (FOLIO_BIN defaults to .build/release/folio)
#        FOLIO_BIN=.build/debug/folio RUNS=20 WATCH_SECONDS=10 Tooling/bench/races.sh
set -euo pipefail
# Samples are timed with bash's own clock (EPOCHREALTIME, bash 5+): a `$(date +%s%N)` on each side of the
# command ran two more processes inside every sample, about 1.3 ms on the figures measured here.
[[ -n "${EPOCHREALTIME:-}" ]] || { echo "error: bash 5 or later is needed (EPOCHREALTIME)" >&2; exit 69; }

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
FOLIO_BIN="${FOLIO_BIN:-$root/.build/release/folio}"
RUNS="${RUNS:-50}"
WATCH_SECONDS="${WATCH_SECONDS:-20}"
FIXTURE="${FIXTURE:-$root/Tests/Fixtures/neds/nextraces_j-_payload-1768438793569.json}"

[[ -x "$FOLIO_BIN" ]] || { echo "error: $FOLIO_BIN is not executable — build it or set FOLIO_BIN" >&2; exit 69; }
command -v python3 >/dev/null || { echo "error: python3 is needed for the loopback server" >&2; exit 69; }

work="$(mktemp -d)"
server_pid=""
watch_pid=""
drain_pid=""
cleanup() {
  for pid in "$watch_pid" "$drain_pid" "$server_pid"; do
    [[ -n "$pid" ]] && kill "$pid" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

# The loopback server: the fixture with every advertised start moved so the first listed race starts
# 5 minutes after the server started (nothing expires during the run), served for any nextraces request.
cat >"$work/server.py" <<'PY'
import http.server, json, sys, time
fixture, port_file = sys.argv[1], sys.argv[2]
data = json.load(open(fixture))
races = data["data"]["race_summaries"].values()
shift = int(time.time()) + 300 - min(r["advertised_start"]["seconds"] for r in races)
for r in races:
    r["advertised_start"]["seconds"] += shift
body = json.dumps(data).encode()

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
open(port_file, "w").write(str(server.server_address[1]))
server.serve_forever()
PY
python3 "$work/server.py" "$FIXTURE" "$work/port" &
server_pid=$!
for _ in $(seq 1 100); do [[ -s "$work/port" ]] && break; sleep 0.05; done
[[ -s "$work/port" ]] || { echo "error: the loopback server did not start" >&2; exit 69; }

export FOLIO_HOME="$work/home"
export FOLIO_NEDS_URL="http://127.0.0.1:$(cat "$work/port")"
export NO_COLOR=1
mkdir -p "$FOLIO_HOME"

echo "folio:   $FOLIO_BIN"
echo "server:  $FOLIO_NEDS_URL (fixture $(basename "$FIXTURE"), shifted to start in 5 min)"
"$FOLIO_BIN" races next >/dev/null  # warm-up; creates the database

median_ms() {  # runs "$@" RUNS times; prints the median wall time in ms
  local samples=()
  for _ in $(seq 1 "$RUNS"); do
    local start end
    start=$((${EPOCHREALTIME/[.,]/} * 1000))
    "$@" >/dev/null 2>&1
    end=$((${EPOCHREALTIME/[.,]/} * 1000))
    samples+=($(( (end - start) / 1000 )))
  done
  printf '%s\n' "${samples[@]}" | sort -n | awk '{ a[NR] = $1 } END {
    m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
    printf "%.2f", m / 1000 }'
}

bench() {  # label, command…
  local label="$1"
  shift
  if command -v hyperfine >/dev/null; then
    local json="$work/hyperfine.json"
    hyperfine --runs "$RUNS" --warmup 3 -N --export-json "$json" "$*" >/dev/null 2>&1
    python3 -c "import json,sys; print('%-38s median %7.2f ms' % (sys.argv[2], json.load(open(sys.argv[1]))['results'][0]['median'] * 1000))" "$json" "$label"
  else
    printf '%-38s median %7s ms\n' "$label" "$(median_ms "$@")"
  fi
}

echo
echo "== folio races next ($RUNS runs each; target < 20 ms median in release)"
bench "races next" "$FOLIO_BIN" races next
bench "races next --format json" "$FOLIO_BIN" races next --format json
bench "races next --plain --count 10" "$FOLIO_BIN" races next --plain --count 10
bench "races next --category horse (grows)" "$FOLIO_BIN" races next --category horse

echo
echo "== folio races watch, idle for ${WATCH_SECONDS}s, output to a pipe (target ~1 wake-up/s, < 1 % CPU)"
mkfifo "$work/pipe"
cat "$work/pipe" >/dev/null &
drain_pid=$!
"$FOLIO_BIN" races watch --refresh 10m >"$work/pipe" 2>"$work/watch.err" &
watch_pid=$!
sleep 2  # past start-up and the first fetch

# CPU time in ns from each thread's schedstat (finer than the 10 ms ticks of /proc/<pid>/stat), and
# voluntary + involuntary context switches summed over the threads.
cpu_ns() { cat /proc/"$watch_pid"/task/*/schedstat 2>/dev/null | awk '{ s += $1 } END { printf "%d", s }'; }
# Per thread, since idle worker threads come and go: "tid switches" lines.
switches() {
  for status in /proc/"$watch_pid"/task/*/status; do
    awk -v tid="$(basename "$(dirname "$status")")" '/_ctxt_switches/ { s += $2 } END { print tid, s }' "$status" 2>/dev/null
  done
}

cpu0=$(cpu_ns); switches >"$work/sw0"; t0=$((${EPOCHREALTIME/[.,]/} * 1000))
sleep "$WATCH_SECONDS"
cpu1=$(cpu_ns); switches >"$work/sw1"; t1=$((${EPOCHREALTIME/[.,]/} * 1000))
# Threads alive at the end count from their start-of-window value (or from 0 when they started later);
# threads that ended inside the window are missed.
switched=$(awk 'NR == FNR { before[$1] = $2; next } { s += $2 - ($1 in before ? before[$1] : 0) } END { print s + 0 }' "$work/sw0" "$work/sw1")
threads=$(ls /proc/"$watch_pid"/task | wc -l)
# SIGTERM, not SIGINT: a non-interactive shell starts background jobs with SIGINT ignored.
kill -TERM "$watch_pid" 2>/dev/null || true
wait "$watch_pid" 2>/dev/null || true
watch_pid=""

awk -v c="$((cpu1 - cpu0))" -v s="$switched" -v ns="$((t1 - t0))" -v th="$threads" 'BEGIN {
  secs = ns / 1e9
  printf "elapsed                                %7.2f s\n", secs
  printf "CPU time (all threads)                 %7.4f s   = %.3f %% of one core\n", c / 1e9, 100 * c / ns
  printf "context switches (%2d threads)          %7d     = %.2f per second (upper bound on wake-ups)\n", th, s, s / secs
}'
[[ -s "$work/watch.err" ]] && { echo "watch stderr:"; sed 's/^/  /' "$work/watch.err"; }
exit 0
