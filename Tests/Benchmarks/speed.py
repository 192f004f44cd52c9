#!/usr/bin/env python3
"""How fast weather is on its two hot paths, next to the programs it should cost about as much as.

- `weather show` and `weather show --json` (stdout a pipe, a fresh result) against `cat` of the result
  file: the status-bar path. Targets: at most 1.0 million instructions, a median at most 1.6 times cat's,
  peak memory at most 8 MiB. The same with a result of MET Norway's (`WEATHER_PROVIDER=met-norway`), whose
  conditions carry MET's symbol and whose outlook its symbols.
- `weather show --waybar` and `--format` against `weather show`: at most 1.1 times its instructions; and
  the waybar recipe they replace, `weather show --json | jq ...` (the README's until --waybar existed).
- `weather show` with two official warnings in force (Springfield, MO: the NWS's Tornado Warning and
  Severe Thunderstorm Warning, and a Flood Watch announced). Target: at most 1.0 million instructions.
  The place of the rows above is Berlin with no warning in force: its warnings file is read, and empty.
- `weather show` of Berlin given by its coordinates (52.52,13.41), which has no country: whether a warning
  service covers it is decided by the point, in the outlines compiled in (WarningCoverage). Target: at most
  1.0 million instructions.
- `weather show` in locales of their own: C, American English (a 12-hour clock, from the locale) at most
  1.0 million instructions, as in C.UTF-8; German (its words through gettext, a decimal comma) at most 1.1
  times American English's instructions, in Berlin and with Springfield's two warnings in force (where
  American English is only the base of that ratio). The locales
  are those `make test-deps` generates (Tests/TestSupport/make-locales.sh), from the system's archive or
  `.build/locales` (`LOCPATH`).
- `weather refresh` with a stale result for a place no warnings service covers (Paris: one request to the
  loopback fixture server, parse, atomic write) against `curl -s` fetching the same URL from the same
  server. Targets: at most 1.1 times curl's instructions, peak memory at most 18 MiB.

Instructions are counted by valgrind's callgrind for the whole process, the dynamic loader included:
repeatable from run to run, unlike wall time on a shared machine, so they decide. Medians come from five
hyperfine rounds per group, each running the group's commands side by side, so that a machine that slows
down for a while slows every command alike; peak memory is the largest resident set of five runs, and page
faults the median of their minor faults (GNU time).
The binary measured is the one `make install` installs (stripped), unless --binary names another.

Usage: Tests/Benchmarks/speed.py [--binary PATH] [--runs 1000]
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import urllib.parse

from support import Home, Server, build_release, recorded


# Hyperfine runs each command's runs in one block: rounds spread every command over the whole run.
ROUNDS = 5


def memory(command, environment):
    """The largest resident set of five runs, in KiB, and the median of their page faults (minor: every page
    a run touches first costs one, the file's pages being in memory)."""
    peaks, faults = [], []
    for _ in range(5):
        result = subprocess.run(["/usr/bin/time", "-f", "%M %R"] + command, env=environment,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        peak, minor = result.stderr.strip().splitlines()[-1].split()
        peaks.append(int(peak))
        faults.append(int(minor))
    return max(peaks), statistics.median(faults)


def instructions(command, environment):
    """Instructions of one whole run, dynamic loader included, counted by callgrind: every process of it,
    so that a shell pipeline counts its shell and each program in it."""
    result = subprocess.run(["valgrind", "--tool=callgrind", "--trace-children=yes", "--callgrind-out-file=/dev/null"]
                            + command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.findall(r"refs:\s+([\d,]+)", result.stderr)
    if not found:
        sys.exit("callgrind could not measure %s:\n%s" % (command[0], result.stderr[-800:]))
    return sum(int(count.replace(",", "")) for count in found)


def order_report(binary):
    """How many of Config/weather.order's names the binary still has: a renamed function falls back to where
    the linker would put it anyway, which costs speed (pages touched), not correctness."""
    order_file = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Config", "weather.order")
    with open(order_file, encoding="utf-8") as file:
        order = [line.strip() for line in file if line.strip()]
    symbols = subprocess.run(["nm", binary], capture_output=True, text=True).stdout
    names = {line.split()[-1] for line in symbols.splitlines() if len(line.split()) == 3}
    if not names:
        return "Config/weather.order: the binary has no symbol table to check it against"
    missing = sum(1 for name in order if name not in names)
    verdict = "up to date" if missing * 10 <= len(order) else "**stale**: run make order-file"
    return f"Config/weather.order: {len(order) - missing} of {len(order)} names in the binary ({verdict})"


def binary_type(binary):
    header = subprocess.run(["readelf", "-h", binary], capture_output=True, text=True).stdout
    return "PIE" if "DYN (Position-Independent" in header else "not PIE"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", help="a weather binary to measure (default: make install's, built now)")
    parser.add_argument("--runs", type=int, default=1000, help="runs of each command (default 1000)")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary) if arguments.binary else build_release()
    for tool in ("hyperfine", "curl", "/usr/bin/time", "valgrind", "readelf", "nm", "jq"):
        if not shutil.which(tool):
            sys.exit(f"speed.py needs {tool}: apt-get install hyperfine curl time valgrind binutils jq")

    server = Server()
    home = Home(binary, server)
    warned = Home(binary, server)
    elsewhere = Home(binary, server)
    by_point = Home(binary, server)
    environment = home.environment
    met = Home(binary, server)
    met.environment.update(WEATHER_PROVIDER="met-norway", WEATHER_CONTACT="bench@example.org",
                           WEATHER_MET_URL=server.url + "/weatherapi/locationforecast/2.0/complete")
    try:
        # Berlin with its warnings file, and no warning in force in it, for each provider.
        server.script("brightsky", [{"fixture": "brightsky/variants/berlin-none.json", "times": 3}])
        by_point.run(["set", "52.52,13.41"])
        met.run(["set", "Berlin"])
        met_result = met.environment["XDG_CACHE_HOME"] + "/weather/current.json"
        home.run(["set", "Berlin"])
        # Springfield, MO, with two warnings in force (the fixture's times anchored at the first warnings
        # request, just above: they stay in force for 25 minutes).
        server.script("nws", [{"fixture": "nws/variants/springfield-missouri-tornado.json"}])
        warned.run(["set", "Springfield, MO"])
        elsewhere.run(["set", "Paris"])
        # An explicit interval: every stale refresh fetches (minimum adapts, and would skip the repeated runs
        # that find the same values).
        elsewhere.run(["schedule", "15m"])
        request = server.requests("forecast")[-1]
        forecast = server.url + request["path"] + "?" + urllib.parse.urlencode(request["query"])
        result_file = environment["XDG_CACHE_HOME"] + "/weather/current.json"

        stale = dict(elsewhere.environment, WEATHER_STALE_AFTER="0")
        # The locale rows: each runs with its own LANG (hyperfine through env, which every row of the group
        # pays alike; instructions and memory without it).
        american, german = locale_variables("en_US.UTF-8"), locale_variables("de_DE.UTF-8")
        groups = [
            (warned.environment, [("weather show, two warnings in force", [binary, "show"], None, None, 1_000_000, 8),
                                  ("weather show --json, two warnings in force", [binary, "show", "--json"], 0, None,
                                   None, 8),
                                  # The German row's base; its 12-hour clock reads three times (1.01 M).
                                  ("weather show, two warnings, LANG=en_US.UTF-8", [binary, "show"], 0, None,
                                   None, 8, american),
                                  ("weather show, two warnings, LANG=de_DE.UTF-8 (ratios to en_US)", [binary, "show"],
                                   2, None, 1.1, 8, german)]),
            # (environment, rows): each row (label, command, base row, wall-time target, instruction target
            # as a count or a ratio to the base row, memory target in MiB[, variables of its own]), run side by
            # side in one hyperfine run.
            (environment, [("cat (the result file)", ["cat", result_file], None, None, None, None),
                           ("weather show", [binary, "show"], 0, 1.6, 1_000_000, 8),
                           ("weather show --json", [binary, "show", "--json"], 0, 1.6, 1_000_000, 8),
                           ("weather show --waybar", [binary, "show", "--waybar"], 1, None, 1.1, 8),
                           ('weather show --format "%l %c %t %w %o"', [binary, "show", "--format", "%l %c %t %w %o"],
                            1, None, 1.1, 8),
                           ("show --json piped to jq (the recipe --waybar replaces)", ["sh", "-c", JQ_RECIPE % binary],
                            3, None, None, None)]),
            (met.environment, [("cat (MET Norway's result file)", ["cat", met_result], None, None, None, None),
                               ("weather show (MET Norway's result)", [binary, "show"], 0, 1.6, 1_000_000, 8),
                               ("weather show --json (MET Norway's result)", [binary, "show", "--json"], 0, 1.6,
                                1_000_000, 8)]),
            (by_point.environment, [("weather show, Berlin by its coordinates", [binary, "show"], None, None,
                                      1_000_000, 8)]),
            (environment, [("weather show, LANG=C", [binary, "show"], None, None, 1_000_000, 8, {"LANG": "C"}),
                           ("weather show, LANG=en_US.UTF-8 (12-hour clock)", [binary, "show"], 0, None, 1_000_000, 8,
                            american),
                           ("weather show, LANG=de_DE.UTF-8 (ratios to en_US)", [binary, "show"], 1, None, 1.1, 8,
                            german)]),
            # WEATHER_STALE_AFTER=0: every refresh run finds the result stale and fetches.
            (stale, [("curl -s (the same URL)", ["curl", "-s", "--compressed", forecast], None, None, None, None),
                     ("weather refresh (stale, no warnings service)", [binary, "refresh"], 0, None, 1.1, 18)]),
        ]
        print(f"Binary: {binary} ({binary_type(binary)}, {os.path.getsize(binary) / 1_048_576:.1f} MiB)")
        print(order_report(binary) + "\n")
        print("| command | instructions | ratio | median | ratio | peak memory | page faults | targets |")
        print("|---|---:|---:|---:|---:|---:|---:|---|")
        for group_environment, rows in groups:
            times = [[] for _ in rows]
            for _ in range(ROUNDS):
                export = os.path.join(home.root, "hyperfine.json")
                subprocess.run(
                    ["hyperfine", "-N", "--warmup", "50", "--runs", str(max(1, arguments.runs // ROUNDS)),
                     "--export-json", export, "--style", "none"]
                    + [" ".join(quote(part) for part in command_line(row)) for row in rows],
                    env=group_environment, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                with open(export) as file:
                    for index, result in enumerate(json.load(file)["results"]):
                        times[index] += result["times"]
            medians = [statistics.median(runs) * 1000 for runs in times]
            counts = [instructions(row[1], dict(group_environment, **own(row))) for row in rows]
            for index, row in enumerate(rows):
                label, command, base, wall_target, count_target, memory_target = row[:6]
                peak, faults = memory(command, dict(group_environment, **own(row)))
                peak /= 1024
                count_ratio = counts[index] / counts[base] if base is not None else None
                wall_ratio = medians[index] / medians[base] if base is not None else None
                verdicts = []
                if isinstance(count_target, int):
                    verdicts.append(verdict(f"≤ {count_target / 1e6:.1f} M instr.", counts[index] <= count_target))
                elif count_target:
                    verdicts.append(verdict(f"≤ {count_target}x instr.", count_ratio <= count_target))
                if wall_target:
                    verdicts.append(verdict(f"≤ {wall_target}x time", wall_ratio <= wall_target))
                if memory_target:
                    verdicts.append(verdict(f"≤ {memory_target} MiB", peak <= memory_target))
                print(f"| {label} | {counts[index]:,} | {ratio(count_ratio)} | {medians[index]:.2f} ms | "
                      f"{ratio(wall_ratio)} | {peak:.1f} MiB | {faults:.0f} | {', '.join(verdicts)} |")
        print(f"\nInstructions: callgrind, one whole run each. Times: {arguments.runs} runs of each command, in "
              f"{ROUNDS} hyperfine rounds of the group side by side, each after 50 warm-up runs; medians. Peak memory: "
              "the largest resident set of five runs; page faults: their median.")
    finally:
        home.close()
        met.close()
        warned.close()
        elsewhere.close()
        by_point.close()
        server.close()


# The README's waybar recipe before --waybar: JSON from weather, reshaped by jq for waybar.
JQ_RECIPE = ("%s show --json | jq -c '{text: \"\\(.temperature) °C, \\(.condition)\", tooltip: .location.name, "
             "class: (if .stale then \"stale\" else \"fresh\" end)}'")


def own(row):
    """The variables a row sets for itself, over its group's."""
    return row[6] if len(row) > 6 else {}


def command_line(row):
    """A row's command as hyperfine runs it: through env when the row has variables of its own."""
    variables = own(row)
    return (["env"] + [f"{name}={value}" for name, value in variables.items()] if variables else []) + row[1]


def locale_variables(name):
    """LANG=name, and LOCPATH when the locale was generated into .build/locales rather than the system's
    archive (Tests/TestSupport/make-locales.sh, as the tests use them)."""
    have = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split()
    if name.replace("UTF-8", "utf8") in have:
        return {"LANG": name}
    private = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".build", "locales")
    if not os.path.exists(os.path.join(private, name, "LC_TIME")):
        sys.exit(f"speed.py needs the locale {name}: run Tests/TestSupport/make-locales.sh (make bench-deps does)")
    return {"LANG": name, "LOCPATH": os.path.abspath(private) + ":/usr/lib/locale"}


def ratio(value):
    return f"{value:.2f}x" if value else ""


def verdict(target, met):
    return f"{target} {'met' if met else '**missed**'}"


def quote(text):
    return "'" + text.replace("'", "'\\''") + "'" if any(c in text for c in " &?;'\"") else text


if __name__ == "__main__":
    recorded("bench-speed", "show and refresh", main)
