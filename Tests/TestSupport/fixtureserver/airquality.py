"""Open-Meteo's Air Quality API (`.../v1/air-quality?latitude=&longitude=&current=...&timeformat=`).

Its answer as the server writes one (open-meteo/open-meteo's CAMS controller; Fixtures/README.md): the grid
point's `latitude` and `longitude`, `current_units` (`EAQI`, `USAQI`, `μg/m³`, `grains/m³`) and `current`
with `time` (the hour, as unix time with `timeformat=unixtime`), `interval` 3600 and each variable asked.
The values stand for a fair day in a city (Fixtures/air-quality/current.json): the same at every hour, so
that a test reads them at any moment. Pollen only inside CAMS Europe's domain (25°W-45°E, 30°N-72°N) and
in each plant's season by the server's clock (birch March to May, grasses May to August, alder January to
March, mugwort July to September, ragweed August to October, olive April to June south of 46°N); else
null, as the service gives it. A variable it does not know is a 400 as the service words it. `hourly=` (what
`weather air` asks) answers `hourly_units` and `hourly`, `forecast_days` days of them (`AirQuality.hourly`).
"""

import json
import math
import os
from datetime import datetime, timezone

from . import common

FOLDER = "air-quality"
SEASONS = {
    "alder_pollen": (1, 3), "birch_pollen": (3, 5), "grass_pollen": (5, 8), "mugwort_pollen": (7, 9),
    "ragweed_pollen": (8, 10), "olive_pollen": (4, 6),
}
UNITS = {"european_aqi": "EAQI", "us_aqi": "USAQI"}


def dump(document):
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def error(reason):
    return dump({"error": True, "reason": reason})


class AirQuality:
    route = "air-quality"
    suffix = "/v1/air-quality"

    def __init__(self, fixtures):
        self.fixtures = fixtures
        with open(os.path.join(fixtures, FOLDER, "current.json"), encoding="utf-8") as file:
            self.values = json.load(file)

    def send(self, exchange, status, body, response=None):
        headers = [("content-type", "application/json; charset=utf-8")]
        if response is not None:
            return common.play(exchange, response, body, headers)
        exchange.send(status, body, headers, encoding="gzip" if "gzip" in (exchange.header("Accept-Encoding") or "") else "identity")

    def answer(self, exchange, scripted):
        if scripted is not None and ("body" in scripted or "fixture" in scripted or scripted.get("status", 200) != 200):
            if "fixture" in scripted:
                body = common.read(self.fixtures, scripted["fixture"])
            elif "body" in scripted:
                body = scripted["body"].encode()
            else:
                body = error("Internal Server Error")
            return self.send(exchange, scripted.get("status", 200), body, scripted)
        query = exchange.query
        try:
            latitude, longitude = float(query["latitude"]), float(query["longitude"])
        except (KeyError, ValueError):
            return self.send(exchange, 400, error("Parameter 'latitude' and 'longitude' must have the same number of elements"))
        if not (-90 <= latitude <= 90 and -180 <= longitude <= 180):
            return self.send(exchange, 400, error("Latitude must be in range of -90 to 90°. Given: %s." % latitude))
        asked = [name for name in query.get("current", "").split(",") if name]
        hourly = [name for name in query.get("hourly", "").split(",") if name]
        known = set(self.values) | set(SEASONS)
        for name in asked + hourly:
            if name not in known:
                return self.send(exchange, 400, error(
                    "Data corrupted at path ''. Cannot initialize CamsVariableOrDerived from invalid String value %s." % name))
        europe = 30 <= latitude <= 72 and -25 <= longitude <= 45
        month = datetime.fromtimestamp(exchange.now, timezone.utc).month
        if hourly:
            return self.hourly(exchange, scripted, hourly, latitude, longitude, europe, month)
        hour = int(exchange.now // 3600 * 3600)
        current = {"time": hour, "interval": 3600}
        units = {"time": "unixtime", "interval": "seconds"}
        for name in asked:
            if name in SEASONS:
                first, last = SEASONS[name]
                in_season = europe and first <= month <= last and (name != "olive_pollen" or latitude < 46)
                current[name] = self.values["pollen"][name] if in_season else None
                units[name] = "grains/m³"
            else:
                current[name] = self.values[name]
                units[name] = next((unit for prefix, unit in UNITS.items() if name.startswith(prefix)), "μg/m³")
        document = self.grid(latitude, longitude, europe)
        document.update({"current_units": units, "current": current})
        status = 200
        self.send(exchange, status, dump(document), scripted)

    @staticmethod
    def grid(latitude, longitude, europe):
        """The head of an answer: the grid point, CAMS Europe's 0.1° in Europe, CAMS global's 0.4° elsewhere."""
        step = 0.1 if europe else 0.4
        return {
            "latitude": round(round(latitude / step) * step, 4), "longitude": round(round(longitude / step) * step, 4),
            "generationtime_ms": 0.2, "utc_offset_seconds": 0, "timezone": "GMT", "timezone_abbreviation": "GMT",
        }

    def hourly(self, exchange, scripted, asked, latitude, longitude, europe, month):
        """`hourly=`: `forecast_days` days from midnight UTC, every hour. The values of the current answer,
        but that the ozone's sub-index rises by 25 (European) or 50 (US) from 12:00 to 17:59 UTC, an
        afternoon's ozone, which then drives the index; and the pollen in season peaks at 12:00 UTC, at
        the current answer's value today and a fifth less each day after, half that at the other hours."""
        try:
            days = int(exchange.query.get("forecast_days", "5"))
        except ValueError:
            days = 5
        if not 0 < days <= 7:
            return self.send(exchange, 400, error("Forecast days is invalid. Allowed range 0 to 7."))
        midnight = int(exchange.now // 86400 * 86400)
        times = [midnight + 3600 * hour for hour in range(24 * days)]
        values, units = {"time": times}, {"time": "unixtime"}
        for name in asked:
            series = []
            for time in times:
                hour, day = time // 3600 % 24, (time - midnight) // 86400
                if name in SEASONS:
                    first, last = SEASONS[name]
                    in_season = europe and first <= month <= last and (name != "olive_pollen" or latitude < 46)
                    peak = self.values["pollen"][name] * (1 - 0.2 * day)
                    series.append(round(peak if hour == 12 else peak / 2, 1) if in_season else None)
                    continue
                scale = next((prefix for prefix in UNITS if name.startswith(prefix)), None)
                afternoon = 12 <= hour < 18
                rise = 25 if scale == "european_aqi" else 50
                ozone = self.values[(scale or "") + "_ozone"] + (rise if afternoon else 0) if scale else None
                if scale and name == scale + "_ozone":
                    series.append(ozone)
                elif scale and name == scale:
                    series.append(max(self.values[name], ozone))
                else:
                    series.append(self.values[name])
            values[name] = series
            units[name] = "grains/m³" if name in SEASONS else next(
                (unit for prefix, unit in UNITS.items() if name.startswith(prefix)), "μg/m³")
        document = self.grid(latitude, longitude, europe)
        document.update({"hourly_units": units, "hourly": values})
        self.send(exchange, 200, dump(document), scripted)
