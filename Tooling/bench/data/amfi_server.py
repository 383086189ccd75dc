#!/usr/bin/env python3
"""A loopback stand-in for AMFI and the MF API: GET /NAVAll.txt answers NAVALL, GET /mf/CODE the recorded history
FIXTURE with the code put in its meta; each request's path is appended to WORK/requests.log and the chosen port
written to PORTFILE.

    Tooling/bench/data/amfi_server.py WORK NAVALL FIXTURE PORTFILE
"""
import http.server, json, sys
work, navall, fixture, portfile = sys.argv[1:5]
navall_body = open(navall, "rb").read()
history = json.load(open(fixture))
class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        path = self.path.split("?")[0].rstrip("/")
        with open(f"{work}/requests.log", "a") as log:
            log.write(path + "\n")
        if path == "/NAVAll.txt":
            body, kind = navall_body, "text/plain"
        elif path.startswith("/mf/") and path[4:].isdigit():
            scheme = dict(history)
            scheme["meta"] = dict(history["meta"], scheme_code=int(path[4:]))
            body, kind = json.dumps(scheme).encode(), "application/json"
        else:
            self.send_response(404); self.send_header("Content-Length", "0"); self.end_headers(); return
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args): pass
class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
server = Server(("127.0.0.1", 0), Handler)
open(portfile, "w").write(str(server.server_address[1]))
server.serve_forever()
