"""What the benchmarks share: the fixture server, a throwaway HOME that runs weather, the release build, and
the file their tables are kept in (docs/measurements.md)."""

import io
import json
import os
import platform
import pty
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = os.path.join(HERE, "..", "TestSupport", "fixture-server.py")

class Server:
    def __init__(self):
        self.process = subprocess.Popen([sys.executable, SERVER, "--port", "0"], stdout=subprocess.PIPE, text=True)
        self.url = self.process.stdout.readline().strip()

    def control(self, method, path, payload=None):
        data = json.dumps(payload).encode() if payload is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method)
        with urllib.request.urlopen(request) as response:
            return json.loads(response.read() or b"null")

    def requests(self, route):
        return [r for r in self.control("GET", "/_control/requests") if r.get("route") == route]

    def clear(self):
        self.control("DELETE", "/_control/requests")

    def script(self, route, responses):
        self.control("POST", "/_control/responses", {"route": route, "responses": responses})

    def set_clock(self, moment):
        """Stops the server's clock at `moment` (seconds since 1970), as WEATHER_TEST_NOW does weather's."""
        self.control("POST", "/_control/clock", {"now": moment})

    def close(self):
        self.process.kill()
        self.process.wait()


class Home:
    """A throwaway HOME and XDG folders, with weather pointed at the server."""

    def __init__(self, binary, server):
        self.binary = binary
        self.root = tempfile.mkdtemp(prefix="weather-bench-")
        self.environment = {
            "PATH": "/usr/bin:/bin", "HOME": self.root, "LANG": "C.UTF-8",
            "XDG_CONFIG_HOME": self.root + "/config", "XDG_CACHE_HOME": self.root + "/cache",
            "XDG_STATE_HOME": self.root + "/state",
            "WEATHER_GEOCODING_URL": server.url + "/v1/search", "WEATHER_FORECAST_URL": server.url + "/v1/forecast",
            # The warning services too: a place they cover is asked about its warnings in the same run.
            "WEATHER_NWS_ALERTS_URL": server.url + "/alerts/active", "WEATHER_DWD_ALERTS_URL": server.url + "/alerts",
            "WEATHER_METALERTS_URL": server.url + "/weatherapi/metalerts/2.0/current.json",
            # And the air's: show measures with the air line shown.
            "WEATHER_AIR_QUALITY_URL": server.url + "/v1/air-quality",
        }

    def run(self, arguments, extra=None, at=None, terminal=False):
        environment = dict(self.environment, **(extra or {}))
        if at is not None:
            environment.update(WEATHER_TEST_NOW="%.6f" % at, TZ="UTC")
        if terminal:
            leader, follower = pty.openpty()
            process = subprocess.Popen([self.binary] + arguments, env=environment, stdout=follower, stderr=subprocess.PIPE)
            os.close(follower)
            output = b""
            while True:
                try:
                    chunk = os.read(leader, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                output += chunk
            os.close(leader)
            process.wait()
            return output.decode()
        return subprocess.run([self.binary] + arguments, env=environment, capture_output=True, text=True).stdout

    def spawn(self, arguments, extra=None):
        return subprocess.Popen([self.binary] + arguments, env=dict(self.environment, **(extra or {})),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def close(self):
        shutil.rmtree(self.root, ignore_errors=True)


def build_release():
    """Builds and installs the release binary as `make install` does, into a folder of its own, and
    returns the installed (stripped) binary's path: what users run."""
    repository = os.path.abspath(os.path.join(HERE, "..", ".."))
    prefix = tempfile.mkdtemp(prefix="weather-install-")
    subprocess.run(["make", "-s", "-C", repository, "install", "PREFIX=" + prefix], check=True,
                   stdout=subprocess.DEVNULL)
    return os.path.join(prefix, "bin", "weather")


REPOSITORY = os.path.abspath(os.path.join(HERE, "..", ".."))
MEASUREMENTS = os.path.join(REPOSITORY, "docs", "measurements.md")
PREAMBLE = """# Measurements

What the benchmarks printed when they last ran, each section written by its own `make bench-*` target
(`Tests/Benchmarks/`): do not edit it by hand, run the target. [performance.md](performance.md) and
[design.md](design.md) say what the figures mean and why the code is built the way they show.
"""


class _Tee(io.TextIOBase):
    """Writes through to the terminal and keeps a copy."""

    def __init__(self, terminal):
        self.terminal, self.copy = terminal, io.StringIO()

    def write(self, text):
        self.copy.write(text)
        return self.terminal.write(text)

    def flush(self):
        self.terminal.flush()


def recorded(target, title, main):
    """Runs a benchmark's `main`, printing as it goes; when it ends well, puts what it printed into
    docs/measurements.md as this script's section (its headings one level down, under `## target: title`),
    with the code and the machine it measured. The other sections stay as they are."""
    terminal, tee = sys.stdout, _Tee(sys.stdout)
    sys.stdout = tee
    try:
        main()
    finally:
        sys.stdout = terminal
    script = os.path.basename(sys.argv[0])
    body = re.sub(r"^(#+) ", r"#\1 ", tee.copy.getvalue().strip(), flags=re.MULTILINE)
    # What decides the figures: the program, its build, and the fixture server with its data. The last commit
    # that changed them names the code measured, and stays the same when later commits change prose alone.
    git, code = ["git", "-C", REPOSITORY], ["--", "Sources", "Package.swift", "Config", "Makefile", "Fixtures",
                                             "Tests/TestSupport"]
    commit = subprocess.run(git + ["log", "-1", "--format=%h"] + code, capture_output=True, text=True).stdout.strip()
    changed = subprocess.run(git + ["status", "--porcelain"] + code, capture_output=True, text=True).stdout.strip()
    commit = (commit or "an unknown commit") + (" with changes" if changed else "")
    # The real clock, on purpose: when a measurement was taken is part of what it says.
    when = time.strftime("%Y-%m-%d", time.gmtime())
    begin, end = f"<!-- begin {script} -->", f"<!-- end {script} -->"
    text = (f"{begin}\n## {target}: {title}\n\n`make {target}` (`Tests/Benchmarks/{script}`) on the code of {commit}, "
            f"{when}, {platform.machine()} with {os.cpu_count()} cores.\n\n{body}\n{end}")
    try:
        with open(MEASUREMENTS) as file:
            document = file.read()
    except FileNotFoundError:
        document = PREAMBLE
    if begin in document and end in document:
        document = document[:document.index(begin)] + text + document[document.index(end) + len(end):]
    else:
        document = document.rstrip("\n") + "\n\n" + text + "\n"
    with open(MEASUREMENTS, "w") as file:
        file.write(document)
    print(f"\nWritten to docs/measurements.md ({target}: {title}).")
