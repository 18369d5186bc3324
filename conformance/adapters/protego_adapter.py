#!/usr/bin/env python3
"""Protego (Debian's python3-protego) through the batch protocol.

Protego.parse() takes the file as a str: the adapter decodes the bytes as UTF-8,
replacing what is not UTF-8 with U+FFFD. can_fetch(url, agent) answers allow
checks; the sitemaps property lists the Sitemap lines. Answers: allow, sitemaps.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from protocol import robots_text, serve, unsupported  # noqa: E402

from protego import Protego  # noqa: E402


def answer(request):
    kind = request.get("kind", "allow")
    if kind == "allow":
        return {"allowed": bool(Protego.parse(robots_text(request)).can_fetch(request["url"], request["agent"]))}
    if kind == "sitemaps":
        return {"sitemaps": list(Protego.parse(robots_text(request)).sitemaps)}
    return unsupported("Protego", kind)


serve(answer)
