"""The US National Weather Service's active alerts (`.../alerts/active?point=LAT,LON`).

Fixtures: Fixtures/nws/<place>.json, the GeoJSON FeatureCollection api.weather.gov answers for a place at
timeline.REFERENCE (the place's coordinates are those of its Open-Meteo forecast fixture); variants to
script in nws/variants/, error bodies in nws/errors/. A point inside the United States gets the fixture of
the nearest place, its times moved by timeline.py (in the office's zone, CDT or CST as the date has it),
without the alerts whose `expires` has passed by the server's clock; `title` echoes the point, and `updated`
is the later of the fixture's and the last expiry. Without `point`: every place's alerts. The filters
`status`, `message_type`, `event`, `urgency`, `severity` and `certainty` apply as the API applies them.

Headers as api.weather.gov's: `application/geo+json`, `Last-Modified` (= `updated`), `Cache-Control: public,
max-age=30, s-maxage=30` and an `Expires` 30 seconds on, the request and server ids, CORS, gzip when asked.
`If-Modified-Since` not before `Last-Modified` gets `304`. Refusals: `403` (Akamai's HTML page) without a
User-Agent; `400` problem+json for a bad or foreign `point` or an unknown parameter. A scripted answer without
a body is the normal one for 200, else nws/errors/<status>.* (problem+json or Akamai's HTML).
"""

import json
import os
import re
import zlib
from datetime import timezone

from . import common, timeline

FOLDER = "nws"
SERVER = "nginx/1.20.1"
# What /alerts/active takes besides `point`; its `limit` is in the API's specification, yet the live server
# refuses it as unknown.
PARAMETERS = {"point", "status", "message_type", "event", "code", "area", "region", "region_type", "zone",
              "urgency", "severity", "certainty"}
FILTERS = {"status": "status", "message_type": "messageType", "event": "event", "urgency": "urgency",
           "severity": "severity", "certainty": "certainty"}
POINT = re.compile(r"^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$")
# Where the NWS answers for a point: the contiguous states (along the borders, roughly), Alaska, Hawaii,
# Puerto Rico and the Virgin Islands, Guam and the Marianas, American Samoa.
UNITED_STATES = [
    [(49.0, -123.3), (49.0, -95.2), (49.4, -95.15), (48.6, -93.0), (48.0, -89.5), (46.5, -84.5), (45.3, -82.5),
     (42.3, -83.1), (41.7, -82.7), (42.8, -79.0), (43.6, -79.2), (44.0, -76.4), (45.0, -74.7), (45.0, -71.5),
     (45.3, -71.0), (47.4, -69.2), (47.0, -67.8), (45.2, -67.3), (44.6, -66.9), (41.0, -69.5), (35.2, -75.3),
     (31.0, -80.5), (25.0, -80.0), (24.4, -81.8), (25.3, -81.4), (29.0, -83.2), (30.0, -88.0), (29.0, -89.0),
     (26.0, -97.1), (25.9, -97.4), (29.8, -101.4), (29.0, -103.1), (31.8, -106.5), (31.3, -108.2),
     (31.3, -111.1), (32.5, -114.8), (32.5, -117.2), (34.4, -120.5), (40.4, -124.4), (46.2, -124.1),
     (48.4, -124.8)],
    [(51.0, -180.0), (51.0, -129.9), (60.0, -129.9), (60.0, -141.0), (71.5, -141.0), (71.5, -180.0)],
    [(18.9, -160.3), (18.9, -154.8), (22.3, -154.8), (22.3, -160.3)],
    [(17.6, -67.3), (17.6, -64.5), (18.6, -64.5), (18.6, -67.3)],
    [(13.2, 144.6), (13.2, 146.1), (20.6, 146.1), (20.6, 144.6)],
    [(-14.4, -170.9), (-14.4, -169.4), (-14.1, -169.4), (-14.1, -170.9)],
]


def dump(document):
    """As api.weather.gov writes JSON: indented by 4 spaces."""
    return json.dumps(document, indent=4, ensure_ascii=False).encode()


def covered(latitude, longitude):
    return any(common.inside(latitude, longitude, area) for area in UNITED_STATES)


def ids(exchange):
    """The request ids api.weather.gov sends, made up from the request's number."""
    number = len(exchange.state.requests)
    digest = "%08x" % zlib.crc32(b"nws%d" % number)
    return digest, "%s-%04x-4%03x-a%03x-%012x" % (digest, number, number, number, number * 7919)


def error_body(fixtures, status):
    """nws/errors/<status>.json or .html, and its type."""
    for extension, kind in ((".json", "application/problem+json"), (".html", "text/html")):
        path = os.path.join(fixtures, FOLDER, "errors", "%d%s" % (status, extension))
        if os.path.exists(path):
            with open(path, "rb") as file:
                return file.read(), kind
    return dump(problem(status, "Unexpected Problem", "UnexpectedProblem", "An unexpected problem has occurred.")), \
        "application/problem+json"


def problem(status, title, kind, detail, **extra):
    """An RFC 7807 problem as api.weather.gov writes one."""
    return dict({"correlationId": "5f0c2b7e", "title": title, "type": "https://api.weather.gov/problems/" + kind,
                 "status": status, "detail": detail, "instance": "https://api.weather.gov/requests/5f0c2b7e"},
                **extra)


class Alerts:
    route = "nws"
    suffix = "/alerts/active"

    def __init__(self, fixtures):
        self.fixtures = fixtures
        self.places = common.place_fixtures(fixtures, FOLDER)

    def headers(self, exchange, last_modified):
        correlation, request = ids(exchange)
        return [("Content-Type", "application/geo+json"), ("Last-Modified", common.http_date(last_modified)),
                ("Access-Control-Allow-Origin", "*"),
                ("Access-Control-Expose-Headers", "X-Correlation-Id, X-Request-Id, X-Server-Id"),
                ("X-Request-ID", request), ("X-Correlation-ID", correlation),
                ("X-Server-ID", "vm-lnx-nids-apiapp3.ncep.noaa.gov"),
                ("Cache-Control", "public, max-age=30, s-maxage=30"),
                ("Expires", common.http_date(exchange.now + 30)),
                ("Vary", "Accept,Feature-Flags,Accept-Language"),
                ("Strict-Transport-Security", "max-age=31536000 ; includeSubDomains ; preload"),
                ("X-Edge-Request-ID", correlation[::-1])]

    def error_headers(self, exchange, kind):
        if kind == "text/html":  # from the CDN
            return [("Mime-Version", "1.0"), ("Content-Type", "text/html"),
                    ("Expires", common.http_date(exchange.now))]
        correlation, request = ids(exchange)
        return [("Content-Type", kind), ("X-Request-ID", request), ("X-Correlation-ID", correlation),
                ("X-Server-ID", "vm-lnx-nids-apiapp3.ncep.noaa.gov"), ("Access-Control-Allow-Origin", "*"),
                ("Access-Control-Expose-Headers", "X-Correlation-Id, X-Request-Id, X-Server-Id"),
                ("Pragma", "no-cache"), ("Cache-Control", "private, must-revalidate, max-age=86400")]

    def refuse(self, exchange, status, body=None):
        if body is None:
            body, kind = error_body(self.fixtures, status)
        else:
            kind = "application/problem+json"
        exchange.send(status, body, self.error_headers(exchange, kind),
                      server="AkamaiGHost" if kind == "text/html" else SERVER)

    def answer(self, exchange, scripted):
        delta = timeline.shift(exchange.state, exchange.now)
        if scripted is not None:
            return self.scripted(exchange, scripted, delta)
        if not (exchange.header("User-Agent") or "").strip():
            return self.refuse(exchange, 403)
        query = exchange.query
        for name in query:
            if name not in PARAMETERS:
                return self.refuse(exchange, 400, dump(problem(
                    400, "Bad Request", "BadRequest", "Bad Request", parameterErrors=[
                        {"parameter": "query." + name, "message": 'Query parameter "%s" is not recognized' % name}])))
        point = query.get("point")
        if point is None:
            paths = [place[3] for place in self.places.values()]
        else:
            match = POINT.match(point)
            latitude, longitude = (float(match.group(1)), float(match.group(2))) if match else (None, None)
            if match is None or not (-90 <= latitude <= 90 and -180 <= longitude <= 180):
                return self.refuse(exchange, 400, dump(problem(
                    400, "Bad Request", "BadRequest", "Bad Request", parameterErrors=[
                        {"parameter": "query.point", "message": "Does not match the form latitude,longitude"}])))
            if not covered(latitude, longitude):
                return self.refuse(exchange, 400, error_body(self.fixtures, 400)[0])
            paths = [self.places[common.nearest(self.places, latitude, longitude)][3]]
        body, last_modified = self.collection(paths, point, query, exchange.now, delta)
        headers = self.headers(exchange, last_modified)
        since = common.parse_http_date(exchange.header("If-Modified-Since"))
        if since is not None and since >= last_modified:
            return exchange.send(304, b"", headers, server=SERVER)
        exchange.send(200, body, headers, server=SERVER)

    def collection(self, paths, point, query, now, delta):
        """The answer from the fixtures at `paths`, moved; and its Last-Modified."""
        documents = []
        for path in paths:
            with open(path, encoding="utf-8") as file:
                documents.append(json.load(file))
        document = documents[0]
        features = {feature["id"]: feature for each in documents for feature in each["features"]}
        reference_now = now - delta
        kept = [feature for feature in features.values()
                if timeline.parse(feature["properties"]["expires"]) > reference_now]
        ended = [timeline.parse(feature["properties"]["expires"]) for feature in features.values()
                 if feature not in kept]
        for parameter, key in FILTERS.items():
            if parameter in query:
                wanted = {value.strip().lower() for value in query[parameter].split(",")}
                kept = [feature for feature in kept if str(feature["properties"].get(key)).lower() in wanted]
        updated = max([timeline.parse(each["updated"]) for each in documents] + ended)
        document["features"] = kept
        document["title"] = title(point)
        document["updated"] = timeline.iso(updated, timezone.utc, "+00:00")
        text = dump(document).decode()
        return timeline.move(text, delta, zone=timeline.us_zone(text)).encode(), updated + delta

    def scripted(self, exchange, response, delta):
        status = response.get("status", 200)
        point = exchange.query.get("point")
        headers = self.headers(exchange, exchange.now)
        server = SERVER
        if "fixture" in response:
            fixture = response["fixture"]
            body = common.read(self.fixtures, fixture)
            if fixture.startswith(FOLDER + "/") and fixture.endswith(".json") and "/errors/" not in fixture:
                body, last_modified = self.collection([os.path.join(self.fixtures, fixture)], point, {},
                                                      exchange.now, delta)
                headers = self.headers(exchange, last_modified)
            elif fixture.endswith(".html"):
                headers, server = self.error_headers(exchange, "text/html"), "AkamaiGHost"
            elif "/errors/" in fixture:
                headers = self.error_headers(exchange, "application/problem+json")
        elif "body" in response:
            body = response["body"].encode()
        elif status == 200:
            paths = [place[3] for place in self.places.values()][:1]
            match = POINT.match(point or "")
            if match:
                paths = [self.places[common.nearest(self.places, float(match.group(1)), float(match.group(2)))][3]]
            body, last_modified = self.collection(paths, point, {}, exchange.now, delta)
            headers = self.headers(exchange, last_modified)
        else:
            body, kind = error_body(self.fixtures, status)
            headers = self.error_headers(exchange, kind)
            server = "AkamaiGHost" if kind == "text/html" else SERVER
        common.play(exchange, response, body, headers, server=server)


def title(point):
    """`current watches, warnings, and advisories for 37.2153 N, 93.2982 W`, as the API echoes a point."""
    if not point or "," not in point:
        return "Current watches, warnings, and advisories"
    latitude, longitude = point.split(",", 1)
    return "current watches, warnings, and advisories for %s %s, %s %s" % (
        latitude.lstrip("-"), "S" if latitude.startswith("-") else "N",
        longitude.lstrip("-"), "W" if longitude.startswith("-") else "E")
