"""expect.py - what a crawler should do, per check and profile.

An allow check's expectation is the reference's answer for the product token the
crawler really matches groups by (wget matches `wget`, whatever the check's agent
is), asked of `robots --batch`; where the tables leave a check undefined for a
profile it stays undefined. The reference reads the first 500 KiB of a file, as
Google's fetcher does (FORMAT-8, RFC-8), and the world serves whole files: what a
crawler makes of the rest is its own. The other kinds' expectations are the
tables' own.
"""
import base64
import json
import subprocess

PROFILES = ("google", "rfc9309")


def allow_expectations(robots, checks, token):
    """{(check key, profile): "allowed" | "disallowed" | "undefined"} for the allow
    checks, for a crawler whose token is token."""
    asked = []
    lines = []
    for check in checks:
        for profile in PROFILES:
            if check.expect.get(profile) == "undefined":
                continue
            request = {"id": len(asked), "profile": profile, "agent": token, "url": check.fields["url"]}
            try:
                request["robots"] = check.robots.decode("utf-8")
                if "\0" in request["robots"]:
                    raise UnicodeDecodeError("utf-8", b"", 0, 1, "NUL")
            except UnicodeDecodeError:
                request.pop("robots", None)
                request["robots_base64"] = base64.b64encode(check.robots).decode("ascii")
            asked.append((check.key, profile))
            lines.append(json.dumps(request))
    out = {(c.key, p): "undefined" for c in checks for p in PROFILES}
    if not lines:
        return out
    done = subprocess.run([robots, "--batch"], input=("\n".join(lines) + "\n").encode("utf-8"),
                          capture_output=True, timeout=300)
    for line in done.stdout.decode("utf-8").splitlines():
        reply = json.loads(line)
        if "allowed" in reply:
            out[asked[reply["id"]]] = "allowed" if reply["allowed"] else "disallowed"
        else:
            raise ValueError("the reference could not answer %s: %s" % (asked[reply["id"]], reply.get("error")))
    return out
