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
   on its schedule (a fixed random delay after *:02/15 for Open-Meteo; after every other hour's :02 for MET
   Norway, whose `Expires` the timer follows under `minimum`), and a person types `weather` a dozen times in a
   terminal. Time is simulated: each run's clock is set (WEATHER_TEST_NOW), the server's stopped at the same
   moment. The day is run with each provider: Open-Meteo at Berlin, and MET Norway at
   Berlin (a new model run every 6 hours there, as outside the Nordic area) and at Bergen (hourly).
3. The official warnings of a day, by country: the same timer and person (a status bar's pipe never
   fetches, as 2. shows) for a place each warnings service covers, and one none covers, counting the
   requests to the forecast and to the warnings service, and how many of the latter were answered 304.

Usage: Tests/Benchmarks/requests.py [--binary PATH] [--hours 24]   (without --binary it runs make build first)
"""

import argparse
import json
import os
import random
import sys
import time
from datetime import datetime, timezone

from fleet import fixed_delay
from support import Home, Server, build_release, recorded


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


# The providers of the simulated day: (column, place, environment, route). The timer's interval under
# minimum is the one weather gives the saved result (its `interval`), read after `set`.
PROVIDERS = [
    ("Open-Meteo", "Berlin", {}, "forecast"),
    ("MET Norway, Berlin", "Berlin", {"WEATHER_PROVIDER": "met-norway", "WEATHER_CONTACT": "bench@example.org"},
     "met"),
    ("MET Norway, Bergen", "Bergen", {"WEATHER_PROVIDER": "met-norway", "WEATHER_CONTACT": "bench@example.org"},
     "met"),
]


def day(binary, hours, provider, seed=2026):
    """Runs every call of the simulated day, in order, with `provider` (a row of PROVIDERS); returns per
    caller [runs, requests, stale results shown], the hours, the calls Open-Meteo counts, and how many
    requests were answered 304."""
    _, place, settings, route = provider
    start = datetime(2026, 11, 21, tzinfo=timezone.utc).timestamp()
    end = start + hours * 3600
    rng = random.Random(seed)

    server = Server()
    home = Home(binary, server)
    home.environment.update(settings, WEATHER_MET_URL=server.url + "/weatherapi/locationforecast/2.0/complete")
    try:
        server.set_clock(start)
        home.run(["set", place], at=start)
        server.clear()
        with open(home.root + "/cache/weather/current.json") as file:
            interval = int(json.load(file)["interval"])
        # This user's fixed delay, as systemd (and weather, for its stale mark) works it out: within the
        # first half of 15 minutes, or all of a longer interval but 150 s (RefreshUnits.spread).
        machine = bytes.fromhex(open("/etc/machine-id").read().strip()[:32])
        timer_delay = fixed_delay(machine, os.getuid(), 450 if interval == 900 else interval - 150)
        events = [(start + t, "bar") for t in range(5, int(hours * 3600), 5)]
        events += [(start + step + 120 + timer_delay, "timer") for step in range(0, int(hours * 3600), interval)]
        events += [(rng.uniform(start + 60, end), "person") for _ in range(max(1, round(12 * hours / 24)))]
        events.sort()
        counts = {"bar": [0, 0, 0], "timer": [0, 0, 0], "person": [0, 0, 0]}  # runs, requests, stale shown
        for moment, who in events:
            before = None
            if who != "bar":
                server.set_clock(moment)
                before = len(server.requests(route))
            if who == "bar":
                output = home.run(["show"], at=moment)
            elif who == "timer":
                output = home.run(["refresh"], at=moment)
            else:
                output = home.run(["show"], {"NO_COLOR": "1"}, at=moment, terminal=True)
            counts[who][0] += 1
            counts[who][2] += "(stale)" in output
            if before is not None:
                counts[who][1] += len(server.requests(route)) - before
        requests = server.requests(route)
        total = len(requests)
        counts["bar"][1] = total - counts["timer"][1] - counts["person"][1]
        weight = sum(request["weight"] for request in requests)
        # The air's, fetched in the same runs when its own hour is up (`air` on, as by default).
        air = server.requests("air-quality")
        return (counts, hours, weight, sum(request.get("status") == 304 for request in requests),
                (len(air), sum(request["weight"] for request in air)))
    finally:
        home.close()
        server.close()


def warnings_day(binary, place, route, hours, extra=None, seed=2026):
    """The timer's and a person's runs of a simulated day for `place`: requests to the forecast and to the
    warnings service `route`, and how many of those were answered 304 Not Modified."""
    start = datetime(2026, 11, 21, tzinfo=timezone.utc).timestamp()
    rng = random.Random(seed)
    machine = bytes.fromhex(open("/etc/machine-id").read().strip()[:32])
    timer_delay = fixed_delay(machine, os.getuid(), 450)
    events = [(start + quarter + 120 + timer_delay, "timer") for quarter in range(0, int(hours * 3600), 900)]
    events += [(rng.uniform(start + 60, start + hours * 3600), "person") for _ in range(max(1, round(12 * hours / 24)))]
    events.sort()
    server = Server()
    home = Home(binary, server)
    try:
        server.set_clock(start)
        home.run(["set"] + place, extra, at=start)
        server.clear()
        for moment, who in events:
            server.set_clock(moment)
            if who == "timer":
                home.run(["refresh"], extra, at=moment)
            else:
                home.run(["show"], dict(extra or {}, NO_COLOR="1"), at=moment, terminal=True)
        warnings = server.requests(route) if route else []
        unchanged = sum(request.get("status") == 304 for request in warnings)
        return len(server.requests("forecast")), len(warnings), unchanged
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

    print("## Concurrent stale callers\n")
    print("`weather show --refresh` started N times at once on a stale result; the server answers in 0.5 s.\n")
    print("| callers | requests: weather | outputs: weather | naive: fetch every call | naive: 10-min file cache |")
    print("|---:|---:|---:|---:|---:|")
    for callers in (1, 4, 16, 64):
        requests, outputs, failures = concurrent(binary, callers)
        note = f" ({failures} failed)" if failures else ""
        print(f"| {callers} | {requests}{note} | {outputs} distinct | {callers} | {callers} |")

    started = time.time()
    days = [day(binary, arguments.hours, provider) for provider in PROVIDERS]
    hours = days[0][1]
    bar_moments = [5 * i for i in range(1, int(hours * 720))]
    print(f"\n## A simulated day ({hours:g} h)\n")
    print("A status bar runs `weather show` every 5 s, the timer runs `weather refresh` (every 15 min for "
          "Open-Meteo, every 2 hours for MET Norway), a person types `weather` in a terminal now and then. Naive tools "
          "have no timer: the status bar fetches on every call, or when its 10-minute cache file is old; the "
          "person's tool fetches every time.\n")
    columns = " | ".join(f"requests: {provider[0]}" for provider in PROVIDERS)
    print(f"| caller | runs | {columns} | naive: fetch every call | naive: 10-min file cache |")
    print("|---|---:|" + "---:|" * len(PROVIDERS) + "---:|---:|")
    person = days[0][0]["person"][0]
    rows = [("status bar, `weather show` (pipe)", "bar", str(len(bar_moments)), len(bar_moments),
             naive_file_cache(bar_moments)),
            ("timer, `weather refresh`", "timer", " / ".join(str(d[0]["timer"][0]) for d in days), "–", "–"),
            ("person, `weather` (terminal)", "person", str(person), person, person)]
    for label, key, runs, naive_every, naive_cache in rows:
        cells = " | ".join(str(d[0][key][1]) for d in days)
        print(f"| {label} | {runs} | {cells} | {naive_every} | {naive_cache} |")
    totals = [sum(d[0][key][1] for key in ("bar", "timer", "person")) for d in days]
    naive_every = len(bar_moments) + person
    naive_cache = naive_file_cache(bar_moments) + person
    print(f"| **total** | | " + " | ".join(f"**{total}**" for total in totals) + f" | {naive_every} | {naive_cache} |")
    print(f"| answered 304 Not Modified | | " + " | ".join(str(d[3]) for d in days) + " | | |")
    print(f"| stale results shown by the bar | | " + " | ".join(str(d[0]["bar"][2]) for d in days) + " | | |")
    # What Open-Meteo's free API counts: each request weighs what its variables and days make it
    # (calculateQueryWeight, as the fixture server applies it to each request it received).
    weight = days[0][2]
    each = weight / totals[0] if totals[0] else 0
    print(f"| calls Open-Meteo counts (of 10,000 a day) | | **{weight:,.1f}** ({each:g} each) | | | "
          f"{naive_every * each:,.0f} | {naive_cache * each:,.0f} |")
    # The air quality API is Open-Meteo's too, under the same limits: its calls add to the forecast's.
    print(f"| requests to the air quality API (at most one an hour) | | " + " | ".join(str(d[4][0]) for d in days)
          + " | | |")
    air_weight = days[0][4][1]
    print(f"| calls Open-Meteo counts, forecast and air together (of 10,000 a day) | | "
          f"**{weight + air_weight:,.1f}** | | | | |")
    print(f"\n(one more request set the place at the start of each day; the simulation took "
          f"{time.time() - started:.0f} s)")

    print(f"\n## The official warnings of a day, by country ({hours:g} h)\n")
    print("The timer and the person of the day above (a status bar's pipe never fetches), for a place each "
          "warnings service covers and one none covers.\n")
    print("| place | warnings from | requests: forecast | requests: warnings | of them answered 304 |")
    print("|---|---|---:|---:|---:|")
    contact = {"WEATHER_CONTACT": "bench@example.org"}
    for label, place, source, route, extra in (
            ("Springfield, MO (US)", ["Springfield, MO"], "National Weather Service", "nws", None),
            ("Berlin (DE)", ["Berlin"], "DWD through Bright Sky", "brightsky", None),
            ("Bergen (NO)", ["Bergen"], "MET Norway (with a contact)", "metalerts", contact),
            ("Paris (FR)", ["Paris"], "none", None, None)):
        forecasts, warnings, unchanged = warnings_day(binary, place, route, hours, extra)
        print(f"| {label} | {source} | {forecasts} | {warnings} | {unchanged} |")


if __name__ == "__main__":
    recorded("bench-requests", "requests made", main)
