#!/usr/bin/env python3
"""How fast weather is on its two hot paths, next to the programs it should cost about as much as.

- `weather show` and `weather show --json` (stdout a pipe, a fresh result) against `cat` of the result
  file: the status-bar path. Targets: median at most 2.5 times cat's; peak memory at most 20 MiB.
- `weather refresh` with a stale result (one request to the loopback fixture server, parse, atomic write)
  against `curl -s` fetching the same URL from the same server. Target: at most 1.5 times curl's median.

Each group runs side by side in one hyperfine run (apt-get install hyperfine); peak memory is the maximum
resident set size of single runs (GNU time).

Usage: Tests/Benchmarks/speed.py [--binary PATH] [--runs 1000]   (without --binary it runs make build first)
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import urllib.parse

from support import Home, Server, build_release


def peak_memory_kib(command, environment):
    """The largest resident set of five runs, in KiB."""
    peaks = []
    for _ in range(5):
        result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, env=environment,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        peaks.append(int(result.stderr.strip().splitlines()[-1]))
    return max(peaks)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", help="a weather binary to measure (default: build the release binary)")
    parser.add_argument("--runs", type=int, default=1000, help="runs of each command (default 1000)")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary) if arguments.binary else build_release()
    for tool in ("hyperfine", "curl", "/usr/bin/time"):
        if not shutil.which(tool):
            sys.exit(f"speed.py needs {tool}: apt-get install hyperfine curl time")

    server = Server()
    home = Home(binary, server)
    environment = home.environment
    try:
        home.run(["set", "Berlin"])
        request = server.requests("forecast")[-1]
        forecast = server.url + request["path"] + "?" + urllib.parse.urlencode(request["query"])
        result_file = environment["XDG_CACHE_HOME"] + "/weather/current.json"

        stale = dict(environment, WEATHER_STALE_AFTER="0")
        groups = [
            # (label, command, base index for the ratio, target), all run side by side in one hyperfine run
            (environment, [("cat (the result file)", ["cat", result_file], None, None),
                           ("weather show", [binary, "show"], 0, 2.5),
                           ("weather show --json", [binary, "show", "--json"], 0, 2.5)]),
            # WEATHER_STALE_AFTER=0: every refresh run finds the result stale and fetches.
            (stale, [("curl -s (the same URL)", ["curl", "-s", "--compressed", forecast], None, None),
                     ("weather refresh (stale)", [binary, "refresh"], 0, 1.5)]),
        ]
        print(f"| command | median | ratio | target | peak memory |")
        print(f"|---|---:|---:|---|---:|")
        for group_environment, rows in groups:
            export = os.path.join(home.root, "hyperfine.json")
            subprocess.run(
                ["hyperfine", "-N", "--warmup", "50", "--runs", str(arguments.runs), "--export-json", export,
                 "--style", "none"] + [" ".join(quote(part) for part in command) for _, command, _, _ in rows],
                env=group_environment, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            with open(export) as file:
                medians = [statistics.median(result["times"]) * 1000 for result in json.load(file)["results"]]
            for index, (label, command, base, target) in enumerate(rows):
                memory = peak_memory_kib(command, group_environment) / 1024
                ratio = medians[index] / medians[base] if base is not None else None
                ratio_text = f"{ratio:.2f}x" if ratio else ""
                target_text = (f"≤ {target}x " + ("met" if ratio <= target else "**missed**")) if target else ""
                print(f"| {label} | {medians[index]:.2f} ms | {ratio_text} | {target_text} | {memory:.1f} MiB |")
        print(f"\n{arguments.runs} runs of each command after 50 warm-up runs; medians; each group side by side in "
              "one hyperfine run; peak memory is the largest resident set of five runs.")
    finally:
        home.close()
        server.close()


def quote(text):
    return "'" + text.replace("'", "'\\''") + "'" if any(c in text for c in " &?;'\"") else text


if __name__ == "__main__":
    main()
