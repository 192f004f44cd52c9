"""MET Norway's Locationforecast 2.0 `complete` (`.../weatherapi/locationforecast/2.0/complete?lat=&lon=`).

Fixtures: Fixtures/met-norway/locationforecast/<place>.json, each the minified answer MET gives at its first
step (written by make-met-fixtures.py). The fixture nearest to the requested point answers, moved to now:

- The series starts at the current hour and keeps the fixture's values: the answer's step N hours after its
  start takes the values of the fixture's step N hours after the fixture's start (the nearest one where the
  fixture's resolution is coarser). The steps are laid out as MET lays them out: hourly up to the first
  00/06/12/18 UTC at least 55 hours ahead, then 6-hourly up to 234 hours after the last 00 or 12 UTC run
  at least 8 hours old (or as far as the fixture reaches). `next_1_hours` on hourly steps only;
  `next_6_hours`/`next_12_hours` only where the step 6/12 hours later exists (so the second-to-last step
  has `next_6_hours` only, the last `instant` only); fog, UV and gust on hourly steps and the first 6-hourly
  one. A block the fixture lacks at that step is taken from the nearest step that has it.
- `_day`/`_night`/`_polartwilight` follow the sun at the middle of each period (common.daylight), and the
  clear-sky UV index the sun at each step.
- `geometry.coordinates` echo the request (`[lon, lat, altitude]`, shortest numbers); without `altitude` the
  fixture's own; with one, air temperatures are adjusted by -6.5 °C per km of difference.
- `updated_at` is 6 min 32 s before the current model run was published, and `Last-Modified` that moment:
  a run is published every hour at HH:21:37 UTC in the Nordic area (53.5-72°N, 4-32°E, roughly MEPS's
  domain), else every 6 hours at 04:21:37, 10:21:37, 16:21:37 and 22:21:37 UTC. `Expires` is 30 to 32
  minutes after `Date` (the server's clock). `If-Modified-Since` equal to the current `Last-Modified`
  (nginx's exact match) gets `304` with no body.

Refusals as MET's: `403` when the User-Agent does not name an application and a contact, or a coordinate
has more than 4 decimals; `400` for a missing or bad `lat`/`lon` or an `altitude` that is no whole number
(HTML bodies, Fixtures/met-norway/errors/). A scripted answer without a body is the normal body for 200 and
203 (deprecated version), else the error page of its status.
"""

import copy
import json
import os
import zlib

from . import common

FOLDER = os.path.join("met-norway", "locationforecast")
ERRORS = os.path.join("met-norway", "errors")
HOUR, SIX_HOURS = 3600, 6 * 3600
HOURLY_ONLY = ("fog_area_fraction", "ultraviolet_index_clear_sky", "wind_speed_of_gust")
TEMPERATURES = ("air_temperature", "air_temperature_percentile_10", "air_temperature_percentile_90",
                "air_temperature_max", "air_temperature_min")
# The 21 symbols with _day/_night/_polartwilight variants (metno/weathericons, weather/legend.csv).
VARIANTS = {
    "clearsky", "fair", "partlycloudy", "rainshowers", "rainshowersandthunder", "sleetshowers", "snowshowers",
    "sleetshowersandthunder", "snowshowersandthunder", "lightrainshowersandthunder",
    "heavyrainshowersandthunder", "lightssleetshowersandthunder", "heavysleetshowersandthunder",
    "lightssnowshowersandthunder", "heavysnowshowersandthunder", "lightrainshowers", "heavyrainshowers",
    "lightsleetshowers", "heavysleetshowers", "lightsnowshowers", "heavysnowshowers",
}
NORDIC = (53.5, 72.0, 4.0, 32.0)
PUBLISHED_AT = 21 * 60 + 37  # seconds past the hour
UPDATED_BEFORE = 6 * 60 + 32
SERVER = "nginx/1.18.0 (Ubuntu)"
CACHE_HEADERS = [
    ("X-Backend-Host", "b_127_0_0_1_loc"),
    ("Access-Control-Allow-Origin", "*"),
    ("Access-Control-Allow-Methods", "GET"),
    ("Access-Control-Allow-Headers", "Origin"),
    ("Vary", "Accept, Accept-Encoding"),
]


def published(now, latitude, longitude):
    """When the model run current at `now` was published."""
    south, north, west, east = NORDIC
    if south <= latitude <= north and west <= longitude <= east:
        return (int(now) - PUBLISHED_AT) // HOUR * HOUR + PUBLISHED_AT
    phase = 4 * HOUR + PUBLISHED_AT
    return (int(now) - phase) // SIX_HOURS * SIX_HOURS + phase


def one_decimal(value):
    return float(round(value, 1)) + 0.0  # no -0.0


def met_json(document):
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def varnish_headers(exchange):
    """What MET's Varnish adds to every answer."""
    number = 131000000 + len(exchange.state.requests)
    return [("X-Varnish", "%d %d" % (number, number - 17)), ("Age", "0"), ("Via", "1.1 varnish (Varnish/7.7)")]


def error_page(fixtures, status):
    """MET's HTML error page for `status` (Fixtures/met-norway/errors/<status>.html), or a plain one."""
    path = os.path.join(fixtures, ERRORS, "%d.html" % status)
    if os.path.exists(path):
        with open(path, "rb") as file:
            return file.read()
    return ("<!DOCTYPE html>\n<html>\n<head><title>Error %d</title></head>\n<body>\n<h1>Error %d</h1>\n"
            "</body>\n</html>\n" % (status, status)).encode()


def error_headers(exchange):
    return ([("Content-Type", "text/html; charset=utf-8")] + CACHE_HEADERS[1:4] + varnish_headers(exchange)
            + [("Accept-Ranges", "bytes")])


class Locationforecast:
    route = "met"
    suffix = "/weatherapi/locationforecast/2.0/complete"

    def __init__(self, fixtures):
        self.fixtures = fixtures
        self.forecasts = []
        folder = os.path.join(fixtures, FOLDER)
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name), encoding="utf-8") as file:
                document = json.load(file)
            longitude, latitude, altitude = document["geometry"]["coordinates"]
            self.forecasts.append((latitude, longitude, altitude, document))

    def answer(self, exchange, scripted):
        if scripted is not None:
            return self.scripted(exchange, scripted)
        request, status = self.read(exchange)
        if request is None:
            return exchange.send(status, error_page(self.fixtures, status), error_headers(exchange), server=SERVER)
        latitude, longitude, altitude = request
        last_modified = published(exchange.now, latitude, longitude)
        headers = self.headers(exchange, latitude, longitude, last_modified)
        since = common.parse_http_date(exchange.header("If-Modified-Since"))
        if since is not None and int(since) == last_modified:
            return exchange.send(304, b"", headers, server=SERVER)
        exchange.send(200, self.body(exchange.now, latitude, longitude, altitude), headers, server=SERVER)

    def read(self, exchange):
        """The request's (latitude, longitude, altitude or None), or None and the status of the refusal."""
        if not common.names_application_and_contact(exchange.header("User-Agent")):
            return None, 403
        latitude = common.coordinate(exchange.query.get("lat"), 90)
        longitude = common.coordinate(exchange.query.get("lon"), 180)
        if latitude is None or longitude is None:
            return None, 400
        if latitude[1] > 4 or longitude[1] > 4:
            return None, 403
        altitude = exchange.query.get("altitude")
        if altitude is not None:
            try:
                altitude = int(altitude.strip(), 10)
            except ValueError:
                return None, 400
        return (latitude[0], longitude[0], altitude), None

    def headers(self, exchange, latitude, longitude, last_modified):
        jitter = zlib.crc32(("%r,%r,%d" % (latitude, longitude, last_modified)).encode()) % 120
        return ([("Content-Type", "application/json"),
                 ("Expires", common.http_date(exchange.now + 1800 + jitter)),
                 ("Last-Modified", common.http_date(last_modified))]
                + CACHE_HEADERS + varnish_headers(exchange) + [("Accept-Ranges", "bytes")])

    def body(self, now, latitude, longitude, altitude):
        _, _, own, document = min(
            self.forecasts, key=lambda entry: common.distance_km(latitude, longitude, entry[0], entry[1]))
        run = published(now, latitude, longitude)
        document = moved(copy.deepcopy(document), now, latitude, longitude,
                         None if altitude is None else altitude - own)
        document["geometry"]["coordinates"] = [common.shortest(longitude), common.shortest(latitude),
                                               own if altitude is None else altitude]
        document["properties"]["meta"]["updated_at"] = common.iso_z(run - UPDATED_BEFORE)
        return met_json(document)

    def scripted(self, exchange, response):
        status = response.get("status", 200)
        query = exchange.query
        latitude = (common.coordinate(query.get("lat"), 90) or (60.0, 0))[0]
        longitude = (common.coordinate(query.get("lon"), 180) or (10.0, 0))[0]
        altitude = query.get("altitude")
        altitude = int(altitude) if altitude is not None and altitude.lstrip("-").isdigit() else None
        headers = self.headers(exchange, latitude, longitude, published(exchange.now, latitude, longitude))
        if "fixture" in response:
            body = common.read(self.fixtures, response["fixture"])
            if response["fixture"].startswith(FOLDER + "/"):
                document = json.loads(body)
                own = document["geometry"]["coordinates"][2]
                document = moved(document, exchange.now, latitude, longitude,
                                 None if altitude is None else altitude - own)
                document["geometry"]["coordinates"] = [common.shortest(longitude), common.shortest(latitude),
                                                       own if altitude is None else altitude]
                body = met_json(document)
            elif response["fixture"].endswith(".html"):
                headers = error_headers(exchange)
        elif "body" in response:
            body = response["body"].encode()
        elif status in (200, 203):
            body = self.body(exchange.now, latitude, longitude, altitude)
        else:
            body, headers = error_page(self.fixtures, status), error_headers(exchange)
        common.play(exchange, response, body, headers, server=SERVER)


def moved(document, now, latitude, longitude, altitude_difference):
    """The fixture as MET answers at `now` (see the module's docstring)."""
    series = document["properties"]["timeseries"]
    first = common.parse_iso(series[0]["time"])
    offsets = [int(common.parse_iso(entry["time"]) - first) // HOUR for entry in series]
    start = int(now) // HOUR * HOUR
    switch = -(-(start + 55 * HOUR) // SIX_HOURS) * SIX_HOURS
    end = (int(now) - 8 * HOUR) // (2 * SIX_HOURS) * (2 * SIX_HOURS) + 234 * HOUR
    end = min(end, (start + (offsets[-1] + 3) * HOUR) // SIX_HOURS * SIX_HOURS)
    times = list(range(start, switch, HOUR)) + list(range(switch, end + 1, SIX_HOURS))
    present = set(times)

    def nearest(hours, has=lambda data: True):
        candidates = [index for index, entry in enumerate(series) if has(entry["data"])]
        return series[min(candidates, key=lambda index: (abs(offsets[index] - hours), offsets[index]))]["data"]

    adjustment = 0.0 if not altitude_difference else -0.0065 * altitude_difference
    timeseries = []
    for moment in times:
        hours = (moment - start) // HOUR
        hourly = moment < switch
        details = dict(nearest(hours)["instant"]["details"])
        for key in HOURLY_ONLY:
            if hourly or moment == switch:
                if key not in details:
                    details[key] = nearest(hours, lambda data: key in data["instant"]["details"])[
                        "instant"]["details"][key]
            else:
                details.pop(key, None)
        if "ultraviolet_index_clear_sky" in details:
            details["ultraviolet_index_clear_sky"] = common.uv_index_clear_sky(latitude, longitude, moment)
        data = {"instant": {"details": adjusted(details, adjustment)}}
        for name, span, wanted in (("next_12_hours", 12, moment + 12 * HOUR in present),
                                   ("next_1_hours", 1, hourly),
                                   ("next_6_hours", 6, moment + 6 * HOUR in present)):
            if not wanted:
                continue
            block = json.loads(json.dumps(nearest(hours, lambda data: name in data)[name]))
            block["summary"]["symbol_code"] = symbol(block["summary"]["symbol_code"], latitude, longitude,
                                                     moment + span * HOUR // 2)
            if "details" in block:
                block["details"] = adjusted(block["details"], adjustment)
            data[name] = block
        timeseries.append({"time": common.iso_z(moment), "data": data})
    document["properties"]["timeseries"] = timeseries
    return document


def adjusted(details, adjustment):
    """Details in MET's order (by name), temperatures moved by `adjustment`, every number with one decimal."""
    return {key: one_decimal(value + (adjustment if key in TEMPERATURES else 0.0))
            for key, value in sorted(details.items())}


def symbol(code, latitude, longitude, moment):
    """The symbol with the variant of the sun at `moment`, for the symbols that have variants."""
    base = code.split("_")[0]
    if base not in VARIANTS:
        return code
    return base + "_" + common.daylight(latitude, longitude, moment)
