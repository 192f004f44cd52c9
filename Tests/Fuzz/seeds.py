#!/usr/bin/env python3
"""Writes the fuzzer's starting corpus into a folder: real inputs of every part the pipeline reads.

Each seed is the seven NUL-separated parts that Pipeline.swift describes, built from Fixtures/: every
forecast and geocoding response (good, broken and error bodies), every warnings service's answer (in the
forecast's place, which the pipeline also reads as each service's), the saved files as weather writes them
(a warnings file among them), a config file, response headers and an environment. libFuzzer mutates from
there.

    python3 Tests/Fuzz/seeds.py CORPUS_FOLDER
"""
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
fixtures = os.path.join(here, "..", "..", "Fixtures")


def read(*path):
    with open(os.path.join(fixtures, *path), "rb") as file:
        return file.read().strip()


def files(*folder):
    base = os.path.join(fixtures, *folder)
    return sorted(os.path.join(*folder, name) for name in os.listdir(base) if os.path.isfile(os.path.join(base, name)))


HEADERS = [
    b"HTTP/1.1 200 OK\nContent-Type: application/json\nDate: Sun, 22 Nov 2026 06:34:32 GMT",
    b"Date: Sun, 22 Nov 2026 06:34:32 GMT\nCache-Control: max-age=600\nAge: 30\nETag: \"v1\"\n"
    b"Last-Modified: Sun, 22 Nov 2026 06:30:00 GMT",
    b"Expires: Sun, 22 Nov 2026 06:45:00 GMT\nDate: Sun, 22 Nov 2026 06:34:32 GMT\nRetry-After: 120",
    b"Retry-After: Sun, 22 Nov 2026 07:00:00 GMT\nCache-Control: no-cache",
]
ENVIRONMENTS = [
    b"WEATHER_TIMEOUT=30\nWEATHER_STALE_AFTER=15m\nQUERY=Berlin",
    b"XDG_CONFIG_HOME=/home/ann/.config\nXDG_CACHE_HOME=/home/ann/cache dir\nXDG_STATE_HOME=/home/ann/state\n"
    b"EXE=/home/ann/.local/bin/weather\nWEATHER_FORECAST_URL=http://127.0.0.1:8080/v1/forecast\nQUERY=Paris, US",
    b"EXE=/opt/my apps/100%/we$ather\nQUERY=Springfield, Illinois",
    b"WEATHER_UNITS=imperial\nWEATHER_ICONS=nerd\nWEATHER_FORMAT=%l %c %t %w %o\nWEATHER_CONTACT=ann@example.org",
    "WEATHER_CONTACT=me\\%x@y.org\nQUERY=Ber\u202elin\nWEATHER_FORMAT=%l \u2066%t\u2069".encode(),
    b"WEATHER_UNITS=si\nWEATHER_WIND_UNIT=kn\nWEATHER_PRECIPITATION_UNIT=inch\nWEATHER_ICONS=ascii\n"
    b"WEATHER_FORMAT=%x %C %S-%s %h%% %P %a",
]

# State files that name times no run of weather's could have written: a back-off that happened in 9999,
# runs, looks and a notification from the future among real ones.
FUTURE = [
    b'{"api.open-meteo.com":{"until":"2026-11-22T06:40:00Z","failures":1,"reason":"HTTP 503","refused":false,'
    b'"at":"9999-01-01T00:00:00Z"}}',
    b"weather runs 1\n1791475200 n 1 210\n99999999999 d 0 3\n1791476100 d 1 120\n",
    b'{"format":1,"looks":"1990000,1990001,99999999"}',
    # The warnings told of by desktop notifications: one as weather writes it (with the server that gave
    # it, and one without), one told in 9999; and a file of the first format, which names no server.
    b"weather notified 2\nwarning\t7\t4f6c2b9e0d1a4c3b8e7f6a5d4c3b2a19/:1.42\t1791478200\t372c5488651b20c1\t"
    b"Severe Thunderstorm Warning\turn:oid:2.49.0.1.840.0.7c2f.001.1\nwarning\t9\t-\t1791478200\t"
    b"0123456789abcdef\tWind Advisory\ty\nwarning\t8\t4f6c2b9e0d1a4c3b8e7f6a5d4c3b2a19/:1.42\t253402300000\t"
    b"0123456789abcdef\tFlood Watch\tx\n",
    b"weather notified 1\nwarning\t7\t1791478200\t372c5488651b20c1\tSevere Thunderstorm Warning\t"
    b"urn:oid:2.49.0.1.840.0.7c2f.001.1\nwarning\t8\t253402300000\t0123456789abcdef\tFlood Watch\tx\n",
]

# A warnings file as weather writes it: a failure, validators, and two warnings, one without times.
ALERTS = (b"weather alerts 1\nsource\tnws\nplace\t37.21533\t-93.29824\nlanguage\ten\nchecked\t1791478800\n"
          b"fresh\t1791478830\nheader\tLast-Modified\tThu, 08 Oct 2026 16:59:00 GMT\n"
          b"failure\t1791479400\tthe NWS alerts service at api.weather.gov is having trouble (HTTP 503)\n"
          b"alert\turn:oid:2.49.0.1.840.0.7c2f.001.1\tsevere\t1791478020\t1791481500\t1791481500\t"
          b"Severe Thunderstorm Warning\tSevere Thunderstorm Warning issued October 8\tGo inside.\n"
          b"alert\tx\tunknown\t\t\t\tSpecial Weather Statement\t\t\n")


def air_answer(scale, pollen):
    """An answer of Open-Meteo's air quality API for Berlin as its server writes one (Fixtures/README.md):
    the grid point, `current_units` and `current` with the index of `scale` ("european" or "us") and each
    pollutant's, the concentrations and, in Europe in season, the pollen."""
    index, unit = ("european_aqi", "EAQI") if scale == "european" else ("us_aqi", "USAQI")
    values = {index: 32, index + "_pm2_5": 32, index + "_pm10": 18, index + "_nitrogen_dioxide": 12,
              index + "_ozone": 25, "pm2_5": 7.6, "pm10": 11.2, "ozone": 58.0, "nitrogen_dioxide": 14.3}
    units = {key: unit for key in values if key.startswith(index)}
    units.update({key: "\u03bcg/m\u00b3" for key in ("pm2_5", "pm10", "ozone", "nitrogen_dioxide")})
    for plant, grains in pollen.items():
        values[plant + "_pollen"] = grains
        units[plant + "_pollen"] = "grains/m\u00b3"
    document = {"latitude": 52.5, "longitude": 13.400002, "generationtime_ms": 0.2, "utc_offset_seconds": 0,
                "timezone": "GMT", "timezone_abbreviation": "GMT", "elevation": 38.0,
                "current_units": dict({"time": "unixtime", "interval": "seconds"}, **units),
                "current": dict({"time": 1791478800, "interval": 3600}, **values)}
    return json.dumps(document, ensure_ascii=False).encode()


# The air as weather keeps it (air.txt): a European reading with pollen and a failure since, and a US one.
AIR_FILES = [
    b"weather air 1\nscale\teuropean\nplace\t52.52\t13.41\nupdated\t1791478800\nobserved\t1791478800\n"
    b"interval\t3600\nindex\t61\ndominant\tozone\npm2_5\t7.6\npm10\t11.2\nozone\t131.0\n"
    b"nitrogen_dioxide\t14.3\npollen\tbirch\t120.0\npollen\tgrass\t12.0\n"
    b"failure\tthe air quality service at air-quality-api.open-meteo.com is having trouble (HTTP 503)\n",
    b"weather air 1\nscale\tus\nplace\t37.2153\t-93.2982\nupdated\t1791478800\ninterval\t3600\n"
    b"index\t151\ndominant\tpm2_5\npm2_5\t55.6\n",
]


def main():
    corpus = sys.argv[1]
    os.makedirs(corpus, exist_ok=True)
    forecasts = (files("open-meteo", "forecast") + files("open-meteo") + files("broken") + files("open-meteo", "errors")
                 + files("met-norway", "locationforecast") + files("met-norway", "errors"))
    geocodings = files("open-meteo", "geocoding")
    saved = [read("saved", name) for name in ("location.json", "backoff.json", "schedule.json")] + FUTURE + [ALERTS]
    currents = [read("saved", "current.json"), read("saved", "current-format-1.json")]
    config = read("saved", "config.json")
    count = 0
    for index, forecast in enumerate(forecasts):
        geocoding = geocodings[index % len(geocodings)]
        parts = [read(forecast), read(geocoding), HEADERS[index % len(HEADERS)], currents[index % len(currents)],
                 saved[index % len(saved)], config, ENVIRONMENTS[index % len(ENVIRONMENTS)]]
        write(corpus, count, parts)
        count += 1
    warnings = [name for folder in ("nws", "brightsky", "metalerts") for sub in ("", "variants", "errors")
                if os.path.isdir(os.path.join(fixtures, folder, sub)) for name in files(folder, sub)]
    for index, answer in enumerate(warnings):
        parts = [read(answer), read(geocodings[index % len(geocodings)]), HEADERS[index % len(HEADERS)],
                 currents[index % len(currents)], ALERTS if index % 2 else saved[index % len(saved)], config,
                 ENVIRONMENTS[index % len(ENVIRONMENTS)]]
        write(corpus, count, parts)
        count += 1
    for index, geocoding in enumerate(geocodings):
        parts = [read("open-meteo", "forecast", "berlin.json"), read(geocoding), HEADERS[index % len(HEADERS)],
                 b"", saved[index % len(saved)], b"", ENVIRONMENTS[index % len(ENVIRONMENTS)]]
        write(corpus, count, parts)
        count += 1
    # The air's answers (a European one in season, a US one without pollen) and its files.
    for index, answer in enumerate([air_answer("european", {"birch": 120.0, "grass": 12.0, "alder": None}),
                                    air_answer("us", {})]):
        for air in AIR_FILES:
            parts = [answer, read(geocodings[index % len(geocodings)]), HEADERS[index % len(HEADERS)],
                     currents[index % len(currents)], air, config, ENVIRONMENTS[index % len(ENVIRONMENTS)]]
            write(corpus, count, parts)
            count += 1
    # Names and texts with the invisible formatting characters that reorder or break what is printed
    # (right-to-left override, isolates, marks, line and paragraph separators, the byte-order mark): in
    # the geocoder's names, a forecast's zone and every warnings service's texts.
    for index, (forecast, geocoding) in enumerate(zip([read("open-meteo", "forecast", "berlin.json"),
                                                      read("nws", "springfield-missouri.json"),
                                                      read("brightsky", "berlin.json"),
                                                      read("metalerts", "bergen.json")],
                                                     [read(geocodings[i]) for i in range(4)])):
        parts = [hidden(forecast), hidden(geocoding), HEADERS[index % len(HEADERS)], currents[index % len(currents)],
                 ALERTS, config, ENVIRONMENTS[index % len(ENVIRONMENTS)]]
        write(corpus, count, parts)
        count += 1
    # The hostile text the escaping property tests start from (hostile-text.json): special characters
    # inside longer grapheme clusters, as folders, the program's path and a forecast URL's query in the
    # environment, as a place's name and as a warning's texts.
    for index, text in enumerate(HOSTILE):
        environment = ("XDG_CACHE_HOME=/k/%s\nXDG_STATE_HOME=/s/%s\nEXE=/opt/%s/weather\n"
                       "WEATHER_FORECAST_URL=http://127.0.0.1:8080/v1/forecast?q=%s\nQUERY=Berlin"
                       % (text, text, text, text)).encode()
        for answer in (read("open-meteo", "forecast", "berlin.json"), hostile_warnings(text)):
            parts = [answer, hostile_place(text), HEADERS[index % len(HEADERS)], currents[index % len(currents)],
                     ALERTS, config, environment]
            write(corpus, count, parts)
            count += 1
    print("%d seeds in %s" % (count, corpus))


with open(os.path.join(here, "hostile-text.json"), encoding="utf-8") as hostile_file:
    HOSTILE = json.load(hostile_file)


def hostile_place(text):
    """Berlin's geocoding answer, the first place named `text`."""
    document = json.loads(read("open-meteo", "geocoding", "berlin.json"))
    document["results"][0]["name"] = text
    return json.dumps(document, ensure_ascii=False).encode()


def hostile_warnings(text):
    """Bright Sky's warnings for Berlin, with `text` in each warning's English words."""
    document = json.loads(read("brightsky", "berlin.json"))
    for alert in document["alerts"]:
        for key in ("event_en", "headline_en", "description_en", "instruction_en"):
            alert[key] = text + " " + (alert.get(key) or "")
    return json.dumps(document, ensure_ascii=False).encode()


HIDDEN = ["\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u2028", "\u2029", "\ufeff"]


def hidden(body):
    """`body` with a formatting character, as JSON escapes, after the first letter of every string value
    that begins with a capital letter (names, events, headlines)."""
    out = bytearray()
    count = 0
    index = 0
    while index < len(body):
        byte = body[index]
        out.append(byte)
        if byte == 0x22 and index + 2 < len(body) and 0x41 <= body[index + 1] <= 0x5A and body[index - 1:index] in (b":", b" ", b"["):
            out.append(body[index + 1])
            out += HIDDEN[count % len(HIDDEN)].encode()
            count += 1
            index += 1
        index += 1
    return bytes(out)


def write(corpus, index, parts):
    with open(os.path.join(corpus, "seed-%03d" % index), "wb") as file:
        file.write(b"\0".join(parts))


if __name__ == "__main__":
    main()
