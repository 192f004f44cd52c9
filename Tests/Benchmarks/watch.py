#!/usr/bin/env python3
"""A status bar's day with `weather watch` against the same bar polling `weather show` every 5 s.

The day is compressed, not simulated by a fake clock: `weather watch` blocks on the kernel and on a timer for
the moment its result turns stale, so what it costs is what it does per event, and a day is its events. A
day of the timer every 15 minutes is 96 `weather refresh` runs that store new values, each followed by the
result turning stale (here `WEATHER_STALE_AFTER` is a fraction of a second, so that it happens between two
refreshes, as it does for a few minutes of each quarter hour at worst). One watcher sees all of it; its CPU
time is read from /proc/<pid>/schedstat (nanoseconds), its lines from its pipe, each stamped when read: the
delay after new data is from the end of the `refresh` that stored it to the line's arrival.

The polling bar is measured by its cost per `weather show` (wait4's rusage over 300 runs) times the 17,280
polls of a day; its delay after new data is up to one poll, 2.5 s on average.

    python3 Tests/Benchmarks/watch.py [--binary PATH] [--refreshes 96]
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from support import Home, Server, build_release, recorded  # noqa: E402

POLLS_A_DAY = 24 * 3600 // 5


def cpu_seconds(pid):
    with open("/proc/%d/schedstat" % pid) as file:
        return int(file.read().split()[0]) / 1e9


class Reader(threading.Thread):
    """Reads the watcher's lines as they come, each with the moment it arrived."""

    def __init__(self, stream):
        super().__init__(daemon=True)
        self.stream = stream
        self.lines = []
        self.changed = threading.Condition()

    def run(self):
        for line in self.stream:
            with self.changed:
                self.lines.append((time.time(), line.rstrip("\n")))
                self.changed.notify_all()

    def wait_for(self, count, timeout=5):
        with self.changed:
            self.changed.wait_for(lambda: len(self.lines) >= count, timeout)
            return len(self.lines) >= count


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", help="the weather binary (default: build and install the release one)")
    parser.add_argument("--refreshes", type=int, default=96, help="timer runs in the day (default 96)")
    arguments = parser.parse_args()
    binary = arguments.binary or build_release()

    server = Server()
    home = Home(binary, server)
    try:
        home.run(["set", "Berlin"])
        stale_after = "0.3"
        watcher = subprocess.Popen(
            [binary, "watch"], env=dict(home.environment, WEATHER_STALE_AFTER=stale_after),
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        reader = Reader(watcher.stdout)
        reader.start()
        reader.wait_for(1)
        time.sleep(0.5)  # the first line, and the result gone stale
        start_cpu = cpu_seconds(watcher.pid)  # its start, with the first two lines
        delays = []
        fixtures = ["open-meteo/forecast-berlin-later.json", "open-meteo/forecast/berlin.json"]
        for index in range(arguments.refreshes):
            server.script("forecast", [{"fixture": fixtures[index % 2]}])
            before = len(reader.lines)
            subprocess.run([binary, "refresh"], env=dict(home.environment, WEATHER_STALE_AFTER="0"),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            # Stored at the rename, which sets the file's change time (before `refresh` prints and ends).
            stored = os.stat(os.path.join(home.environment["XDG_CACHE_HOME"], "weather", "current.json")).st_ctime_ns / 1e9
            if reader.wait_for(before + 1):
                delays.append(reader.lines[before][0] - stored)
            time.sleep(float(stale_after) + 0.2)  # turns stale: a line of its own
        day_cpu = cpu_seconds(watcher.pid) - start_cpu
        lines = len(reader.lines) - 1

        # The same day without a line to print: every refresh renews the values it already has (noData),
        # and the result stays fresh. What the watcher costs for noticing, reading and deciding alone.
        quiet_start = cpu_seconds(watcher.pid)
        quiet_lines = len(reader.lines)
        for index in range(arguments.refreshes):
            server.script("forecast", [{"fixture": fixtures[(arguments.refreshes - 1) % 2]}])
            subprocess.run([binary, "refresh"], env=dict(home.environment, WEATHER_STALE_AFTER="0"),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        time.sleep(0.3)
        quiet_cpu = cpu_seconds(watcher.pid) - quiet_start
        quiet_printed = len(reader.lines) - quiet_lines
        watcher.terminate()
        watcher.wait()

        # The polling bar: the cost of one `weather show` from a pipe, times a day of polls.
        runs = 300
        usage_before = resource.getrusage(resource.RUSAGE_CHILDREN)
        for _ in range(runs):
            subprocess.run([binary, "show", "--short"], env=home.environment, stdout=subprocess.DEVNULL, check=True)
        usage_after = resource.getrusage(resource.RUSAGE_CHILDREN)
        per_show = ((usage_after.ru_utime - usage_before.ru_utime) + (usage_after.ru_stime - usage_before.ru_stime)) / runs
    finally:
        home.close()
        server.close()

    print("## A status bar's day: `weather watch` against `weather show` every 5 s\n")
    print("%d timer runs storing new values, each followed by the result turning stale.\n" % arguments.refreshes)
    print("| | processes started | CPU time | lines printed | new data shown after |")
    print("|---|---:|---:|---:|---|")
    print("| `weather watch` (one process) | 1 | %.0f ms | %d | %.0f ms median, %.0f ms at most |" % (
        day_cpu * 1000, lines, statistics.median(delays) * 1000, max(delays) * 1000))
    print("| `weather watch`, the same day with nothing new to show | 1 | %.0f ms | %d | |" % (
        quiet_cpu * 1000, quiet_printed))
    print("| `weather show` every 5 s | %d | %.0f ms | %d | up to 5 s, 2.5 s on average |" % (
        POLLS_A_DAY, per_show * POLLS_A_DAY * 1000, POLLS_A_DAY))
    print("\nCPU time: the watcher's from /proc/<pid>/schedstat over the day, the lines it printed included (its"
          " start, %.1f ms, not); a poll's from wait4 over %d runs, %.2f ms each, times %d. Delay: from the rename"
          " that stored the new values (the file's change time) to the line's arrival in the bar's pipe." % (
              start_cpu * 1000, runs, per_show * 1000, POLLS_A_DAY))


if __name__ == "__main__":
    recorded("bench-watch", "a status bar's day", main)
