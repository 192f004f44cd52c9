"""DWD's warnings through Bright Sky (`.../alerts?lat=&lon=`, or `warn_cell_id=`, and `tz=`).

Fixtures: Fixtures/brightsky/<place>.json, Bright Sky's answer for a place at timeline.REFERENCE (the
place's coordinates are those of its Open-Meteo forecast fixture): `alerts` and the warn cell's `location`;
variants to script in brightsky/variants/, error bodies in brightsky/errors/. A point inside Germany gets
the nearest place's fixture (`warn_cell_id` the fixture with that cell), its times moved by timeline.py and
written in `tz` when given, without the alerts whose `expires` has passed by the server's clock. Without a
location: every place's alerts, each with `warn_cell_ids` and no `location`.

As the app and its proxy answer: `application/json`, `server: uvicorn`, no Cache-Control, Expires,
Last-Modified or ETag (a conditional request gets the full answer), gzip and chunks from 1 KiB when asked,
`access-control-allow-origin: *` to a request with an `Origin`. Refusals: `404 {"detail": ...}` outside
Germany or for an unknown cell, `422` in FastAPI's shape for bad parameters. No User-Agent rule. A scripted
answer without a body is the normal one for 200, else brightsky/errors/<status>.* (plain text from the proxy).
"""

import json
import os
import re
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from . import common, timeline

FOLDER = "brightsky"
SERVER = "uvicorn"
# Germany, along its borders roughly (Bright Sky: a point within 0.01° of a German warn cell).
GERMANY = [
    (55.06, 8.4), (54.8, 9.9), (54.45, 11.1), (54.7, 13.4), (53.95, 14.25), (52.85, 14.15), (52.35, 14.65),
    (51.05, 15.05), (50.85, 14.75), (50.3, 12.3), (49.0, 13.85), (48.6, 13.85), (48.2, 13.0), (47.5, 13.05),
    (47.55, 12.2), (47.3, 10.5), (47.5, 9.6), (47.55, 7.55), (48.95, 8.2), (49.2, 6.5), (49.8, 6.35),
    (50.3, 6.05), (50.8, 5.95), (51.8, 5.9), (51.95, 6.8), (52.6, 7.0), (53.3, 7.15), (53.75, 6.95),
    (54.2, 8.3),
]
NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")


def dump(document):
    """As Bright Sky (orjson) writes JSON: compact, UTF-8."""
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def invalid(kind, location, message, given, context=None):
    """A 422 body as FastAPI writes a failed validation."""
    entry = {"type": kind, "loc": location, "msg": message, "input": given}
    if context is not None:
        entry["ctx"] = context
    return dump({"detail": [entry]})


def error_body(fixtures, status):
    for extension, kind in ((".json", "application/json"), (".txt", "text/plain; charset=utf-8")):
        path = os.path.join(fixtures, FOLDER, "errors", "%d%s" % (status, extension))
        if os.path.exists(path):
            with open(path, "rb") as file:
                return file.read(), kind
    return b"Internal Server Error", "text/plain; charset=utf-8"


class Alerts:
    route = "brightsky"
    suffix = "/alerts"

    def __init__(self, fixtures):
        self.fixtures = fixtures
        self.places = common.place_fixtures(fixtures, FOLDER)

    def send(self, exchange, status, body, kind="application/json", response=None):
        headers = [("content-type", kind)]
        if exchange.header("Origin"):
            headers.append(("access-control-allow-origin", "*"))
        compressed = len(body) >= 1024
        if compressed:
            headers.append(("vary", "Accept-Encoding"))
        if response is not None:
            return common.play(exchange, response, body, headers, server=SERVER,
                               encoding="gzip" if compressed else "identity", chunked=compressed)
        exchange.send(status, body, headers, server=SERVER, encoding="gzip" if compressed else "identity",
                      chunked=compressed and "gzip" in (exchange.header("Accept-Encoding") or ""))

    def read(self, query):
        """The fixtures and zone a query asks for, or the status and body of its refusal."""
        for name, limit in (("lat", 90), ("lon", 180)):
            if name in query:
                text = query[name]
                if not NUMBER.match(text.strip()):
                    return None, None, (422, invalid("float_parsing", ["query", name],
                                                     "Input should be a valid number, unable to parse string as a "
                                                     "number", text))
                if float(text) > limit:
                    return None, None, (422, invalid("less_than_equal", ["query", name],
                                                     "Input should be less than or equal to %d" % limit, text,
                                                     {"le": float(limit)}))
                if float(text) < -limit:
                    return None, None, (422, invalid("greater_than_equal", ["query", name],
                                                     "Input should be greater than or equal to %d" % -limit, text,
                                                     {"ge": float(-limit)}))
        if ("lat" in query) != ("lon" in query):
            given = {name: query[name] for name in ("lat", "lon") if name in query}
            return None, None, (422, invalid("value_error", ["query"],
                                             "Value error, Supply both lat and lon, or none of the two", given, {"error": {}}))
        zone = None
        if "tz" in query:
            try:
                zone = ZoneInfo(query["tz"])
            except (ZoneInfoNotFoundError, ValueError):
                return None, None, (422, invalid("value_error", ["query", "tz"],
                                                 "Value error, Unknown timezone: %s" % query["tz"], query["tz"],
                                                 {"error": {}}))
        if "lat" in query:
            latitude, longitude = float(query["lat"]), float(query["lon"])
            if not common.inside(latitude, longitude, GERMANY):
                return None, None, (404, dump({"detail": "Requested position is not covered by the DWD"}))
            return [self.places[common.nearest(self.places, latitude, longitude)][3]], zone, None
        if "warn_cell_id" in query:
            for place in self.places.values():
                with open(place[3], encoding="utf-8") as file:
                    if str(json.load(file)["location"]["warn_cell_id"]) == query["warn_cell_id"].strip():
                        return [place[3]], zone, None
            return None, None, (404, dump({"detail": "Unknown warn_cell_id, please use commune (Gemeinden), "
                                                     "not district (Landkreis) ids"}))
        return [place[3] for place in self.places.values()], zone, None

    def answer(self, exchange, scripted):
        delta = timeline.shift(exchange.state, exchange.now)
        if scripted is not None:
            return self.scripted(exchange, scripted, delta)
        paths, zone, refusal = self.read(exchange.query)
        if refusal is not None:
            return self.send(exchange, *refusal)
        self.send(exchange, 200, self.alerts(paths, zone, exchange.now, delta, everywhere=len(paths) > 1))

    def alerts(self, paths, zone, now, delta, everywhere=False):
        """The answer from the fixtures at `paths`, moved; every German alert without a location."""
        documents = []
        for path in paths:
            with open(path, encoding="utf-8") as file:
                documents.append(json.load(file))
        reference_now = now - delta
        alerts = []
        for document in documents:
            for alert in document["alerts"]:
                if alert.get("expires") is None or timeline.parse(alert["expires"]) > reference_now:
                    if everywhere:
                        alert = dict(alert, warn_cell_ids=[document["location"]["warn_cell_id"]])
                    alerts.append(alert)
        order = ["extreme", "severe", "moderate", "minor"]
        alerts.sort(key=lambda alert: order.index(alert["severity"]) if alert.get("severity") in order else 4)
        document = {"alerts": alerts} if everywhere else dict(documents[0], alerts=alerts)
        return timeline.move(dump(document).decode(), delta, into=zone).encode()

    def scripted(self, exchange, response, delta):
        status = response.get("status", 200)
        kind = "application/json"
        if "fixture" in response:
            fixture = response["fixture"]
            body = common.read(self.fixtures, fixture)
            if fixture.startswith(FOLDER + "/") and "/errors/" not in fixture and fixture.endswith(".json"):
                body = self.alerts([os.path.join(self.fixtures, fixture)], None, exchange.now, delta)
            elif fixture.endswith(".txt"):
                kind = "text/plain; charset=utf-8"
        elif "body" in response:
            body = response["body"].encode()
        elif status == 200:
            paths, zone, refusal = self.read(exchange.query)
            body = refusal[1] if refusal else self.alerts(paths, zone, exchange.now, delta, len(paths) > 1)
        else:
            body, kind = error_body(self.fixtures, status)
        self.send(exchange, status, body, kind, response)
