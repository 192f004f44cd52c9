"""What the services besides Open-Meteo share: one request's exchange, HTTP dates, the User-Agent rule,
coordinates as they were typed, the sun, places and areas, and how a scripted answer is played."""

import json
import math
import os
import re
import time
from datetime import datetime, timezone
from email.utils import formatdate, parsedate_to_datetime


class Exchange:
    """One request to a service: its query and headers, the server's clock, the fixtures, and a way to
    answer (fixture-server.py's `Handler.send`, with the service's framing)."""

    def __init__(self, handler, query):
        self.handler = handler
        self.query = query
        self.headers = handler.headers
        self.state = handler.state
        self.fixtures = self.state.fixtures
        self.now = self.state.now()

    def header(self, name):
        return self.headers.get(name)

    def send(self, status, body, headers, *, server="", encoding="gzip", chunked=False, truncate=None,
             trickle=None, announce=True):
        """Sends `headers` (name, value pairs, in order) after the status line, `Server` (when not empty) and
        a `Date` of the server's clock; `body` compressed with `encoding` when the client accepts it."""
        self.handler.send(status, body, headers=dict(headers), truncate=truncate, trickle=trickle,
                          encoding=encoding, chunked=chunked, announce=announce, base={},
                          server=server, date=self.now)


# HTTP dates

def http_date(seconds):
    """`Mon, 20 Jul 2020 11:44:31 GMT`: RFC 9110's IMF-fixdate."""
    return formatdate(int(seconds), usegmt=True)


def parse_http_date(text):
    """Seconds since 1970 of an HTTP date, or None."""
    try:
        moment = parsedate_to_datetime(text or "")
    except (TypeError, ValueError, IndexError):
        return None
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.timestamp()


def iso_z(seconds):
    """`2026-10-08T17:00:00Z`."""
    return datetime.fromtimestamp(int(seconds), timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_iso(text):
    """Seconds since 1970 of an ISO 8601 date-time with `Z` or an offset."""
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


# Who is asking

EMAIL = re.compile(r"^[^@\s]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$")
LINK = re.compile(r"^(https?://)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(:[0-9]+)?/\S*$", re.IGNORECASE)
HTTP_URL = re.compile(r"^https?://\S+$", re.IGNORECASE)


def names_application_and_contact(agent):
    """Whether a User-Agent names an application AND gives a contact (an email address or a link), as MET
    Norway's terms ask: `weather/0.1.0 (you@example.org)`, `acmeweathersite.com support@acmeweathersite.com`,
    `AcmeWeatherApp/0.9 github.com/acmeweatherapp`. A bare `curl/8.5.0`, a browser's string or an address
    alone do not."""
    words = [word for word in re.split(r"[\s();,<>\[\]]+", agent or "") if word]
    contacts = [word for word in words if EMAIL.match(word) or LINK.match(word) or HTTP_URL.match(word)]
    others = [word for word in words if word not in contacts and re.search(r"[A-Za-z]", word)]
    return bool(contacts) and bool(others)


# Coordinates as typed

NUMBER = re.compile(r"^[+-]?([0-9]+)(\.([0-9]*))?$")


def coordinate(text, limit):
    """A latitude or longitude as typed: (value, decimals), or None when it is no plain decimal number within
    ±`limit`."""
    match = NUMBER.match((text or "").strip())
    if not match:
        return None
    value = float(match.group(0))
    if not -limit <= value <= limit:
        return None
    return value, len(match.group(3) or "")


def shortest(value):
    """A coordinate as MET writes it back: `13` for 13.0, `53.5`, `-0.1`."""
    return int(value) if float(value).is_integer() else float(value)


# The sun (NOAA's solar equations)

def solar_position(seconds):
    """The sun's declination (degrees) and the equation of time (minutes) at an instant."""
    julian = seconds / 86400 + 2440587.5
    t = (julian - 2451545.0) / 36525
    mean_longitude = (280.46646 + t * (36000.76983 + 0.0003032 * t)) % 360
    anomaly = math.radians(357.52911 + t * (35999.05029 - 0.0001537 * t))
    eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
    centre = (math.sin(anomaly) * (1.914602 - t * (0.004817 + 0.000014 * t))
              + math.sin(2 * anomaly) * (0.019993 - 0.000101 * t) + math.sin(3 * anomaly) * 0.000289)
    omega = math.radians(125.04 - 1934.136 * t)
    apparent = math.radians(mean_longitude + centre - 0.00569 - 0.00478 * math.sin(omega))
    obliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
    obliquity = math.radians(obliquity + 0.00256 * math.cos(omega))
    declination = math.asin(math.sin(obliquity) * math.sin(apparent))
    y = math.tan(obliquity / 2) ** 2
    l0 = math.radians(mean_longitude)
    equation = 4 * math.degrees(
        y * math.sin(2 * l0) - 2 * eccentricity * math.sin(anomaly)
        + 4 * eccentricity * y * math.sin(anomaly) * math.cos(2 * l0)
        - 0.5 * y * y * math.sin(4 * l0) - 1.25 * eccentricity * eccentricity * math.sin(2 * anomaly))
    return math.degrees(declination), equation


def sun_elevation(latitude, longitude, seconds):
    """The sun's elevation above the horizon in degrees (geometric, without refraction)."""
    declination, equation = solar_position(seconds)
    minutes = (seconds % 86400) / 60
    hour_angle = math.radians((minutes + equation + 4 * longitude) / 4 - 180)
    lat, dec = math.radians(latitude), math.radians(declination)
    cosine = math.sin(lat) * math.sin(dec) + math.cos(lat) * math.cos(dec) * math.cos(hour_angle)
    return math.degrees(math.asin(max(-1.0, min(1.0, cosine))))


def daylight(latitude, longitude, seconds):
    """`day`, `night` or `polartwilight` for a symbol at that place and instant: day while the sun's upper
    limb is above the horizon (-0.833°, refraction included); polar twilight on a day of polar night while
    the sun is less than 6° below the horizon; night otherwise."""
    elevation = sun_elevation(latitude, longitude, seconds)
    if elevation > -0.833:
        return "day"
    declination, _ = solar_position(seconds)
    highest = 90 - abs(latitude - declination)
    if highest <= -0.833 and elevation > -6:
        return "polartwilight"
    return "night"


def uv_index_clear_sky(latitude, longitude, seconds):
    """A clear-sky UV index from the sun's height alone, as a rough model: 12.5 × sin(elevation)^2.4."""
    elevation = sun_elevation(latitude, longitude, seconds)
    if elevation <= 0:
        return 0.0
    return round(12.5 * math.sin(math.radians(elevation)) ** 2.4, 1) + 0.0


# Places and areas

def inside(latitude, longitude, polygon):
    """Whether a point lies inside a polygon of (latitude, longitude) corners (ray casting)."""
    result = False
    for (lat1, lon1), (lat2, lon2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (lat1 > latitude) != (lat2 > latitude):
            crossing = lon1 + (latitude - lat1) * (lon2 - lon1) / (lat2 - lat1)
            if longitude < crossing:
                result = not result
    return result


def distance_km(lat1, lon1, lat2, lon2):
    """The great-circle distance in km."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 6371 * 2 * math.asin(math.sqrt(min(1.0, a)))


def place_coordinates(fixtures, name):
    """A place's coordinates and zone, from its Open-Meteo forecast fixture (open-meteo/forecast/<name>.json)."""
    path = os.path.join(fixtures, "open-meteo", "forecast", name + ".json")
    with open(path, encoding="utf-8") as file:
        document = json.load(file)
    return document["latitude"], document["longitude"], document.get("timezone")


def place_fixtures(fixtures, folder):
    """The fixtures of a warnings service by place: {name: (latitude, longitude, zone, path)} for every
    `<folder>/<name>.json` whose name is an Open-Meteo forecast fixture's (the place's coordinates)."""
    places = {}
    directory = os.path.join(fixtures, folder)
    for entry in sorted(os.listdir(directory)):
        name, extension = os.path.splitext(entry)
        if extension != ".json" or "." in name:
            continue
        latitude, longitude, zone = place_coordinates(fixtures, name)
        places[name] = (latitude, longitude, zone, os.path.join(directory, entry))
    return places


def nearest(places, latitude, longitude):
    """The name of the place nearest to a point."""
    return min(places, key=lambda name: distance_km(latitude, longitude, places[name][0], places[name][1]))


def read(fixtures, path):
    with open(os.path.join(fixtures, path), "rb") as file:
        return file.read()


# Scripted answers

def play(exchange, response, body, headers, server="", encoding="gzip", chunked=False):
    """Plays a scripted answer (see fixture-server.py): its delay, drop, huge, truncate, trickle, unannounced,
    encoding and chunked, with `encoding` and `chunked` as the service's own framing; `headers` are the
    service's, those of the script replace them by name."""
    if response.get("delay"):
        time.sleep(response["delay"])
    if response.get("drop"):
        exchange.handler.drop()
        return
    if "huge" in response:
        filler = "x" * max(0, int(response["huge"]) - 40)
        body = json.dumps({"generationtime_ms": 0.5, "padding": filler}, separators=(",", ":")).encode()
    merged = dict(headers)
    for name, value in response.get("headers", {}).items():
        for existing in [key for key in merged if key.lower() == name.lower()]:
            del merged[existing]
        merged[name] = value
    truncate = response.get("truncate")
    exchange.send(response.get("status", 200), body, list(merged.items()), server=server,
                  encoding=response.get("encoding", "identity" if truncate is not None else encoding),
                  chunked=response.get("chunked", chunked and truncate is None), truncate=truncate,
                  trickle=response.get("trickle"), announce=not response.get("unannounced", False))
