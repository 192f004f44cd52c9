#!/usr/bin/env python3
"""Writes Config/weather.order: the functions weather runs on its hot paths, which the linker lays out first.

A status bar runs `weather show` every few seconds, and most of what a run costs in time is the kernel
mapping pages. The binary's code is 4.6 MiB; `show` runs a few hundred functions of it, scattered over the
whole of it, so each of them can cost a page fault of its own. Laid out side by side (lld's
--symbol-ordering-file, with each function in a section of its own), they take a few pages. The Makefile's
release build reads this file; a symbol that is no longer in the binary is skipped, so a file a little out
of date costs only speed, and the release binary's tests say when it is too far out of date.

The order: every function `show` runs with a fresh result, then what its other forms add (--json, --waybar,
--format, a stale result), then what `refresh` adds (a fetch, and a run that finds nothing to do). Within
one run the order is the names' (all of them run; sorted, the file changes only when the code does). The Swift standard library comes compiled, most of its code in one 1.6 MiB
section that moves as a whole: a function of it is named last, once, so that the section follows the
functions that can move instead of splitting them.

Then the zero-initialised variables (.bss) the forms of `show` read or write, as valgrind's lackey traces
them: the runtime's locks and caches, the tokens of weather's lazy globals, jansson's seed. Scattered, they
were 13 pages, each faulted twice (read as the shared zero page, then copied on the first write); together
they take a few.

Run it after changing the code of those paths: `make order-file`.

Usage: Tests/Benchmarks/order.py [--binary PATH] [--output Config/weather.order]
"""

import argparse
import bisect
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from support import Home, Server, build_release

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# (arguments, extra environment), most important first.
RUNS = [
    (["show"], {}),
    (["show", "--json"], {}),
    (["show", "--waybar"], {}),
    (["show", "--format", "%l %c %t %w %o"], {}),
    (["show"], {"WEATHER_STALE_AFTER": "0"}),
    (["refresh"], {"WEATHER_STALE_AFTER": "0"}),
    (["refresh"], {}),
]


def functions_run(profile, binary):
    """The functions of `binary` that a callgrind profile (uncompressed names) saw run."""
    objects, names, found = {}, {}, []
    current_object = called_object = None
    for line in open(profile, errors="replace"):
        match = re.match(r"(c?)(ob|fn)=(?:\((\d+)\))? ?(.*)", line.rstrip("\n"))
        if not match:
            continue
        called, kind, number, name = match.groups()
        table = objects if kind == "ob" else names
        key = number or name
        if name:
            table[key] = name
        name = table.get(key)
        if kind == "ob":
            if called:
                called_object = name
            else:
                current_object = name
            continue
        owner = current_object
        if called:
            owner = called_object or current_object
            called_object = None
        if owner and os.path.realpath(owner) == binary and name and not name.startswith(("0x", "(")):
            found.append(re.sub(r"'\d+$", "", name))  # callgrind marks recursion levels as name'2
    return found


# Where valgrind maps a position-independent executable (coregrind/m_ume/elf.c); checked against the trace.
VALGRIND_BASE = 0x108000


def elf_header(binary):
    """The entry point and the .bss section's [start, end) of `binary`, as linked."""
    headers = subprocess.run(["readelf", "-hSW", binary], capture_output=True, text=True, check=True).stdout
    entry = int(re.search(r"Entry point address:\s+0x([0-9a-f]+)", headers).group(1), 16)
    bss = re.search(r"\]\s+\.bss\s+NOBITS\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", headers)
    start = int(bss.group(1), 16)
    return entry, (start, start + int(bss.group(2), 16))


def variables_touched(binary, arguments, environment, folder):
    """The .bss variables of `binary` that a run reads or writes, in the order it first does."""
    trace = os.path.join(folder, "lackey.trace")
    subprocess.run(["valgrind", "--tool=lackey", "--trace-mem=yes", "--log-file=" + trace, binary] + arguments,
                   env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    entry, (start, end) = elf_header(binary)
    symbols = []
    for line in subprocess.run(["nm", "-S", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in "bB":
            symbols.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
    symbols.sort()
    starts = [symbol[0] for symbol in symbols]
    found, entered = {}, False
    with open(trace) as lines:
        for line in lines:
            kind, _, rest = line.strip().partition(" ")
            if kind not in ("I", "L", "S", "M"):
                continue
            address = int(rest.split(",")[0], 16) - VALGRIND_BASE
            if kind == "I":
                entered = entered or address == entry
                continue
            if start <= address < end:
                index = bisect.bisect_right(starts, address) - 1
                if index >= 0 and address < symbols[index][0] + max(symbols[index][1], 1):
                    found.setdefault(symbols[index][2], None)
    if not entered:
        sys.exit(f"valgrind did not map {binary} at {VALGRIND_BASE:#x}: set VALGRIND_BASE to where it does")
    return list(found)


def sections_too_large_to_move(limit=64 * 1024):
    """{symbol: section} for the functions of the toolchain's static Swift libraries that share a section
    larger than `limit` with others, the section named by archive, member and index."""
    info = json.loads(subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True,
                                     check=True).stdout)
    folder = os.path.join(info["paths"]["runtimeResourcePath"], "..", "swift_static", "linux")
    found = {}
    for archive in sorted(glob.glob(os.path.join(folder, "libswift*.a"))):
        listing = subprocess.run(["readelf", "-SsW", archive], capture_output=True, text=True).stdout
        member, large = None, set()
        for line in listing.splitlines():
            if line.startswith("File: "):
                member, large = line[len("File: "):], set()
                continue
            section = re.match(r"\s*\[\s*(\d+)\]\s+\.text\S*\s+PROGBITS\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)", line)
            if section and int(section.group(2), 16) > limit:
                large.add(section.group(1))
                continue
            symbol = re.match(r"\s*\d+:\s+[0-9a-f]+\s+\d+\s+FUNC\s+\S+\s+\S+\s+(\d+)\s+(\S+)", line)
            if symbol and symbol.group(1) in large:
                found.setdefault(symbol.group(2), (member, symbol.group(1)))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", help="a weather binary with its symbols (default: make install's, built now)")
    parser.add_argument("--output", default=os.path.join(REPOSITORY, "Config", "weather.order"))
    arguments = parser.parse_args()
    binary = os.path.realpath(arguments.binary or build_release())
    if not shutil.which("valgrind"):
        sys.exit("order.py needs valgrind: apt-get install valgrind")

    server = Server()
    home = Home(binary, server)
    folder = tempfile.mkdtemp(prefix="weather-order-")
    functions, variables = [], []
    try:
        home.run(["set", "Berlin"])
        home.run(["schedule", "15m"])
        for index, (run, extra) in enumerate(RUNS):
            environment = dict(home.environment, **extra)
            profile = os.path.join(folder, f"{index}.callgrind")
            subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no",
                            "--callgrind-out-file=" + profile, binary] + run,
                           env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            added = sorted(set(functions_run(profile, binary)) - set(functions))
            functions += added
            touched = []
            if run[0] == "show":
                touched = [name for name in variables_touched(binary, run, environment, folder)
                           if name not in variables]
                variables += touched
            print(f"weather {' '.join(run)}{' (stale)' if extra else ''}: {len(added)} functions "
                  f"and {len(touched)} variables more")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        home.close()
        server.close()
    if len(functions) < 100:
        sys.exit(f"only {len(functions)} functions found: is {binary} stripped of its symbol table?")
    # One function for each section too large to move, after all the others; then the variables.
    large = sections_too_large_to_move()
    movable = [name for name in functions if name not in large]
    last = list({large[name]: name for name in reversed(functions) if name in large}.values())[::-1]
    with open(arguments.output, "w") as file:
        file.write("".join(name + "\n" for name in movable + last + variables))
    print(f"{len(movable + last)} functions and {len(variables)} variables written to "
          f"{os.path.relpath(arguments.output)}")


if __name__ == "__main__":
    main()
