#!/usr/bin/env python3
"""Writes the `hourly` and `daily` blocks of the Open-Meteo forecast fixtures, deterministically.

    python3 Tests/TestSupport/make-forecast-fixtures.py           # rewrite the fixtures below
    python3 Tests/TestSupport/make-forecast-fixtures.py --check   # only compare; exit 1 if one would change

Each fixture holds what Open-Meteo answers for the app's request *without* `forecast_hours`
(`hourly=temperature_2m,precipitation_probability,precipitation,weather_code,wind_speed_10m,is_day`,
`daily=weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max,precipitation_sum,`
`sunrise,sunset`,
`forecast_days=7`, `timezone=auto`): 168 hours from 00:00 local time of the first day, and 7 days.
fixture-server.py cuts them down to what a request asks for, and moves them to today.

What stays as it is in an existing file: every key before `hourly_units` (the header, `current_units` and
`current`, byte for byte; tests depend on them) and the first day's sunrise and sunset. What is made here:

- Sunrise and sunset from the NOAA solar equations, fitted to the first day's times of the fixture (horizon
  angle and noon), so they drift a minute or two a day as the season does. Polar days and nights use
  Open-Meteo's encoding (open-meteo PR #844): polar day = sunrise "DAYT00:00", sunset "NEXT-DAYT00:00";
  polar night = sunrise = sunset = "DAYT00:00". Alert (82.5°N) in October is computed a little further north
  (`sun_latitude`) so that polar night starts on the sixth day, Oct 13.
- Temperatures: a diurnal curve through each day's minimum near sunrise and maximum in mid-afternoon (2.5 h
  after solar noon; without a sunrise, 10 h before and 3 h after solar noon), cooled a little in rain, with
  smooth noise, and bent to pass through `current.temperature_2m` at the current hour. Daily max/min are the
  hourly extremes of that day.
- Weather codes: each day has a sky (clear/fair/cloudy/overcast, drawn per 3-hour block) and events (rain,
  showers, drizzle, thunder, snow, snow showers, fog) over given hours; precipitation codes always come with
  at least 0.1 mm, other codes with 0.0 mm. The current hour takes `current.weather_code` (and its
  precipitation). The daily code is the day's highest (most significant) code; the daily sum is the sum of
  the hours; the daily probability is the highest hourly one.
- `is_day` is 1 for the hours that start at or after sunrise and before sunset (all day in a polar day).
- `far_nulls`: precipitation_probability is null for the hours of days 6 and 7 and its daily maximum null on
  day 7, as Open-Meteo answers beyond the horizon of the models that give it.

Files: Fixtures/open-meteo/forecast/*.json (one per place; apia.json, sydney.json, santiago.json and
bergen.json are written whole),
forecast-alert-june.json (written whole; midnight sun), and the scripted answers, all Berlin:
forecast-berlin-same-values.json (berlin.json's blocks, identical), forecast-berlin-later.json (the same
forecast moved a little, with light rain from 19:00), forecast-berlin-day.json (a run of its own through its
13:00 current block), and berlin.json's forecast as forecast-fahrenheit.json (°F, km/h and inch, the units of
its current block), forecast-nulls.json (holes everywhere but in the times) and forecast-unixtime.json (Unix
seconds; daily times are local midnights). Random numbers come from `random.Random` seeded with fixed strings, one
stream per place and purpose, so adding an event does not reshuffle the rest.
"""

import argparse
import json
import math
import os
import random
import re
import sys
from datetime import date, datetime, timedelta, timezone

SEED = "weather-fixtures-2026"
HERE = os.path.dirname(os.path.abspath(__file__))
OPEN_METEO = os.path.join(HERE, "..", "..", "Fixtures", "open-meteo")
HOURS = 7 * 24

HOURLY_UNITS = {"time": "iso8601", "temperature_2m": "°C", "precipitation_probability": "%", "precipitation": "mm",
                "weather_code": "wmo code", "wind_speed_10m": "m/s", "is_day": ""}
DAILY_UNITS = {"time": "iso8601", "weather_code": "wmo code", "temperature_2m_max": "°C", "temperature_2m_min": "°C",
               "precipitation_probability_max": "%", "precipitation_sum": "mm", "sunrise": "iso8601",
               "sunset": "iso8601", "uv_index_max": ""}
KEY_ORDER = ["latitude", "longitude", "generationtime_ms", "utc_offset_seconds", "timezone", "timezone_abbreviation",
             "elevation", "current_units", "current", "hourly_units", "hourly", "daily_units", "daily"]
CURRENT_UNITS = {"time": "iso8601", "interval": "seconds", "temperature_2m": "°C", "apparent_temperature": "°C",
                 "relative_humidity_2m": "%", "is_day": "", "precipitation": "mm", "weather_code": "wmo code",
                 "cloud_cover": "%", "pressure_msl": "hPa", "wind_speed_10m": "m/s", "wind_direction_10m": "°",
                 "wind_gusts_10m": "m/s", "uv_index": ""}


def D(tmin, tmax, sky, wind, *events, pop=None):
    """One day: temperature range (°C), sky, mean wind (m/s), events (kind, first hour, last hour, mm/h)."""
    return {"tmin": tmin, "tmax": tmax, "sky": sky, "wind": wind, "events": list(events), "pop": pop}


# The forecast of each place, day by day from Oct 8, 2026 (Alert in June: from Jun 21).
PLACES = {
    "berlin": {"far_nulls": True, "days": [
        D(8.3, 14.9, "fair", 4.1),
        D(7.9, 13.9, "cloudy", 4.7, ("rain", 14, 20, 0.6)),
        D(8.8, 12.4, "cloudy", 6.1, ("showers", 10, 16, 0.8)),
        D(6.1, 12.8, "fair", 3.7, ("fog", 5, 8, 0)),
        D(5.2, 13.9, "clear", 2.6),
        D(7.3, 13.1, "overcast", 5.4, ("rain", 9, 17, 1.1)),
        D(8.1, 12.6, "cloudy", 5.0, ("showers", 12, 15, 0.7)),
    ]},
    "london": {"far_nulls": True, "days": [
        D(10.9, 15.0, "cloudy", 5.0, ("showers", 13, 20, 0.6)),
        D(9.6, 14.5, "fair", 6.2, ("showers", 11, 13, 0.4)),
        D(8.9, 13.8, "cloudy", 7.3, ("rain", 15, 23, 1.2)),
        D(10.1, 14.7, "overcast", 5.1, ("drizzle", 4, 9, 0.2)),
        D(8.2, 15.5, "fair", 3.4),
        D(9.3, 16.0, "cloudy", 4.6, ("rain", 18, 23, 0.9)),
        D(10.8, 15.2, "cloudy", 6.5, ("showers", 8, 12, 0.9)),
    ]},
    "new-york": {"days": [
        D(12.8, 19.3, "fair", 3.8),
        D(13.7, 21.1, "clear", 2.9),
        D(15.0, 22.5, "fair", 3.4),
        D(16.1, 19.7, "overcast", 5.6, ("rain", 6, 15, 1.6)),
        D(11.3, 16.1, "fair", 6.3, ("showers", 14, 16, 0.6)),
        D(9.5, 15.0, "clear", 4.1),
        D(10.2, 16.8, "fair", 3.2),
    ]},
    "paris-texas": {"days": [
        D(18.6, 30.0, "clear", 4.4),
        D(18.5, 30.1, "fair", 4.9),
        D(20.1, 29.0, "cloudy", 5.8, ("thunder", 16, 19, 3.5)),
        D(17.0, 24.2, "cloudy", 5.2, ("showers", 6, 11, 1.2)),
        D(13.8, 25.5, "clear", 3.1),
        D(14.7, 27.1, "clear", 3.6),
        D(16.1, 28.2, "fair", 4.2),
    ]},
    "paris": {"days": [
        D(9.7, 16.6, "cloudy", 2.9),
        D(11.1, 16.3, "overcast", 3.6, ("drizzle", 6, 10, 0.2)),
        D(10.4, 15.1, "cloudy", 5.1, ("showers", 13, 17, 0.9)),
        D(8.2, 15.8, "fair", 3.0, ("fog", 6, 9, 0)),
        D(7.5, 16.9, "clear", 2.2),
        D(9.0, 16.5, "fair", 2.9),
        D(10.3, 15.7, "cloudy", 4.4, ("rain", 14, 21, 0.8)),
    ]},
    "sao-paulo": {"days": [
        D(16.8, 26.1, "fair", 2.0, ("thunder", 14, 17, 2.8)),
        D(17.7, 27.8, "fair", 2.8, ("showers", 15, 18, 1.5)),
        D(18.3, 29.4, "fair", 3.0, ("thunder", 16, 18, 4.0)),
        D(17.1, 22.0, "overcast", 3.9, ("rain", 3, 14, 1.4)),
        D(15.5, 20.7, "cloudy", 3.5, ("drizzle", 5, 9, 0.2)),
        D(15.8, 24.3, "fair", 2.4),
        D(16.9, 26.6, "fair", 2.7, ("showers", 16, 18, 1.1)),
    ]},
    "springfield-illinois": {"days": [
        D(8.3, 21.6, "clear", 3.0),
        D(10.3, 23.5, "clear", 3.7),
        D(13.0, 24.7, "fair", 5.2),
        D(14.5, 20.3, "overcast", 6.4, ("rain", 10, 19, 1.8)),
        D(8.6, 15.2, "cloudy", 7.1, ("showers", 9, 12, 0.6)),
        D(5.1, 14.5, "clear", 3.3),
        D(6.7, 17.8, "fair", 2.9),
    ]},
    "springfield-missouri": {"days": [
        D(11.8, 24.3, "fair", 3.5),
        D(12.8, 25.6, "fair", 4.3),
        D(15.7, 26.1, "cloudy", 5.6, ("thunder", 17, 20, 4.5)),
        D(15.1, 21.0, "overcast", 5.9, ("rain", 4, 12, 1.3)),
        D(10.0, 17.3, "cloudy", 6.0),
        D(7.2, 17.8, "clear", 3.0),
        D(8.8, 20.4, "fair", 2.8),
    ]},
    "zurich": {"far_nulls": True, "days": [
        D(6.5, 11.2, "overcast", 1.4, ("fog", 0, 10, 0), ("fog", 18, 23, 0)),
        D(6.9, 11.5, "overcast", 1.3, ("fog", 0, 11, 0)),
        D(7.5, 12.8, "cloudy", 3.3, ("rain", 13, 22, 0.9)),
        D(5.7, 11.1, "cloudy", 4.1, ("showers", 8, 14, 0.7)),
        D(3.8, 13.0, "clear", 1.8, ("fog", 5, 9, 0)),
        D(4.5, 13.9, "fair", 1.6),
        D(6.0, 12.3, "cloudy", 2.4, ("drizzle", 15, 20, 0.2)),
    ]},
    # Approaching polar night: little diurnal swing, weather-driven temperatures.
    "alert": {"sun_latitude": 85.0, "days": [
        D(-19.6, -15.8, "overcast", 5.0, ("snow", 9, 17, 0.2)),
        D(-18.6, -14.7, "cloudy", 7.2, ("snowshowers", 2, 8, 0.3)),
        D(-21.3, -17.3, "fair", 4.4),
        D(-23.5, -20.0, "clear", 3.1),
        D(-22.7, -18.5, "cloudy", 4.6),
        D(-20.4, -17.7, "overcast", 8.1, ("snow", 10, 20, 0.4)),
        D(-24.0, -20.4, "fair", 5.0),
    ]},
    "apia": {"days": [
        D(25.3, 30.1, "fair", 4.0, ("showers", 13, 16, 1.2)),
        D(25.6, 29.7, "cloudy", 4.6, ("showers", 10, 12, 1.5), ("showers", 17, 19, 1.0)),
        D(25.1, 30.5, "fair", 3.8, ("showers", 14, 15, 0.9)),
        D(25.8, 29.3, "cloudy", 3.5, ("thunder", 15, 18, 4.5)),
        D(25.4, 28.6, "overcast", 5.2, ("rain", 4, 11, 2.0)),
        D(25.0, 29.9, "fair", 4.9, ("showers", 12, 14, 1.1)),
        D(25.2, 30.2, "fair", 4.4),
    ]},
    # Southern spring: a warm, windy coast and a dry basin under the Andes, for the daylight-saving
    # changes of the southern hemisphere.
    "sydney": {"days": [
        D(14.2, 22.6, "fair", 5.1),
        D(15.0, 25.3, "clear", 4.0),
        D(16.4, 28.9, "fair", 4.6, ("thunder", 17, 19, 3.5)),
        D(13.1, 19.8, "overcast", 7.2, ("showers", 9, 14, 1.1)),
        D(12.6, 20.4, "cloudy", 5.5),
        D(13.9, 23.1, "fair", 3.9),
        D(15.3, 24.8, "clear", 3.4),
    ]},
    "santiago": {"days": [
        D(7.1, 22.4, "clear", 2.1),
        D(8.3, 24.0, "clear", 2.4),
        D(9.0, 21.7, "fair", 2.9),
        D(8.6, 17.2, "cloudy", 3.3, ("rain", 20, 23, 0.7)),
        D(6.2, 16.5, "fair", 2.6, ("rain", 0, 4, 0.5)),
        D(5.8, 19.9, "clear", 1.8),
        D(7.4, 23.3, "clear", 2.0),
    ]},
    # The west coast of Norway in autumn: mild, wet and windy, a gale on the first night (MET's yellow wind
    # warning in Fixtures/metalerts/bergen.json).
    "bergen": {"days": [
        D(8.6, 11.4, "overcast", 9.5, ("rain", 12, 23, 1.4)),
        D(7.9, 10.6, "overcast", 8.2, ("rain", 0, 8, 1.1), ("showers", 13, 19, 0.9)),
        D(6.8, 10.1, "cloudy", 6.0, ("showers", 9, 16, 0.7)),
        D(6.2, 11.3, "fair", 3.8),
        D(7.4, 11.8, "cloudy", 5.1, ("rain", 15, 23, 0.9)),
        D(8.3, 12.0, "overcast", 7.6, ("rain", 0, 12, 1.6)),
        D(7.0, 10.9, "cloudy", 5.4, ("showers", 10, 15, 0.6)),
    ]},
    # Midnight sun: the sun circles low, the swing is small, fog and drizzle are common.
    "alert-june": {"days": [
        D(1.0, 3.5, "cloudy", 4.2),
        D(0.5, 3.7, "overcast", 5.1, ("drizzle", 6, 12, 0.2)),
        D(-0.4, 2.8, "overcast", 6.4, ("snow", 3, 9, 0.2)),
        D(0.7, 5.3, "fair", 3.0),
        D(2.0, 7.1, "clear", 2.3),
        D(1.4, 5.8, "cloudy", 2.0, ("fog", 0, 8, 0)),
        D(0.8, 4.3, "cloudy", 3.7),
    ]},
}

# Files written whole: everything but the hourly/daily blocks.
NEW_FILES = {
    "forecast/apia.json": {
        "latitude": -13.875, "longitude": -171.75, "generationtime_ms": 0.0400543212890625,
        "utc_offset_seconds": 46800, "timezone": "Pacific/Apia", "timezone_abbreviation": "+13", "elevation": 2.0,
        "current_units": CURRENT_UNITS,
        "current": {"time": "2026-10-08T14:00", "interval": 900, "temperature_2m": 29.4,
                    "apparent_temperature": 33.8, "relative_humidity_2m": 74, "is_day": 1, "precipitation": 0.3,
                    "weather_code": 80, "cloud_cover": 78, "pressure_msl": 1009.6, "wind_speed_10m": 4.1,
                    "wind_direction_10m": 110, "wind_gusts_10m": 8.9, "uv_index": 4.72},
        "start": "2026-10-08",
    },
    "forecast/sydney.json": {
        "latitude": -33.875, "longitude": 151.25, "generationtime_ms": 0.0441074371337891,
        "utc_offset_seconds": 39600, "timezone": "Australia/Sydney", "timezone_abbreviation": "GMT+11",
        "elevation": 58.0, "current_units": CURRENT_UNITS,
        "current": {"time": "2026-10-08T14:00", "interval": 900, "temperature_2m": 21.8,
                    "apparent_temperature": 20.1, "relative_humidity_2m": 52, "is_day": 1, "precipitation": 0.0,
                    "weather_code": 1, "cloud_cover": 18, "pressure_msl": 1017.9, "wind_speed_10m": 5.3,
                    "wind_direction_10m": 40, "wind_gusts_10m": 10.6, "uv_index": 8.1},
        "start": "2026-10-08",
    },
    "forecast/santiago.json": {
        "latitude": -33.5, "longitude": -70.625, "generationtime_ms": 0.0389814376831055,
        "utc_offset_seconds": -10800, "timezone": "America/Santiago", "timezone_abbreviation": "GMT-3",
        "elevation": 556.0, "current_units": CURRENT_UNITS,
        "current": {"time": "2026-10-08T14:00", "interval": 900, "temperature_2m": 20.6,
                    "apparent_temperature": 19.2, "relative_humidity_2m": 31, "is_day": 1, "precipitation": 0.0,
                    "weather_code": 0, "cloud_cover": 4, "pressure_msl": 1014.2, "wind_speed_10m": 2.2,
                    "wind_direction_10m": 225, "wind_gusts_10m": 4.8, "uv_index": 9.19},
        "start": "2026-10-08",
    },
    "forecast/bergen.json": {
        "latitude": 60.4, "longitude": 5.3199997, "generationtime_ms": 0.0429153442382812,
        "utc_offset_seconds": 7200, "timezone": "Europe/Oslo", "timezone_abbreviation": "GMT+2", "elevation": 12.0,
        "current_units": CURRENT_UNITS,
        "current": {"time": "2026-10-08T19:00", "interval": 900, "temperature_2m": 10.2,
                    "apparent_temperature": 5.9, "relative_humidity_2m": 88, "is_day": 0, "precipitation": 1.2,
                    "weather_code": 63, "cloud_cover": 100, "pressure_msl": 996.4, "wind_speed_10m": 11.8,
                    "wind_direction_10m": 225, "wind_gusts_10m": 21.6, "uv_index": 0.0},
        "start": "2026-10-08",
    },
    "forecast-alert-june.json": {
        "latitude": 82.5, "longitude": -62.375, "generationtime_ms": 0.0298023223876953,
        "utc_offset_seconds": -14400, "timezone": "America/Toronto", "timezone_abbreviation": "GMT-4",
        "elevation": 36.0, "current_units": CURRENT_UNITS,
        "current": {"time": "2026-06-21T13:00", "interval": 900, "temperature_2m": 3.1,
                    "apparent_temperature": -0.9, "relative_humidity_2m": 86, "is_day": 1, "precipitation": 0.0,
                    "weather_code": 3, "cloud_cover": 97, "pressure_msl": 1012.4, "wind_speed_10m": 4.3,
                    "wind_direction_10m": 190, "wind_gusts_10m": 7.8, "uv_index": 1.48},
        "start": "2026-06-21",
    },
}

PRECIPITATION_CODES = set(range(51, 68)) | set(range(71, 78)) | set(range(80, 87)) | set(range(95, 100))
SKIES = {"clear": [0, 0, 0, 1, 1, 0, 2], "fair": [1, 1, 2, 2, 2, 0, 1], "cloudy": [2, 3, 3, 3, 2, 3],
         "overcast": [3]}
PEAK_CHANCE = {"drizzle": 55, "rain": 80, "showers": 62, "thunder": 70, "snow": 72, "snowshowers": 60}


# Sun

def solar(day, longitude):
    """Declination (°) and equation of time (minutes) at local noon of `day` (NOAA's equations)."""
    jd = day.toordinal() + 1721424.5 + 0.5 - longitude / 360
    t = (jd - 2451545.0) / 36525
    l0 = (280.46646 + t * (36000.76983 + 0.0003032 * t)) % 360
    m = math.radians(357.52911 + t * (35999.05029 - 0.0001537 * t))
    e = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
    c = (math.sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t)) + math.sin(2 * m) * (0.019993 - 0.000101 * t)
         + math.sin(3 * m) * 0.000289)
    omega = math.radians(125.04 - 1934.136 * t)
    apparent = math.radians(l0 + c - 0.00569 - 0.00478 * math.sin(omega))
    obliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
    obliquity = math.radians(obliquity + 0.00256 * math.cos(omega))
    declination = math.asin(math.sin(obliquity) * math.sin(apparent))
    y = math.tan(obliquity / 2) ** 2
    l0 = math.radians(l0)
    equation = 4 * math.degrees(y * math.sin(2 * l0) - 2 * e * math.sin(m) + 4 * e * y * math.sin(m) * math.cos(2 * l0)
                                - 0.5 * y * y * math.sin(4 * l0) - 1.25 * e * e * math.sin(2 * m))
    return math.degrees(declination), equation


def uv_clear_sky(elevation):
    """The UV index under a clear sky with the sun `elevation` degrees high: Madronich's approximation,
    12.5 times the cosine of the zenith angle to the power 2.42 (Photochemistry and Photobiology 83, 2007)."""
    if elevation <= 0:
        return 0.0
    return 12.5 * math.sin(math.radians(elevation)) ** 2.42


# How much of the clear sky's UV a day's weather lets through, by its WMO code (roughly as the cloud
# modification factors of the WHO's UV index guide, 2002, have it).
def uv_clouds(code):
    if code is None or code <= 1:
        return 1.0
    if code == 2:
        return 0.85
    if code in (71, 73, 75, 77, 85, 86):
        return 0.55
    if code >= 95:
        return 0.45
    if code >= 51:
        return 0.5
    return 0.6


def uv_index_max(day, latitude, longitude, code):
    """A day's highest UV index: the clear sky's at solar noon, through the day's weather; two decimals."""
    declination, _ = solar(day, longitude)
    return round(uv_clear_sky(90 - abs(latitude - declination)) * uv_clouds(code), 2)


def uv_index_at(moment, latitude, longitude, offset, code):
    """The UV index at a local `moment` (datetime) of a place `offset` seconds from UTC."""
    declination, equation = solar(moment.date(), longitude)
    minutes = moment.hour * 60 + moment.minute - offset / 60 + 4 * longitude + equation
    hour_angle = math.radians(minutes / 4 - 180)
    lat, dec = math.radians(latitude), math.radians(declination)
    elevation = math.degrees(math.asin(math.sin(lat) * math.sin(dec) + math.cos(lat) * math.cos(dec)
                                       * math.cos(hour_angle)))
    return round(uv_clear_sky(elevation) * uv_clouds(code), 2)


def sun_day(day, latitude, longitude, offset, horizon):
    """Solar noon (local minutes) and half the day length in minutes; 0 in polar night, None in polar day."""
    declination, equation = solar(day, longitude)
    noon = (720 - 4 * longitude - equation + offset / 60) % 1440
    lat, dec = math.radians(latitude), math.radians(declination)
    cosine = (math.sin(math.radians(horizon)) - math.sin(lat) * math.sin(dec)) / (math.cos(lat) * math.cos(dec))
    if cosine >= 1:
        return noon, 0.0
    if cosine <= -1:
        return noon, None
    return noon, 4 * math.degrees(math.acos(cosine))


def suns(start, latitude, longitude, offset, first=None):
    """Each day's sun: kind (normal/polar-day/polar-night), sunrise/sunset as local datetimes, noon (minutes)."""
    horizon, shift = -0.833, 0.0
    if first is not None:  # fit the horizon and noon to the fixture's first day
        rise, set_ = first
        wanted = (set_ - rise) / 2
        low, high = -8.0, 4.0
        for _ in range(80):
            middle = (low + high) / 2
            half = sun_day(start, latitude, longitude, offset, middle)[1]
            if half is not None and half < wanted:
                high = middle
            else:
                low = middle
        horizon = (low + high) / 2
        shift = (rise + set_) / 2 - sun_day(start, latitude, longitude, offset, horizon)[0]
    days = []
    for index in range(7):
        day = start + timedelta(days=index)
        midnight = datetime(day.year, day.month, day.day)
        noon, half = sun_day(day, latitude, longitude, offset, horizon)
        noon += shift
        if index == 0 and first is not None:
            rise, set_ = first
            days.append({"kind": "normal", "noon": noon, "rise": midnight + timedelta(minutes=rise),
                         "set": midnight + timedelta(minutes=set_)})
        elif half is None:
            days.append({"kind": "polar-day", "noon": noon, "rise": midnight, "set": midnight + timedelta(days=1)})
        elif half < 1:
            days.append({"kind": "polar-night", "noon": noon, "rise": midnight, "set": midnight})
        else:
            days.append({"kind": "normal", "noon": noon, "rise": midnight + timedelta(minutes=round(noon - half)),
                         "set": midnight + timedelta(minutes=round(noon + half))})
    return days


# Weather

def streams(name):
    """Independent random streams for one forecast, by purpose."""
    return lambda purpose: random.Random("%s:%s:%s" % (SEED, name, purpose))


def smooth_noise(rng, count, sigma, keep=0.8):
    values, last = [], 0.0
    for _ in range(count):
        last = keep * last + math.sqrt(1 - keep * keep) * rng.gauss(0, sigma)
        values.append(last)
    return values


def r1(value):
    value = round(value, 1)
    return 0.0 if value == 0 else value


def precipitation_code(kind, amount):
    if kind == "drizzle":
        return 51 if amount <= 0.2 else 53 if amount <= 0.5 else 55
    if kind == "rain":
        return 61 if amount <= 1.0 else 63 if amount <= 4.0 else 65
    if kind == "showers":
        return 80 if amount <= 1.0 else 81 if amount <= 4.0 else 82
    if kind == "snow":
        return 71 if amount <= 0.5 else 73 if amount <= 1.5 else 75
    if kind == "snowshowers":
        return 85 if amount <= 0.7 else 86
    if kind == "thunder":
        return 95
    raise ValueError(kind)


def simulate(name, spec, start, offset, latitude, longitude, current, first_sun=None, perturb=None,
             extra_events=()):
    """The hourly and daily series (SI units, local times as datetimes) of one forecast."""
    stream = streams(name)
    days = [dict(day, events=list(day["events"])) for day in spec["days"]]
    for index, event in extra_events:
        days[index]["events"].append(event)
    sun = suns(start, spec.get("sun_latitude", latitude), longitude, offset, first_sun)
    origin = datetime(start.year, start.month, start.day)
    times = [origin + timedelta(hours=hour) for hour in range(HOURS)]

    # Where the current conditions fall.
    now = current["time"]
    if isinstance(now, str):
        now = datetime.strptime(now, "%Y-%m-%dT%H:%M")
    else:
        now = datetime.fromtimestamp(now + offset, timezone.utc).replace(tzinfo=None)
    hc = int((now - origin).total_seconds() // 3600)

    # Events hour by hour.
    kinds, strengths = [None] * HOURS, [0.0] * HOURS
    for index, day in enumerate(days):
        for kind, first, last, strength in day["events"]:
            for hour in range(first, last + 1):
                kinds[index * 24 + hour], strengths[index * 24 + hour] = kind, strength

    # Temperature: through minima near sunrise and maxima in the afternoon.
    anchors = []
    for index in range(-1, 8):  # the evening before and the morning after too
        source, today = days[min(max(index, 0), 6)], sun[min(max(index, 0), 6)]
        base = index * 1440
        if today["kind"] == "normal":
            low_at = base + today["rise"].hour * 60 + today["rise"].minute
            high_at = base + today["noon"] + 150
        else:
            low_at, high_at = base + today["noon"] - 600, base + today["noon"] + 180
        if index < 0:
            anchors.append((high_at, source["tmax"] - 0.5, "high"))
        elif index > 6:
            anchors.append((low_at, source["tmin"] + 0.4, "low"))
        else:
            anchors += [(low_at, source["tmin"], "low"), (high_at, source["tmax"], "high")]
    anchors.sort()
    temperatures = []
    for hour in range(HOURS):
        minute = hour * 60
        for (a_at, a_value, a_kind), (b_at, b_value, _) in zip(anchors, anchors[1:]):
            if a_at <= minute <= b_at:
                x = (minute - a_at) / (b_at - a_at)
                shape = (1 - math.cos(math.pi * x ** (0.75 if a_kind == "low" else 0.45))) / 2
                temperatures.append(a_value + (b_value - a_value) * shape)
                break
        else:
            raise ValueError("no temperature anchor around hour %d" % hour)
    noise = smooth_noise(stream("temperature"), HOURS, 0.18)
    temperatures = [value + delta for value, delta in zip(temperatures, noise)]

    # Precipitation and codes.
    sky_rng, amount_rng, chance_rng = stream("sky"), stream("amount"), stream("chance")
    sky_draws = [sky_rng.random() for _ in range(HOURS // 3)]
    amount_draws = [amount_rng.random() for _ in range(HOURS)]
    chance_draws = [chance_rng.random() for _ in range(HOURS)]
    amounts, codes = [0.0] * HOURS, [0] * HOURS
    for hour in range(HOURS):
        day = days[hour // 24]
        options = SKIES[day["sky"]]
        codes[hour] = options[int(sky_draws[hour // 3] * len(options))]
        kind = kinds[hour]
        if kind is None:
            continue
        if kind == "fog":
            codes[hour] = 48 if temperatures[hour] < 0 else 45
            continue
        draw = amount_draws[hour]
        if kind in ("showers", "snowshowers") and draw < 0.25:
            codes[hour] = 3  # a dry hour between showers
            continue
        factor = {"showers": 0.3 + 1.8 * draw, "snowshowers": 0.3 + 1.8 * draw, "thunder": 0.4 + 1.6 * draw}
        amount = max(0.1, r1(strengths[hour] * factor.get(kind, 0.55 + 0.9 * draw)))
        amounts[hour] = amount
        codes[hour] = precipitation_code(kind, amount)
        temperatures[hour] -= 0.3 + 0.35 * math.sqrt(amount)
        if hour + 1 < HOURS:
            temperatures[hour + 1] -= 0.15 + 0.2 * math.sqrt(amount)
    # Overcast around rain.
    for hour in range(HOURS):
        if codes[hour] < 45 and any(amounts[max(0, hour - 2):hour + 3]):
            codes[hour] = 3

    # Chance of precipitation.
    chances = []
    for hour in range(HOURS):
        day = days[hour // 24]
        dry = {"clear": 0, "fair": 3, "cloudy": 8, "overcast": 14}[day["sky"]] if day["pop"] is None else day["pop"]
        chance = dry + (chance_draws[hour] - 0.5) * 6
        for other in range(max(0, hour - 4), min(HOURS, hour + 5)):
            kind = kinds[other]
            if kind in PEAK_CHANCE:
                peak = PEAK_CHANCE[kind] + (chance_draws[other] - 0.5) * 16
                chance = max(chance, peak * (1 - abs(other - hour) / 5))
        if amounts[hour] > 0:
            chance = max(chance, 35)
        chances.append(int(min(100, max(0, round(chance)))))

    # Wind: stronger in the afternoon and in showers.
    wind_noise = smooth_noise(stream("wind"), HOURS, 0.1, keep=0.7)
    winds = []
    for hour in range(HOURS):
        day, today = days[hour // 24], sun[hour // 24]
        minute = (hour % 24) * 60
        if today["kind"] == "normal":
            rise = today["rise"].hour * 60 + today["rise"].minute
            set_ = today["set"].hour * 60 + today["set"].minute
            daylight = max(0.0, math.sin(math.pi * (minute - rise) / (set_ - rise))) if rise < minute < set_ else 0.0
        else:
            daylight = 0.4
        gusty = 1.2 if kinds[hour] in ("showers", "thunder", "rain", "snowshowers") else 1.0
        winds.append(day["wind"] * (0.8 + 0.4 * daylight) * gusty * (1 + wind_noise[hour]))

    # A later run of the same forecast: small changes.
    if perturb is not None:
        later = streams(perturb)
        extra = smooth_noise(later("temperature"), HOURS, 0.25)
        temperatures = [value + delta for value, delta in zip(temperatures, extra)]
        wind_draws = later("wind")
        winds = [value * (1 + (wind_draws.random() - 0.5) * 0.12) for value in winds]
        chance_rng = later("chance")
        chances = [int(min(100, max(35 if amount > 0 else 0, value + chance_rng.randint(-6, 6))))
                   for value, amount in zip(chances, amounts)]
        amount_rng = later("amount")
        amounts = [max(0.1, r1(value * (0.8 + 0.4 * amount_rng.random()))) if value > 0 else 0.0
                   for value in amounts]
        codes = [precipitation_code(kinds[hour], amounts[hour]) if amounts[hour] > 0 else code
                 for hour, code in enumerate(codes)]

    # Through the current conditions at the current hour.
    if 0 <= hc < HOURS:
        difference = current["temperature_2m"] - temperatures[hc]
        temperatures = [value + difference * math.exp(-((hour - hc) / 4) ** 2)
                        for hour, value in enumerate(temperatures)]
        temperatures[hc] = current["temperature_2m"]
        if current.get("wind_speed_10m") is not None:
            difference = current["wind_speed_10m"] - winds[hc]
            winds = [value + difference * math.exp(-((hour - hc) / 3) ** 2) for hour, value in enumerate(winds)]
            winds[hc] = current["wind_speed_10m"]
        code = current.get("weather_code")
        if code is not None:
            codes[hc] = code
            if code in PRECIPITATION_CODES:
                amounts[hc] = max(0.1, current.get("precipitation") or 0.0, amounts[hc])
                chances[hc] = max(chances[hc], 45)
            else:
                amounts[hc] = 0.0

    temperatures = [r1(value) for value in temperatures]
    winds = [r1(max(0.2, value)) for value in winds]
    is_day = []
    for hour, time in enumerate(times):
        today = sun[hour // 24]
        up = today["kind"] == "polar-day" or (today["kind"] == "normal" and today["rise"] <= time < today["set"])
        is_day.append(1 if up else 0)

    daily = {"time": [], "weather_code": [], "temperature_2m_max": [], "temperature_2m_min": [],
             "precipitation_probability_max": [], "precipitation_sum": [], "sunrise": [], "sunset": [],
             "uv_index_max": []}
    for index in range(7):
        hours = slice(index * 24, index * 24 + 24)
        daily["time"].append(start + timedelta(days=index))
        daily["weather_code"].append(max(codes[hours]))
        daily["temperature_2m_max"].append(max(temperatures[hours]))
        daily["temperature_2m_min"].append(min(temperatures[hours]))
        daily["precipitation_probability_max"].append(max(chances[hours]))
        daily["precipitation_sum"].append(r1(sum(amounts[hours])))
        daily["sunrise"].append(sun[index]["rise"])
        daily["sunset"].append(sun[index]["set"])
        daily["uv_index_max"].append(uv_index_max(start + timedelta(days=index), latitude, longitude,
                                                  daily["weather_code"][-1]))
    hourly = {"time": times, "temperature_2m": temperatures, "precipitation_probability": chances,
              "precipitation": amounts, "weather_code": codes, "wind_speed_10m": winds, "is_day": is_day}
    if spec.get("far_nulls"):
        hourly["precipitation_probability"] = chances[:5 * 24] + [None] * (2 * 24)
        daily["precipitation_probability_max"][6] = None
    return hourly, daily


# Output forms

def iso(hourly, daily):
    hourly = dict(hourly, time=[time.strftime("%Y-%m-%dT%H:%M") for time in hourly["time"]])
    daily = dict(daily, time=[day.isoformat() for day in daily["time"]],
                 sunrise=[None if t is None else t.strftime("%Y-%m-%dT%H:%M") for t in daily["sunrise"]],
                 sunset=[None if t is None else t.strftime("%Y-%m-%dT%H:%M") for t in daily["sunset"]])
    return dict(HOURLY_UNITS), hourly, dict(DAILY_UNITS), daily


def unixtime(hourly, daily, offset):
    def seconds(moment):
        return None if moment is None else int((moment - datetime(1970, 1, 1)).total_seconds()) - offset
    hourly = dict(hourly, time=[seconds(time) for time in hourly["time"]])
    daily = dict(daily, time=[seconds(datetime(day.year, day.month, day.day)) for day in daily["time"]],
                 sunrise=[seconds(t) for t in daily["sunrise"]], sunset=[seconds(t) for t in daily["sunset"]])
    return (dict(HOURLY_UNITS, time="unixtime"), hourly,
            dict(DAILY_UNITS, time="unixtime", sunrise="unixtime", sunset="unixtime"), daily)


def imperial(hourly_units, hourly, daily_units, daily):
    """°F, km/h and inch: what forecast-fahrenheit.json's current block is in."""
    def fahrenheit(values):
        return [None if v is None else r1(v * 9 / 5 + 32) for v in values]

    def inches(values):
        return [None if v is None else round(v / 25.4, 3) for v in values]
    hourly = dict(hourly, temperature_2m=fahrenheit(hourly["temperature_2m"]),
                  precipitation=inches(hourly["precipitation"]),
                  wind_speed_10m=[None if v is None else r1(v * 3.6) for v in hourly["wind_speed_10m"]])
    daily = dict(daily, temperature_2m_max=fahrenheit(daily["temperature_2m_max"]),
                 temperature_2m_min=fahrenheit(daily["temperature_2m_min"]),
                 precipitation_sum=inches(daily["precipitation_sum"]))
    return (dict(hourly_units, temperature_2m="°F", precipitation="inch", wind_speed_10m="km/h"), hourly,
            dict(daily_units, temperature_2m_max="°F", temperature_2m_min="°F", precipitation_sum="inch"), daily)


def with_nulls(hourly, daily, name):
    """Holes everywhere but in the times, as a sparse model answers."""
    rng = streams(name)("nulls")
    share = {"temperature_2m": 0.25, "precipitation": 0.35, "weather_code": 0.3, "wind_speed_10m": 0.45,
             "is_day": 0.15}
    hourly = dict(hourly)
    for key, part in share.items():
        hourly[key] = [None if rng.random() < part else value for value in hourly[key]]
    hourly["precipitation_probability"] = [None] * len(hourly["time"])
    daily = dict(daily)
    daily["weather_code"] = [v if i in (0, 3, 4) else None for i, v in enumerate(daily["weather_code"])]
    daily["temperature_2m_max"] = [v if i not in (2, 5) else None for i, v in enumerate(daily["temperature_2m_max"])]
    daily["temperature_2m_min"] = [v if i not in (1, 5, 6) else None for i, v in enumerate(daily["temperature_2m_min"])]
    daily["precipitation_probability_max"] = [None] * 7
    daily["precipitation_sum"] = [v if i in (0, 1, 2) else None for i, v in enumerate(daily["precipitation_sum"])]
    daily["sunrise"] = [v if i != 4 else None for i, v in enumerate(daily["sunrise"])]
    daily["sunset"] = [v if i != 4 else None for i, v in enumerate(daily["sunset"])]
    return hourly, daily


# Files

def minutes(text):
    moment = datetime.strptime(text, "%Y-%m-%dT%H:%M")
    return moment.hour * 60 + moment.minute


def assemble(document, blocks):
    hourly_units, hourly, daily_units, daily = blocks
    document = dict(document, hourly_units=hourly_units, hourly=hourly, daily_units=daily_units, daily=daily)
    return {key: document[key] for key in KEY_ORDER if key in document}


# Amounts of precipitation, which the service writes with two decimals ("precipitation":[0.00,0.10,...]).
AMOUNTS = re.compile(r'"(precipitation|precipitation_sum)":(\[[^\]]*\]|-?[0-9][0-9.eE+-]*)')
NUMBER = re.compile(r"-?[0-9][0-9.eE+-]*")


def render(document):
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    return AMOUNTS.sub(lambda match: '"%s":%s' % (match.group(1), NUMBER.sub(
        lambda number: "%.2f" % float(number.group(0)), match.group(2))), text)


def load(path):
    with open(os.path.join(OPEN_METEO, path), encoding="utf-8") as file:
        return json.load(file)


def berlin_sun():
    berlin = load("forecast/berlin.json")
    return minutes(berlin["daily"]["sunrise"][0]), minutes(berlin["daily"]["sunset"][0])


def place_fixture(place, path):
    document = load(path)
    start = datetime.strptime(document["current"]["time"][:10], "%Y-%m-%d").date()
    first = (minutes(document["daily"]["sunrise"][0]), minutes(document["daily"]["sunset"][0]))
    series = simulate(place, PLACES[place], start, document["utc_offset_seconds"], document["latitude"],
                      document["longitude"], document["current"], first_sun=first)
    return assemble(document, iso(*series))


def new_fixture(place, path):
    document = dict(NEW_FILES[path])
    start = date.fromisoformat(document.pop("start"))
    series = simulate(place, PLACES[place], start, document["utc_offset_seconds"], document["latitude"],
                      document["longitude"], document["current"])
    return assemble(document, iso(*series))


def berlin_variant(path, name, **options):
    document = load(path)
    berlin = load("forecast/berlin.json")
    start = date(2026, 10, 8)
    return document, simulate(name, PLACES["berlin"], start, berlin["utc_offset_seconds"], berlin["latitude"],
                              berlin["longitude"], options.pop("current", document["current"]),
                              first_sun=berlin_sun(), **options)


def fixtures():
    """Every fixture this script writes: {path under Fixtures/open-meteo: document}."""
    out = {}
    for name in sorted(os.listdir(os.path.join(OPEN_METEO, "forecast"))):
        place = name[:-len(".json")]
        path = "forecast/" + name
        if path in NEW_FILES:
            continue
        out[path] = place_fixture(place, path)
    for place in ("apia", "sydney", "santiago", "bergen"):
        out["forecast/%s.json" % place] = new_fixture(place, "forecast/%s.json" % place)
    out["forecast-alert-june.json"] = new_fixture("alert-june", "forecast-alert-june.json")

    berlin = out["forecast/berlin.json"]
    same = load("forecast-berlin-same-values.json")
    out["forecast-berlin-same-values.json"] = assemble(
        same, (berlin["hourly_units"], berlin["hourly"], berlin["daily_units"], berlin["daily"]))

    document, series = berlin_variant("forecast-berlin-day.json", "berlin-day")
    out["forecast-berlin-day.json"] = assemble(document, iso(*series))

    # Half an hour later: light rain has set in; the rest moved a little.
    document, series = berlin_variant("forecast-berlin-later.json", "berlin", perturb="berlin-later",
                                      extra_events=[(0, ("rain", 19, 21, 0.2))])
    out["forecast-berlin-later.json"] = assemble(document, iso(*series))

    # The Berlin forecast as it comes in °F, km/h and inch.
    document, series = berlin_variant("forecast-berlin-same-values.json", "berlin")
    fahrenheit = load("forecast-fahrenheit.json")
    out["forecast-fahrenheit.json"] = assemble(fahrenheit, imperial(*iso(*series)))

    document, series = berlin_variant("forecast-berlin-same-values.json", "berlin")
    nulls = load("forecast-nulls.json")
    out["forecast-nulls.json"] = assemble(nulls, iso(*with_nulls(*series, name="nulls")))

    unix = load("forecast-unixtime.json")
    document, series = berlin_variant("forecast-berlin-same-values.json", "berlin")
    out["forecast-unixtime.json"] = assemble(unix, unixtime(*series, offset=unix["utc_offset_seconds"]))
    return out


def check_kept(path, old_text, new_document):
    """The header and current block are kept byte for byte, and the first day's sun."""
    cuts = [at for at in (old_text.find(',"hourly_units"'), old_text.find(',"daily_units"')) if at >= 0]
    head = old_text[:min(cuts)] if cuts else old_text
    head = head.rstrip("}")
    new_text = render(new_document)
    if not new_text.startswith(head):
        raise SystemExit("%s: the part before the hourly block would change" % path)
    old = json.loads(old_text)
    if "daily" in old:
        for key in ("sunrise", "sunset"):
            if old["daily"][key][0] != new_document["daily"][key][0]:
                raise SystemExit("%s: the first %s would change" % (path, key))


def main():
    parser = argparse.ArgumentParser(description="Write the hourly/daily blocks of the Open-Meteo forecast fixtures.")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a fixture would change")
    arguments = parser.parse_args()
    stale = []
    for path, document in fixtures().items():
        full = os.path.join(OPEN_METEO, path)
        text = render(document)
        old = None
        if os.path.exists(full):
            with open(full, encoding="utf-8") as file:
                old = file.read()
            if path not in NEW_FILES:
                check_kept(path, old, document)
        if old == text:
            continue
        stale.append(path)
        if not arguments.check:
            with open(full, "w", encoding="utf-8") as file:
                file.write(text)
    for path in stale:
        print(("would change " if arguments.check else "wrote ") + path)
    if arguments.check and stale:
        sys.exit(1)


if __name__ == "__main__":
    main()
