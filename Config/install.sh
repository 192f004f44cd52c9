#!/bin/sh
# Installs weather under PREFIX (default ~/.local): the program, stripped of debug information, in bin, and
# weather-commands (which it becomes for every command but the status-bar forms of show and refresh, found
# beside WEATHER) in libexec/weather; its man page,
# where man finds it for a bin folder on PATH; completions for bash, zsh and fish, where each shell looks
# (zsh: see the README for its fpath); and the README and the licence in share/doc/weather, as the .deb has.
#
# Usage: Config/install.sh WEATHER MANPAGE [PREFIX]
set -eu
weather=$1
manpage=$2
prefix=${3:-$HOME/.local}
share=$prefix/share
here=$(cd "$(dirname "$0")" && pwd)
install -d "$prefix/bin" "$prefix/libexec/weather" "$share/man/man1" "$share/bash-completion/completions" "$share/zsh/site-functions" \
    "$share/fish/vendor_completions.d" "$share/doc/weather"
install -m 755 "$weather" "$prefix/bin/weather"
strip --strip-debug "$prefix/bin/weather"
install -m 755 "$(dirname "$weather")/weather-commands" "$prefix/libexec/weather/weather-commands"
strip --strip-debug "$prefix/libexec/weather/weather-commands"
install -m 644 "$manpage" "$share/man/man1/weather.1"
"$prefix/bin/weather" --generate-completion-script bash > "$share/bash-completion/completions/weather"
"$prefix/bin/weather" --generate-completion-script zsh > "$share/zsh/site-functions/_weather"
"$prefix/bin/weather" --generate-completion-script fish > "$share/fish/vendor_completions.d/weather.fish"
install -m 644 "$here/../README.md" "$here/../LICENSE" "$share/doc/weather/"
echo "Installed $prefix/bin/weather, its man page and its bash, zsh and fish completions"
