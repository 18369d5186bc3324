#!/usr/bin/python3
"""run.py - the crawl harness's tests (make test-crawl).

    conformance/crawl/tests/run.py --conform BIN --robots BIN [--only server|crawlers|ci|answers|action|ending]
                                   [--fuzz-rounds N] [--fuzz-seed N]

Prints one line per check and closes with "N passed, M failed".
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import action_tests  # noqa: E402
import answers_tests  # noqa: E402
import ci_tests  # noqa: E402
import crawler_tests  # noqa: E402
import ending_tests  # noqa: E402
import harness  # noqa: E402
import server_tests  # noqa: E402


def main():
    p = argparse.ArgumentParser(description="The crawl harness's tests.")
    p.add_argument("--conform", required=True)
    p.add_argument("--robots", required=True)
    p.add_argument("--only", choices=("server", "crawlers", "ci", "answers", "action", "ending"))
    p.add_argument("--fuzz-rounds", type=int, default=3000, metavar="N",
                   help="mutated requests the server's fuzz loop sends (default 3000)")
    p.add_argument("--fuzz-seed", type=int, default=20261125, metavar="N")
    args = p.parse_args()
    ctx = {"conform": os.path.abspath(args.conform), "robots": os.path.abspath(args.robots)}
    t = harness.Run()
    tests = []
    if args.only in (None, "server"):
        tests.append(lambda t, ctx: server_tests.run(t, args.fuzz_rounds, args.fuzz_seed))
    if args.only in (None, "crawlers"):
        tests.append(crawler_tests.run)
    if args.only in (None, "ci"):
        tests.append(ci_tests.run)
    if args.only in (None, "answers"):
        tests.append(answers_tests.run)
    if args.only in (None, "action"):
        tests.append(action_tests.run)
    if args.only in (None, "ending"):
        tests.append(ending_tests.run)
    return t.run(tests, ctx)


if __name__ == "__main__":
    sys.exit(main())
