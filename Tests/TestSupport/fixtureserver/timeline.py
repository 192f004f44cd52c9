"""How warning fixtures move to the server's time.

Every warning fixture is written as its service answers at one reference moment, REFERENCE (2026-10-08 17:00
UTC, the moment of the Open-Meteo fixtures). At the server's first warnings request (to any of the three
services, normal or scripted) the server's clock, to the minute, becomes the anchor: from then on every time
in every warning it serves is moved by anchor - REFERENCE, for the rest of the server's life. So a warning in
force at the reference moment is in force when a test starts, whenever it runs; and when a test moves the
clock on (POST /_control/clock), the warnings stay where they were and end as the real ones would: each
service lists only what has not expired by the server's clock.

The move rewrites the text of the answer, so that a fixture keeps the exact form of its service: ISO 8601
date-times (in their zone: UTC stays UTC, a US office's local offset follows the office's daylight-saving
rules), and the times written inside texts and identifiers, which `move` lists.
"""

import re
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

REFERENCE = 1791478800  # 2026-10-08T17:00:00Z

ISO = re.compile(r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})")
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
US_ZONES = {"EDT": "America/New_York", "EST": "America/New_York", "CDT": "America/Chicago",
            "CST": "America/Chicago", "MDT": "America/Denver", "MST": "America/Denver",
            "PDT": "America/Los_Angeles", "PST": "America/Los_Angeles", "AKDT": "America/Anchorage",
            "AKST": "America/Anchorage", "HST": "Pacific/Honolulu"}
ABBREVIATION = "(" + "|".join(US_ZONES) + ")"
# "issued October 8 at 11:47AM CDT", as NWS headlines write a time.
HEADLINE_TIME = re.compile(r"\b(" + "|".join(MONTHS) + r") (\d{1,2}) at (\d{1,2}):(\d{2})(AM|PM) " + ABBREVIATION + r"\b")
# "1147 AM CDT", "700 AM CDT Friday", "UNTIL 1245 PM CDT": times in NWS texts, of the reference day or the
# weekday that follows.
TEXT_TIME = re.compile(r"\b(\d{1,2})(\d{2}) (AM|PM) " + ABBREVIATION + r"\b(?: (?i:(" + "|".join(WEEKDAYS) + r")))?")
VTEC_TIME = re.compile(r"\b(\d{6})T(\d{4})Z")  # /O.NEW.KSGF.SV.W.0412.261008T1647Z-261008T1745Z/
WMO_HEADER = re.compile(r"\b([A-Z]{4}\d{2} [A-Z]{4}) (\d{2})(\d{2})(\d{2})\b")  # WUUS53 KSGF 081647
MET_ID = re.compile(r"(2\.49\.0\.1\.578\.0\.)(\d{14})")  # MetAlerts: 2.49.0.1.578.0.20261008125634.047
DWD_ID = re.compile(r"(DWD\.PVW\.)(\d{13})")  # Bright Sky: 2.49.0.0.276.0.DWD.PVW.1791469320000.<uuid>


def shift(state, now):
    """Seconds that every warning time moves by: the anchor (set at the first call) minus REFERENCE."""
    with state.lock:
        if getattr(state, "warnings_anchor", None) is None:
            state.warnings_anchor = int(now) // 60 * 60
        return state.warnings_anchor - REFERENCE


def iso(moment, zone, suffix=None):
    """A date-time as the services write it: `...Z`, `...+00:00`/`-00:00` kept for UTC, else the offset of
    `zone` at that moment."""
    if suffix in ("Z", "+00:00", "-00:00"):
        return datetime.fromtimestamp(moment, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S") + suffix
    local = datetime.fromtimestamp(moment, zone)
    offset = int(local.utcoffset().total_seconds()) // 60
    return local.strftime("%Y-%m-%dT%H:%M:%S") + "%s%02d:%02d" % ("-" if offset < 0 else "+", abs(offset) // 60,
                                                                   abs(offset) % 60)


def parse(text):
    """Seconds since 1970 of an ISO 8601 date-time with `Z` or an offset."""
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def move(text, delta, zone=None, into=None):
    """`text` with every time in it moved by `delta` seconds: ISO date-times (written in `into` when given;
    UTC ones in UTC; others in `zone` when given, else with their own offset), and, where `zone` is a US
    office's zone, the local times of NWS headlines and texts, VTEC and WMO header times; MetAlerts and DWD
    identifiers, which hold their issue time, always."""
    def iso_time(match):
        moment = parse(match.group(0)) + delta
        suffix = match.group(7)
        if into is not None:
            return iso(moment, into)
        if suffix in ("Z", "+00:00", "-00:00"):
            return iso(moment, timezone.utc, suffix)
        if zone is not None:
            return iso(moment, zone)
        fixed = datetime.fromisoformat(match.group(0)).utcoffset()
        return iso(moment, timezone(fixed))

    text = ISO.sub(iso_time, text)
    text = MET_ID.sub(lambda m: m.group(1) + utc(m.group(2), "%Y%m%d%H%M%S", delta), text)
    text = DWD_ID.sub(lambda m: m.group(1) + str(int(m.group(2)) + delta * 1000), text)
    if zone is None:
        return text
    reference_day = datetime.fromtimestamp(REFERENCE, zone).date()

    def headline_time(match):
        month, day, hour, minute, half, _ = match.groups()
        hour = int(hour) % 12 + (12 if half == "PM" else 0)
        local = datetime(reference_day.year, MONTHS.index(month) + 1, int(day), hour, int(minute), tzinfo=zone)
        moved = datetime.fromtimestamp(local.timestamp() + delta, zone)
        return "%s %d at %d:%02d%s %s" % (MONTHS[moved.month - 1], moved.day, (moved.hour + 11) % 12 + 1,
                                          moved.minute, "AM" if moved.hour < 12 else "PM", moved.tzname())

    def text_time(match):
        hour, minute, half, _, weekday = match.groups()
        day = reference_day
        if weekday:
            day = next(reference_day + timedelta(days=n) for n in range(7)
                       if WEEKDAYS[(reference_day + timedelta(days=n)).weekday()].lower() == weekday.lower())
        hour = int(hour) % 12 + (12 if half == "PM" else 0)
        local = datetime(day.year, day.month, day.day, hour, int(minute), tzinfo=zone)
        moved = datetime.fromtimestamp(local.timestamp() + delta, zone)
        written = "%d%02d %s %s" % ((moved.hour + 11) % 12 + 1, moved.minute, "AM" if moved.hour < 12 else "PM",
                                    moved.tzname())
        if weekday:
            name = WEEKDAYS[moved.weekday()]
            written += " " + (name.upper() if weekday.isupper() else name)
        return written

    def vtec_time(match):
        if match.group(0) == "000000T0000Z":
            return match.group(0)
        return utc(match.group(1) + match.group(2), "%y%m%d%H%M", delta, "%y%m%dT%H%MZ")

    def wmo_time(match):
        reference = datetime.fromtimestamp(REFERENCE, timezone.utc)
        issued = datetime(reference.year, reference.month, int(match.group(2)), int(match.group(3)),
                          int(match.group(4)), tzinfo=timezone.utc)
        moved = datetime.fromtimestamp(issued.timestamp() + delta, timezone.utc)
        return "%s %s" % (match.group(1), moved.strftime("%d%H%M"))

    text = HEADLINE_TIME.sub(headline_time, text)
    text = TEXT_TIME.sub(text_time, text)
    text = VTEC_TIME.sub(vtec_time, text)
    return WMO_HEADER.sub(wmo_time, text)


def utc(digits, form, delta, out=None):
    """A UTC time written as `form` (strftime), moved by `delta` and written as `out` (or `form`)."""
    moment = datetime.strptime(digits, form).replace(tzinfo=timezone.utc).timestamp() + delta
    return datetime.fromtimestamp(moment, timezone.utc).strftime(out or form)


def us_zone(text):
    """The zone of the first US time-zone abbreviation in an NWS text (CDT: America/Chicago), or None."""
    match = re.search(r"\b" + ABBREVIATION + r"\b", text)
    return ZoneInfo(US_ZONES[match.group(1)]) if match else None
