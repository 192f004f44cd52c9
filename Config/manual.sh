#!/bin/sh
# weather(1), generated from the command definitions by swift-argument-parser's generate-manual, with two
# things that tool loses put back:
# - every character outside ASCII (°C, ⛅, ↗), which it drops: the help reaches it with each such
#   character written as @@uXXXX@@, turned into groff's \[uXXXX] afterwards;
# - blank lines between paragraphs, which mdoc warns about: they become paragraph breaks (.Pp).
# The date is the last commit's, so that the same sources make the same page.
#
# Usage: Config/manual.sh GENERATE-MANUAL WEATHER OUTPUT-FILE
set -eu
generator=$1
weather=$2
output=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/weather" <<WRAPPER
#!/bin/sh
'$weather' "\$@" | perl -CS -pe 's/([^\\x00-\\x7F])/sprintf(q(@@u%04X@@), ord(\$1))/ge'
WRAPPER
chmod +x "$work/weather"
mkdir "$work/out"
date=$(git -C "$(dirname "$0")" log -1 --format=%cs 2>/dev/null || date +%F)
"$generator" "$work/weather" --date "$date" --output-directory "$work/out"
mkdir -p "$(dirname "$output")"
sed -e 's/@@u\([0-9A-F]*\)@@/\\[u\1]/g' -e 's/^$/.Pp/' "$work/out/weather.1" > "$output"
