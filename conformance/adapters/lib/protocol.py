"""The batch protocol's loop for the Python adapters (conformance/PROTOCOL.md).

serve(answer): one request line in, one reply line out, flushed, in order. answer
returns the reply's fields; an exception becomes an error reply, so a library
that raises on a file fails that check and the run goes on.
"""
import base64
import json
import sys


def robots_bytes(request):
    """The robots.txt of a request as exact bytes."""
    if "robots_base64" in request:
        return base64.b64decode(request["robots_base64"])
    return request.get("robots", "").encode("utf-8")


def robots_text(request):
    """...and as text: bytes that are not UTF-8 become U+FFFD."""
    return robots_bytes(request).decode("utf-8", "replace")


def unsupported(library, kind):
    """The reply to a kind the library does not answer: the runner skips the check."""
    return {"error": "%s does not answer %s checks" % (library, kind)}


def serve(answer):
    for line in sys.stdin:
        if not line.strip():
            continue
        request = {}
        try:
            request = json.loads(line)
            reply = answer(request)
        except Exception as e:  # noqa: BLE001 - any failure of the library is an answer
            reply = {"error": "%s: %s" % (type(e).__name__, e)}
        reply["id"] = request.get("id") if isinstance(request, dict) else None
        print(json.dumps(reply), flush=True)
