#!/usr/bin/env python3
"""A complete batch-protocol adapter for Python's urllib.robotparser.

Run it with:
    robots-conform --batch-cmd "python3 conformance/adapters/examples/urllib_adapter.py"

One JSON request per line on stdin, one JSON reply per line on stdout
(conformance/PROTOCOL.md). urllib.robotparser answers allow checks and lists
sitemaps; every other kind gets an error reply, which the runner counts as
skipped.

How the file reaches the library: RobotFileParser.read() decodes the body as UTF-8
and splits it into lines, so this adapter does the same with the bytes it is
given (robots, or robots_base64 decoded), replacing bytes that are not UTF-8 with
U+FFFD instead of failing.

A census asks many checks of one file in a row (robots census --compare-with), so
the last file's parser is kept and used again while the file is the same.
urllib.robotparser does not say which line decided, so the replies carry no
"line" (conformance/PROTOCOL.md: it is optional).
"""
import base64
import json
import sys
import urllib.robotparser


_last = (None, None)


def parser_for(request):
    global _last
    key = request.get("robots_base64", request.get("robots"))
    if _last[0] is not None and _last[0] == key:
        return _last[1]
    if "robots_base64" in request:
        body = base64.b64decode(request["robots_base64"]).decode("utf-8", "replace")
    else:
        body = request["robots"]
    parser = urllib.robotparser.RobotFileParser()
    parser.parse(body.splitlines())
    _last = (key, parser)
    return parser


def answer(request):
    kind = request.get("kind", "allow")
    if kind == "allow":
        return {"allowed": parser_for(request).can_fetch(request["agent"], request["url"])}
    if kind == "sitemaps":
        return {"sitemaps": parser_for(request).site_maps() or []}
    return {"error": "urllib.robotparser does not answer %s checks" % kind}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            reply = answer(request)
        except Exception as e:  # the library failed on this input: say so, go on
            reply = {"error": "%s: %s" % (type(e).__name__, e)}
        reply["id"] = request.get("id")
        # Replies only on stdout, one line each, flushed at once.
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
