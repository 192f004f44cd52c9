#!/usr/bin/env python3
"""A stand-in for Open-Meteo on 127.0.0.1, serving the responses in Fixtures/.

It speaks the geocoding API (`.../search`) and the forecast API (`.../forecast`) the way the real services
do: geocoding answers from Fixtures/open-meteo/geocoding/<name>.json (no match otherwise), the forecast from
the fixture nearest to the requested coordinates, with `current.time` moved to "now" rounded down to the
interval, as the real service reports it. Bad parameters get the services' HTTP 400 error bodies.

Run it by hand to try `weather` offline:

    python3 Tests/TestSupport/fixture-server.py --port 8080
    export WEATHER_GEOCODING_URL=http://127.0.0.1:8080/v1/search
    export WEATHER_FORECAST_URL=http://127.0.0.1:8080/v1/forecast
    weather set Berlin

Tests control it over HTTP (nothing under /_control is logged):

    GET    /_control/requests   every request so far: method, path, query, headers, time
    DELETE /_control/requests   forget them
    POST   /_control/responses  {"route": "forecast"|"search", "responses": [RESPONSE, ...]}
                                queues scripted responses, used in order before the normal ones
    DELETE /_control/responses  drops every queued response
    POST   /_control/clock      {"offset": seconds} shifts the server's "now" (for current.time)

A RESPONSE is an object with any of: "status" (200), "fixture" (a path under Fixtures/), "body" (text),
"headers" ({name: value}), "delay" (seconds before answering), "trickle" (seconds between 64-byte pieces),
"truncate" (send only so many bytes of a body announced in full), "huge" (a valid JSON body of so many
bytes), "unannounced" (no Content-Length: the body ends when the connection closes), "drop" (close the connection without answering), "gzip" (false to never compress),
"times" (how many requests it answers, default 1).
"""

import argparse
import gzip
import json
import math
import os
import socket
import sys
import threading
import time
import unicodedata
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

FORECAST_VARIABLES = {
    "temperature_2m", "apparent_temperature", "relative_humidity_2m", "is_day", "precipitation", "rain",
    "showers", "snowfall", "weather_code", "cloud_cover", "pressure_msl", "surface_pressure",
    "wind_speed_10m", "wind_direction_10m", "wind_gusts_10m",
}
DAILY_VARIABLES = {
    "weather_code", "temperature_2m_max", "temperature_2m_min", "apparent_temperature_max",
    "apparent_temperature_min", "precipitation_sum", "precipitation_probability_max", "sunrise", "sunset",
    "daylight_duration", "wind_speed_10m_max",
}


class State:
    def __init__(self, fixtures):
        self.fixtures = fixtures
        self.lock = threading.Lock()
        self.requests = []
        self.queues = {"search": [], "forecast": []}
        self.clock_offset = 0.0
        self.forecasts = []
        folder = os.path.join(fixtures, "open-meteo", "forecast")
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name), encoding="utf-8") as file:
                document = json.load(file)
            self.forecasts.append((document["latitude"], document["longitude"], document))

    def now(self):
        return time.time() + self.clock_offset

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


def shift_days(document, today):
    """Moves the daily series by whole days so that it starts on `today`, the place's date now."""
    daily = document.get("daily")
    if not isinstance(daily, dict) or not daily.get("time"):
        return
    first = datetime.strptime(daily["time"][0], "%Y-%m-%d").date()
    delta = today - first
    for key, values in daily.items():
        if key == "time":
            daily[key] = [(datetime.strptime(v, "%Y-%m-%d") + delta).strftime("%Y-%m-%d") for v in values]
        elif key in ("sunrise", "sunset"):
            daily[key] = [v if v is None else (datetime.strptime(v, "%Y-%m-%dT%H:%M") + delta).strftime("%Y-%m-%dT%H:%M")
                          for v in values]


def slug(name):
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "-".join(folded.lower().split())


def json_bytes(document):
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def error_body(reason):
    return json_bytes({"error": True, "reason": reason})


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fixture-server"

    def log_message(self, format, *args):
        if self.server.verbose:
            sys.stderr.write("%s\n" % (format % args))

    @property
    def state(self):
        return self.server.state

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
            elif path == "/_control/responses" and method == "POST":
                self.state.queues[payload["route"]].extend(payload["responses"])
            elif path == "/_control/responses" and method == "DELETE":
                for queue in self.state.queues.values():
                    queue.clear()
            elif path == "/_control/clock" and method == "POST":
                self.state.clock_offset = float(payload["offset"])
            else:
                return self.send(404, error_body("No such control endpoint"))
        self.send(200, b"{}")

    # API

    def do_GET(self):
        url = urlsplit(self.path)
        if url.path == "/_control/requests":
            with self.state.lock:
                return self.send(200, json_bytes(self.state.requests))
        query = {key: values[-1] for key, values in parse_qs(url.query, keep_blank_values=True).items()}
        with self.state.lock:
            self.state.requests.append({
                "method": "GET", "path": url.path, "query": query,
                "headers": {key: value for key, value in self.headers.items()}, "time": time.time(),
            })
        route = "search" if url.path.endswith("/search") else "forecast" if url.path.endswith("/forecast") else None
        if route is None:
            return self.send(404, error_body("Not Found"))
        scripted = self.state.next_scripted(route)
        if scripted is not None:
            return self.scripted(scripted)
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
        path = os.path.join(self.state.fixtures, "open-meteo", "geocoding", slug(name) + ".json")
        if len(name) < 2 or not os.path.exists(path):
            path = os.path.join(self.state.fixtures, "open-meteo", "geocoding", "no-match.json")
        with open(path, encoding="utf-8") as file:
            document = json.load(file)
        results = document.get("results")
        if results is not None:
            code = query.get("countryCode", "").upper()
            if code:
                results = [result for result in results if result.get("country_code") == code]
            results = results[:count]
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
        daily = [name for name in query.get("daily", "").split(",") if name]
        for variable in daily:
            if variable not in DAILY_VARIABLES:
                return self.send(400, error_body(
                    "Data corrupted at path ''. Cannot initialize DailyVariable from invalid String value %s." % variable))
        try:
            days = int(query.get("forecast_days", "7"))
        except ValueError:
            days = -1
        if not 0 <= days <= 16:
            return self.send(400, error_body("Forecast days is invalid. Allowed range 0 to 16."))
        _, _, document = min(
            self.state.forecasts,
            key=lambda entry: math.hypot(entry[0] - latitude, entry[1] - longitude))
        document = self.current_time(json.loads(json.dumps(document)))
        # Only the daily variables asked for, over the days asked for, as the service answers.
        if daily and isinstance(document.get("daily"), dict):
            document["daily"] = {key: values[:days] for key, values in document["daily"].items()
                                 if key == "time" or key in daily}
            document["daily_units"] = {key: unit for key, unit in document.get("daily_units", {}).items()
                                       if key == "time" or key in daily}
        else:
            document.pop("daily", None)
            document.pop("daily_units", None)
        self.send(200, json_bytes(document))

    def current_time(self, document):
        """Moves current.time to now, rounded down to the interval, in the place's local time."""
        current = document.get("current")
        if isinstance(current, dict) and isinstance(current.get("time"), str):
            interval = int(current.get("interval", 900))
            now = int(self.state.now()) // interval * interval
            local = datetime.fromtimestamp(now, timezone.utc) + timedelta(seconds=document.get("utc_offset_seconds", 0))
            current["time"] = local.strftime("%Y-%m-%dT%H:%M")
            shift_days(document, local.date())
        return document

    def scripted(self, response):
        if response.get("delay"):
            time.sleep(response["delay"])
        if response.get("drop"):
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        headers = dict(response.get("headers", {}))
        if "fixture" in response:
            path = os.path.join(self.state.fixtures, response["fixture"])
            with open(path, "rb") as file:
                body = file.read()
            if path.endswith(".html"):
                headers.setdefault("Content-Type", "text/html")
            elif "/open-meteo/forecast" in path and body:
                body = json_bytes(self.current_time(json.loads(body)))
        elif "huge" in response:
            size = int(response["huge"])
            filler = "x" * max(0, size - 40)
            body = json_bytes({"generationtime_ms": 0.5, "padding": filler})
        else:
            body = response.get("body", "").encode()
        self.send(response.get("status", 200), body, headers=headers,
                  truncate=response.get("truncate"), trickle=response.get("trickle"),
                  allow_gzip=response.get("gzip", True), announce=not response.get("unannounced", False))

    # Sending

    def send(self, status, body, headers=None, truncate=None, trickle=None, allow_gzip=True, announce=True):
        headers = dict(headers or {})
        headers.setdefault("Content-Type", "application/json; charset=utf-8")
        accepts_gzip = "gzip" in (self.headers.get("Accept-Encoding") or "")
        if allow_gzip and accepts_gzip and body and status != 304 and truncate is None:
            body = gzip.compress(body)
            headers["Content-Encoding"] = "gzip"
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if status != 304 and announce:
            self.send_header("Content-Length", str(len(body)))
        if not announce:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        if status == 304:
            return
        if truncate is not None:
            self.wfile.write(body[:int(truncate)])
            self.wfile.flush()
            self.close_connection = True
            return
        if trickle:
            for start in range(0, len(body), 64):
                self.wfile.write(body[start:start + 64])
                self.wfile.flush()
                time.sleep(trickle)
            return
        self.wfile.write(body)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description="Serve Fixtures/ as Open-Meteo on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=8080, help="TCP port; 0 picks a free one (default 8080)")
    parser.add_argument("--fixtures", default=os.path.join(here, "..", "..", "Fixtures"), help="the Fixtures folder")
    parser.add_argument("--verbose", action="store_true", help="log each request to stderr")
    parser.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"), help="serve HTTPS with this certificate and key")
    arguments = parser.parse_args()

    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), Handler)
    server.daemon_threads = True
    server.state = State(os.path.abspath(arguments.fixtures))
    server.verbose = arguments.verbose
    scheme = "http"
    if arguments.tls:
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(*arguments.tls)
        server.socket = context.wrap_socket(server.socket, server_side=True)
        scheme = "https"
    host, port = server.server_address
    print("%s://%s:%d" % (scheme, host, port), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
