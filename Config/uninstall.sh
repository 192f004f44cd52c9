#!/bin/sh
# Removes what Config/install.sh put under PREFIX (default ~/.local), and the folders of weather's own that
# it made; nothing else. The layout is InstallLayout.swift's, read by Config/layout.sh.
#
# Usage: Config/uninstall.sh [PREFIX]
set -eu
prefix=${1:-$HOME/.local}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/layout.sh"
rm -f "$prefix/$bin/weather" "$prefix/$libexec/weather-commands" "$prefix/$man1/weather.1" \
    "$prefix/$bashCompletions/weather" "$prefix/$zshCompletions/_weather" "$prefix/$fishCompletions/weather.fish" \
    "$prefix/$doc/README.md" "$prefix/$doc/LICENSE"
# The catalogues, in whatever languages an install put there; a language's folders only when left empty.
for catalogue in "$prefix/$locale"/*/LC_MESSAGES/weather.mo; do
    [ -f "$catalogue" ] || continue
    rm -f "$catalogue"
    rmdir "$(dirname "$catalogue")" "$(dirname "$(dirname "$catalogue")")" 2>/dev/null || true
done
rmdir "$prefix/$doc" "$prefix/$libexec" 2>/dev/null || true
