"""server_tests.py - the world server against hostile clients, on 127.0.0.1.

Malformed requests, a client that never finishes its request, hundreds of
connections at once, a TLS handshake that stops half way, and a seeded fuzz loop
of mutated requests: the server answers or closes each connection within its
bounds and still serves a well-formed request afterwards. A Host header in
Unicode reaches the host's origin and is recorded as sent.
"""
import os
import random
import socket
import ssl
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import server  # noqa: E402
import tls  # noqa: E402

TIMEOUT = 1.0  # the server's idle limit in these tests


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    """A small world on 127.0.0.1: one origin with a robots.txt, one answering 503."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="crawl-server-test-")
        self.port = free_port()
        self.ca, cert, key = tls.make(self.dir, ["a.crawl.test", "hub.crawl.test"], ["127.0.0.1"])
        config = {"origins": {
            "http://a.crawl.test:%d" % self.port: {"type": "file", "body": "User-agent: *\nDisallow: /x\n"},
            "https://a.crawl.test:%d" % self.port: {"type": "status", "status": 503, "redirects": 2,
                                                   "body": "User-agent: *\nDisallow: /blocked\n",
                                                   "rules": "User-agent: *\nDisallow: /blocked\n"},
            "http://xn--b-qfa.crawl.test:%d" % self.port: {"type": "file", "body": "User-agent: *\nDisallow: /b\n"},
            "http://xn--nda.crawl.test:%d" % self.port: {"type": "file", "body": "User-agent: *\nDisallow: /o\n"}},
            "ports": [self.port], "addresses": ["127.0.0.1"], "hub": ["http://a.crawl.test/y"],
            "unicode_hosts": {"bä.crawl.test": "xn--b-qfa.crawl.test"}}
        self.world = server.WorldServer(config, cert, key, socket_timeout=TIMEOUT)
        self.world.start()

    def close(self):
        self.world.stop()
        for name in os.listdir(self.dir):
            os.unlink(os.path.join(self.dir, name))
        os.rmdir(self.dir)

    def exchange(self, data, use_tls=False, wait=5.0, half_close=True):
        """Sends data (then, unless half_close is False, says it sends no more), reads
        until the server closes or wait passes; returns the bytes read."""
        raw = socket.create_connection(("127.0.0.1", self.port), timeout=wait)
        s = raw
        if use_tls:
            context = ssl.create_default_context(cafile=self.ca)
            s = context.wrap_socket(raw, server_hostname="a.crawl.test")
        try:
            s.sendall(data)
            if half_close and not use_tls:
                s.shutdown(socket.SHUT_WR)
            got = b""
            deadline = time.monotonic() + wait
            while time.monotonic() < deadline:
                try:
                    chunk = s.recv(65536)
                except (socket.timeout, ConnectionResetError):
                    break
                if not chunk:
                    break
                got += chunk
            return got
        finally:
            s.close()

    def get(self, path, host="a.crawl.test", use_tls=False):
        return self.exchange(b"GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n" % (path.encode(), host.encode()),
                             use_tls)


def test_answers(t, served):
    robots = served.get("/robots.txt")
    t.check(robots.startswith(b"HTTP/1.1 200") and robots.endswith(b"Disallow: /x\n"),
            "server: a robots.txt file is served as written", robots[:200])
    t.check(served.get("/robots.txt", use_tls=True).startswith(b"HTTP/1.1 301"),
            "server: the same port speaks TLS, where the origin's redirect chain starts", "")
    hop = served.get("/robots-hop-2.txt", use_tls=True)
    t.check(hop.startswith(b"HTTP/1.1 503") and b"Disallow: /blocked" in hop,
            "server: the chain ends in the status of the scenario", hop[:200])
    t.check(served.get("/robots.txt", host="nowhere.test").startswith(b"HTTP/1.1 404"),
            "server: a host outside the world is a 404", "")
    served.world.recorder.control = True
    t.check(served.get("/robots.txt").startswith(b"HTTP/1.1 404"), "server: the control answers 404 for robots.txt")
    served.world.recorder.control = False
    targets = [r["target"] for r in served.world.recorder.take()]
    t.check("/robots-hop-2.txt" in targets, "server: every request is recorded with its target", targets)


def test_unicode_host(t, served):
    # bä.crawl.test is in the world's table of Unicode hosts, under a name that is
    # not its IDNA form (xn--b-0fa): reaching it shows the table is asked first;
    # ö.crawl.test is not in it, and is found by Python's IDNA codec.
    served.world.recorder.take()
    plain = served.get("/robots.txt", host="xn--b-qfa.crawl.test")
    for host, body, how in [("bä.crawl.test", b"Disallow: /b\n", "a host the world writes in Unicode"),
                            ("BÄ.crawl.test:%d" % served.port, b"Disallow: /b\n", "the same in capitals, a port"),
                            ("ö.crawl.test", b"Disallow: /o\n", "another (its IDNA form)")]:
        got = served.get("/robots.txt", host=host)
        t.check(got.startswith(b"HTTP/1.1 200") and got.endswith(body),
                "server: a Host header in Unicode reaches its A-label origin: %s" % how, got[:200])
    seen = served.world.recorder.take()
    t.check(plain.startswith(b"HTTP/1.1 200") and "host_sent" not in seen[0] and
            [(r["host"], r.get("host_sent")) for r in seen[1:]] ==
            [("xn--b-qfa.crawl.test", "bä.crawl.test"), ("xn--b-qfa.crawl.test", "BÄ.crawl.test"),
             ("xn--nda.crawl.test", "ö.crawl.test")],
            "server: each is recorded with its A-label host and the host as sent", seen)


def test_malformed(t, served):
    for what, data in [("garbage", b"\x00\xff\xfe garbage\r\n\r\n"), ("no version", b"GET /\r\n\r\n"),
                       ("a huge request line", b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n"),
                       ("too many headers", b"GET / HTTP/1.1\r\n" + b"X: y\r\n" * 150 + b"\r\n"),
                       ("no Host", b"GET /robots.txt HTTP/1.1\r\nConnection: close\r\n\r\n"),
                       ("a bad TLS record", b"\x16\x03\x01\x00\x05hello")]:
        started = time.monotonic()
        served.exchange(data)
        t.check(time.monotonic() - started < TIMEOUT + 4, "server: %s ends within the bounds" % what)
    t.check(served.get("/robots.txt").startswith(b"HTTP/1.1 200"), "server: still serves after malformed requests")


def test_slow_client(t, served):
    started = time.monotonic()
    got = served.exchange(b"GET /robots.txt HTTP/1.1\r\nHost: a.cr", wait=TIMEOUT + 5, half_close=False)
    took = time.monotonic() - started
    t.check(took < TIMEOUT + 3 and not got.startswith(b"HTTP/1.1 200"),
            "server: a request never finished is closed after the idle limit", "%.1f s, %r" % (took, got[:80]))


def test_many_connections(t, served):
    held = []
    baseline = threading.active_count()
    try:
        for _ in range(300):
            try:
                held.append(socket.create_connection(("127.0.0.1", served.port), timeout=2))
            except OSError:
                break
        t.check(len(held) == 300, "server: 300 connections at once are accepted or refused, never hang", len(held))
        time.sleep(0.5)
        extra = threading.active_count() - baseline
        t.check(extra <= server.MAX_CONNECTIONS, "server: at most %d connections are served at once" %
                server.MAX_CONNECTIONS, "%d more threads" % extra)
    finally:
        for s in held:
            s.close()
    deadline = time.monotonic() + TIMEOUT + 5
    answer = b""
    while time.monotonic() < deadline and not answer.startswith(b"HTTP/1.1 200"):
        answer = served.get("/robots.txt")
        time.sleep(0.1)
    t.check(answer.startswith(b"HTTP/1.1 200"), "server: serves again once they are gone", answer[:80])


def test_fuzz(t, served, rounds, seed):
    """Mutated requests (a byte flipped, cut, repeated or inserted): none may stop the server."""
    rng = random.Random(seed)
    seeds = [b"GET /robots.txt HTTP/1.1\r\nHost: a.crawl.test\r\nConnection: close\r\n\r\n",
             b"HEAD /robots-hop-1.txt HTTP/1.0\r\nHost: a.crawl.test:80\r\n\r\n",
             b"GET http://a.crawl.test/x?y=%zz HTTP/1.1\r\nHost: [::1]:8\r\n\r\n"]
    started = time.monotonic()
    for _ in range(rounds):
        data = bytearray(rng.choice(seeds))
        for _ in range(rng.randint(1, 6)):
            i = rng.randrange(len(data))
            op = rng.randrange(4)
            if op == 0:
                data[i] = rng.randrange(256)
            elif op == 1:
                del data[i:i + rng.randint(1, 8)]
            elif op == 2:
                data[i:i] = data[i:i + rng.randint(1, 16)] * rng.randint(1, 50)
            else:
                data.insert(i, rng.choice(b":\r\n \x00%[]/"))
        served.exchange(bytes(data), wait=TIMEOUT + 2)
    took = time.monotonic() - started
    t.check(served.get("/robots.txt").startswith(b"HTTP/1.1 200"),
            "server: %d mutated requests (seed %d) in %.1f s, and it still serves" % (rounds, seed, took))


def run(t, fuzz_rounds=3000, fuzz_seed=20261125):
    served = Served()
    try:
        for test in (test_answers, test_unicode_host, test_malformed, test_slow_client, test_many_connections):
            test(t, served)
        test_fuzz(t, served, fuzz_rounds, fuzz_seed)
    finally:
        served.close()
