"""inside.py - the part of a run that happens inside the crawlers' network namespace.

Started by isolate.py under `unshare` with one argument, the run's plan (JSON):
brings loopback up, puts the world's hosts file over /etc/hosts and an empty
resolv.conf over /etc/resolv.conf (in this mount namespace only), starts the world
server, runs each crawl of the plan in the modes it names (the world, or its
control: every robots.txt 404), and writes what the server saw to the plan's
result file. The namespace has
loopback and nothing else: no crawler traffic can leave it.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import processes  # noqa: E402
import server  # noqa: E402


def setup(plan):
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    for target, source in (("/etc/hosts", plan["hosts_file"]), ("/etc/resolv.conf", plan["resolv_file"])):
        subprocess.run(["mount", "--bind", source, target], check=True)


def crawl(world, job, mode):
    world.recorder.take()
    world.recorder.control = mode == "control"
    directory = os.path.join(job["dir"], mode)
    os.makedirs(os.path.join(directory, "out"), exist_ok=True)
    os.makedirs(os.path.join(directory, "home"), exist_ok=True)
    os.makedirs(os.path.join(directory, "tmp"), exist_ok=True)
    out = os.path.join(directory, "out")
    argv = [word.replace("%out%", out) for word in job["argv"]]
    env = {name: value.replace("%out%", out) for name, value in job["env"].items()}
    env["HOME"] = os.path.join(directory, "home")
    # Its temporary files inside the run's folder, which every ending removes (a
    # crawler killed at its limit or at a signal cleans up nothing itself).
    env.setdefault("TMPDIR", os.path.join(directory, "tmp"))
    outcome = processes.run(argv, job["time_limit"], directory, env, os.path.join(directory, "crawler.log"))
    outcome["requests"] = world.recorder.take()
    return outcome


def main():
    with open(sys.argv[1]) as f:
        plan = json.load(f)
    setup(plan)
    with open(plan["server_config"]) as f:
        config = json.load(f)
    world = server.WorldServer(config, plan["certificate"], plan["key"])
    world.start()
    results = []
    try:
        for job in plan["jobs"]:
            results.append(dict({mode: crawl(world, job, mode) for mode in job["modes"]}, name=job["name"]))
    finally:
        world.stop()
    with open(plan["result_file"], "w") as f:
        json.dump(results, f)


if __name__ == "__main__":
    main()
