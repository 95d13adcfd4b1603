"""A reverse proxy in front of a real calendar server (Radicale in the tests)
that misbehaves on request, for the tests of what plan does when the network
or a proxy on the way fails.

    python3 fault-proxy.py UPSTREAM_BASE PORT MODE_FILE

Each request reads MODE_FILE (one word; missing or empty means "pass"):
  pass       forward the request to UPSTREAM_BASE and the answer back
  500        answer 500, as a proxy whose backend is down does
  junk       answer 200 with an HTML error page where a calendar should be
  vcaljunk   answer 200 with a calendar's first line, then an HTML page
  404        answer 404, as a server whose calendar was moved does
  401        answer 401 with a Basic challenge, as a server that no longer takes the password does
  loop       redirect to the same path with ?again, and from there back
  big        answer 200 with 60 MB of text (plan caps a calendar at 50 MB)
  stall:N    wait N seconds, then forward
  gather:N   forward each of the first N GETs, but hold its answer until all N
             have been answered upstream (at most 60 s), then send them together:
             N clients that read before they write all read the same version, so
             their conditional writes collide
  reset      close the connection without answering
  lostput    forward each PUT, then close the connection without answering it
             (a write the server took whose answer never came); the rest pass
  emptylist  answer each REPORT with an empty multistatus (207), as if the
             collection were empty; the rest pass
  hrefs:A=B  forward, and in each multistatus answer write B for A (hrefs that
             point at another collection)
Every request's method and path (never its headers) is appended to MODE_FILE.log,
and each forwarded one's method, path and upstream status to MODE_FILE.status.
"""
import http.client
import socket
import struct
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

UPSTREAM = urllib.parse.urlsplit(sys.argv[1])
PORT = int(sys.argv[2])
MODE_FILE = sys.argv[3]
FORWARDED = ("Authorization", "If-Match", "If-None-Match", "If-Modified-Since", "Accept", "User-Agent", "Depth", "Content-Type")
GATHER = threading.Condition()
GATHERED = {}


def mode():
    try:
        with open(MODE_FILE) as f:
            return f.read().strip() or "pass"
    except FileNotFoundError:
        return "pass"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body, headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def handle_any(self):
        with open(MODE_FILE + ".log", "a") as log:
            log.write(f"{self.command} {self.path}\n")
        m = mode()
        if m == "500":
            return self.answer(500, b"upstream unavailable\n", [("Content-Type", "text/plain")])
        if m == "junk":
            return self.answer(200, b"<html><body><h1>Bad gateway</h1></body></html>\n", [("Content-Type", "text/calendar")])
        if m == "vcaljunk":
            return self.answer(200, b"BEGIN:VCALENDAR\r\n<html><body>Down for maintenance</body></html>\r\n", [("Content-Type", "text/calendar")])
        if m == "404":
            return self.answer(404, b"not found\n", [("Content-Type", "text/plain")])
        if m == "401":
            return self.answer(401, b"unauthorized\n", [("Content-Type", "text/plain"), ("WWW-Authenticate", 'Basic realm="cal"')])
        if m == "loop":
            path, _, query = self.path.partition("?")
            target = path if query else path + "?again"
            return self.answer(302, b"", [("Location", target)])
        if m == "big":
            size = 60_000_000
            self.send_response(200)
            self.send_header("Content-Type", "text/calendar")
            self.send_header("Content-Length", str(size))
            self.end_headers()
            chunk = b"X" * 65536
            try:
                for _ in range(size // len(chunk)):
                    self.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        if m == "reset":
            # SO_LINGER 0: the close sends a TCP reset, not an orderly end.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            self.connection.close()
            return
        if m == "emptylist" and self.command == "REPORT":
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            body = b'<?xml version="1.0" encoding="utf-8"?>\n<multistatus xmlns="DAV:"/>\n'
            return self.answer(207, body, [("Content-Type", "application/xml; charset=utf-8")])
        if m == "lostput" and self.command == "PUT":
            return self.forward(lost=True)
        if m.startswith("hrefs:"):
            old, _, new = m.split(":", 1)[1].partition("=")
            return self.forward(rewrite=(old.encode(), new.encode()))
        if m.startswith("stall:"):
            time.sleep(float(m.split(":", 1)[1]))
        gather = int(m.split(":", 1)[1]) if m.startswith("gather:") and self.command == "GET" else 0
        self.forward(gather=lambda: self.gather(m, gather) if gather else None)

    def gather(self, mode, n):
        with GATHER:
            if GATHERED.get(mode, 0) >= n:
                return
            GATHERED[mode] = GATHERED.get(mode, 0) + 1
            GATHER.notify_all()
            if not GATHER.wait_for(lambda: GATHERED[mode] >= n, timeout=60):
                with open(MODE_FILE + ".status", "a") as log:
                    log.write(f"{self.command} {self.path} gave up waiting for {n} GETs\n")

    def forward(self, gather=lambda: None, lost=False, rewrite=None):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: self.headers[k] for k in FORWARDED if self.headers.get(k)}
        conn = http.client.HTTPConnection(UPSTREAM.hostname, UPSTREAM.port, timeout=30)
        conn.request(self.command, self.path, body=body, headers=headers)
        r = conn.getresponse()
        data = r.read()
        kept = [(k, v) for k, v in r.getheaders() if k.lower() in ("etag", "last-modified", "content-type", "location", "www-authenticate")]
        gather()
        if lost:
            conn.close()
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            self.connection.close()
            with open(MODE_FILE + ".status", "a") as log:
                log.write(f"{self.command} {self.path} {r.status} (answer dropped)\n")
            return
        if rewrite and r.status == 207:
            data = data.replace(rewrite[0], rewrite[1])
        self.answer(r.status, data, kept)
        conn.close()
        with open(MODE_FILE + ".status", "a") as log:
            log.write(f"{self.command} {self.path} {r.status}\n")

    do_GET = do_HEAD = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_OPTIONS = do_MKCALENDAR = handle_any


ThreadingHTTPServer.daemon_threads = True
ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()
