#!/bin/sh
# Installs weather under PREFIX (default ~/.local), laid out as Sources/WeatherSystem/Run/InstallLayout.swift
# says (Config/layout.sh reads it): the program, stripped of debug information, in bin, and
# weather-commands (which it becomes for every command but the status-bar forms of show and refresh, found
# beside WEATHER) in libexec/weather; its man page, where man finds it for a bin folder on PATH; completions
# for bash, zsh and fish, where each shell looks (zsh: see the README for its fpath); the message catalogues
# that make build compiles beside WEATHER (locale/LL/LC_MESSAGES/weather.mo) in share/locale, where both
# programs look for them under their prefix; and the README and the licence in share/doc/weather, as the .deb
# has.
#
# Usage: Config/install.sh WEATHER MANPAGE [PREFIX]
set -eu
weather=$1
manpage=$2
prefix=${3:-$HOME/.local}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/layout.sh"
install -d "$prefix/$bin" "$prefix/$libexec" "$prefix/$man1" "$prefix/$bashCompletions" "$prefix/$zshCompletions" \
    "$prefix/$fishCompletions" "$prefix/$doc"
install -m 755 "$weather" "$prefix/$bin/weather"
strip --strip-debug "$prefix/$bin/weather"
install -m 755 "$(dirname "$weather")/weather-commands" "$prefix/$libexec/weather-commands"
strip --strip-debug "$prefix/$libexec/weather-commands"
install -m 644 "$manpage" "$prefix/$man1/weather.1"
catalogues=$(dirname "$weather")/locale
set -- "$catalogues"/*/LC_MESSAGES/weather.mo
[ -f "$1" ] || { echo "install.sh: no catalogues in $catalogues (make build compiles them)" >&2; exit 1; }
for catalogue in "$@"; do
    language=$(basename "$(dirname "$(dirname "$catalogue")")")
    install -d "$prefix/$locale/$language/LC_MESSAGES"
    install -m 644 "$catalogue" "$prefix/$locale/$language/LC_MESSAGES/weather.mo"
done
# The completions' descriptions in English, whoever installs: they serve every user of the prefix.
WEATHER_LANGUAGE=en "$prefix/$bin/weather" --generate-completion-script bash > "$prefix/$bashCompletions/weather"
WEATHER_LANGUAGE=en "$prefix/$bin/weather" --generate-completion-script zsh > "$prefix/$zshCompletions/_weather"
WEATHER_LANGUAGE=en "$prefix/$bin/weather" --generate-completion-script fish > "$prefix/$fishCompletions/weather.fish"
install -m 644 "$here/../README.md" "$here/../LICENSE" "$prefix/$doc/"
echo "Installed $prefix/$bin/weather, its man page, its bash, zsh and fish completions and $# translations"
