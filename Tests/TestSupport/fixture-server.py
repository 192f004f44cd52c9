#!/usr/bin/env python3
"""A stand-in for Open-Meteo on 127.0.0.1, serving the responses in Fixtures/.

It speaks the geocoding API (`.../search`) and the forecast API (`.../forecast`) the way the real services
do: geocoding answers from Fixtures/open-meteo/geocoding/<name>.json (from geocoding/<language>/<name>.json
for a `language` that has one: names in that language; no match otherwise), cut to `count` (default 10)
before `countryCode` filters, case-sensitively, what is left, as the real one does; the forecast from
the fixture nearest to the requested coordinates. Each forecast fixture holds what the service answers without
`forecast_hours`: `current`, 168 `hourly` entries from 00:00 local time of its first day, and 7 `daily` days.
The server moves it to "now" and cuts it to the request, as the real service would answer:

- `current.time` becomes now rounded down to `current.interval`. A fixture's local times are wall-clock times
  of its `timezone` (read by the system's zone rules, Python's zoneinfo; the fixed `utc_offset_seconds` for a
  zone the system lacks): the series move by whole days of that calendar so that the first day is the place's
  today, an hour keeping its place on the wall clock (polar days and nights keep their 00:00 encoding), and
  the hours run on an hour apart in UTC, across a daylight-saving change too.
- Times are written as the real service writes them: with `timeformat=unixtime` as seconds since 1970 (a day
  as its local midnight), else as local ISO times; either way with one offset, the zone's offset now, which
  `utc_offset_seconds` gives (so ISO times after a daylight-saving change are an hour off, as the service's
  are: open-meteo issues #261, #488, #1545).
- `hourly=` and `daily=` select variables (plus `time`) and their units; without them there is no
  `hourly`/`hourly_units` (or `daily`/`daily_units`) at all. A valid variable the fixture lacks comes back as
  nulls. `forecast_days` (0-16, default 7) keeps that many days, and hourly values for those days from 00:00
  today; `forecast_hours` (0-384) makes hourly start at the current hour and keep that many entries (fewer when
  the fixture runs out); daily ignores it.
- Bad parameters (coordinates, unknown `current`/`hourly`/`daily` variables, `forecast_days`,
  `forecast_hours`) get the services' HTTP 400 error bodies.

Scripted answers naming an Open-Meteo forecast fixture are moved and cut the same way, for the query of the
request they answer. Tests/TestSupport/make-forecast-fixtures.py writes the fixtures' hourly and daily blocks.

It speaks other services too, each in a module of fixtureserver/ whose docstring says how it answers, moves
its fixtures to the server's clock and refuses what the real one refuses (Fixtures/README.md: the sources):

    route      path ends in                               fixtures
    met        /weatherapi/locationforecast/2.0/complete  met-norway/locationforecast/, made by make-met-fixtures.py
    nws        /alerts/active                             nws/           } made by make-warning-fixtures.py,
    brightsky  /alerts                                    brightsky/     } moved to the server's clock by
    metalerts  /weatherapi/metalerts/2.0/current.json     metalerts/     } fixtureserver/timeline.py

Run it by hand to try `weather` offline (`make serve`): with `--exports` it prints, under its address, the
`export WEATHER_..._URL=` line of every endpoint it answers (`ENDPOINTS`), to paste into a shell before
`weather set Berlin`; `make demo` runs its session with the same lines. `--now` takes a clock as
WEATHER_TEST_NOW does (`1791478800` stands still, `1791478800+` runs on from there); `--data-interval 5`
makes Open-Meteo's current data change every 5 s, not every 15 min, to find a test that leans on the data
staying the same between two steps.

    python3 Tests/TestSupport/fixture-server.py --port 8080 --exports

One server serves every test of a test process. Each sandbox has its part of it, its paths under
/sandbox-KEY/ (KEY: letters, digits, - and _), with its own scripted answers, request log and clock, made
on first use: a sandbox's endpoints are http://127.0.0.1:PORT/sandbox-KEY/v1/forecast and so on, and it
controls its part under /sandbox-KEY/_control/. The paths outside every sandbox are a part of their own.
The paths logged are those after the sandbox's prefix.

Tests control it over HTTP (nothing under /_control is logged):

    GET    /_control/requests   every request so far: method, path, query, headers, time, weight (the
                                calls Open-Meteo counts it as, `query_weight`), route (null if unknown)
                                and status (the status it was answered with; none while unanswered)
    DELETE /_control/requests   forget them
    POST   /_control/responses  {"route": ROUTE, "responses": [RESPONSE, ...]} (ROUTE: "forecast",
                                "search" or another service's) queues scripted responses, used in order
                                before the normal ones
    DELETE /_control/responses  drops every queued response
    POST   /_control/clock      {"now": SECONDS} sets the server's "now" (for current.time, and for
                                everything the other services derive from the clock) and stops it there;
                                {"now": SECONDS, "runs": true} lets it run on from there with the real
                                clock (from the real time "since", when given); {"real": true} gives
                                back the real clock
    DELETE /_control/space      forgets the sandbox's part: its answers, log and clock

A RESPONSE is an object with any of: "status" (200), "fixture" (a path under Fixtures/), "body" (text),
"headers" ({name: value}), "delay" (seconds before answering), "trickle" (seconds between 64-byte pieces),
"truncate" (send only so many bytes of a body announced in full by Content-Length, uncompressed unless
"encoding" says otherwise), "huge" (a valid JSON body of so many bytes), "unannounced" (no Content-Length
and no chunks: the body ends when the connection closes), "drop" (close the connection without answering),
"encoding" ("deflate", the default; "gzip"; "identity"), "chunked" (false: a Content-Length instead),
"times" (how many requests it answers, default 1). For the other services a RESPONSE without "fixture",
"body" or "huge" is the service's normal answer with that status when it is 200 or 203, else the service's
own error body for the status; a fixture of the service is moved like its normal answers; the service's
headers come with it (the script's replace them by name), and "encoding" and "chunked" default to the
service's own framing.

Every Open-Meteo answer is framed and compressed as api.open-meteo.com's are (a recorded answer:
Fixtures/README.md):
HTTP/1.1, `Transfer-Encoding: chunked`, `Content-Encoding: deflate` (zlib-wrapped) when the client accepts
it, `Date`, the CORS headers, and no `ETag`, `Last-Modified`, `Cache-Control`, `Expires`, `Retry-After` or
`Server`. Validators, gzip and a Content-Length are what a scripted answer asks for explicitly.
"""

import argparse
import gzip
import json
import math
import os
import re
import signal
import socket
import sys
import threading
import time
import unicodedata
import zlib
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fixtureserver import airquality, brightsky, common, locationforecast, metalerts, nws  # noqa: E402

FORECAST_VARIABLES = {
    "temperature_2m", "apparent_temperature", "relative_humidity_2m", "is_day", "precipitation", "rain",
    "showers", "snowfall", "weather_code", "cloud_cover", "pressure_msl", "surface_pressure",
    "wind_speed_10m", "wind_direction_10m", "wind_gusts_10m", "uv_index",
}
MINUTELY_VARIABLES = {
    "temperature_2m", "relative_humidity_2m", "precipitation", "rain", "snowfall", "weather_code",
    "wind_speed_10m", "wind_gusts_10m", "is_day",
}
HOURLY_VARIABLES = {
    "temperature_2m", "apparent_temperature", "relative_humidity_2m", "dew_point_2m", "precipitation_probability",
    "precipitation", "rain", "showers", "snowfall", "snow_depth", "weather_code", "cloud_cover", "pressure_msl",
    "surface_pressure", "visibility", "wind_speed_10m", "wind_direction_10m", "wind_gusts_10m", "uv_index", "is_day",
}
DAILY_VARIABLES = {
    "weather_code", "temperature_2m_max", "temperature_2m_min", "apparent_temperature_max",
    "apparent_temperature_min", "precipitation_sum", "precipitation_probability_max", "sunrise", "sunset",
    "daylight_duration", "wind_speed_10m_max", "uv_index_max",
}
# The unit of each variable, as a kind resolved from the fixture's own units (°C or °F, m/s or km/h, ...).
UNIT_KINDS = {
    "temperature_2m": "temperature", "apparent_temperature": "temperature", "dew_point_2m": "temperature",
    "temperature_2m_max": "temperature", "temperature_2m_min": "temperature",
    "apparent_temperature_max": "temperature", "apparent_temperature_min": "temperature",
    "precipitation": "precipitation", "rain": "precipitation", "showers": "precipitation",
    "precipitation_sum": "precipitation", "snowfall": "cm", "snow_depth": "m", "relative_humidity_2m": "%",
    "precipitation_probability": "%", "precipitation_probability_max": "%", "cloud_cover": "%",
    "weather_code": "wmo code", "pressure_msl": "hPa", "surface_pressure": "hPa", "visibility": "m",
    "wind_speed_10m": "speed", "wind_gusts_10m": "speed", "wind_speed_10m_max": "speed", "wind_direction_10m": "°",
    "uv_index": "", "uv_index_max": "", "is_day": "", "sunrise": "time", "sunset": "time",
    "daylight_duration": "s",
}
MAX_FORECAST_DAYS = 16
# The other services, each answering the paths that end in its `suffix` (fixtureserver/).
SERVICES = [locationforecast.Locationforecast, nws.Alerts, brightsky.Alerts, metalerts.Alerts, airquality.AirQuality]
# The setting that points weather at each endpoint, and the path the server answers it at: the lines
# `--exports` prints, which `make serve` shows and `make demo` runs. An endpoint served is a line here.
ENDPOINTS = [
    ("WEATHER_GEOCODING_URL", "/v1/search"),
    ("WEATHER_FORECAST_URL", "/v1/forecast"),
    ("WEATHER_MET_URL", locationforecast.Locationforecast.suffix),
    ("WEATHER_NWS_ALERTS_URL", nws.Alerts.suffix),
    ("WEATHER_DWD_ALERTS_URL", brightsky.Alerts.suffix),
    ("WEATHER_METALERTS_URL", metalerts.Alerts.suffix),
    ("WEATHER_AIR_QUALITY_URL", airquality.AirQuality.suffix),
]


def exports(base_url):
    """The shell lines that point weather at the server at `base_url`, ending in a comment that says so."""
    lines = ["export %s=%s%s" % (variable, base_url, path) for variable, path in ENDPOINTS]
    lines.append("# The lines above point weather at this server: paste them into a shell, then run weather set Berlin")
    return "\n".join(lines)


def route_of(path, services):
    """The route a path names: Open-Meteo's `search` or `forecast`, or a service's, or None."""
    for route in ("search", "forecast"):
        if path.endswith("/" + route):
            return route
    return next((route for route, service in services.items() if path.endswith(service.suffix)), None)


# A sandbox's own part of the server: the paths under /sandbox-KEY/.
SPACE = re.compile(r"^/sandbox-([A-Za-z0-9_-]{1,64})(/.*)?$")


class Server:
    """What every sandbox shares: the fixtures, read once, and the services; and each sandbox's State."""

    def __init__(self, fixtures, data_interval=None, clock=None):
        self.fixtures = fixtures
        self.services = {service.route: service for service in (cls(fixtures) for cls in SERVICES)}
        self.data_interval = data_interval
        self.clock = clock
        self.forecasts = []
        folder = os.path.join(fixtures, "open-meteo", "forecast")
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name), encoding="utf-8") as file:
                document = json.load(file)
            self.forecasts.append((document["latitude"], document["longitude"], document))
        self.lock = threading.Lock()
        self.spaces = {}

    def space(self, key):
        """The State of sandbox `key` ("": the paths outside every sandbox), made on first use."""
        with self.lock:
            if key not in self.spaces:
                self.spaces[key] = State(self)
            return self.spaces[key]

    def drop(self, key):
        with self.lock:
            self.spaces.pop(key, None)


class State:
    """One sandbox's server: its scripted answers, its request log and its clock."""

    def __init__(self, server):
        self.fixtures = server.fixtures
        self.services = server.services
        self.forecasts = server.forecasts
        self.data_interval = server.data_interval
        self.lock = threading.Lock()
        self.requests = []
        self.queues = {route: [] for route in ["search", "forecast", *self.services]}
        # The clock: None for the real one, else (moment, the real time it was set at, or None: standing still).
        self.clock = server.clock

    def now(self):
        if self.clock is None:
            return time.time()
        moment, since = self.clock
        return moment if since is None else moment + time.time() - since

    def set_clock(self, moment, since=None):
        """Stops the clock at `moment`, or with `since` (the real time it shows `moment` at) runs it on."""
        self.clock = (moment, since)

    def next_scripted(self, route):
        with self.lock:
            queue = self.queues[route]
            if not queue:
                return None
            response = queue[0]
            response["times"] = response.get("times", 1) - 1
            if response["times"] <= 0:
                queue.pop(0)
            return dict(response)


def place_zone(document):
    """The fixture's zone by the system's rules (`timezone`), or its fixed `utc_offset_seconds`."""
    name = document.get("timezone")
    if isinstance(name, str) and name not in ("GMT", "UTC"):
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    return timezone(timedelta(seconds=document.get("utc_offset_seconds", 0)))


def instant(wall, zone):
    """Seconds since 1970 of a naive local datetime on `zone`'s clock (the earlier of a repeated hour)."""
    return int(wall.replace(tzinfo=zone).timestamp())


def wall_clock(seconds, zone):
    """The naive local datetime of an instant on `zone`'s clock."""
    return datetime.fromtimestamp(seconds, zone).replace(tzinfo=None)


def fixture_instant(value, zone, offset):
    """A fixture's time as an instant: ISO local times are wall-clock times of the place, Unix seconds are
    instants already."""
    if isinstance(value, str):
        return instant(datetime.strptime(value, "%Y-%m-%dT%H:%M"), zone)
    return int(value)


def parse_now(text):
    """A clock as WEATHER_TEST_NOW writes it: (seconds, None) standing still for `SECONDS`, (seconds, the
    real time it shows them at) running on for `SECONDS+` (from now) or `SECONDS+REAL`; else None."""
    number = r"([0-9]{1,12}(?:\.[0-9]{1,12})?)"
    match = re.fullmatch(number + r"(\+" + number + r"?)?", text or "")
    if not match or not all(0 <= float(group) <= 4102444799 for group in match.group(1, 3) if group):
        return None
    if not match.group(2):
        return float(match.group(1)), None
    return float(match.group(1)), float(match.group(3)) if match.group(3) else time.time()


def prepare(document, now, data_interval=None):
    """The fixture moved to `now` as the real service would answer now: `current.time` is now rounded down
    to `current.interval`; the hourly series, the dates and the sunrises and sunsets move by whole days of
    the place's calendar so that the first day is the place's today (an hour keeps its place on the wall
    clock; polar days and nights keep their 00:00 encoding). Times are kept as instants (`_instants`) until
    `render` writes them as the request asks. `utc_offset_seconds` becomes the zone's offset now: the one
    offset the service writes every local time with, even after a daylight-saving change."""
    zone = place_zone(document)
    offset = document.get("utc_offset_seconds", 0)
    current = document.get("current")
    if isinstance(current, dict) and isinstance(current.get("time"), (str, int)):
        # The observation's time steps as the data changes: by its interval, or by `data_interval` (the
        # interval said stays the service's: weather refuses one under a minute).
        interval = int(current.get("interval", 900))
        was = fixture_instant(current["time"], zone, offset)
        current["time"] = int(now) // int(data_interval or interval) * int(data_interval or interval)
        # A fixture's own 15-minute series keeps its place after the current interval's start, on the
        # service's quarter hours.
        minutely = document.get("minutely_15")
        if isinstance(minutely, dict) and isinstance(minutely.get("time"), list):
            start = int(now) // interval * interval
            minutely["time"] = [fixture_instant(v, zone, offset) - was + start for v in minutely["time"]]
    else:
        current = None
    today = wall_clock(int(now), zone).date()
    daily, hourly = document.get("daily"), document.get("hourly")
    first = None
    if isinstance(daily, dict) and daily.get("time"):
        value = daily["time"][0]
        first = (datetime.strptime(value, "%Y-%m-%d").date() if isinstance(value, str)
                 else wall_clock(value + offset, timezone.utc).date())
    elif isinstance(hourly, dict) and hourly.get("time"):
        first = wall_clock(fixture_instant(hourly["time"][0], zone, offset), zone).date()
    delta = timedelta(days=(today - first).days if first is not None else 0)

    def moved(value):
        if value is None:
            return None
        return instant(wall_clock(fixture_instant(value, zone, offset), zone) + delta, zone)
    if isinstance(daily, dict):
        for key, values in daily.items():
            if key == "time":
                daily[key] = [(datetime.strptime(v, "%Y-%m-%d").date() if isinstance(v, str)
                               else wall_clock(v + offset, timezone.utc).date()) + delta for v in values]
            elif key in ("sunrise", "sunset"):
                daily[key] = [moved(v) for v in values]
    if isinstance(hourly, dict) and isinstance(hourly.get("time"), list) and hourly["time"]:
        # The hours run on in UTC, an hour apart, from the first one's wall-clock time.
        start = moved(hourly["time"][0])
        hourly["time"] = [start + 3600 * index for index in range(len(hourly["time"]))]
    now_offset = int(datetime.fromtimestamp(int(now), zone).utcoffset().total_seconds())
    document["utc_offset_seconds"] = now_offset
    if str(document.get("timezone_abbreviation", "")).startswith("GMT"):
        hours, rest = divmod(abs(now_offset), 3600)
        document["timezone_abbreviation"] = "GMT" + ("" if not now_offset else ("-" if now_offset < 0 else "+")
                                                     + str(hours) + (":%02d" % (rest // 60) if rest else ""))
    document["_instants"] = current is not None or first is not None
    return document


def render(document, query):
    """Writes the prepared times as the service does: Unix seconds with `timeformat=unixtime` (days as their
    local midnight by the one offset), else local ISO times, every one with the one offset (sic)."""
    if not document.pop("_instants", False):
        return document
    offset = document.get("utc_offset_seconds", 0)
    unix = query.get("timeformat") == "unixtime"
    unit = "unixtime" if unix else "iso8601"

    def moment(value):
        if value is None or unix:
            return value
        return wall_clock(value + offset, timezone.utc).strftime("%Y-%m-%dT%H:%M")

    def day(value):
        midnight = datetime(value.year, value.month, value.day, tzinfo=timezone.utc)
        return int(midnight.timestamp()) - offset if unix else value.strftime("%Y-%m-%d")
    current = document.get("current")
    if isinstance(current, dict) and isinstance(current.get("time"), int):
        current["time"] = moment(current["time"])
        if isinstance(document.get("current_units"), dict):
            document["current_units"]["time"] = unit
    for block in ("minutely_15", "hourly", "daily"):
        series = document.get(block)
        if not isinstance(series, dict):
            continue
        for key, values in series.items():
            if key == "time":
                series[key] = [day(v) if block == "daily" else moment(v) for v in values]
            elif key in ("sunrise", "sunset"):
                series[key] = [moment(v) for v in values]
        units = document.get(block + "_units")
        if isinstance(units, dict):
            for key in units:
                if key == "time" or key in ("sunrise", "sunset"):
                    units[key] = unit
    return document


def unit_of(variable, document, time_unit):
    """The unit the service gives `variable` in, in the fixture's unit system."""
    kind = UNIT_KINDS.get(variable, "")
    units = document.get("current_units") or {}
    for block in ("hourly_units", "daily_units"):
        units = dict(document.get(block) or {}, **units)
    if kind == "temperature":
        return units.get("temperature_2m") or units.get("temperature_2m_max") or "°C"
    if kind == "precipitation":
        return units.get("precipitation") or units.get("precipitation_sum") or "mm"
    if kind == "speed":
        return units.get("wind_speed_10m") or units.get("wind_speed_10m_max") or "km/h"
    if kind == "time":
        return time_unit
    return kind


def forecast_range(query):
    """`forecast_days` and `forecast_hours` (None when not given) as the service reads them, or an error body."""
    text = query.get("forecast_days", "7")
    try:
        days = int(text)
    except ValueError:
        days = -1
    if not 0 <= days <= MAX_FORECAST_DAYS:
        return None, None, error_body(
            "Forecast days is invalid. Allowed range 0 to %d. Given %s." % (MAX_FORECAST_DAYS, text))
    hours = query.get("forecast_hours")
    if hours is not None:
        try:
            hours = int(hours)
        except ValueError:
            hours = -1
        if not 0 <= hours <= MAX_FORECAST_DAYS * 24:
            # Sic: the service reports the maximum as the value given (ForecastapiQuery.forecastTimeRange2).
            return None, None, error_body("Forecast days is invalid. Allowed range 0 to %d. Given %d." % (
                MAX_FORECAST_DAYS * 24, MAX_FORECAST_DAYS * 24))
    return days, hours, None


def minutely(document, query, days):
    """The `minutely_15` block `query` asks for (`minutely_15`, `forecast_minutely_15` steps from the
    quarter hour that holds current.time; all the days' without it): the fixture's own series where it
    has one (the model's native 15-minute values), else its hourly values spread over each hour's four
    quarters, as the service interpolates them outside its 15-minute models' domains: an hour's amount
    of precipitation a quarter each, any other value the hour's."""
    names = [name for name in query.get("minutely_15", "").split(",") if name]
    own = document.pop("minutely_15", None)
    document.pop("minutely_15_units", None)
    now = (document.get("current") or {}).get("time")
    if not names or not isinstance(now, int):
        return
    try:
        steps = int(query.get("forecast_minutely_15", str(days * 96)))
    except ValueError:
        steps = days * 96
    start = now // 900 * 900
    times = [start + 900 * index for index in range(max(0, steps))]
    hourly = document.get("hourly") or {}
    hours = hourly.get("time") if isinstance(hourly.get("time"), list) else []
    block = {"time": times}
    units = {"time": "iso8601"}
    for name in names:
        values = []
        for moment in times:
            value = None
            if isinstance(own, dict) and name in own and moment in own.get("time", []):
                value = own[name][own["time"].index(moment)]
            elif not isinstance(own, dict) or name not in own:
                hour = moment // 3600 * 3600
                if hour in hours and isinstance(hourly.get(name), list):
                    value = hourly[name][hours.index(hour)]
                    if value is not None and UNIT_KINDS.get(name) == "precipitation":
                        value = round(value / 4, 2)
            values.append(value)
        block[name] = values
        units[name] = unit_of(name, document, "iso8601")
    document["minutely_15_units"], document["minutely_15"] = units, block


def cut(document, query):
    """Keeps the hourly and daily variables and the time range `query` asks for, as the service answers it."""
    days, hours, problem = forecast_range(query)
    if problem is not None:  # a scripted answer to a bad request: the defaults
        days, hours = 7, None
    minutely(document, query, days)
    offset = document.get("utc_offset_seconds", 0)
    for block, limit in (("hourly", None), ("daily", days)):
        names = [name for name in query.get(block, "").split(",") if name]
        series, units = document.pop(block, None), document.pop(block + "_units", None)
        if not names or not isinstance(series, dict) or not isinstance(series.get("time"), list):
            continue
        times = series["time"]
        if block == "daily":
            window = slice(0, limit)
        elif hours is None:
            window = slice(0, days * 24)
        else:
            # From the hour that holds current.time on.
            start = 0
            now = (document.get("current") or {}).get("time")
            if isinstance(now, int) and times and isinstance(times[0], int):
                start = max(0, (now - times[0]) // 3600)
            window = slice(start, start + hours)
        units = units or {}
        time_unit = units.get("time", "iso8601")
        kept, kept_units = {"time": times[window]}, {"time": time_unit}
        for name in names:
            values = series.get(name)
            kept[name] = values[window] if isinstance(values, list) else [None] * len(kept["time"])
            kept_units[name] = units.get(name, unit_of(name, document, time_unit))
        document[block + "_units"], document[block] = kept_units, kept
    # The service's key order: minutely_15, hourly, daily.
    for key in ("hourly_units", "hourly", "daily_units", "daily"):
        if key in document:
            document[key] = document.pop(key)
    return document


def query_weight(query):
    """How many calls Open-Meteo's free API counts a forecast or air quality request as (`calculateQueryWeight` in its
    server source, against its 600 a minute, 5,000 an hour, 10,000 a day): a tenth of a call per variable
    (current, minutely_15, hourly and daily together), times the days asked for over 14 when that is
    more, and never less than one call."""
    variables = sum(len([name for name in query.get(block, "").split(",") if name])
                    for block in ("current", "minutely_15", "hourly", "daily"))
    try:
        days = int(query.get("forecast_days", "7")) + int(query.get("past_days", "0"))
    except ValueError:
        days = 7
    fraction = variables / 10
    return round(max(1.0, fraction, fraction * days / 14), 3)


def slug(name):
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "-".join(folded.lower().split())


def json_bytes(document):
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


# Amounts of precipitation, which the service writes with two decimals ("precipitation":[0.00,0.10,...]).
AMOUNTS = re.compile(r'"(precipitation|precipitation_sum|rain|showers|snowfall)":(\[[^\]]*\]|-?[0-9][0-9.eE+-]*)')
NUMBER = re.compile(r"-?[0-9][0-9.eE+-]*")


def service_json(document):
    """A forecast as the service writes its numbers: amounts of precipitation with two decimals,
    percentages and codes as whole numbers (as the fixtures hold them), everything else as Python does."""
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    return AMOUNTS.sub(lambda match: '"%s":%s' % (match.group(1), NUMBER.sub(
        lambda number: "%.2f" % float(number.group(0)), match.group(2))), text).encode()


def error_body(reason):
    return json_bytes({"error": True, "reason": reason})


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fixture-server"

    def log_message(self, format, *args):
        if self.server.verbose:
            sys.stderr.write("%s\n" % (format % args))

    def parse_request(self):
        """Reads the request line and headers, then takes the sandbox's part of the server that its path
        begins with (/sandbox-KEY/...), and the path after it."""
        if not super().parse_request():
            return False
        match = SPACE.match(self.path)
        self.space = match.group(1) if match else ""
        if match:
            self.path = match.group(2) or "/"
        self.state = self.server.shared.space(self.space)
        return True

    # Control

    def do_POST(self):
        self.control("POST")

    def do_DELETE(self):
        self.control("DELETE")

    def control(self, method):
        path = urlsplit(self.path).path
        length = int(self.headers.get("Content-Length") or 0)
        payload = json.loads(self.rfile.read(length) or b"{}")
        with self.state.lock:
            if path == "/_control/requests" and method == "DELETE":
                self.state.requests.clear()
            elif path == "/_control/responses" and method == "POST" and payload.get("route") in self.state.queues:
                self.state.queues[payload["route"]].extend(payload["responses"])
            elif path == "/_control/responses" and method == "DELETE":
                for queue in self.state.queues.values():
                    queue.clear()
            elif path == "/_control/space" and method == "DELETE":
                self.server.shared.drop(self.space)
            elif path == "/_control/clock" and method == "POST" and payload.get("real") is True:
                self.state.clock = None
            elif path == "/_control/clock" and method == "POST" and isinstance(payload.get("now"), (int, float)):
                since = payload.get("since", time.time()) if payload.get("runs") is True else None
                self.state.set_clock(float(payload["now"]), since)
            else:
                return self.send(404, error_body("No such control endpoint"))
        self.send(200, b"{}")

    # API

    def do_GET(self):
        self.logged = None
        url = urlsplit(self.path)
        if url.path == "/_control/requests":
            with self.state.lock:
                return self.send(200, json_bytes(self.state.requests))
        query = {key: values[-1] for key, values in parse_qs(url.query, keep_blank_values=True).items()}
        route = route_of(url.path, self.state.services)
        self.logged = {
            "method": "GET", "path": url.path, "query": query,
            "headers": {key: value for key, value in self.headers.items()}, "time": time.time(),
            "weight": query_weight(query) if route in ("forecast", "air-quality") else 1.0, "route": route,
        }
        with self.state.lock:
            self.state.requests.append(self.logged)
        if route is None:
            return self.send(404, error_body("Not Found"))
        scripted = self.state.next_scripted(route)
        if route in self.state.services:
            return self.state.services[route].answer(common.Exchange(self, query), scripted)
        if scripted is not None:
            return self.scripted(scripted, query)
        if route == "search":
            return self.search(query)
        return self.forecast(query)

    def search(self, query):
        if "name" not in query:
            return self.send(400, error_body("Parameter 'name' is required."))
        try:
            count = int(query.get("count", "10"))
        except ValueError:
            return self.send(400, error_body("Parameter count must be between 1 and 100."))
        if not 1 <= count <= 100:
            return self.send(400, error_body("Parameter count must be between 1 and 100."))
        name = query["name"].strip()
        # Names in the asked language where a fixture has them (geocoding/<language>/), else in English.
        folder = os.path.join(self.state.fixtures, "open-meteo", "geocoding")
        path = os.path.join(folder, os.path.basename(query.get("language", "en")), slug(name) + ".json")
        if not os.path.exists(path):
            path = os.path.join(folder, slug(name) + ".json")
        if len(name) < 2 or not os.path.exists(path):
            path = os.path.join(self.state.fixtures, "open-meteo", "geocoding", "no-match.json")
        with open(path, encoding="utf-8") as file:
            document = json.load(file)
        results = document.get("results")
        if results is not None:
            # As the service does (GeocodingapiController.search): the first `count` matches, then the
            # country filter, comparing codes exactly (`us` matches nothing).
            results = results[:count]
            code = query.get("countryCode")
            if code is not None:
                results = [result for result in results if result.get("country_code") == code]
            if results:
                document["results"] = results
            else:
                del document["results"]
        self.send(200, json_bytes(document))

    def forecast(self, query):
        try:
            latitude = float(query["latitude"])
            longitude = float(query["longitude"])
        except (KeyError, ValueError):
            return self.send(400, error_body("Parameter 'latitude' and 'longitude' must have the same number of elements"))
        if not -90 <= latitude <= 90:
            return self.send(400, error_body("Latitude must be in range of -90 to 90°. Given: %s." % latitude))
        if not -180 <= longitude <= 180:
            return self.send(400, error_body("Longitude must be in range of -180 to 180°. Given: %s." % longitude))
        for variable in filter(None, query.get("current", "").split(",")):
            if variable not in FORECAST_VARIABLES:
                return self.send(400, error_body(
                    "Data corrupted at path ''. Cannot initialize ForecastVariable from invalid String value %s." % variable))
        for block, known, kind in (("minutely_15", MINUTELY_VARIABLES, "ForecastVariable"),
                                   ("hourly", HOURLY_VARIABLES, "ForecastVariable"),
                                   ("daily", DAILY_VARIABLES, "DailyVariable")):
            for variable in filter(None, query.get(block, "").split(",")):
                if variable not in known:
                    return self.send(400, error_body("Data corrupted at path ''. "
                                                     "Cannot initialize %s from invalid String value %s." % (kind, variable)))
        _, _, problem = forecast_range(query)
        if problem is not None:
            return self.send(400, problem)
        _, _, document = min(
            self.state.forecasts,
            key=lambda entry: math.hypot(entry[0] - latitude, entry[1] - longitude))
        document = self.moved(json.loads(json.dumps(document)), query)
        self.send(200, service_json(document))

    def moved(self, document, query):
        """The fixture as the service answers `query` now: moved to now, cut to the request, times written
        as it asks."""
        return render(cut(prepare(document, self.state.now(), self.state.data_interval), query), query)

    def scripted(self, response, query):
        if response.get("delay"):
            time.sleep(response["delay"])
        if response.get("drop"):
            return self.drop()
        headers = dict(response.get("headers", {}))
        if "fixture" in response:
            path = os.path.join(self.state.fixtures, response["fixture"])
            with open(path, "rb") as file:
                body = file.read()
            if path.endswith(".html"):
                headers.setdefault("Content-Type", "text/html")
            elif "/open-meteo/forecast" in path and body:
                document = json.loads(body)
                if isinstance(document, dict):
                    body = service_json(self.moved(document, query))
        elif "huge" in response:
            size = int(response["huge"])
            filler = "x" * max(0, size - 40)
            body = json_bytes({"generationtime_ms": 0.5, "padding": filler})
        else:
            body = response.get("body", "").encode()
        truncate = response.get("truncate")
        encoding = response.get("encoding", "identity" if truncate is not None else "deflate")
        self.send(response.get("status", 200), body, headers=headers, truncate=truncate,
                  trickle=response.get("trickle"), encoding=encoding,
                  chunked=response.get("chunked", truncate is None), announce=not response.get("unannounced", False))

    # Sending

    # What api.open-meteo.com sends with every answer besides the body's own headers (a recorded answer).
    CORS = {
        "access-control-allow-headers":
            "accept, authorization, content-type, origin, x-requested-with, user-agent, access-control-allow-origin",
        "access-control-allow-methods": "GET, POST, OPTIONS",
        "access-control-allow-origin": "*",
        "access-control-max-age": "600",
    }

    def drop(self):
        """Closes the connection without answering."""
        self.close_connection = True
        self.connection.shutdown(socket.SHUT_RDWR)

    def version_string(self):
        # Open-Meteo sends no Server header (send_header skips an empty one); other services name theirs.
        return getattr(self, "server_name", "")

    def date_time_string(self, timestamp=None):
        return super().date_time_string(getattr(self, "date", None) if timestamp is None else timestamp)

    def send_header(self, keyword, value):
        if keyword.lower() == "server" and not value:
            return
        super().send_header(keyword, value)

    def send(self, status, body, headers=None, truncate=None, trickle=None, encoding="deflate", chunked=True,
             announce=True, base=None, server="", date=None):
        """Answers as the real service frames and compresses: `encoding` when the client accepts it (zlib's
        deflate by default, gzip, or identity), in chunks unless `chunked` is false (a Content-Length), or
        ending when the connection closes without `announce`. `truncate` sends only so many bytes of a body
        announced in full; `trickle` sends it in 64-byte pieces that far apart. The headers follow `base`
        (Open-Meteo's CORS headers and a JSON Content-Type when None), a `Server` header when `server` is
        not empty, and a `Date` of `date` (the server's now when None)."""
        headers = dict(headers or {})
        logged, self.logged = getattr(self, "logged", None), None
        if logged is not None:
            with self.state.lock:
                logged["status"] = status
        if base is None:
            base = self.CORS
            headers.setdefault("Content-Type", "application/json; charset=utf-8")
        accepted = self.headers.get("Accept-Encoding") or ""
        if body and status != 304 and encoding in ("deflate", "gzip") and encoding in accepted:
            body = zlib.compress(body) if encoding == "deflate" else gzip.compress(body)
            headers["Content-Encoding"] = encoding
        self.server_name, self.date = server, self.state.now() if date is None else date
        self.send_response(status)
        for name, value in dict(base, **headers).items():
            self.send_header(name, value)
        # Chunks and a kept connection are HTTP/1.1's; a 1.0 client (the tests' control calls) reads to the close.
        modern = self.request_version == "HTTP/1.1"
        chunked = chunked and modern and announce and truncate is None and status != 304
        if status == 304:
            pass
        elif chunked:
            self.send_header("Transfer-Encoding", "chunked")
        elif announce:
            self.send_header("Content-Length", str(len(body)))
        if not announce:
            self.send_header("Connection", "close")
            self.close_connection = True
        elif modern:
            self.send_header("Connection", "keep-alive")
        self.end_headers()
        if status == 304:
            return
        if truncate is not None:
            self.wfile.write(body[:int(truncate)])
            self.wfile.flush()
            self.close_connection = True
            return
        size = 64 if trickle else 16384
        for start in range(0, len(body), size):
            piece = body[start:start + size]
            self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
            self.wfile.flush()
            if trickle:
                time.sleep(trickle)
        if chunked:
            self.wfile.write(b"0\r\n\r\n")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description="Serve Fixtures/ as Open-Meteo and the other services on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=8080, help="TCP port; 0 picks a free one (default 8080)")
    parser.add_argument("--fixtures", default=os.path.join(here, "..", "..", "Fixtures"), help="the Fixtures folder")
    parser.add_argument("--verbose", action="store_true", help="log each request to stderr")
    parser.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"), help="serve HTTPS with this certificate and key")
    parser.add_argument("--exports", action="store_true", help="print the settings' export lines under the address")
    parser.add_argument("--now", metavar="SECONDS[+]",
                        help="the server's now, as WEATHER_TEST_NOW: standing still, or with + running on from there")
    parser.add_argument("--data-interval", type=int, metavar="SECONDS",
                        help="how often Open-Meteo's current data changes, its current.time a step on "
                             "(default: the fixtures' interval, 900)")
    arguments = parser.parse_args()
    now = parse_now(arguments.now) if arguments.now is not None else None
    if arguments.now is not None and now is None:
        parser.error("--now takes seconds since 1970, standing still, or with a + running on: 1791478800+")
    if arguments.data_interval is not None and not 1 <= arguments.data_interval <= 86400:
        parser.error("--data-interval takes 1 to 86400 seconds")
    # A test process that started this server may block SIGTERM in its threads (weather's StopSignal), a
    # mask children inherit: take the default. And a test process that dies (a trap, kill -9) never stops
    # its servers, which would keep `swift test`'s output open and the run waiting: leave with the parent.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    parent = os.getppid()

    def leave_with_parent():
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)
    threading.Thread(target=leave_with_parent, daemon=True).start()

    # One server for every test of a test process: connections come in bursts from parallel tests.
    ThreadingHTTPServer.request_queue_size = 128
    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), Handler)
    server.daemon_threads = True
    server.shared = Server(os.path.abspath(arguments.fixtures), arguments.data_interval, now)
    server.verbose = arguments.verbose
    scheme = "http"
    if arguments.tls:
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(*arguments.tls)
        server.socket = context.wrap_socket(server.socket, server_side=True)
        scheme = "https"
    host, port = server.server_address
    address = "%s://%s:%d" % (scheme, host, port)
    # One write: a reader that has the first line has them all.
    print(address + ("\n" + exports(address) if arguments.exports else ""), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
