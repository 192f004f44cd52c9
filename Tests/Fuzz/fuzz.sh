#!/usr/bin/env bash
# `make fuzz`: libFuzzer over the whole pipeline (Pipeline.swift) for a bounded time, then one line of
# totals. The corpus grows in .build-fuzz/corpus from run to run, seeded from Fixtures/ and FailCases/;
# inputs that break a promise land in .build-fuzz/crashes/ and make the run fail: copy each into
# FailCases/ with a name that says what it broke, fix it, and the regular tests replay it for ever.
#
#   Tests/Fuzz/fuzz.sh BINARY [SECONDS] [PROCESSES]
set -euo pipefail
binary=$1
seconds=${2:-600}
processes=${3:-2}
here=$(cd "$(dirname "$0")" && pwd)
work=$(dirname "$(dirname "$binary")")
corpus=$work/corpus
crashes=$work/crashes
log=$work/fuzz.log
mkdir -p "$corpus"
rm -rf "$crashes" && mkdir -p "$crashes"
python3 "$here/seeds.py" "$corpus" >/dev/null
cp "$here"/FailCases/* "$corpus"/
echo "Fuzzing the whole pipeline for $seconds s with $processes processes (log: $log)"
# The Swift runtime's own crash handler would stand in AddressSanitizer's way.
SWIFT_BACKTRACE=enable=no "$binary" -fork="$processes" -ignore_crashes=1 -max_len=20000 \
	-max_total_time="$seconds" -artifact_prefix="$crashes/" "$corpus" >"$log" 2>&1 || true
last=$(grep -E '^#[0-9]+: ' "$log" | tail -n 1 || true)
if [ -z "$last" ]; then
	echo "weather-fuzz did not run; the end of its log:" >&2
	tail -n 20 "$log" >&2
	exit 1
fi
executions=${last%%:*}
executions=${executions#\#}
found=$(find "$crashes" -type f | wc -l)
printf '%s executions in %s s, %s inputs in the corpus, %s crashes\n' \
	"$executions" "$seconds" "$(find "$corpus" -type f | wc -l)" "$found"
if [ "$found" -gt 0 ]; then
	echo "Inputs that broke a promise, in $crashes (replay one with .build/debug/weather-fuzz FILE):" >&2
	find "$crashes" -type f >&2
	grep -h "broken promise\|ERROR: AddressSanitizer" "$log" | sort -u | head -n 10 >&2
	exit 1
fi
