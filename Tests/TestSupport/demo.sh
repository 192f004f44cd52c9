#!/usr/bin/env bash
# A weather session against the fixture server, in a throwaway HOME: what `make demo` shows.
set -u
weather=$(realpath "${1:-.build/release/weather}")
here=$(cd "$(dirname "$0")" && pwd)
home=$(mktemp -d)
trap 'kill $server 2>/dev/null; rm -rf "$home"' EXIT

# The server prints its address and the export lines of its endpoints in one write, as `make serve` shows them.
python3 "$here/fixture-server.py" --port 0 --exports >"$home/server" &
server=$!
while [ ! -s "$home/server" ]; do sleep 0.05; done
url=$(head -n1 "$home/server")

export HOME=$home XDG_CONFIG_HOME=$home/.config XDG_CACHE_HOME=$home/.cache XDG_STATE_HOME=$home/.local/state
eval "$(grep '^export WEATHER_' "$home/server")"

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
