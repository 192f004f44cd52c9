#!/usr/bin/env python3
"""Part of make bench-fleet: four weeks of users with habits, the timer every 15 minutes, before and with the
adaptive schedule, whose decisions are weather's own code (`fleet-rules --adaptive`: RunHistory and
AdaptiveSchedule). Prints requests a day and the mean age of the data shown while someone is looking.

Users (30 of each kind): a laptop awake about 15 hours a day and looked at about 7.6 hours of them (work
hours, some evenings at weekends); an always-on desktop looked at as much; a laptop that is on only at work.
The session is active (logind) while the user is at it and idle otherwise; in three of four spans of being at
it they type `weather` in a terminal once (a look, which refreshes a stale result). Weeks 2 to 4 are measured: the first
is the week the schedule learns in.
"""

import argparse
import bisect
import json
import random
import subprocess

from support import recorded

DAY = 86_400.0
WEEK = 7 * DAY
WEEKS = 4
KINDS = ("laptop", "desktop", "work laptop")


def spans_for(kind, rng):
    """(awake spans, looking spans) over four weeks, in seconds from a Monday 00:00."""
    awake, looking = [], []
    for day in range(WEEKS * 7):
        base = day * DAY
        weekday = day % 7 < 5
        j = lambda: rng.uniform(-900, 900)
        if kind == "laptop":
            awake.append((base + 7 * 3600 + j(), base + 22 * 3600 + j()))
            if weekday:
                looking += [(base + 9 * 3600 + j(), base + 12 * 3600 + j()), (base + 13 * 3600 + j(), base + 17.6 * 3600 + j())]
            else:
                looking += [(base + 10 * 3600 + j(), base + 12 * 3600 + j()), (base + 19 * 3600 + j(), base + 21 * 3600 + j())]
        elif kind == "desktop":
            if weekday:
                looking += [(base + 8.5 * 3600 + j(), base + 12.5 * 3600 + j()), (base + 13.5 * 3600 + j(), base + 17.1 * 3600 + j())]
            else:
                looking += [(base + 19 * 3600 + j(), base + 21 * 3600 + j())]
        elif weekday:
            awake.append((base + 8.75 * 3600 + j(), base + 17.25 * 3600 + j()))
            looking.append((base + 9 * 3600 + j(), base + 17 * 3600 + j()))
    if kind == "desktop":
        awake = [(0.0, WEEKS * WEEK)]
    return awake, looking


def timer_runs(awake, delay):
    """Every 15 minutes at :02 plus the user's delay while awake; a run missed asleep comes on waking."""
    runs = []
    for start, end in awake:
        runs.append(start + 1)
        t = ((start - 120 - delay) // 900 + 1) * 900 + 120 + delay
        while t < end:
            runs.append(t)
            t += 900
    return sorted(runs)


def before(runs, looks):
    """Before: every run and look fetches when the result is stale."""
    requests, stale_at = [], -1.0
    for t in sorted(runs + looks):
        if t >= stale_at:
            requests.append(t)
            stale_at = t // 900 * 900 + 1020
    return requests


def age_while_looking(requests, looking):
    requests = sorted(requests)
    total = weighted = 0.0
    for start, end in looking:
        if start < WEEK:
            continue
        t = start
        while t < end:
            index = bisect.bisect_right(requests, t)
            if index:
                weighted += t - requests[index - 1] // 900 * 900
                total += 1
            t += 60
    return weighted / total / 60 if total else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--helper", required=True)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--users", type=int, default=30, help="of each kind")
    options = parser.parse_args()
    rng = random.Random(options.seed)

    users = []
    for kind in KINDS:
        for _ in range(options.users):
            awake, looking = spans_for(kind, rng)
            looks = sorted(rng.uniform(s, e) for s, e in looking if rng.random() < 0.75)
            runs = timer_runs(awake, rng.uniform(0, 450))
            users.append((kind, awake, looking, looks, runs))
    lines = "".join(json.dumps({"runs": u[4], "looks": u[3], "active": [list(s) for s in u[2]]}) + "\n" for u in users)
    output = subprocess.run([options.helper, "--adaptive"], input=lines, capture_output=True, text=True, check=True)
    adaptive = [[float(x) for x in line.split()] for line in output.stdout.splitlines()]

    measured_days = (WEEKS - 1) * 7
    print(f"{options.users} users of each kind over {WEEKS} weeks, a run every 15 minutes at each user's delay "
          f"while the machine is awake, weeks 2 to {WEEKS} measured: a laptop awake about 15 hours a day and looked "
          "at about 7.6 of them, an always-on desktop looked at as much, a laptop on only at work. The age is that "
          "of the data shown while the user is at the machine.\n")
    print("| user | requests/day before | adaptive | change | mean age while looking, before | adaptive |")
    print("|---|---:|---:|---:|---:|---:|")
    for kind in KINDS:
        rows = [(u, a) for u, a in zip(users, adaptive) if u[0] == kind]
        old = sum(len([r for r in before(u[4], u[3]) if r >= WEEK]) for u, _ in rows) / len(rows) / measured_days
        new = sum(len([r for r in a if r >= WEEK]) for _, a in rows) / len(rows) / measured_days
        old_age = sum(age_while_looking(before(u[4], u[3]), u[2]) for u, _ in rows) / len(rows)
        new_age = sum(age_while_looking(a, u[2]) for u, a in rows) / len(rows)
        print(f"| {kind} | {old:.1f} | {new:.1f} | {100 * (new - old) / old:+.0f} % | {old_age:.1f} min | {new_age:.1f} min |")


if __name__ == "__main__":
    recorded("bench-fleet", "four weeks of users' habits", main)
