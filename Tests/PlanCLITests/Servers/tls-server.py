"""An https server on 127.0.0.1 with the certificate it is given (a
self-signed one in the tests): for what plan says when it does not trust a
server's certificate.

    python3 tls-server.py CERT_FILE KEY_FILE PORT

Every GET is answered 200 with a one-event calendar; every other method 405.
"""
import ssl
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CERT, KEY, PORT = sys.argv[1], sys.argv[2], int(sys.argv[3])
CALENDAR = (b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//plan tests//EN\r\nBEGIN:VEVENT\r\nUID:tls@plan-tests\r\n"
            b"DTSTAMP:20261101T000000Z\r\nDTSTART:20261123T140000Z\r\nDTEND:20261123T150000Z\r\nSUMMARY:Lecture\r\n"
            b"END:VEVENT\r\nEND:VCALENDAR\r\n")


class Answering(BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/calendar")
        self.send_header("Content-Length", str(len(CALENDAR)))
        self.end_headers()
        self.wfile.write(CALENDAR)

    def __getattr__(self, name):
        if not name.startswith("do_"):
            raise AttributeError(name)
        return self.refuse

    def refuse(self):
        self.send_response(405)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, fmt, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", PORT), Answering)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(CERT, KEY)
server.socket = context.wrap_socket(server.socket, server_side=True)
server.serve_forever()
