#!/bin/sh
# Builds weather-<version>-linux-<arch>.tar.gz in OUTDIR, for people not on Debian: the stripped programs and
# the rest laid out as under a prefix (bin/, libexec/weather/, share/man/man1/,
# share/bash-completion/completions/, share/zsh/site-functions/, share/fish/vendor_completions.d/,
# share/locale/ with the message catalogues, share/doc/weather/ with the README and the licence). It needs only libcurl, for requests: the Swift
# runtime and jansson are linked in.
#
#     tar -xzf weather-*.tar.gz -C ~/.local --strip-components=1
#
# Usage: Config/dist.sh WEATHER MANPAGE OUTDIR
set -eu
weather=$1
manpage=$2
outdir=$3
here=$(cd "$(dirname "$0")" && pwd)
version=$("$weather" --version)
name=weather-$version-linux-$(uname -m)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
"$here/install.sh" "$weather" "$manpage" "$stage/$name" >/dev/null
mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd)
tar -C "$stage" --owner=0 --group=0 --sort=name -czf "$outdir/$name.tar.gz" "$name"
echo "$outdir/$name.tar.gz"
