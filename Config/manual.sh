#!/bin/sh
# weather(1), written by weather-manual (Sources/weather-manual) from weather's own descriptions: the commands
# and options as --help gives them, the settings with their defaults and config.json keys, the --format codes
# with an example each, the files. The page is English whatever the builder's language (WEATHER_LANGUAGE=en
# decides every word); its date is the last commit's, so that the same sources make the same page.
#
# Usage: Config/manual.sh WEATHER-MANUAL OUTPUT-FILE
set -eu
generator=$1
output=$2
date=$(git -C "$(dirname "$0")" log -1 --format=%cs 2>/dev/null || date +%F)
mkdir -p "$(dirname "$output")"
WEATHER_LANGUAGE=en "$generator" "$date" > "$output.new"
mv "$output.new" "$output"
