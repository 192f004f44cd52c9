#!/usr/bin/env python3
"""Prints the slowest tests of a run, so that the suite's time is seen as it grows.

    python3 Tests/TestSupport/slowest-tests.py .build/test-times.tsv [COUNT]

The file is what the sandboxes wrote when WEATHER_TEST_TIMES named it (make test does): a line a sandbox,
with when it was made and when it went (seconds of the monotonic clock), the test that made it and its
moment. A test's time, per moment, is the time any of its sandboxes lived (the union of their lives: a case's
sandboxes may live at once, its cases at different times): the end-to-end tests, which are nearly all of
the suite's time. Tests run in parallel, so each one's time includes its share of
a busy machine. Swift Testing's own "passed after" counts from the start of the whole run, not the test's.
"""

import sys


def union(spans):
    """The seconds that at least one of `spans` (start, end) covers."""
    total, reached = 0.0, float("-inf")
    for start, end in sorted(spans):
        if end > reached:
            total += end - max(start, reached)
            reached = end
    return total


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.split("\n\n")[1])
    count = int(sys.argv[2]) if len(sys.argv) == 3 else 15
    lives = {}
    try:
        with open(sys.argv[1], encoding="utf-8") as file:
            for line in file:
                fields = line.rstrip("\n").split("\t")
                if len(fields) == 4:
                    lives.setdefault((fields[2], fields[3]), []).append((float(fields[0]), float(fields[1])))
    except FileNotFoundError:
        print("No test times: %s is missing (a run with WEATHER_TEST_TIMES set writes it)." % sys.argv[1])
        return
    rows = sorted(((union(spans), test, moment) for (test, moment), spans in lives.items()), reverse=True)
    total = sum(row[0] for row in rows)
    print("\nThe %d slowest of %d end-to-end tests and moments (%.0f s in all, run in parallel):"
          % (min(count, len(rows)), len(rows), total))
    for seconds, test, moment in rows[:count]:
        print("%7.1f s  %s  [%s]" % (seconds, test[:100], moment))


if __name__ == "__main__":
    main()
