#!/usr/bin/env python3
"""A loopback stand-in for the MF API: GET /mf answers WORK/list.json, GET /mf/CODE the recorded history FIXTURE
with the code put in its meta, each after LATENCY seconds; the chosen port is written to PORTFILE.

    Tooling/bench/data/mfapi_server.py WORK FIXTURE LATENCY PORTFILE
"""
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
