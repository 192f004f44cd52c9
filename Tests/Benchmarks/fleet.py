#!/usr/bin/env python3
"""make bench-fleet: 10,000 users' background refresh over a day, as systemd runs it, and what the service sees.

The timer units and the crontab lines are rendered by weather's own code (the `fleet-rules` helper, built from
Tests/Benchmarks/FleetRules), and so are the constants of the freshness and stale rules. The model:

- systemd's timer: OnCalendar= clock times on each user's local clock, plus the fixed random delay as systemd
  computes it (SipHash-2-4 of machine id, manager kind, uid and unit name, modulo RandomizedDelaySec: checked
  here against weather's own FixedDelay, which a test checks against a real user manager), then sd-event's
  AccuracySec= coalescing (sleep_between: the per-boot perturbation within the minute, else 10 s, 1 s,
  250 ms, else the end of the window); the next clock time is worked out from the last trigger, as systemd
  does; Persistent=true fires a run missed in suspend at once on waking.
- Users: 10,000; 60 % laptops that sleep at night (and some at lunch), 40 % desktops that never do; local time
  zones from UTC-8 to UTC+9 (with +5:30); NTP-synced clocks. Every user has a status bar (shows the saved
  result all the time it is awake) and looks in a terminal a few times a day (a refresh when new values exist).
- The service: new values every 15 minutes (current.time is the quarter hour); a result turns stale (the data's
  clock) 15 min and the publishing delay after its quarter hour.
- The stale mark: before this change, when new values exist; now, when the user's next run plus a grace has
  passed without new data (RunSchedule).
- Cron (no systemd): the crontab line's minute and its sleep; cron misses what it sleeps through.
- An outage: from 12:00 to 12:30 UTC every request fails. Before: every run and every look asks; now a failed
  request is shared for a minute on the machine, and background runs back off 1, 2, 4 ... minutes.
- MET Norway (`WEATHER_PROVIDER=met-norway`): each answer `Expires` 30 to 32 minutes later (a 304 too), and
  nothing is asked before; the timer of `minimum` as weather renders it for MET (`METNorway.dataInterval`).
  A new model run is published every hour at HH:21:37 UTC for the 5 % of users in the Nordic area, 4 times a
  day (04:21:37, 10:21:37, ...) elsewhere, as the fixture server publishes them; the age shown is the time
  since the run the bar shows was published. MET asks an application's users together for at most 20
  requests a second: the largest fleet under that is found by growing the fleet 5,000 users at a time.

Prints one table; `--users` and `--seed` change the fleet. Also measures 64 concurrent callers on one machine
during an outage with the real binary and the fixture server (--binary).
"""

import argparse
import json
import math
import os
import random
import subprocess
import sys

from support import recorded

HERE = os.path.dirname(os.path.abspath(__file__))
DAY = 86_400.0
QUARTER = 900.0
UNIT = "weather-refresh.timer"
SYSTEMD_KEY = bytes([0x51, 0x0A, 0xDB, 0x76, 0x29, 0x51, 0x42, 0xC2, 0x80, 0x35, 0xEA, 0xE6, 0x8E, 0x3A, 0x37, 0xBD])
OUTAGE = (12 * 3600.0, 12.5 * 3600.0)
ZONES = [(-8, 10), (-5, 15), (0, 15), (1, 25), (2, 5), (3, 5), (5.5, 10), (8, 10), (9, 5)]


# ---------------------------------------------------------------- systemd, as its source code does it

def siphash24(key, message):
    mask = (1 << 64) - 1

    def rotl(x, b):
        return ((x << b) | (x >> (64 - b))) & mask

    k0, k1 = int.from_bytes(key[:8], "little"), int.from_bytes(key[8:], "little")
    v = [0x736F6D6570736575 ^ k0, 0x646F72616E646F6D ^ k1, 0x6C7967656E657261 ^ k0, 0x7465646279746573 ^ k1]

    def rounds(n):
        for _ in range(n):
            v[0] = (v[0] + v[1]) & mask; v[1] = rotl(v[1], 13) ^ v[0]; v[0] = rotl(v[0], 32)
            v[2] = (v[2] + v[3]) & mask; v[3] = rotl(v[3], 16) ^ v[2]
            v[0] = (v[0] + v[3]) & mask; v[3] = rotl(v[3], 21) ^ v[0]
            v[2] = (v[2] + v[1]) & mask; v[1] = rotl(v[1], 17) ^ v[2]; v[2] = rotl(v[2], 32)

    whole = len(message) // 8 * 8
    for i in range(0, whole, 8):
        m = int.from_bytes(message[i:i + 8], "little")
        v[3] ^= m; rounds(2); v[0] ^= m
    last = (len(message) & 0xFF) << 56 | int.from_bytes(message[whole:] + bytes(8 - len(message[whole:])), "little")
    v[3] ^= last; rounds(2); v[0] ^= last
    v[2] ^= 0xFF
    rounds(4)
    return v[0] ^ v[1] ^ v[2] ^ v[3]


def fixed_delay(machine, uid, spread):
    """timer_get_fixed_delay_hash() % RandomizedDelaySec, in seconds."""
    microseconds = int(round(spread * 1e6))
    if microseconds == 0:
        return 0.0
    message = machine + b"\x00" + uid.to_bytes(4, "little") + UNIT.encode()
    return (siphash24(SYSTEMD_KEY, message) % microseconds) / 1e6


def sleep_between(a, b, perturb):
    """sd-event's choice of a wake-up between a and b (seconds): the same spot in every minute if it can."""
    for period in (60.0, 10.0, 1.0, 0.25):
        c = math.floor(b / period) * period + (perturb % period)
        if c >= b:
            c -= period
        if c >= a:
            return c
    return b


def duration(text):
    total, number = 0.0, ""
    units = {"h": 3600, "m": 60, "min": 60, "s": 1}
    i = 0
    while i < len(text):
        if text[i].isdigit() or text[i] == ".":
            number += text[i]
            i += 1
            continue
        unit = "min" if text.startswith("min", i) else text[i]
        total += float(number) * units[unit]
        number = ""
        i += len(unit)
    return total + (float(number) if number else 0)


class Timer:
    """The parts of a rendered weather-refresh.timer that decide when it fires."""

    def __init__(self, text):
        values = dict(line.split("=", 1) for line in text.splitlines() if "=" in line and not line.startswith("#"))
        calendar = values["OnCalendar"].split(" ")[1]  # "*:02/15:00" or "00/2:02:00"
        hours, minutes, _ = calendar.split(":")
        if hours == "*":
            start, step = minutes.split("/")
            self.offset, self.step = int(start) * 60.0, int(step) * 60.0
        else:
            start, step = hours.split("/")
            self.offset, self.step = int(start) * 3600.0 + int(minutes) * 60.0, int(step) * 3600.0
        self.spread = duration(values["RandomizedDelaySec"])
        self.accuracy = duration(values["AccuracySec"])

    def next_clock_time(self, after, zone):
        """The first clock time strictly after `after` (UTC seconds) on a clock `zone` seconds from UTC."""
        local = after + zone
        k = math.floor((local - self.offset) / self.step) + 1
        return k * self.step + self.offset - zone


# ---------------------------------------------------------------- the fleet

class User:
    def __init__(self, rng, index):
        self.machine = bytes(rng.getrandbits(8) for _ in range(16))
        self.uid = 1000
        self.zone = rng.choices([z for z, _ in ZONES], [w for _, w in ZONES])[0] * 3600
        self.laptop = index % 5 < 3
        self.perturb = rng.uniform(0, 60)
        self.awake = self.awake_spans(rng)
        self.looks = sorted(rng.uniform(s, e) for s, e in self.awake for _ in range(self.poisson(rng, 3 * (e - s) / DAY)))

    @staticmethod
    def poisson(rng, mean):
        count, p, limit = 0, 1.0, math.exp(-mean)
        while True:
            p *= rng.random()
            if p < limit:
                return count
            count += 1

    def awake_spans(self, rng):
        """Awake time over two days (the first warms up), in UTC seconds from the second day's midnight."""
        if not self.laptop:
            return [(-DAY, DAY)]
        spans = []
        for day in (-DAY, 0.0):
            wake = day + rng.gauss(8, 1) * 3600 - self.zone
            sleep = day + rng.gauss(23, 1) * 3600 - self.zone
            if rng.random() < 0.3:
                lunch = day + rng.uniform(12, 13.5) * 3600 - self.zone
                spans += [(wake, lunch), (lunch + rng.uniform(1800, 5400), sleep)]
            else:
                spans.append((wake, sleep))
        return spans

    def is_awake(self, t):
        return any(s <= t < e for s, e in self.awake)

    def next_wake(self, t):
        later = [s for s, e in self.awake if s >= t]
        return min(later) if later else None


def timer_runs(user, timer, delay):
    """When the user's timer starts weather refresh over both days."""
    runs = []
    start = user.awake[0][0]
    elapse = timer.next_clock_time(start - 1, user.zone) + delay
    while elapse < DAY:
        fire = sleep_between(elapse, elapse + timer.accuracy, user.perturb)
        if not user.is_awake(fire):
            wake = user.next_wake(fire)
            if wake is None or wake >= DAY:
                break
            fire = wake + 1.0  # Persistent=true, or the wall clock jumping at resume: at once
        runs.append(fire + 0.2)
        elapse = timer.next_clock_time(fire, user.zone) + delay
    return runs


def cron_runs(user, line):
    """When cron starts the crontab line over both days, awake only (cron does not catch up)."""
    fields = line.split(" ")
    minute_field, hour_field = fields[0], fields[1]
    sleep = float(fields[6].rstrip(";")) if fields[5] == "sleep" else 0.0
    if "/" in minute_field:
        first, step = minute_field.split("/")
        minutes = range(int(first.split("-")[0]), 60, int(step))
    else:
        minutes = [int(minute_field)]
    if hour_field == "*":
        hours = range(24)
    elif "/" in hour_field:
        first, step = hour_field.split("/")
        hours = range(int(first.split("-")[0]), 24, int(step))
    else:
        hours = [int(hour_field)]
    runs = []
    for day in (-DAY, 0.0):
        for hour in hours:
            for minute in minutes:
                t = day + hour * 3600 + minute * 60 - user.zone + 0.5 + sleep
                if -DAY <= t < DAY and user.is_awake(t - sleep):
                    runs.append(t)
    return sorted(runs)


def first_run_after(moment, timer, delay, zone, last_trigger):
    """The rule of RunSchedule.firstRun(atOrAfter:lastRun:): the first clock time past the last trigger, or
    later, whose run (plus the delay) is at or after `moment`."""
    after = moment - delay - 1e-9
    if last_trigger is not None:
        after = max(after, last_trigger)
    return timer.next_clock_time(after, zone) + delay


def simulate(users, rules, delays, runs_of, stale_rule, outage=False, shared_failures=True, stamps=True):
    """`stamps`: systemd keeps the last trigger (cron does not), from which it schedules the next run."""
    """Requests and what the bars show over the second day."""
    publish = rules["publishDelay"]
    grace = rules["grace"]
    window = rules["sharedFailureWindow"]
    requests, outage_requests = [], 0
    # The air's requests, made by the runs that fetch the forecast once the saved air is an hour old
    # (AirQuality.staleAt: the service's hourly interval), and the most one user made in a clock hour.
    air_requests, air_most_in_an_hour = [], 0
    age_time = age_sum = stale_time = awake_total = 0.0
    samples = []
    for index, user in enumerate(users):
        delay = delays[index]
        events = [(t, "run") for t in runs_of(user, index, delay)] + [(t, "look") for t in user.looks]
        events.sort()
        observed = stale_at = mark_at = None
        shown = []  # (from, observed, mark_at)
        failures, failed_at, backoff_until = 0, None, None
        last_trigger = None
        air_stale_at, air_hours = None, {}
        for t, kind in events:
            if kind == "run" and stamps:
                last_trigger = t - 0.2
            if observed is not None and t < stale_at:
                continue  # fresh: no request
            if outage and shared_failures and failed_at is not None:
                if kind == "run" and t < backoff_until:
                    continue
                if kind == "look" and t < failed_at + window:
                    continue
            if 0 <= t < DAY:
                requests.append(t)
            if outage and OUTAGE[0] <= t < OUTAGE[1]:
                outage_requests += 1 if t >= 0 else 0
                failures += 1
                failed_at = t
                backoff_until = t + 60 * 2 ** min(failures - 1, 6) * 1.125
                continue
            failures, failed_at = 0, None
            if air_stale_at is None or t >= air_stale_at:
                air_stale_at = t + 3600
                if 0 <= t < DAY:
                    air_requests.append(t)
                    air_hours[int(t // 3600)] = air_hours.get(int(t // 3600), 0) + 1
            observed = math.floor(t / QUARTER) * QUARTER
            stale_at = max(observed + QUARTER + publish, t + rules["recheckDelay"])
            if stale_rule == "data":
                mark_at = stale_at
            else:
                mark_at = first_run_after(stale_at, stale_rule, delay, user.zone, last_trigger) + grace
            shown.append((t, observed, mark_at))
        air_most_in_an_hour = max([air_most_in_an_hour] + list(air_hours.values()))
        # What the bar shows while the user is awake on the second day.
        for start, end in user.awake:
            start, end = max(start, 0.0), min(end, DAY)
            if start >= end:
                continue
            awake_total += end - start
            for i, (since, obs, mark) in enumerate(shown):
                until = shown[i + 1][0] if i + 1 < len(shown) else DAY
                a, b = max(since, start), min(until, end)
                if a >= b:
                    continue
                age_time += b - a
                age_sum += (b - a) * ((a + b) / 2 - obs)
                stale_time += max(0.0, b - max(a, mark))
                if index % 10 == 0:
                    samples += [(s - obs) for s in range(int(math.ceil(a / 30)) * 30, int(b), 30)]
    per_second, per_minute = {}, {}
    for t in requests:
        per_second[int(t)] = per_second.get(int(t), 0) + 1
        per_minute[int(t // 60)] = per_minute.get(int(t // 60), 0) + 1
    samples.sort()
    air_per_second, air_per_minute = {}, {}
    for t in air_requests:
        air_per_second[int(t)] = air_per_second.get(int(t), 0) + 1
        air_per_minute[int(t // 60)] = air_per_minute.get(int(t // 60), 0) + 1
    return {
        "air": {
            "requests": len(air_requests),
            "peak": max(air_per_second.values()) if air_per_second else 0,
            "busiest": (max(air_per_minute.values()) / (len(air_requests) / 1440)) if air_requests else 0,
            "most_per_user_hour": air_most_in_an_hour,
        },
        "requests": len(requests),
        "peak": max(per_second.values()) if per_second else 0,
        "busiest": (max(per_minute.values()) / (len(requests) / 1440)) if requests else 0,
        "mean_age": age_sum / age_time / 60 if age_time else 0,
        "p95_age": samples[int(len(samples) * 0.95)] / 60 if samples else 0,
        "stale": stale_time / awake_total if awake_total else 0,
        "outage": outage_requests,
    }


PUBLISHED_AT = 21 * 60 + 37


def met_published(moment, nordic):
    """When the MET model run current at `moment` was published, as fixtureserver/locationforecast.py does."""
    if nordic:
        return math.floor((moment - PUBLISHED_AT) / 3600) * 3600 + PUBLISHED_AT
    phase = 4 * 3600 + PUBLISHED_AT
    return math.floor((moment - phase) / 21600) * 21600 + phase


def simulate_met(users, rules, delays, runs_of, timer, seed=2026):
    """MET Norway's fleet over the second day: a request when a run or a look finds the result past its
    Expires; requests, the peak second, the busiest minute, the age of the model run shown, the stale mark."""
    grace = rules["grace"]
    rng = random.Random(seed)
    requests, not_modified = [], 0
    age_time = age_sum = stale_time = awake_total = 0.0
    for index, user in enumerate(users):
        delay = delays[index]
        nordic = index % 20 == 0
        events = [(t, "run") for t in runs_of(user, index, delay)] + [(t, "look") for t in user.looks]
        events.sort()
        expires, shown, last_trigger, run_shown = None, [], None, None
        for t, kind in events:
            if kind == "run":
                last_trigger = t - 0.2
            if expires is not None and t < expires:
                continue
            if 0 <= t < DAY:
                requests.append(t)
                not_modified += run_shown == met_published(t, nordic)
            run_shown = met_published(t, nordic)
            expires = t + 1800 + rng.uniform(0, 120)
            shown.append((t, run_shown, first_run_after(expires, timer, delay, user.zone, last_trigger) + grace))
        for start, end in user.awake:
            start, end = max(start, 0.0), min(end, DAY)
            if start >= end:
                continue
            awake_total += end - start
            for i, (since, published, mark) in enumerate(shown):
                until = shown[i + 1][0] if i + 1 < len(shown) else DAY
                a, b = max(since, start), min(until, end)
                if a >= b:
                    continue
                age_time += b - a
                age_sum += (b - a) * ((a + b) / 2 - published)
                stale_time += max(0.0, b - max(a, mark))
    per_second, per_minute = {}, {}
    for t in requests:
        per_second[int(t)] = per_second.get(int(t), 0) + 1
        per_minute[int(t // 60)] = per_minute.get(int(t // 60), 0) + 1
    return {
        "requests": len(requests), "not_modified": not_modified,
        "peak": max(per_second.values()) if per_second else 0,
        "busiest": (max(per_minute.values()) / (len(requests) / 1440)) if requests else 0,
        "mean_age": age_sum / age_time / 60 if age_time else 0,
        "stale": stale_time / awake_total if awake_total else 0,
    }


def rules_from_helper(helper, users):
    lines = "".join(user.machine.hex() + " " + str(user.uid) + "\n" for user in users)
    output = subprocess.run([helper], input=lines, capture_output=True, text=True, check=True).stdout
    return json.loads(output)


def concurrent_outage(binary, callers=64):
    """Requests sent by `callers` concurrent `show --refresh` on one machine while the service drops them."""
    sys.path.insert(0, HERE)
    from support import Home, Server
    server = Server()
    home = Home(binary, server)
    try:
        home.run(["set", "Berlin"])
        server.clear()
        server.script("forecast", [{"drop": True, "delay": 0.5, "times": 1000}])
        processes = [home.spawn(["show", "--refresh"], {"WEATHER_STALE_AFTER": "0"}) for _ in range(callers)]
        for process in processes:
            process.communicate()
        return len(server.requests("forecast"))
    finally:
        home.close()
        server.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--helper", required=True, help="the built fleet-rules helper")
    parser.add_argument("--binary", help="the built weather, for the concurrent callers during an outage")
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--capacity", action=argparse.BooleanOptionalAction, default=True,
                        help="grow MET Norway's fleet until its busiest second passes 20 requests")
    options = parser.parse_args()

    rng = random.Random(options.seed)
    users = [User(rng, i) for i in range(options.users)]
    rendered = rules_from_helper(options.helper, users)
    rules = rendered["rules"]
    timers = {name: Timer(value["timer"]) for name, value in rendered["intervals"].items()
              if not name.startswith("met-norway")}
    met_timer = Timer(rendered["intervals"]["met-norway minimum"]["timer"])
    # systemd's delay, as modelled here, is weather's FixedDelay: checked on the first users.
    for index in range(20):
        for name, timer in timers.items():
            modelled = fixed_delay(users[index].machine, users[index].uid, timer.spread)
            assert abs(modelled - rendered["users"][index]["delays"][name]) < 1e-6, (name, modelled)

    rows = []

    def row(label, delays, runs_of, stale_rule, **extra):
        rows.append((label, simulate(users, rules, delays, runs_of, stale_rule, **extra)))

    # Before this change: minimum spread over 3 minutes, the mark at the data's clock, cron all at :02.
    before = Timer(rendered["intervals"]["minimum"]["timer"])
    before.spread = 180.0
    before_delays = [fixed_delay(u.machine, u.uid, before.spread) for u in users]
    row("minimum, before (3 min spread, stale at the data's clock)", before_delays,
        lambda u, i, d: timer_runs(u, before, d), "data")
    for name, timer in timers.items():
        delays = [fixed_delay(u.machine, u.uid, timer.spread) for u in users]
        row(f"{name} ({timer.spread / 60:g} min spread)", delays,
            lambda u, i, d, timer=timer: timer_runs(u, timer, d), timer)
    minimum = timers["minimum"]
    minimum_delays = [fixed_delay(u.machine, u.uid, minimum.spread) for u in users]
    row("cron fallback before: 2-59/15", [0.0] * len(users),
        lambda u, i, d: cron_runs(u, "2-59/15 * * * * /w refresh"), "data")
    row("cron fallback: each user's minute and sleep", minimum_delays,
        lambda u, i, d: cron_runs(u, rendered["users"][i]["cron"]["minimum"]), minimum, stamps=False)
    outage_before = simulate(users, rules, before_delays, lambda u, i, d: timer_runs(u, before, d), "data",
                             outage=True, shared_failures=False)
    outage_now = simulate(users, rules, minimum_delays, lambda u, i, d: timer_runs(u, minimum, d), minimum,
                          outage=True)

    print(f"{len(users):,} users over a day ({sum(u.laptop for u in users):,} laptops that sleep), seed {options.seed}\n")
    print("| schedule | requests | peak req/s | busiest minute / mean minute | mean age shown | 95th pct age | "
          "polls marked stale |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, r in rows:
        print(f"| {label} | {r['requests']:,} | {r['peak']} | {r['busiest']:.1f} | {r['mean_age']:.1f} min | "
              f"{r['p95_age']:.1f} min | {100 * r['stale']:.1f} % |")
    print(f"\n30-minute outage (12:00-12:30 UTC), requests sent during it by {len(users):,} users: "
          f"{outage_before['outage']:,} before (every run and look asks), {outage_now['outage']:,} now "
          f"(failures shared for a minute, the timer backing off)")
    # The air quality API's share (`air` on, as by default): asked by the runs of the minimum timer above.
    air = next(r for label, r in rows if label.startswith("minimum ("))["air"]
    print(f"\nThe air quality API, asked by the same runs (minimum) when the saved air is an hour old: "
          f"{air['requests']:,} requests from {len(users):,} users, peak {air['peak']} req/s, busiest minute "
          f"{air['busiest']:.1f} times the mean minute, at most {air['most_per_user_hour']} per user in a clock hour")
    if options.binary:
        print(f"\n64 concurrent callers on one machine during an outage (real binary, fixture server dropping "
              f"connections): {concurrent_outage(options.binary)} request(s)")

    # MET Norway: minimum as weather renders it for MET, and an hourly timer (weather schedule 1h) beside it.
    print(f"\n### MET Norway\n\n{len(users):,} users over a day, each answer expiring 30 to 32 minutes later; "
          f"5 % of them in the Nordic area (a model run every hour), the rest 4 a day.\n")
    print("| schedule | requests | answered 304 | peak req/s | busiest minute / mean minute | mean age of the run "
          "shown | polls marked stale |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, timer in ((f"minimum ({met_timer.step / 3600:g} h, {met_timer.spread / 60:g} min spread)", met_timer),
                         (f"1h ({timers['1h'].spread / 60:g} min spread)", timers["1h"])):
        delays = [fixed_delay(u.machine, u.uid, timer.spread) for u in users]
        r = simulate_met(users, rules, delays, lambda u, i, d, timer=timer: timer_runs(u, timer, d), timer)
        print(f"| {label} | {r['requests']:,} | {r['not_modified']:,} | {r['peak']} | {r['busiest']:.1f} | "
              f"{r['mean_age']:.1f} min | {100 * r['stale']:.1f} % |")
    if options.capacity:
        # The largest fleet whose busiest second stays within MET's 20 requests, under minimum.
        capacity, size, pool = 0, 5_000, list(users)
        print()
        while True:
            pool += [User(rng, index) for index in range(len(pool), size)]
            fleet = pool[:size]
            delays = [fixed_delay(u.machine, u.uid, met_timer.spread) for u in fleet]
            r = simulate_met(fleet, rules, delays, lambda u, i, d: timer_runs(u, met_timer, d), met_timer)
            print(f"- {size:,} users: peak {r['peak']} req/s, {r['requests']:,} requests")
            if r["peak"] > 20:
                break
            capacity, size = size, size + 5_000
        print(f"\nUnder minimum, MET's 20 requests a second hold for a fleet of {capacity:,} users (the busiest "
              f"second of a day, this seed).")


if __name__ == "__main__":
    recorded("bench-fleet", "10,000 users' timers", main)
