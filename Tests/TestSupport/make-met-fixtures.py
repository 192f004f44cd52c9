#!/usr/bin/env python3
"""Writes MET Norway's Locationforecast 2.0 `complete` fixtures, deterministically.

    python3 Tests/TestSupport/make-met-fixtures.py           # rewrite Fixtures/met-norway/locationforecast/
    python3 Tests/TestSupport/make-met-fixtures.py --check   # only compare; exit 1 if one would change

Each fixture is the minified answer MET gives for a place at the moment of that place's Open-Meteo fixture
(its `current.time`): the first step is that hour. Its shape is MET's (Fixtures/README.md says where each
fact comes from): a GeoJSON Feature, `properties.meta` (`updated_at`, the 24 `units`), and `timeseries`
hourly up to the first 00/06/12/18 UTC at least 55 hours ahead, then 6-hourly to 234 hours after the last
00 or 12 UTC run at least 8 hours old (about 9 days, 80-odd steps). Hourly steps carry 17 instant values,
6-hourly ones 14 (no fog, UV or gust; the first 6-hourly one keeps them); `next_1_hours` on hourly steps,
`next_6_hours`/`next_12_hours` where the step 6/12 hours later exists; every number with one decimal.

The values follow the Open-Meteo fixture of the same place where it has them, so that both sources tell
the same story: the first step is Open-Meteo's `current` block (temperature, humidity, pressure, cloud
cover, wind, its direction and gusts; the symbol from its weather code), later steps its hourly temperature,
precipitation, chance of it, weather code and wind. Beyond Open-Meteo's 7 days the series continues with
make-forecast-fixtures.py's simulation of 7 more days (EXTENSIONS), blended in over 6 hours. What Open-Meteo
does not give is modelled simply and deterministically: pressure waves, humidity against temperature (wet in
rain), dew point by the Magnus formula, cloud layers from the weather code, fog in fog, gusts 1.6-2.1 times
the wind, percentiles spreading with lead time, the clear-sky UV index from the sun's height, and
`symbol_confidence` falling with lead time. Symbols: WMO code -> MET symbol (SYMBOLS), the 6- and 12-hour
ones from the dominant weather of the period, with `_day`/`_night`/`_polartwilight` from the sun at the
middle of the period (fixtureserver/common.py, which the fixture server uses when it moves them).
"""

import argparse
import importlib.util
import json
import math
import os
import random
import sys
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "Fixtures")
OUT = os.path.join(FIXTURES, "met-norway", "locationforecast")
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
from fixtureserver import common, locationforecast  # noqa: E402

_spec = importlib.util.spec_from_file_location("forecasts", os.path.join(HERE, "make-forecast-fixtures.py"))
forecasts = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(forecasts)
D = forecasts.D
HOUR = 3600

# Each place: its Open-Meteo fixture, the coordinates a polite client sends (the geocoder's, cut to 4
# decimals) and the altitude it sends (the geocoder's elevation, whole metres).
PLACES = {
    "berlin": (52.5243, 13.4105, 74),
    "new-york": (40.7142, -74.0059, 10),
    "sydney": (-33.8678, 151.2073, 58),
    "alert": (82.5083, -62.4, 31),
    "bergen": (60.3929, 5.3241, 12),
}

# The 7 days after each Open-Meteo fixture's 7 (make-forecast-fixtures.py's day specs).
EXTENSIONS = {
    "berlin": [D(7.6, 12.1, "cloudy", 4.4, ("rain", 10, 15, 0.5)), D(6.3, 11.4, "fair", 3.1),
               D(4.9, 10.8, "clear", 2.2), D(5.8, 11.9, "fair", 3.0), D(7.2, 12.5, "overcast", 5.6, ("rain", 6, 18, 0.9)),
               D(8.0, 11.7, "cloudy", 6.1, ("showers", 11, 16, 0.8)), D(6.4, 10.9, "fair", 4.0)],
    "new-york": [D(11.8, 17.9, "fair", 3.6), D(12.6, 19.2, "clear", 2.8), D(14.1, 20.3, "cloudy", 4.2),
                 D(13.5, 18.4, "overcast", 5.9, ("rain", 8, 17, 1.4)), D(10.2, 15.6, "fair", 6.6),
                 D(8.9, 14.7, "clear", 4.0), D(9.8, 16.3, "fair", 3.3)],
    "sydney": [D(15.6, 24.1, "fair", 4.8), D(16.2, 26.7, "clear", 4.1), D(17.3, 27.4, "cloudy", 5.0, ("thunder", 16, 18, 3.0)),
               D(14.0, 20.6, "overcast", 6.8, ("showers", 8, 13, 1.0)), D(13.4, 21.2, "fair", 5.2),
               D(14.5, 23.8, "clear", 3.7), D(15.8, 25.1, "fair", 3.9)],
    "alert": [D(-23.1, -19.6, "cloudy", 5.5), D(-21.0, -18.2, "overcast", 7.4, ("snow", 6, 16, 0.3)),
              D(-24.4, -20.8, "fair", 4.2), D(-26.0, -22.3, "clear", 3.0), D(-25.2, -21.5, "cloudy", 4.8),
              D(-22.6, -19.9, "overcast", 6.9, ("snowshowers", 3, 11, 0.3)), D(-25.7, -22.0, "fair", 4.4)],
    "bergen": [D(6.6, 10.2, "overcast", 6.3, ("rain", 3, 14, 1.2)), D(5.9, 9.8, "cloudy", 5.0, ("showers", 9, 15, 0.7)),
               D(5.1, 9.3, "fair", 3.4), D(6.0, 10.4, "overcast", 7.9, ("rain", 8, 23, 1.5)),
               D(7.1, 10.8, "overcast", 8.6, ("rain", 0, 10, 1.3)), D(5.8, 9.6, "cloudy", 5.7, ("showers", 10, 16, 0.8)),
               D(4.7, 8.9, "fair", 3.6)],
}

# WMO weather code -> MET symbol (without its variant).
SYMBOLS = {
    0: "clearsky", 1: "fair", 2: "partlycloudy", 3: "cloudy", 45: "fog", 48: "fog", 51: "lightrain",
    53: "lightrain", 55: "rain", 56: "lightsleet", 57: "sleet", 61: "lightrain", 63: "rain", 65: "heavyrain",
    66: "lightsleet", 67: "sleet", 71: "lightsnow", 73: "snow", 75: "heavysnow", 77: "lightsnow",
    80: "lightrainshowers", 81: "rainshowers", 82: "heavyrainshowers", 85: "lightsnowshowers",
    86: "heavysnowshowers", 95: "rainshowersandthunder", 96: "heavyrainshowersandthunder",
    99: "heavyrainshowersandthunder",
}
# The precipitation of a period by kind and total (mm per 6 hours: light below the first, heavy from the second).
KINDS = {
    "rain": ("lightrain", "rain", "heavyrain", 1.5, 6.0),
    "showers": ("lightrainshowers", "rainshowers", "heavyrainshowers", 1.5, 6.0),
    "snow": ("lightsnow", "snow", "heavysnow", 1.0, 4.0),
    "snowshowers": ("lightsnowshowers", "snowshowers", "heavysnowshowers", 1.0, 4.0),
    "thunder": ("lightrainshowersandthunder", "rainshowersandthunder", "heavyrainshowersandthunder", 2.0, 8.0),
}
UNITS = {
    "air_pressure_at_sea_level": "hPa", "air_temperature": "celsius", "air_temperature_max": "celsius",
    "air_temperature_min": "celsius", "air_temperature_percentile_10": "celsius",
    "air_temperature_percentile_90": "celsius", "cloud_area_fraction": "%", "cloud_area_fraction_high": "%",
    "cloud_area_fraction_low": "%", "cloud_area_fraction_medium": "%", "dew_point_temperature": "celsius",
    "fog_area_fraction": "%", "precipitation_amount": "mm", "precipitation_amount_max": "mm",
    "precipitation_amount_min": "mm", "probability_of_precipitation": "%", "probability_of_thunder": "%",
    "relative_humidity": "%", "ultraviolet_index_clear_sky": "1", "wind_from_direction": "degrees",
    "wind_speed": "m/s", "wind_speed_of_gust": "m/s", "wind_speed_percentile_10": "m/s",
    "wind_speed_percentile_90": "m/s",
}


def r1(value):
    return float(round(value, 1)) + 0.0


def kind_of(code):
    if code >= 95:
        return "thunder"
    if code in (85, 86):
        return "snowshowers"
    if code in (71, 73, 75, 77):
        return "snow"
    if code in (80, 81, 82):
        return "showers"
    if code in range(51, 68):
        return "rain"
    return None


def hours_of(place):
    """Hour by hour from the Open-Meteo fixture's first hour (UTC instants) for 14 days: temperature,
    amount, chance (None where Open-Meteo has none), WMO code and wind; and the fixture itself."""
    with open(os.path.join(FIXTURES, "open-meteo", "forecast", place + ".json"), encoding="utf-8") as file:
        document = json.load(file)
    hourly = document["hourly"]
    zone = ZoneInfo(document["timezone"])
    first = datetime.strptime(hourly["time"][0], "%Y-%m-%dT%H:%M").replace(tzinfo=zone).timestamp()
    start = datetime.strptime(hourly["time"][0][:10], "%Y-%m-%d").date() + timedelta(days=7)
    extension, _ = forecasts.simulate(
        place + "-met", {"days": EXTENSIONS[place]}, start, document["utc_offset_seconds"],
        document["latitude"], document["longitude"], {"time": "1970-01-01T00:00", "temperature_2m": 0.0})
    series = {key: list(hourly[key]) + list(extension[key]) for key in
              ("temperature_2m", "precipitation", "precipitation_probability", "weather_code", "wind_speed_10m")}
    # Blend the simulated week into Open-Meteo's over its first 6 hours.
    for key in ("temperature_2m", "wind_speed_10m"):
        values, join = series[key], len(hourly["time"])
        step = values[join] - values[join - 1]
        for index in range(6):
            values[join + index] = round(values[join + index] - step * (6 - index) / 7, 1)
    return first, series, document


def period_symbol(codes, amounts, clouds):
    """The symbol of a period: its dominant precipitation by the total, else fog when it lasts, else the sky."""
    total = sum(amounts)
    wet = [(amount, code) for amount, code in zip(amounts, codes) if kind_of(code)]
    if wet and total >= 0.1:
        kinds = [kind_of(code) for _, code in wet]
        kind = "thunder" if "thunder" in kinds else max(set(kinds), key=lambda k: (kinds.count(k), k))
        light, normal, heavy, low, high = KINDS[kind]
        scaled = total * 6 / len(amounts)
        return light if scaled < low else normal if scaled < high else heavy
    if sum(1 for code in codes if code in (45, 48)) * 2 >= len(codes):
        return "fog"
    mean = sum(clouds) / len(clouds)
    return "clearsky" if mean < 13 else "fair" if mean < 38 else "partlycloudy" if mean < 75 else "cloudy"


def fixture(place):
    latitude, longitude, altitude = PLACES[place]
    first, series, document = hours_of(place)
    current = document["current"]
    zone = ZoneInfo(document["timezone"])
    start = int(datetime.strptime(current["time"], "%Y-%m-%dT%H:%M").replace(tzinfo=zone).timestamp())
    base = (start - int(first)) // HOUR  # the Open-Meteo index of the first step
    switch = -(-(start + 55 * HOUR) // (6 * HOUR)) * (6 * HOUR)
    end = (start - 8 * HOUR) // (12 * HOUR) * (12 * HOUR) + 234 * HOUR
    times = list(range(start, switch, HOUR)) + list(range(switch, end + 1, 6 * HOUR))
    present = set(times)
    count = (end + 13 * HOUR - start) // HOUR
    rng = lambda purpose: random.Random("met-fixtures-2026:%s:%s" % (place, purpose))  # noqa: E731

    # Hour by hour from the first step.
    temperature = [series["temperature_2m"][base + h] for h in range(count)]
    amounts = [series["precipitation"][base + h] or 0.0 for h in range(count)]
    codes = [series["weather_code"][base + h] for h in range(count)]
    winds = [series["wind_speed_10m"][base + h] for h in range(count)]
    chances = []
    for h in range(count):
        chance = series["precipitation_probability"][base + h]
        chances.append(float(chance) if chance is not None else (55.0 if amounts[h] > 0 else 4.0))
    codes[0], winds[0], temperature[0] = current["weather_code"], current["wind_speed_10m"], current["temperature_2m"]

    noise = forecasts.smooth_noise(rng("pressure"), count, 0.6, keep=0.9)
    pressure = [current["pressure_msl"] + 4.5 * math.sin(h / 15.0) + noise[h] - noise[0] for h in range(count)]
    daily_mean = [sum(temperature[max(0, h - 12):h + 12]) / len(temperature[max(0, h - 12):h + 12])
                  for h in range(count)]
    humidity_noise = forecasts.smooth_noise(rng("humidity"), count, 2.0)
    humidity = [72 + 2.4 * (daily_mean[h] - temperature[h]) + (17 if amounts[h] > 0 else 0) + humidity_noise[h]
                for h in range(count)]
    humidity = [min(99.0, max(25.0, value + (current["relative_humidity_2m"] - humidity[0])
                              * math.exp(-(h / 5) ** 2))) for h, value in enumerate(humidity)]
    sky = rng("sky")
    clouds = []
    for h in range(count):
        low, high = {0: (0, 8), 1: (10, 30), 2: (35, 70), 3: (88, 100), 45: (97, 100), 48: (97, 100)}.get(
            codes[h], (90, 100))
        clouds.append(low + (high - low) * sky.random())
    clouds[0] = float(current["cloud_cover"])
    direction_noise = forecasts.smooth_noise(rng("direction"), count, 8.0, keep=0.85)
    directions = [(current["wind_direction_10m"] + 35 * math.sin(h / 22.0) + direction_noise[h] - direction_noise[0])
                  % 360 for h in range(count)]
    gust_rng = rng("gust")
    gusts = [wind * (1.6 + 0.5 * gust_rng.random() + (0.3 if kind_of(code) in ("showers", "thunder") else 0))
             for wind, code in zip(winds, codes)]
    gusts[0] = current["wind_gusts_10m"]
    layer_rng = rng("layers")
    confidence_rng = rng("confidence")

    def instant(h, moment, hourly):
        spread = 0.3 + 0.045 * min(h, 120) ** 0.8
        wet = kind_of(codes[h]) is not None or codes[h] == 3
        layers = [clouds[h] * (0.5 + 0.5 * layer_rng.random() if wet else 0.6 * layer_rng.random()),
                  clouds[h] * (0.2 + 0.7 * layer_rng.random()), clouds[h] * 0.8 * layer_rng.random()]
        layers[layers.index(max(layers))] = clouds[h]
        t, rh = temperature[h], humidity[h]
        gamma = math.log(rh / 100) + 17.62 * t / (243.12 + t)
        details = {
            "air_pressure_at_sea_level": pressure[h], "air_temperature": t,
            "air_temperature_percentile_10": t - spread, "air_temperature_percentile_90": t + spread * 1.1,
            "cloud_area_fraction": clouds[h], "cloud_area_fraction_high": layers[2],
            "cloud_area_fraction_low": layers[0], "cloud_area_fraction_medium": layers[1],
            "dew_point_temperature": 243.12 * gamma / (17.62 - gamma), "relative_humidity": rh,
            "wind_from_direction": directions[h], "wind_speed": winds[h],
            "wind_speed_percentile_10": winds[h] * max(0.45, 0.85 - 0.004 * h),
            "wind_speed_percentile_90": winds[h] * (1.15 + 0.005 * h),
        }
        if hourly:
            details["fog_area_fraction"] = (45 + 50 * layer_rng.random()) if codes[h] in (45, 48) else 0.0
            details["ultraviolet_index_clear_sky"] = common.uv_index_clear_sky(latitude, longitude, moment)
            details["wind_speed_of_gust"] = gusts[h]
        return {key: r1(value) for key, value in sorted(details.items())}

    def period(h, moment, span):
        window = range(h, h + span)
        symbol = locationforecast.symbol(
            SYMBOLS[codes[h]] if span == 1 else period_symbol([codes[i] for i in window], [amounts[i] for i in window],
                                                               [clouds[i] for i in window]),
            latitude, longitude, moment + span * HOUR // 2)
        if span == 12:
            lead = h + 6
            confidence = ("certain" if lead < 40 else "somewhat certain" if lead < 110 else
                          ["somewhat certain", "uncertain"][confidence_rng.random() < 0.35])
            if lead < 40 and confidence_rng.random() < 0.1:
                confidence = "somewhat certain"
            return {"summary": {"symbol_code": symbol, "symbol_confidence": confidence},
                    "details": {"probability_of_precipitation": r1(max(chances[i] for i in window))}}
        total = sum(amounts[i] for i in window)
        minimum = sum(amounts[i] * 0.45 if amounts[i] >= 0.3 else 0.0 for i in window)
        maximum = sum(amounts[i] * 1.8 + (0.2 if chances[i] >= 30 else 0.0) for i in window)
        details = {"precipitation_amount": total, "precipitation_amount_max": maximum,
                   "precipitation_amount_min": minimum,
                   "probability_of_precipitation": max(chances[i] for i in window)}
        if span == 1:
            details["probability_of_thunder"] = (35.0 + chances[h] / 4 if codes[h] >= 95 else
                                                 1.0 if kind_of(codes[h]) == "showers" else 0.0)
        else:
            edges = range(h, h + span + 1)
            details["air_temperature_max"] = max(temperature[i] for i in edges)
            details["air_temperature_min"] = min(temperature[i] for i in edges)
        return {"summary": {"symbol_code": symbol}, "details": {key: r1(v) for key, v in sorted(details.items())}}

    timeseries = []
    for moment in times:
        h = (moment - start) // HOUR
        hourly = moment < switch
        data = {"instant": {"details": instant(h, moment, hourly or moment == switch)}}
        if moment + 12 * HOUR in present:
            data["next_12_hours"] = period(h, moment, 12)
        if hourly:
            data["next_1_hours"] = period(h, moment, 1)
        if moment + 6 * HOUR in present:
            data["next_6_hours"] = period(h, moment, 6)
        timeseries.append({"time": common.iso_z(moment), "data": data})
    updated = start - 72 * 60 + 37  # the run the answer came from, an hour or so before
    return {
        "type": "Feature",
        "geometry": {"type": "Point", "coordinates": [common.shortest(longitude), common.shortest(latitude), altitude]},
        "properties": {"meta": {"updated_at": common.iso_z(updated), "units": UNITS}, "timeseries": timeseries},
    }


def render(document):
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def main():
    parser = argparse.ArgumentParser(description="Write MET Norway's Locationforecast fixtures.")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a fixture would change")
    arguments = parser.parse_args()
    os.makedirs(OUT, exist_ok=True)
    stale = []
    for place in PLACES:
        path = os.path.join(OUT, place + ".json")
        text = render(fixture(place))
        old = None
        if os.path.exists(path):
            with open(path, encoding="utf-8") as file:
                old = file.read()
        if old == text:
            continue
        stale.append(path)
        if not arguments.check:
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
    for path in stale:
        print(("would change " if arguments.check else "wrote ") + os.path.relpath(path, FIXTURES))
    if arguments.check and stale:
        sys.exit(1)


if __name__ == "__main__":
    main()
