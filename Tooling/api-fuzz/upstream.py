#!/usr/bin/env python3
"""A loopback stand-in for the MF API and the Neds racing API, answering from the recorded fixtures in
Tests/Fixtures, so the API fuzz never touches the internet. Prints its port on the first line of stdout."""
import http.server
import json
import os
import re
import sys
import time

FIXTURES = sys.argv[1]


def read(path):
    with open(os.path.join(FIXTURES, path), "rb") as handle:
        return handle.read()


SCHEMES = {
    "122639": "mfapi/scheme_122639_history_full_3266pts.json",
    "119598": "mfapi/scheme_119598_sbi_largecap_direct_30pts.json",
    "120505": "mfapi/scheme_120505_axis_midcap_direct_100pts.json",
}


def upcoming_races():
    """The recorded board moved to now: races recorded in the past have all left a live board, and the fuzz is about
    shapes, not the clock. The first race starts in five minutes; the gaps between them are as recorded."""
    board = json.loads(read("neds/nextraces_waelsaad_2024-03-15_10races.json"))
    races = board["data"]["race_summaries"].values()
    first = min(race["advertised_start"]["seconds"] for race in races)
    shift = int(time.time()) + 300 - first
    for race in races:
        race["advertised_start"]["seconds"] += shift
    return json.dumps(board).encode()


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        path = self.path.split("?", 1)[0]
        if path == "/mf":
            return self.answer(200, read("mfapi/list_sample_first50.json"))
        if path == "/mf/search":
            return self.answer(200, read("mfapi/search_q_hdfc_5results.json"))
        match = re.fullmatch(r"/mf/(\d+)(/latest)?", path)
        if match:
            if match.group(1) in SCHEMES:
                return self.answer(200, read(SCHEMES[match.group(1)]))
            # The MF API answers an unknown code with an empty scheme, not a 404.
            return self.answer(200, json.dumps({"meta": {}, "data": [], "status": "SUCCESS"}).encode())
        if path.startswith("/rest/v1/racing"):
            return self.answer(200, upcoming_races())
        return self.answer(404, b'{"error":"not found"}')

    def answer(self, status, body):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
