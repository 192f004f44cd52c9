#!/usr/bin/env bash
# A weather session against the fixture server, in a throwaway HOME: what `make demo` shows.
set -u
weather=$(realpath "${1:-.build/release/weather}")
here=$(cd "$(dirname "$0")" && pwd)
home=$(mktemp -d)
trap 'kill $server 2>/dev/null; rm -rf "$home"' EXIT

python3 "$here/fixture-server.py" --port 0 >"$home/url" &
server=$!
while [ ! -s "$home/url" ]; do sleep 0.05; done
url=$(head -n1 "$home/url")

export HOME=$home XDG_CONFIG_HOME=$home/.config XDG_CACHE_HOME=$home/.cache XDG_STATE_HOME=$home/.local/state
export WEATHER_GEOCODING_URL=$url/v1/search WEATHER_FORECAST_URL=$url/v1/forecast
export WEATHER_NWS_ALERTS_URL=$url/alerts/active WEATHER_DWD_ALERTS_URL=$url/alerts
export WEATHER_METALERTS_URL=$url/weatherapi/metalerts/2.0/current.json

weather() { "$weather" "$@"; }
run() {
	printf '\n$ %s\n' "$*"
	"$@"
}
echo "Fixture server at $url, HOME=$home"
run weather set Springfield, Illinois
run weather show
run weather show --json
run weather refresh
run weather set Atlantis
run weather logout
run weather show
exit 0
