#!/bin/sh
# Proves the .deb and the tarball on a clean Debian with no Swift toolchain: makes a minimal root of this
# machine's release with debootstrap, installs the package there with apt (which brings its Depends: from the
# archive), and runs weather --version, weather set Berlin and weather show against the fixture server (run
# here, outside the root, on 127.0.0.1), weather in German and Ukrainian from the installed catalogues, man
# weather and the bash completion; then purges the package and
# checks that none of its files is left. Then unpacks the tarball into /opt/weather of the same root, which has
# only libcurl besides the base system, and runs it. Needs root (chroot, mounts) and the Debian archive.
#
# Usage: Config/check-package.sh DEB TARBALL [MIRROR]
set -eu
deb=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
tarball=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
mirror=${3:-http://deb.debian.org/debian}
here=$(cd "$(dirname "$0")" && pwd)
release=$(. /etc/os-release && echo "$VERSION_CODENAME")
root=$(mktemp -d /tmp/weather-check-root.XXXXXX)
chmod 755 "$root"  # a root that other users (apt's _apt, man) can enter
server=
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null || true
    umount "$root/proc" 2>/dev/null || true
    rm -rf "$root"
}
trap cleanup EXIT
step() { printf '\n== %s\n' "$*"; }
in_root() {
    chroot "$root" env -i PATH=/usr/bin:/bin:/usr/sbin:/sbin HOME=/root LANG=C.UTF-8 TERM=dumb \
        DEBIAN_FRONTEND=noninteractive "$@"
}

step "a minimal $release root (debootstrap --variant=minbase)"
debootstrap --variant=minbase "$release" "$root" "$mirror" >/dev/null
mount -t proc proc "$root/proc"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
if in_root sh -c 'command -v swift'; then echo "a Swift toolchain in the clean root"; exit 1; fi
echo "no Swift toolchain: $(in_root sh -c 'command -v swift || echo none')"

step "beside Debian's weather-util, which also installs /usr/bin/weather: dpkg refuses, nothing is overwritten"
cp "$deb" "$root/tmp/weather.deb"
in_root apt-get update -qq
in_root apt-get install -y -qq -o Dpkg::Use-Pty=0 --no-install-recommends weather-util >/dev/null 2>&1
before=$(sha256sum "$root/usr/bin/weather")
if in_root dpkg -i /tmp/weather.deb >/dev/null 2>&1; then echo "dpkg installed it over weather-util"; exit 1; fi
in_root dpkg -i /tmp/weather.deb 2>&1 | grep -m1 "conflicts with" || true
[ "$(sha256sum "$root/usr/bin/weather")" = "$before" ] && echo "weather-util's /usr/bin/weather is untouched"
in_root apt-get purge -y -qq -o Dpkg::Use-Pty=0 weather-util >/dev/null

step "apt-get install ./$(basename "$deb") man-db bash-completion"
in_root apt-get install -y -qq -o Dpkg::Use-Pty=0 --no-install-recommends /tmp/weather.deb man-db bash-completion \
    >/dev/null
in_root dpkg -s weather | sed -n 's/^\(Status\|Version\|Depends\): /\1: /p'

step "weather against the fixture server"
python3 "$here/../Tests/TestSupport/fixture-server.py" --port 0 > "$root/tmp/server-url" &
server=$!
while [ ! -s "$root/tmp/server-url" ]; do sleep 0.1; done
url=$(head -n1 "$root/tmp/server-url")
weather() {
    in_root env WEATHER_GEOCODING_URL="$url/v1/search" WEATHER_FORECAST_URL="$url/v1/forecast" \
        WEATHER_DWD_ALERTS_URL="$url/alerts" weather "$@"
}
# weather in the language of the first argument (the setting, WEATHER_LANGUAGE), the locale C.UTF-8
weather_in() {
    language=$1
    shift
    in_root env WEATHER_GEOCODING_URL="$url/v1/search" WEATHER_FORECAST_URL="$url/v1/forecast" \
        WEATHER_DWD_ALERTS_URL="$url/alerts" WEATHER_LANGUAGE="$language" weather "$@"
}
echo "\$ weather --version"; weather --version
echo "\$ weather set Berlin"; weather set Berlin 2>/dev/null
echo "\$ weather show --short"; weather show --short
echo "\$ weather forecast --hours 2 --days 2"; weather forecast --hours 2 --days 2

step "the catalogues in /usr/share/locale: weather in German and Ukrainian (no locales in the root: C's numbers)"
# One catalogue installed for each language of po/, no fewer (a language left out of the package) and
# no more.
languages=$(ls "$here"/../po/*.po | wc -l)
installed=$(in_root sh -c 'ls /usr/share/locale/*/LC_MESSAGES/weather.mo | wc -l')
echo "$installed catalogues installed, of $languages languages in po/"
[ "$installed" -eq "$languages" ] || { echo "the package installs $installed catalogues, po/ has $languages"; exit 1; }
echo "\$ WEATHER_LANGUAGE=de weather show"; weather_in de show | tee "$root/tmp/de"
grep -q "Gefühlt" "$root/tmp/de" || { echo "no German"; exit 1; }
echo "\$ WEATHER_LANGUAGE=uk weather forecast --hours 2 --days 0"
weather_in uk forecast --hours 2 --days 0 | tee "$root/tmp/uk"
grep -q "наступні 2 години" "$root/tmp/uk" || { echo "no Ukrainian"; exit 1; }

step "man weather, and the bash completion"
in_root sh -c 'man -P cat weather 2>/dev/null | head -n 6'
in_root bash -c '. /usr/share/bash-completion/bash_completion; _completion_loader weather; complete -p weather'

step "apt-get purge weather: nothing of it is left"
files=$(dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\.||' | grep -v '/$')
in_root apt-get purge -y -qq -o Dpkg::Use-Pty=0 weather >/dev/null
left=0
for file in $files; do
    if [ -e "$root$file" ]; then echo "left behind: $file"; left=1; fi
done
[ "$left" = 0 ] && echo "none of its $(echo "$files" | wc -l) files is left"
in_root dpkg -s weather >/dev/null 2>&1 && { echo "still installed"; exit 1; }
[ "$left" = 0 ]

step "the tarball in /opt/weather, with only libcurl besides the base system"
mkdir -p "$root/opt/weather"
tar -xzf "$tarball" -C "$root/opt/weather" --strip-components=1
in_root dpkg -s libcurl4 2>/dev/null | sed -n 's/^Package: /installed: /p'
if in_root dpkg -s libjansson4 >/dev/null 2>&1; then echo "libjansson4 is installed"; exit 1; fi
echo "no libjansson4: jansson is linked in"
echo "\$ /opt/weather/bin/weather show --short"
in_root env WEATHER_GEOCODING_URL="$url/v1/search" WEATHER_FORECAST_URL="$url/v1/forecast" \
    WEATHER_DWD_ALERTS_URL="$url/alerts" /opt/weather/bin/weather show --short
echo "\$ WEATHER_LANGUAGE=fr /opt/weather/bin/weather show --format '%C'"
in_root env WEATHER_GEOCODING_URL="$url/v1/search" WEATHER_FORECAST_URL="$url/v1/forecast" WEATHER_LANGUAGE=fr \
    /opt/weather/bin/weather show --format '%C' | tee "$root/tmp/fr"
grep -q "nuageux" "$root/tmp/fr" || { echo "no French from /opt/weather/share/locale"; exit 1; }
echo
echo "check-package: all good"
