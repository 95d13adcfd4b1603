"""Answers every request with a redirect to another server: for the test
that credentials meant for one host are not sent on to another.

    python3 redirector.py TARGET_BASE PORT LOG_FILE

Each request (any method) is answered 307 with Location TARGET_BASE + its
path. Its method, path and whether it carried an Authorization header
(never the header itself) are appended to LOG_FILE.
"""
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TARGET = sys.argv[1].rstrip("/")
PORT = int(sys.argv[2])
LOG = sys.argv[3]


class Redirecting(BaseHTTPRequestHandler):
    def __getattr__(self, name):
        if not name.startswith("do_"):
            raise AttributeError(name)
        return self.redirect

    def redirect(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        with open(LOG, "a") as log:
            log.write(f"{self.command} {self.path} authorization={'yes' if 'Authorization' in self.headers else 'no'}\n")
        self.send_response(307)
        self.send_header("Location", TARGET + self.path)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, fmt, *args):
        pass


ThreadingHTTPServer(("127.0.0.1", PORT), Redirecting).serve_forever()
