#!/usr/bin/env python3
"""How many requests reach the weather service: weather against naive tools.

Runs the real `weather` binary against the fixture server (Tests/TestSupport/fixture-server.py) and counts
the requests in the server's log; the naive tools' counts are worked out from the same calls.

1. Concurrent stale callers: N copies of `weather show --refresh` start at once on a stale result
   (WEATHER_STALE_AFTER=0), the server taking 0.5 s to answer.
   Open-Meteo counts a request with many variables as several calls against its free limits
   (calculateQueryWeight in its source); the fixture server weighs each request it receives the same way,
   and the day's table gives the calls counted (naive tools weighed as weather's requests).
2. A simulated day: a status bar runs `weather show` every 5 s, the systemd timer runs `weather refresh`
   on its schedule (a fixed random delay after *:02/15), and a person types `weather` a dozen times in a
   terminal. Time is simulated with a fake wall clock (fakeclock.c, built here with cc and preloaded), the
   server's clock moved in step.

Usage: Tests/Benchmarks/requests.py [--binary PATH] [--hours 24]   (without --binary it runs make build first)
"""

import argparse
import os
import random
import shutil
import sys
import time
from datetime import datetime, timezone

from fleet import fixed_delay
from support import Home, Server, build_release


def concurrent(binary, callers):
    server = Server()
    home = Home(binary, server)
    try:
        home.run(["set", "Berlin"])
        server.clear()
        server.script("forecast", [{"fixture": "open-meteo/forecast-berlin-later.json", "delay": 0.5, "times": 1000}])
        processes = [home.spawn(["show", "--refresh"], {"WEATHER_STALE_AFTER": "0"}) for _ in range(callers)]
        outputs = {process.communicate()[0] for process in processes}
        failures = sum(process.returncode != 0 for process in processes)
        return len(server.requests("forecast")), len(outputs), failures
    finally:
        home.close()
        server.close()


def day(binary, hours, seed=2026):
    """Every call of the simulated day, in order: (moment, who)."""
    start = datetime(2026, 11, 21, tzinfo=timezone.utc).timestamp()
    end = start + hours * 3600
    rng = random.Random(seed)
    # This user's fixed delay, as systemd (and weather, for its stale mark) works it out.
    machine = bytes.fromhex(open("/etc/machine-id").read().strip()[:32])
    timer_delay = fixed_delay(machine, os.getuid(), 450)
    events = [(start + t, "bar") for t in range(5, int(hours * 3600), 5)]
    events += [(start + quarter + 120 + timer_delay, "timer") for quarter in range(0, int(hours * 3600), 900)]
    events += [(rng.uniform(start + 60, end), "person") for _ in range(max(1, round(12 * hours / 24)))]
    events.sort()

    server = Server()
    home = Home(binary, server)
    try:
        server.set_clock(start)
        home.run(["set", "Berlin"], at=start)
        server.clear()
        counts = {"bar": [0, 0, 0], "timer": [0, 0, 0], "person": [0, 0, 0]}  # runs, requests, stale shown
        for moment, who in events:
            before = None
            if who != "bar":
                server.set_clock(moment)
                before = len(server.requests("forecast"))
            if who == "bar":
                output = home.run(["show"], at=moment)
            elif who == "timer":
                output = home.run(["refresh"], at=moment)
            else:
                output = home.run(["show"], {"NO_COLOR": "1"}, at=moment, terminal=True)
            counts[who][0] += 1
            counts[who][2] += "(stale)" in output
            if before is not None:
                counts[who][1] += len(server.requests("forecast")) - before
        requests = server.requests("forecast")
        total = len(requests)
        counts["bar"][1] = total - counts["timer"][1] - counts["person"][1]
        weight = sum(request["weight"] for request in requests)
        return counts, hours, weight
    finally:
        home.close()
        server.close()


def naive_file_cache(moments, maximum_age=600):
    """Requests of a tool that fetches when its cache file is older than maximum_age."""
    fetched, requests = None, 0
    for moment in moments:
        if fetched is None or moment - fetched >= maximum_age:
            fetched, requests = moment, requests + 1
    return requests


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", help="a weather binary to measure (default: build the release binary)")
    parser.add_argument("--hours", type=float, default=24, help="length of the simulated day (default 24)")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary) if arguments.binary else build_release()
    if not shutil.which("cc"):
        sys.exit("requests.py needs a C compiler (cc) for its fake clock: apt-get install gcc")

    print("## Concurrent stale callers\n")
    print("`weather show --refresh` started N times at once on a stale result; the server answers in 0.5 s.\n")
    print("| callers | requests: weather | outputs: weather | naive: fetch every call | naive: 10-min file cache |")
    print("|---:|---:|---:|---:|---:|")
    for callers in (1, 4, 16, 64):
        requests, outputs, failures = concurrent(binary, callers)
        note = f" ({failures} failed)" if failures else ""
        print(f"| {callers} | {requests}{note} | {outputs} distinct | {callers} | {callers} |")

    started = time.time()
    counts, hours, weight = day(binary, arguments.hours)
    bar_moments = [5 * i for i in range(1, int(hours * 720))]
    print(f"\n## A simulated day ({hours:g} h)\n")
    print("A status bar runs `weather show` every 5 s, the timer runs `weather refresh` every 15 min, a person "
          "types `weather` in a terminal now and then. Naive tools have no timer: the status bar fetches on "
          "every call, or when its 10-minute cache file is old; the person's tool fetches every time.\n")
    print("| caller | runs | requests: weather | stale results shown | naive: fetch every call | naive: 10-min file cache |")
    print("|---|---:|---:|---:|---:|---:|")
    rows = [("status bar, `weather show` (pipe)", "bar", len(bar_moments), naive_file_cache(bar_moments)),
            ("timer, `weather refresh`", "timer", 0, 0),
            ("person, `weather` (terminal)", "person", counts["person"][0], counts["person"][0])]
    totals = [0, 0, 0, 0, 0]
    for label, key, naive_every, naive_cache in rows:
        runs, requests, stale = counts[key]
        naive = (naive_every, naive_cache) if key != "timer" else ("–", "–")
        print(f"| {label} | {runs} | {requests} | {stale} | {naive[0]} | {naive[1]} |")
        totals = [totals[0] + runs, totals[1] + requests, totals[2] + stale,
                  totals[3] + (naive_every or 0), totals[4] + (naive_cache or 0)]
    print(f"| **total** | {totals[0]} | **{totals[1]}** | {totals[2]} | {totals[3]} | {totals[4]} |")
    # What the free API's limits count: each request weighs what its variables and days make it
    # (calculateQueryWeight, as the fixture server applies it to each request it received).
    each = weight / totals[1] if totals[1] else 0
    print(f"| calls Open-Meteo counts (of 10,000 a day) | | **{weight:,.1f}** ({each:g} each) | | "
          f"{totals[3] * each:,.0f} | {totals[4] * each:,.0f} |")
    print(f"\n(one more request set the place at the start of the day; the simulation took {time.time() - started:.0f} s)")


if __name__ == "__main__":
    main()
