#!/bin/sh
# Builds weather_<version>_<arch>.deb in OUTDIR from the release binaries and the man page: the stripped
# program in /usr/bin and weather-commands (found beside WEATHER) in /usr/libexec/weather, weather(1), bash, zsh and fish completions where Debian's shells look, the
# message catalogues compiled beside WEATHER in /usr/share/locale, and the README, the licence, the data's
# attribution (copyright, machine-readable) and a changelog in /usr/share/doc/weather.
#
# Depends: is computed by dpkg-shlibdeps from the libraries the binaries link (libc; jansson is linked in), plus libcurl's
# runtime package by hand: weather loads libcurl.so.4 with dlopen, only for a request, so no tool sees it.
# Recommends: tzdata, the time-zone rules a place's local times follow across daylight-saving changes;
# without it weather uses the one offset the service sends, and says so in --json.
# Conflicts: weather-util, which also installs /usr/bin/weather: dpkg then refuses to overwrite its file and
# apt offers to replace it, rather than one package silently taking the other's file.
#
# Usage: Config/deb.sh WEATHER MANPAGE OUTDIR
set -eu
weather=$1
manpage=$2
outdir=$3
here=$(cd "$(dirname "$0")" && pwd)
. "$here/layout.sh"
version=$("$weather" --version)
arch=$(dpkg --print-architecture)
name=weather_${version}_$arch
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/$name
usr=$root/usr
doc=$usr/$doc

install -d "$root/DEBIAN" "$usr/$bin" "$usr/$libexec" "$usr/$man1" "$usr/$bashCompletions" \
    "$usr/$debianZshCompletions" "$usr/$fishCompletions" "$doc"
install -m 755 "$weather" "$usr/$bin/weather"
install -m 755 "$(dirname "$weather")/weather-commands" "$usr/$libexec/weather-commands"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$usr/$bin/weather" \
    "$usr/$libexec/weather-commands"
gzip -9n < "$manpage" > "$usr/$man1/weather.1.gz"
chmod 644 "$usr/$man1/weather.1.gz"
# bash-completion sources its scripts: no #! line (lintian: bash-completion-with-hashbang). Their
# descriptions in English, whoever builds: they serve every user.
export WEATHER_LANGUAGE=en
"$weather" --generate-completion-script bash | sed '1{/^#!/d}' > "$usr/$bashCompletions/weather"
"$weather" --generate-completion-script zsh > "$usr/$debianZshCompletions/_weather"
"$weather" --generate-completion-script fish > "$usr/$fishCompletions/weather.fish"
for catalogue in "$(dirname "$weather")"/locale/*/LC_MESSAGES/weather.mo; do
    [ -f "$catalogue" ] || { echo "deb.sh: no catalogues beside $weather (make build compiles them)" >&2; exit 1; }
    language=$(basename "$(dirname "$(dirname "$catalogue")")")
    install -d "$usr/$locale/$language/LC_MESSAGES"
    install -m 644 "$catalogue" "$usr/$locale/$language/LC_MESSAGES/weather.mo"
done
install -m 644 "$here/../README.md" "$doc/README.md"
gzip -9n "$doc/README.md"
install -m 644 "$here/debian/copyright" "$doc/copyright"
date=$(date -R -d "@$(git -C "$here/.." log -1 --format=%ct 2>/dev/null || date +%s)")
printf 'weather (%s) unstable; urgency=medium\n\n  * Release %s: see /usr/share/doc/weather/README.md.gz.\n\n -- weather developers <weather@users.noreply.github.com>  %s\n' \
    "$version" "$version" "$date" | gzip -9n > "$doc/changelog.gz"
find "$root/usr/share" -type f -exec chmod 644 {} +

# dpkg-shlibdeps reads a source package's control file: a minimal one, in the stage.
mkdir -p "$stage/debian"
printf 'Source: weather\n\nPackage: weather\nArchitecture: any\n' > "$stage/debian/control"
shlibs=$(cd "$stage" && dpkg-shlibdeps -O "$name/usr/$bin/weather" "$name/usr/$libexec/weather-commands" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: weather
Version: $version
Architecture: $arch
Maintainer: weather developers <weather@users.noreply.github.com>
Installed-Size: $size
Depends: $shlibs, libcurl4
Recommends: tzdata
Conflicts: weather-util
Section: utils
Priority: optional
Description: current weather for one saved place, always ready
 weather keeps the current weather and the forecast for one saved place,
 refreshed in the background by a systemd user timer, and prints it at once:
 in a terminal, or to status bars (waybar, polybar, i3blocks, tmux) that
 call it every few seconds or keep one weather watch running. It never
 fetches the same data twice. Data from Open-Meteo (CC BY 4.0).
CONTROL
mkdir -p "$outdir"
dpkg-deb --root-owner-group -Zxz --build "$root" "$outdir/$name.deb" >/dev/null
echo "$outdir/$name.deb"
