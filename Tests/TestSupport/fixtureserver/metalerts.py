"""MET Norway's MetAlerts 2.0 (`.../weatherapi/metalerts/2.0/current.json?lat=&lon=&lang=`).

Fixtures: Fixtures/metalerts/<place>.json (Norwegian) and <place>.en.json (`lang=en`), the GeoJSON
FeatureCollection MET answers for a place at timeline.REFERENCE (the place's coordinates are those of its
Open-Meteo forecast fixture); variants to script in metalerts/variants/. A point in Norway gets the nearest
place's fixture, its times moved by timeline.py, without the alerts whose `when.interval` has ended by the
server's clock (`lastChange` then says when); a point elsewhere an empty collection; no point, every place's
alerts. Written as MET writes it: compact, slashes escaped (`\\/`).

Headers as MET's other products send them (see locationforecast.py): `Expires` 10 to 11 minutes on (MET's
terms ask MetAlerts clients to poll at most every 10 minutes), `Last-Modified` at `lastChange`, `304` to an
`If-Modified-Since` equal to it, gzip. Refusals as MET's: `403` when the User-Agent does not name an
application and a contact, or a coordinate has more than 4 decimals; `400` for a bad `lat`/`lon` (MET's HTML
pages, Fixtures/met-norway/errors/). A scripted answer without a body is the normal one for 200 and 203, else
MET's error page of its status.
"""

import json
import os
import zlib

from . import common, locationforecast, timeline

FOLDER = "metalerts"
# Mainland Norway and its coast, roughly, and Svalbard.
NORWAY = [
    [(57.9, 7.0), (58.0, 6.0), (58.8, 5.0), (60.0, 4.4), (61.5, 4.4), (62.5, 5.0), (63.6, 7.8), (65.0, 10.8),
     (67.0, 12.3), (68.5, 13.5), (69.8, 17.0), (70.6, 21.5), (71.3, 26.0), (70.9, 31.3), (69.6, 31.0),
     (69.0, 29.0), (69.1, 25.8), (68.6, 24.7), (69.1, 21.0), (68.4, 19.9), (68.3, 18.1), (66.0, 15.3),
     (64.0, 13.9), (62.0, 12.2), (61.0, 12.6), (59.8, 11.9), (59.0, 11.4), (58.7, 9.6)],
    [(76.3, 9.5), (76.3, 34.0), (81.0, 34.0), (81.0, 9.5)],
]


def dump(document):
    """As MetAlerts writes JSON: compact, with slashes escaped."""
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).replace("/", "\\/").encode()


def covered(latitude, longitude):
    return any(common.inside(latitude, longitude, area) for area in NORWAY)


class Alerts:
    route = "metalerts"
    suffix = "/weatherapi/metalerts/2.0/current.json"

    def __init__(self, fixtures):
        self.fixtures = fixtures
        self.places = common.place_fixtures(fixtures, FOLDER)

    def headers(self, exchange, last_modified):
        jitter = zlib.crc32(b"%d" % last_modified) % 60
        return ([("Content-Type", "application/json"),
                 ("Expires", common.http_date(exchange.now + 600 + jitter)),
                 ("Last-Modified", common.http_date(last_modified))]
                + locationforecast.CACHE_HEADERS + locationforecast.varnish_headers(exchange)
                + [("Accept-Ranges", "bytes")])

    def refuse(self, exchange, status):
        exchange.send(status, locationforecast.error_page(self.fixtures, status),
                      locationforecast.error_headers(exchange), server=locationforecast.SERVER)

    def read(self, exchange):
        """The fixtures a request asks for (None for no place in Norway), or the status of its refusal."""
        query = exchange.query
        if not common.names_application_and_contact(exchange.header("User-Agent")):
            return None, 403
        if "lat" not in query and "lon" not in query:
            return [place[3] for place in self.places.values()], None
        latitude = common.coordinate(query.get("lat"), 90)
        longitude = common.coordinate(query.get("lon"), 180)
        if latitude is None or longitude is None:
            return None, 400
        if latitude[1] > 4 or longitude[1] > 4:
            return None, 403
        if not covered(latitude[0], longitude[0]):
            return [], None
        return [self.places[common.nearest(self.places, latitude[0], longitude[0])][3]], None

    def answer(self, exchange, scripted):
        delta = timeline.shift(exchange.state, exchange.now)
        if scripted is not None:
            return self.scripted(exchange, scripted, delta)
        paths, refusal = self.read(exchange)
        if refusal is not None:
            return self.refuse(exchange, refusal)
        body, last_modified = self.collection(paths, exchange.query.get("lang"), exchange.now, delta)
        headers = self.headers(exchange, last_modified)
        since = common.parse_http_date(exchange.header("If-Modified-Since"))
        if since is not None and int(since) == last_modified:
            return exchange.send(304, b"", headers, server=locationforecast.SERVER)
        exchange.send(200, body, headers, server=locationforecast.SERVER)

    def collection(self, paths, lang, now, delta, empty_from=None):
        """The answer from the fixtures at `paths` in `lang`, moved (none: an empty one); its Last-Modified."""
        english = lang == "en"
        sources = paths or [empty_from or next(iter(self.places.values()))[3]]
        documents = []
        for path in sources:
            if english and not path.endswith(".en.json"):
                path = path[:-len(".json")] + ".en.json"
            with open(path, encoding="utf-8") as file:
                documents.append(json.load(file))
        reference_now = now - delta
        features = {feature["properties"]["id"]: feature for each in documents for feature in each["features"]}
        kept = [feature for feature in features.values()
                if timeline.parse(feature["when"]["interval"][1]) > reference_now] if paths else []
        ended = [timeline.parse(feature["when"]["interval"][1]) for feature in features.values()
                 if paths and feature not in kept]
        changed = max([timeline.parse(each["lastChange"]) for each in documents] + ended)
        document = dict(documents[0], features=kept)
        document["lastChange"] = timeline.iso(changed, None, "+00:00")
        return timeline.move(dump(document).decode(), delta).encode(), int(changed) + delta

    def scripted(self, exchange, response, delta):
        status = response.get("status", 200)
        headers = self.headers(exchange, int(exchange.now))
        lang = exchange.query.get("lang")
        if "fixture" in response:
            fixture = response["fixture"]
            body = common.read(self.fixtures, fixture)
            if fixture.startswith(FOLDER + "/") and fixture.endswith(".json"):
                path = os.path.join(self.fixtures, fixture)
                body, last_modified = self.collection([path], "en" if fixture.endswith(".en.json") else lang,
                                                      exchange.now, delta)
                headers = self.headers(exchange, last_modified)
            elif fixture.endswith(".html"):
                headers = locationforecast.error_headers(exchange)
        elif "body" in response:
            body = response["body"].encode()
        elif status in (200, 203):
            paths, _ = self.read(exchange)
            body, last_modified = self.collection(paths or [], lang, exchange.now, delta)
            headers = self.headers(exchange, last_modified)
        else:
            body, headers = locationforecast.error_page(self.fixtures, status), locationforecast.error_headers(exchange)
        common.play(exchange, response, body, headers, server=locationforecast.SERVER)
