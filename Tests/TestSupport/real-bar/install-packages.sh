#!/bin/sh
# Installs what RealBar (RealBar.swift) needs to run a real waybar under a headless sway, on Debian 12:
# only the packages missing, and apt-get update only when some are. Recommends are not needed (a terminal,
# wallpapers, dmenu). Keep the list in step with RealBar.packages.
set -eu
packages="sway waybar grim fonts-dejavu-core fonts-noto-color-emoji"
missing=$(for p in $packages; do dpkg -s "$p" >/dev/null 2>&1 || echo "$p"; done)
[ -n "$missing" ] || exit 0
sudo=$([ "$(id -u)" = 0 ] || echo sudo)
echo "Installing" $missing
$sudo apt-get update
# shellcheck disable=SC2086 # one word a package
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing
