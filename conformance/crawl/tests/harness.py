"""harness.py - the crawl tests' checks and their closing line.

Each test is a function given a context (paths to the programs); check() records
one assertion with what was found when it fails. The run ends with
"N passed, M failed", and exits 1 when any check failed.
"""
import sys
import traceback


class Run:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what, found=""):
        if ok:
            self.passed += 1
            print("ok   " + what)
        else:
            self.failed += 1
            print("FAIL " + what + ("\n     " + str(found)[:2000] if found != "" else ""))
        sys.stdout.flush()
        return ok

    def run(self, tests, context):
        for test in tests:
            try:
                test(self, context)
            except Exception:  # a test that raises is one failed check, and the run goes on
                self.check(False, "%s raised" % test.__name__, traceback.format_exc())
        print("%d passed, %d failed" % (self.passed, self.failed))
        return 1 if self.failed else 0
