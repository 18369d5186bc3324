"""tls.py - a throwaway certificate authority and one host certificate for a world.

Made at run time with openssl in the run's temporary directory, removed with it,
never committed: the authority's certificate (ca.pem) is handed to each crawler
(its %ca% placeholder); the host certificate names every host and address of the
world, so that one certificate serves all of them.
"""
import os
import subprocess


def _openssl(*args, cwd):
    done = subprocess.run(["openssl", *args], cwd=cwd, capture_output=True, timeout=60)
    if done.returncode != 0:
        raise RuntimeError("openssl %s failed: %s" % (args[0], done.stderr.decode("utf-8", "replace").strip()))


def make(directory, names, addresses):
    """Writes ca.pem, host.pem and host.key into directory; returns their paths."""
    sans = ["DNS:%s" % n for n in names] + ["IP:%s" % a for a in addresses]
    with open(os.path.join(directory, "host.cnf"), "w") as f:
        f.write("[req]\ndistinguished_name = dn\nprompt = no\n[dn]\nCN = crawl.test\n"
                "[ext]\nsubjectAltName = %s\nbasicConstraints = CA:FALSE\n"
                "keyUsage = digitalSignature\nextendedKeyUsage = serverAuth\n" % ", ".join(sans))
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    _openssl("req", "-x509", *ec, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj",
             "/CN=robots-crawl throwaway authority", "-addext", "basicConstraints=critical,CA:TRUE",
             "-addext", "keyUsage=critical,keyCertSign,cRLSign", cwd=directory)
    _openssl("req", *ec, "-keyout", "host.key", "-out", "host.csr", "-config", "host.cnf", cwd=directory)
    _openssl("x509", "-req", "-in", "host.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
             "-out", "host.pem", "-days", "2", "-extfile", "host.cnf", "-extensions", "ext", cwd=directory)
    for name in ("ca.key", "host.key"):
        os.chmod(os.path.join(directory, name), 0o600)
    os.chmod(os.path.join(directory, "ca.pem"), 0o644)
    return tuple(os.path.join(directory, n) for n in ("ca.pem", "host.pem", "host.key"))
