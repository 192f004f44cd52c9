#!/usr/bin/env bash
# Runs the command given (the test run) and, when it fails, ends with what failed: Swift Testing prints each
# issue where it happens, and the tests run in parallel, so in a long log (or in the tail a CI keeps) the
# failures are far from the end. The status is the command's own.
set -uo pipefail
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
    echo
    echo "What failed (exit $status):"
    # An issue's line and its message's lines after it ("↳ ", then indented), or a compiler's error.
    awk '/^✘ .* recorded an issue/ || /error: / { print; more = 1; next }
         more && (/^↳ / || /^  /) { print; next }
         { more = 0 }' "$log" | cut -c1-600 | head -n 80
fi
exit "$status"
