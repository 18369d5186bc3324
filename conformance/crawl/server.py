"""server.py - the world server: Python's http.server and ssl, on loopback.

Serves the origins of a world (world.server_config) on every address and port it
names, and records every request. Each port speaks both HTTP and HTTPS: the first
byte of a connection tells them apart (a TLS record starts with 0x16), so that
http://example.com:443/ and https://example.com:80/ can both be scenarios.

Every response closes its connection (Connection: close): a crawler's idle
keep-alive connections never hold the server, and one request is one connection.

A Host header in Unicode (www.müller.eu, sent as UTF-8 bytes, not as its ASCII
form www.xn--mller-kva.eu) is a protocol error of the crawler's, not a way out of
the world: the host is routed by its A-label form (the world's table of the hosts
it writes in Unicode, else Python's IDNA codec) and the request is recorded with
"host" that form and "host_sent" what the crawler sent, so that the scoring can
say so (score.py) rather than call the scenario not observed.

Bounds, whatever a client does: at most MAX_CONNECTIONS connections are served at
once (a connection past them waits for a free one up to the idle limit, then is
closed), SOCKET_TIMEOUT seconds of silence closes a connection, the request line
and headers are http.server's (64 KiB, 100 headers), and at most MAX_LOG requests
are recorded (the rest are counted).
"""
import encodings.idna  # noqa: F401 - the "idna" codec, for Host headers in Unicode
import html
import socket
import ssl
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MAX_CONNECTIONS = 64
SOCKET_TIMEOUT = 10
MAX_LOG = 200000
TLS_HANDSHAKE = 0x16


class Recorder:
    """The requests seen, in order, shared by every listener."""

    def __init__(self):
        self.lock = threading.Lock()
        self.requests = []
        self.dropped = 0
        self.control = False  # every robots.txt answers 404 (the control crawl)

    def add(self, entry):
        with self.lock:
            if len(self.requests) < MAX_LOG:
                self.requests.append(entry)
            else:
                self.dropped += 1

    def take(self):
        with self.lock:
            taken, self.requests, self.dropped = self.requests, [], 0
            return taken


def hop_path(k):
    return "/robots.txt" if k == 0 else "/robots-hop-%d.txt" % k


def robots_answer(robots, path, control):
    """What an origin answers for path when path is one of its robots.txt paths:
    (status, headers, body), "drop" or "interim"; None for any other path. In the
    control, robots.txt is 404, or the origin's control_body when it has one (a
    sitemaps scenario's plain Sitemap line)."""
    kind = robots["type"]
    if path == "/robots.txt" and control and "control_body" in robots:
        return 200, {"Content-Type": "text/plain"}, robots["control_body"].encode("latin-1")
    if path == "/robots.txt" and (control or kind == "missing"):
        return 404, {}, b"no robots.txt here\n"
    if kind == "file":
        if path != "/robots.txt":
            return None
        return 200, {"Content-Type": "text/plain"}, robots["body"].encode("latin-1")
    if kind != "status":
        return None
    body = robots["body"].encode("latin-1")
    if path in ("/robots-rules.txt", "/moved-robots.txt"):
        # Where the last redirect and STATUS-3's HTML redirect lead: the rules.
        return 200, {"Content-Type": "text/plain"}, robots["rules"].encode("latin-1")
    hops = robots["redirects"]
    for k in range(hops + 1):
        if path != hop_path(k):
            continue
        if k < hops:
            return 301, {"Location": hop_path(k + 1)}, b""
        status = robots["status"]
        if status == "network-error":
            return "drop"
        if status < 200:
            return "interim"
        if 300 <= status < 400:
            return status, {"Location": "/robots-rules.txt"}, b""
        kind_of_body = "text/html" if body.startswith(b"<!doctype html>") else "text/plain"
        return status, {"Content-Type": kind_of_body}, body
    return None


def hub_page(links):
    items = "".join('<li><a href="%s">%s</a></li>\n' % (html.escape(link, quote=True), html.escape(link))
                    for link in links)
    return ("<!doctype html><html><head><meta charset=\"utf-8\"><title>crawl hub</title></head><body>\n"
            "<ul>\n%s</ul></body></html>\n" % items).encode("utf-8")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "robots-crawl-world"
    sys_version = ""

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def setup(self):
        self.timeout = self.server.world.socket_timeout
        super().setup()

    def do_GET(self):
        self.answer(True)

    def do_HEAD(self):
        self.answer(False)

    def answer(self, with_body):
        world = self.server.world
        scheme = "https" if isinstance(self.connection, ssl.SSLSocket) else "http"
        port = self.connection.getsockname()[1]
        host = (self.headers.get("Host") or "").strip()
        if host.startswith("["):
            host = host.split("]", 1)[0] + "]"
        else:
            host = host.rsplit(":", 1)[0] if ":" in host else host
        host, sent = world.ascii_host(host)
        # The target as sent: http.server rewrites a path that starts with // (to
        # guard against open redirects), which would hide WILD-1's //xy.
        words = self.requestline.split(" ")
        path = words[1] if len(words) == 3 else self.path
        entry = {"time": round(time.monotonic(), 3), "scheme": scheme, "host": host, "port": port,
                 "target": path, "method": self.command, "agent": self.headers.get("User-Agent", "")}
        if sent is not None:
            entry["host_sent"] = sent
        world.recorder.add(entry)
        origin = world.origins.get("%s://%s:%d" % (scheme, host, port))
        if origin is None:
            return self.reply(404, {}, b"no such site in this world\n", with_body)
        target = path.split("?", 1)[0]
        answer = robots_answer(origin, target, world.recorder.control)
        if answer == "drop":
            self.close_connection = True
            return None
        if answer == "interim":
            self.wfile.write(b"HTTP/1.1 100 Continue\r\n\r\n")
            self.close_connection = True
            return None
        if answer is not None:
            return self.reply(*answer, with_body)
        if host == world.hub_host and target == "/":
            return self.reply(200, {"Content-Type": "text/html; charset=utf-8"}, world.hub, with_body)
        return self.reply(200, {"Content-Type": "text/html; charset=utf-8"},
                          b"<!doctype html><title>page</title><p>a page of the world</p>\n", with_body)

    def reply(self, status, headers, body, with_body):
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.close_connection = True
        self.end_headers()
        if with_body:
            self.wfile.write(body)


class Listener(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128

    def __init__(self, address, world):
        self.world = world
        super().__init__(address, Handler)

    def process_request(self, request, client_address):
        if not self.world.slots.acquire(timeout=self.world.socket_timeout):
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except Exception:
            self.world.slots.release()
            raise

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.world.slots.release()

    def finish_request(self, request, client_address):
        """Reads the connection's first byte to tell TLS from plain HTTP."""
        request.settimeout(self.world.socket_timeout)
        try:
            first = request.recv(1, socket.MSG_PEEK)
            if first and first[0] == TLS_HANDSHAKE:
                request = self.world.tls.wrap_socket(request, server_side=True)
        except (OSError, ssl.SSLError):
            return
        try:
            self.RequestHandlerClass(request, client_address, self)
        except (OSError, ssl.SSLError):
            pass
        finally:
            if isinstance(request, ssl.SSLSocket):
                try:
                    request.close()
                except OSError:
                    pass


class WorldServer:
    """Every listener of one world, started and stopped together."""

    def __init__(self, config, certificate, key, socket_timeout=SOCKET_TIMEOUT):
        self.socket_timeout = socket_timeout
        self.origins = config["origins"]
        self.unicode_hosts = config.get("unicode_hosts", {})
        self.hub_host = "hub.crawl.test"
        self.hub = hub_page(config["hub"])
        self.recorder = Recorder()
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self.tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self.tls.load_cert_chain(certificate, key)
        self.listeners = [Listener((address, port), self)
                          for address in config["addresses"] for port in config["ports"]]
        self.threads = []

    def ascii_host(self, header):
        """(the host to route by, lower-case ASCII; what was sent when it was not
        ASCII, else None). http.server reads header bytes as Latin-1: a Unicode
        host arrives as its UTF-8 bytes."""
        raw = header.encode("latin-1", "replace")
        if raw.isascii():
            return header.lower(), None
        sent = raw.decode("utf-8", "replace")
        name = sent.lower()
        found = self.unicode_hosts.get(name)
        if found is None:
            try:
                found = name.encode("idna").decode("ascii")
            except (UnicodeError, ValueError):
                found = name
        return found.lower(), sent

    def start(self):
        for listener in self.listeners:
            t = threading.Thread(target=listener.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
            t.start()
            self.threads.append(t)

    def stop(self):
        for listener in self.listeners:
            listener.shutdown()
            listener.server_close()
        for t in self.threads:
            t.join(timeout=5)
