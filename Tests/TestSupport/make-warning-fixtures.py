#!/usr/bin/env python3
"""Writes the warnings fixtures of the NWS, Bright Sky and MetAlerts, deterministically.

    python3 Tests/TestSupport/make-warning-fixtures.py           # rewrite Fixtures/nws, brightsky, metalerts
    python3 Tests/TestSupport/make-warning-fixtures.py --check   # only compare; exit 1 if one would change

Every answer is written as its service answers at the reference moment (fixtureserver/timeline.py:
2026-10-08 17:00 UTC, noon in Springfield, 19:00 in Berlin and Bergen), in its service's form (the modules
of fixtureserver/ write them, so that the server writes them back the same way). Times are given here in
minutes from that moment, and every text that names a time is made from the same minutes, so that the
server's move keeps them agreeing. Fixtures/README.md says where each fact of the shapes comes from; the
warnings themselves, their texts and identifiers are ours.

- nws/springfield-missouri.json: a Severe Thunderstorm Warning in force, ending 45 minutes after the
  reference moment, and a Flood Watch from 5 hours on; variants: the warning extended (an Update that
  references it; and the same with the original still listed beside its Update, as the API has been seen
  to answer), cancelled (a Cancel that references it), and joined by a Tornado Warning for part of its
  area (two warnings in force, the tornado's extreme), and a Flood Watch in force whose message expires 30
  minutes on while its hazard goes on for 28 and a half hours more (flood-continued); springfield-illinois, new-york and
  paris-texas: nothing in force. Errors: a point outside the country, Akamai's pages, problem+json.
- brightsky/berlin.json: gale-force gusts (DWD level 2) in force, ending 50 minutes on, then wind gusts
  (level 1) until the night; variants: the gale warning replaced by a longer one under a new id, and
  nothing in force. Errors: the proxy's plain-text pages.
- metalerts/bergen.json and .en.json: a yellow wind warning in force until the next morning and a yellow
  rain warning from then; variants: the wind warning updated (with MET's quirks: altitudes as strings, a
  marine gale warning with no county), and nothing in force.
"""

import argparse
import os
import sys
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "Fixtures")
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
from fixtureserver import brightsky, metalerts, nws, timeline  # noqa: E402

CHICAGO = ZoneInfo("America/Chicago")


def moment(minutes):
    return timeline.REFERENCE + minutes * 60


def local(minutes, zone=CHICAGO):
    """An ISO time `minutes` from the reference moment in the office's zone: 2026-10-08T11:47:00-05:00."""
    return timeline.iso(moment(minutes), zone)


def utc(minutes):
    return timeline.iso(moment(minutes), timezone.utc, "+00:00")


def clock(minutes, weekday=False, zone=CHICAGO):
    """As NWS texts write a time: `1147 AM CDT`, with the weekday when asked."""
    at = datetime.fromtimestamp(moment(minutes), zone)
    text = "%d%02d %s %s" % ((at.hour + 11) % 12 + 1, at.minute, "AM" if at.hour < 12 else "PM", at.tzname())
    return text + (" " + at.strftime("%A") if weekday else "")


def headline_time(minutes, zone=CHICAGO):
    """As NWS headlines write a time: `October 8 at 11:47AM CDT`."""
    at = datetime.fromtimestamp(moment(minutes), zone)
    return "%s %d at %d:%02d%s %s" % (at.strftime("%B"), at.day, (at.hour + 11) % 12 + 1, at.minute,
                                      "AM" if at.hour < 12 else "PM", at.tzname())


def vtec(minutes):
    return "000000T0000Z" if minutes is None else datetime.fromtimestamp(moment(minutes), timezone.utc).strftime(
        "%y%m%dT%H%MZ")


def wmo(name, minutes):
    return "%s %s" % (name, datetime.fromtimestamp(moment(minutes), timezone.utc).strftime("%d%H%M"))


# NWS

NWS_CONTEXT = ["https://geojson.org/geojson-ld/geojson-context.jsonld",
               {"@version": "1.1", "wx": "https://api.weather.gov/ontology#", "@vocab": "https://api.weather.gov/ontology#"}]
SENDER = "w-nws.webmaster@noaa.gov"


def nws_id(hexdigits):
    return "urn:oid:2.49.0.1.840.0.%s.001.1" % hexdigits


def nws_feature(identifier, geometry, properties):
    url = "https://api.weather.gov/alerts/" + identifier
    return {"id": url, "type": "Feature", "geometry": geometry,
            "properties": dict({"@id": url, "@type": "wx:Alert", "id": identifier}, **properties)}


def reference(identifier, sent):
    return {"@id": "https://api.weather.gov/alerts/" + identifier, "identifier": identifier, "sender": SENDER,
            "sent": local(sent)}


STORM = nws_id("7c2f1e0a9b3d4c5e6f708192a3b4c5d6e7f80910")
STORM_UPDATE = nws_id("b41d09e7c35a2f6180e4d7c92a5b3f6e1d08c7a4")
STORM_CANCEL = nws_id("e90a3c5d7b1f2e4a6c8d0b2f4e6a8c0d2e4f6a8b")
TORNADO = nws_id("5d1e7a3c9b2f4e6a8c0d1b3f5a7c9e1d3b5f7a92")
FLOOD = nws_id("3a5c7e9b1d2f4a6c8e0b2d4f6a8c0e2b4d6f8a1c")
STORM_AREA = {"type": "Polygon", "coordinates": [[[-93.52, 37.38], [-93.12, 37.45], [-93.05, 37.17],
                                                   [-93.44, 37.12], [-93.52, 37.38]]]}
STORM_PLACES = {"areaDesc": "Greene, MO; Polk, MO", "geocode": {"SAME": ["029077", "029167"], "UGC": ["MOC077", "MOC167"]},
                "affectedZones": ["https://api.weather.gov/zones/county/MOC077", "https://api.weather.gov/zones/county/MOC167"]}
COMMON = {"scope": "Public", "code": "IPAWSv1.0", "language": "en-US", "web": "http://www.weather.gov"}


def storm_warning(sent, ends, kind, references, action, instruction_extra=""):
    """The Severe Thunderstorm Warning for north-west Springfield, issued or extended at `sent`."""
    description = (
        "The National Weather Service in Springfield has %s\n\n"
        "* Severe Thunderstorm Warning for...\n  Northwestern Greene County in southwestern Missouri...\n"
        "  Southeastern Polk County in southwestern Missouri...\n\n"
        "* Until %s.\n\n"
        "* At %s, a severe thunderstorm was near Willard, or 9 miles northwest\n  of Springfield, moving east at "
        "25 mph.\n\n  HAZARD...Wind gusts to 60 mph and hail the size of quarters.\n\n  SOURCE...Radar.\n\n"
        "  IMPACT...Hail will dent cars. Wind will damage roofs, siding and\n  trees.\n\n"
        "* Places in the path include...\n  Springfield, Willard, Pleasant Hope and Fair Grove."
        % ("extended the" if kind == "Update" else "issued a", clock(ends), clock(sent)))
    return nws_feature(STORM_UPDATE if kind == "Update" else STORM, STORM_AREA, dict(STORM_PLACES, **{
        "references": references, "sent": local(sent), "effective": local(sent), "onset": local(-13),
        "expires": local(ends), "ends": local(ends), "status": "Actual", "messageType": kind, "category": "Met",
        "severity": "Severe", "certainty": "Observed", "urgency": "Immediate", "event": "Severe Thunderstorm Warning",
        "sender": SENDER, "senderName": "NWS Springfield MO",
        "headline": "Severe Thunderstorm Warning issued %s until %s by NWS Springfield MO"
                    % (headline_time(sent), headline_time(ends)),
        "description": description,
        "instruction": "Go inside a sturdy building now and stay away from windows until the storm has passed."
                       + instruction_extra,
        "response": "Shelter",
        "parameters": {
            "AWIPSidentifier": ["SVRSGF" if kind == "Alert" else "SVSSGF"],
            "WMOidentifier": [wmo("WUUS53 KSGF" if kind == "Alert" else "WWUS53 KSGF", sent)],
            "eventMotionDescription": [timeline.iso(moment(sent), timezone.utc, "-00:00")
                                       + "...storm...250DEG...22KT...37.31,-93.42"],
            "windThreat": ["RADAR INDICATED"], "maxWindGust": ["60 MPH"], "hailThreat": ["RADAR INDICATED"],
            "maxHailSize": ["1.00"], "BLOCKCHANNEL": ["EAS", "NWEM", "CMAS"], "EAS-ORG": ["WXR"],
            "VTEC": ["/O.%s.KSGF.SV.W.0412.%s-%s/" % (action, vtec(-13 if action == "NEW" else None), vtec(ends))],
            "eventEndingTime": [local(ends)],
        },
    }, **COMMON, eventCode={"SAME": ["SVR"], "NationalWeatherService": ["SVW"]}))


def storm_cancel():
    return nws_feature(STORM_CANCEL, STORM_AREA, dict(STORM_PLACES, **{
        "references": [reference(STORM, -13)], "sent": local(-1), "effective": local(-1), "onset": local(-1),
        "expires": local(14), "ends": None, "status": "Actual", "messageType": "Cancel", "category": "Met",
        "severity": "Minor", "certainty": "Observed", "urgency": "Past", "event": "Severe Thunderstorm Warning",
        "sender": SENDER, "senderName": "NWS Springfield MO",
        "headline": "The Severe Thunderstorm Warning has been cancelled.",
        "description": "The Severe Thunderstorm Warning for northwestern Greene and southeastern Polk Counties\n"
                       "is cancelled. The storm has weakened and no longer brings damaging wind or large\nhail. "
                       "Lightning and brief heavy rain remain possible until %s." % clock(45),
        "instruction": None, "response": "AllClear",
        "parameters": {
            "AWIPSidentifier": ["SVSSGF"], "WMOidentifier": [wmo("WWUS53 KSGF", -1)],
            "NWSheadline": ["THE SEVERE THUNDERSTORM WARNING FOR NORTHWESTERN GREENE AND SOUTHEASTERN POLK "
                            "COUNTIES IS CANCELLED"],
            "BLOCKCHANNEL": ["EAS", "NWEM", "CMAS"], "EAS-ORG": ["WXR"],
            "VTEC": ["/O.CAN.KSGF.SV.W.0412.000000T0000Z-%s/" % vtec(45)], "eventEndingTime": [local(45)],
        },
    }, **COMMON, eventCode={"SAME": ["SVS"], "NationalWeatherService": ["SVS"]}))


def tornado_warning():
    """A Tornado Warning inside the severe thunderstorm's path, issued 5 minutes before the reference moment."""
    area = {"type": "Polygon", "coordinates": [[[-93.38, 37.30], [-93.18, 37.33], [-93.15, 37.19], [-93.33, 37.16],
                                                [-93.38, 37.30]]]}
    return nws_feature(TORNADO, area, {
        "areaDesc": "Greene, MO", "geocode": {"SAME": ["029077"], "UGC": ["MOC077"]},
        "affectedZones": ["https://api.weather.gov/zones/county/MOC077"],
        "references": [], "sent": local(-5), "effective": local(-5), "onset": local(-5), "expires": local(25),
        "ends": local(25), "status": "Actual", "messageType": "Alert", "category": "Met", "severity": "Extreme",
        "certainty": "Observed", "urgency": "Immediate", "event": "Tornado Warning", "sender": SENDER,
        "senderName": "NWS Springfield MO",
        "headline": "Tornado Warning issued %s until %s by NWS Springfield MO" % (headline_time(-5), headline_time(25)),
        "description": "The National Weather Service in Springfield has issued a\n\n"
                       "* Tornado Warning for...\n  Central Greene County in southwestern Missouri...\n\n"
                       "* Until %s.\n\n* At %s, a severe thunderstorm capable of producing a tornado was\n"
                       "  located near Willard, moving east at 25 mph.\n\n  HAZARD...Tornado.\n\n"
                       "  SOURCE...Radar indicated rotation.\n\n"
                       "  IMPACT...Flying debris will be dangerous to those caught without\n  shelter. Mobile homes "
                       "will be damaged or destroyed.\n\n* This dangerous storm will be near...\n"
                       "  Springfield around %s." % (clock(25), clock(-5), clock(5)),
        "instruction": "TAKE COVER NOW! Move to a basement or an interior room on the lowest floor of a sturdy\n"
                       "building. Avoid windows.",
        "response": "Shelter",
        "parameters": {
            "AWIPSidentifier": ["TORSGF"], "WMOidentifier": [wmo("WFUS53 KSGF", -5)],
            "tornadoDetection": ["RADAR INDICATED"], "maxHailSize": ["1.00"], "BLOCKCHANNEL": ["EAS", "NWEM", "CMAS"],
            "EAS-ORG": ["WXR"], "VTEC": ["/O.NEW.KSGF.TO.W.0031.%s-%s/" % (vtec(-5), vtec(25))],
            "eventEndingTime": [local(25)],
        },
        **COMMON,
        "eventCode": {"SAME": ["TOR"], "NationalWeatherService": ["TOW"]},
    })


def flood_watch():
    return nws_feature(FLOOD, None, {
        "areaDesc": "Christian, MO; Greene, MO; Polk, MO; Webster, MO",
        "geocode": {"SAME": ["029043", "029077", "029167", "029225"], "UGC": ["MOZ070", "MOZ071", "MOZ077", "MOZ078"]},
        "affectedZones": ["https://api.weather.gov/zones/forecast/MOZ070", "https://api.weather.gov/zones/forecast/MOZ071",
                          "https://api.weather.gov/zones/forecast/MOZ077", "https://api.weather.gov/zones/forecast/MOZ078"],
        "references": [], "sent": local(-526), "effective": local(-526), "onset": local(300), "expires": local(555),
        "ends": local(1140), "status": "Actual", "messageType": "Alert", "category": "Met", "severity": "Severe",
        "certainty": "Possible", "urgency": "Future", "event": "Flood Watch", "sender": SENDER,
        "senderName": "NWS Springfield MO",
        "headline": "Flood Watch issued %s until %s by NWS Springfield MO" % (headline_time(-526), headline_time(1140)),
        "description": "* WHAT...Flooding from heavy rain is possible.\n\n"
                       "* WHERE...Parts of southwest Missouri, including Christian, Greene,\n  Polk and Webster "
                       "Counties.\n\n* WHEN...From %s through %s.\n\n"
                       "* IMPACTS...Rivers, creeks and low-lying roads may flood quickly.\n\n"
                       "* ADDITIONAL DETAILS...\n  - Repeated thunderstorms may bring 2 to 4 inches of rain,\n"
                       "    locally more." % (clock(300, True), clock(1140, True)),
        "instruction": "Watch later forecasts and be ready for Flood Warnings. If you live where water\n"
                       "rises quickly, decide now where you would go.",
        "response": "Prepare",
        "parameters": {
            "AWIPSidentifier": ["FFASGF"], "WMOidentifier": [wmo("WGUS63 KSGF", -526)],
            "NWSheadline": ["FLOOD WATCH IN EFFECT FROM %s THROUGH %s"
                            % (clock(300, True).upper(), clock(1140, True).upper())],
            "BLOCKCHANNEL": ["EAS", "NWEM"], "VTEC": ["/O.NEW.KSGF.FA.A.0007.%s-%s/" % (vtec(300), vtec(1140))],
            "eventEndingTime": [local(1140)],
        },
        **COMMON,
        "eventCode": {"SAME": ["FFA"], "NationalWeatherService": ["FAA"]},
    })


FLOOD_EARLIER = nws_id("8e2b4d6f0a1c3e5a7b9d1f3a5c7e9b0d2f4a6c8e")
FLOOD_CONTINUED = nws_id("c6e8a0b2d4f6a8c0e2b4d6f8a1c3e5b7d9f1a3c5")


def flood_watch_continued():
    """A Flood Watch in force, continued by an Update whose message expires 30 minutes after the reference
    moment while the hazard ends 28 and a half hours after that: the times of a real one (pynws's recorded
    `alerts_active_zone.json`: sent 13:34, expires 05:30 the next morning, ends 10:00 the day after)."""
    sent, expires, ends = -926, 30, 1740
    return nws_feature(FLOOD_CONTINUED, None, {
        "areaDesc": "Christian, MO; Greene, MO; Polk, MO; Webster, MO",
        "geocode": {"SAME": ["029043", "029077", "029167", "029225"], "UGC": ["MOZ070", "MOZ071", "MOZ077", "MOZ078"]},
        "affectedZones": ["https://api.weather.gov/zones/forecast/MOZ070", "https://api.weather.gov/zones/forecast/MOZ071",
                          "https://api.weather.gov/zones/forecast/MOZ077", "https://api.weather.gov/zones/forecast/MOZ078"],
        "references": [reference(FLOOD_EARLIER, -1620)], "sent": local(sent), "effective": local(sent),
        "onset": local(sent), "expires": local(expires), "ends": local(ends), "status": "Actual",
        "messageType": "Update", "category": "Met", "severity": "Severe", "certainty": "Possible",
        "urgency": "Future", "event": "Flood Watch", "sender": SENDER, "senderName": "NWS Springfield MO",
        "headline": "Flood Watch issued %s until %s by NWS Springfield MO" % (headline_time(sent), headline_time(ends)),
        "description": "* WHAT...Flooding from more heavy rain remains possible.\n\n"
                       "* WHERE...Parts of southwest Missouri, including Christian, Greene,\n  Polk and Webster "
                       "Counties.\n\n* WHEN...Through %s.\n\n"
                       "* IMPACTS...Creeks are running high; low-lying roads may flood again." % clock(ends, True),
        "instruction": "Watch later forecasts and be ready for Flood Warnings.",
        "response": "Prepare",
        "parameters": {
            "AWIPSidentifier": ["FFASGF"], "WMOidentifier": [wmo("WGUS63 KSGF", sent)],
            "NWSheadline": ["FLOOD WATCH REMAINS IN EFFECT THROUGH %s" % clock(ends, True).upper()],
            "BLOCKCHANNEL": ["EAS", "NWEM"], "VTEC": ["/O.CON.KSGF.FA.A.0006.000000T0000Z-%s/" % vtec(ends)],
            "eventEndingTime": [local(ends)],
        },
        **COMMON,
        "eventCode": {"SAME": ["FFA"], "NationalWeatherService": ["FAA"]},
    })


def nws_collection(features, point):
    return {"@context": NWS_CONTEXT, "type": "FeatureCollection", "features": features, "title": nws.title(point),
            "updated": utc(-1)}


def nws_files():
    springfield = "37.2153,-93.2982"
    storm = storm_warning(-13, 45, "Alert", [], "NEW")
    extended = storm_warning(-2, 75, "Update", [reference(STORM, -13)], "EXT")
    problem = nws.problem
    return {
        "nws/springfield-missouri.json": nws.dump(nws_collection([storm, flood_watch()], springfield)),
        "nws/springfield-illinois.json": nws.dump(nws_collection([], "39.8017,-89.6437")),
        "nws/new-york.json": nws.dump(nws_collection([], "40.7142,-74.0059")),
        "nws/paris-texas.json": nws.dump(nws_collection([], "33.6609,-95.5555")),
        "nws/variants/springfield-missouri-update.json": nws.dump(nws_collection([extended, flood_watch()], springfield)),
        "nws/variants/springfield-missouri-update-listed.json": nws.dump(nws_collection(
            [extended, storm, flood_watch()], springfield)),
        "nws/variants/springfield-missouri-cancel.json": nws.dump(nws_collection([storm_cancel(), flood_watch()],
                                                                                 springfield)),
        "nws/variants/springfield-missouri-flood-continued.json": nws.dump(nws_collection(
            [flood_watch_continued()], springfield)),
        "nws/variants/springfield-missouri-tornado.json": nws.dump(nws_collection(
            [tornado_warning(), storm, flood_watch()], springfield)),
        "nws/errors/400.json": nws.dump(problem(
            400, "Bad Request", "BadRequest", "Bad Request", parameterErrors=[
                {"parameter": "query.point", "message": "The point is outside the area the National Weather Service "
                                                        "serves"}])),
        "nws/errors/429.json": nws.dump(problem(
            429, "Too Many Requests", "TooManyRequests", "Too many requests; wait a few seconds and try again.")),
        "nws/errors/500.json": nws.dump(problem(
            500, "Unexpected Problem", "UnexpectedProblem", "An unexpected problem has occurred.")),
        "nws/errors/403.html": akamai("Access Denied", "<H1>Access Denied</H1>\n \nYou don't have permission to "
                                      "access \"http&#58;&#47;&#47;api&#46;weather&#46;gov&#47;alerts&#47;active&#63;\" "
                                      "on this server.<P>\n"),
        "nws/errors/502.html": akamai("Error", "An error occurred while processing your request.<p>\n"),
        "nws/errors/503.html": akamai("Error", "An error occurred while processing your request.<p>\n"),
        "nws/errors/504.html": akamai("Error", "An error occurred while processing your request.<p>\n"),
    }


def akamai(title, text):
    """Akamai's error page, as the CDN in front of api.weather.gov sends it."""
    return ("<HTML><HEAD>\n<TITLE>%s</TITLE>\n</HEAD><BODY>\n%sReference&#32;&#35;18&#46;2f4c1d17&#46;1791478812"
            "&#46;5b0e2a1\n</BODY>\n</HTML>\n" % (title, text)).encode()


# Bright Sky

BERLIN = {"warn_cell_id": 111000000, "name": "Berlin", "name_short": "Berlin", "district": "Berlin",
          "state": "Berlin", "state_short": "BE"}


def dwd_id(sent, suffix):
    return "2.49.0.0.276.0.DWD.PVW.%d.%s" % (moment(sent) * 1000, suffix)


def gale(identifier, sent, onset, expires, uuid):
    return {
        "id": identifier, "alert_id": dwd_id(sent, uuid), "effective": utc(sent), "onset": utc(onset),
        "expires": utc(expires), "category": "met", "response_type": "prepare", "urgency": "immediate",
        "severity": "moderate", "certainty": "likely", "event_code": 52, "event_en": "gale-force gusts",
        "event_de": "STURMBÖEN", "headline_en": "Official WARNING of GALE-FORCE GUSTS",
        "headline_de": "Amtliche WARNUNG vor STURMBÖEN",
        "description_en": "There is a risk of gale-force gusts (level 2 of 4).\nMax. gusts: 60-75 km/h; 17-21 m/s; "
                          "33-40 kn; Bft 8-9; from the west.",
        "description_de": "Aus Westen kommen Sturmböen mit 60 bis 75 km/h (17 bis 21 m/s, 33 bis 40 kn, Bft 8 bis 9) "
                          "vor.",
        "instruction_en": "Watch for falling branches and flying objects; keep away from trees, scaffolding and "
                          "power lines.",
        "instruction_de": "Achten Sie auf herabfallende Äste und umherfliegende Gegenstände; halten Sie Abstand zu "
                          "Bäumen, Gerüsten und Stromleitungen.",
        "status": "actual",
    }


def gusts(identifier, sent, onset, expires, uuid):
    return {
        "id": identifier, "alert_id": dwd_id(sent, uuid), "effective": utc(sent), "onset": utc(onset),
        "expires": utc(expires), "category": "met", "response_type": "prepare", "urgency": "immediate",
        "severity": "minor", "certainty": "likely", "event_code": 51, "event_en": "wind gusts",
        "event_de": "WINDBÖEN", "headline_en": "Official WARNING of WIND GUSTS",
        "headline_de": "Amtliche WARNUNG vor WINDBÖEN",
        "description_en": "There is a risk of wind gusts (level 1 of 4).\nMax. gusts: 50-60 km/h; 14-17 m/s; "
                          "28-33 kn; Bft 7; from the west.",
        "description_de": "Aus Westen kommen Windböen mit 50 bis 60 km/h (14 bis 17 m/s, 28 bis 33 kn, Bft 7) vor.",
        "instruction_en": None, "instruction_de": None, "status": "actual",
    }


def brightsky_files():
    dump = brightsky.dump
    return {
        "brightsky/berlin.json": dump({"alerts": [
            gale(2716354, -158, -180, 50, "5e3f1c2a-8d4b-4f6e-9a7c-1b2d3e4f5a6b"),
            gusts(2716371, -158, 50, 540, "7a9c1e3b-5d2f-4a6e-8c0b-2d4f6a8c0e1f")], "location": BERLIN}),
        "brightsky/variants/berlin-update.json": dump({"alerts": [
            gale(2716502, -4, -180, 150, "c1d3e5f7-a9b2-4c4d-8e6f-0a1b2c3d4e5f"),
            gusts(2716503, -4, 150, 540, "d2e4f6a8-b0c1-4d3e-9f5a-1b2c3d4e5f60")], "location": BERLIN}),
        "brightsky/variants/berlin-none.json": dump({"alerts": [], "location": BERLIN}),
        "brightsky/errors/429.txt": b"Too Many Requests",
        "brightsky/errors/500.txt": b"Internal Server Error",
        "brightsky/errors/502.txt": b"Bad Gateway",
        "brightsky/errors/503.txt": b"Service Unavailable",
        "brightsky/errors/504.txt": b"Gateway Timeout",
    }


# MetAlerts

def met_id(sent, number):
    return "2.49.0.1.578.0.%s.%03d" % (datetime.fromtimestamp(moment(sent), timezone.utc).strftime("%Y%m%d%H%M%S"),
                                       number)


def met_resources(identifier):
    return [{"description": "CAP file", "mimeType": "application/xml",
             "uri": "https://api.met.no/weatherapi/metalerts/2.0/current?cap=" + identifier}]


TEXTS = {
    "no": {
        "wind": ("Kraftige vindkast", "gult nivå", "Kyst- og fjordstrøk i Vestland",
                 "Sørvestlig sterk kuling 20 m/s på kysten. Kraftige vindkast opp mot 25 m/s. ",
                 "Sikre løse gjenstander. Vær forberedt på forsinkelser i trafikken. ",
                 "Løse gjenstander kan blåse rundt. Enkelte ferge- og flyavganger kan bli innstilt. ",
                 "Følg med", "Utfordrende situasjon"),
        "rain": ("Mye regn", "gult nivå", "Vestland sør for Sognefjorden",
                 "Ventet nedbør 40 til 60 mm på 24 timer, lokalt mer i fjellet. ",
                 "Hold stikkrenner og sluk åpne. Unngå å kjøre gjennom vann på veien. ",
                 "Vann kan samle seg på veier og i kjellere. Bekker og elver kan stige raskt. ",
                 "Følg med", "Utfordrende situasjon"),
        "gale": ("Kuling", "gult nivå", "Fjordane og Nordhordland, kyst",
                 "Sørvest stiv kuling 15 m/s, i perioder sterk kuling 20 m/s. ", "", "", "Følg med",
                 "Utfordrende situasjon"),
    },
    "en": {
        "wind": ("Strong wind gusts", "yellow level", "Coast and fjords of Vestland",
                 "South-westerly gale 20 m/s at the coast. Strong wind gusts up to 25 m/s. ",
                 "Secure loose objects. Be prepared for delays in traffic. ",
                 "Loose objects may be blown around. Some ferry and flight departures may be cancelled. ",
                 "Be aware", "Challenging situation"),
        "rain": ("Heavy rain", "yellow level", "Vestland south of Sognefjorden",
                 "Expected precipitation 40 to 60 mm in 24 hours, locally more in the mountains. ",
                 "Keep drains and culverts clear. Do not drive through water on the road. ",
                 "Water may gather on roads and in basements. Streams and rivers may rise quickly. ",
                 "Be aware", "Challenging situation"),
        "gale": ("Gale", "yellow level", "Fjordane and Nordhordland, coast",
                 "South-westerly near gale 15 m/s, at times gale 20 m/s. ", "", "", "Be aware",
                 "Challenging situation"),
    },
}
BERGEN_COAST = {"type": "Polygon", "coordinates": [[[4.6, 59.9], [5.9, 59.9], [6.1, 60.8], [4.8, 61.0], [4.6, 59.9]]]}
SOUTH_VESTLAND = {"type": "Polygon", "coordinates": [[[4.9, 59.6], [7.1, 59.6], [7.4, 61.1], [4.9, 61.1], [4.9, 59.6]]]}
SEA = {"type": "Polygon", "coordinates": [[[3.2, 60.2], [4.9, 60.2], [5.0, 61.8], [3.4, 61.8], [3.2, 60.2]]]}


def met_alert(lang, kind, identifier, message, start, end, geometry, event, awareness_type, trigger,
              county=("46",), municipality=("4601", "4626", "4627"), domain="land", altitudes=(0, 900)):
    name, level, area, description, instruction, consequences, response, seriousness = TEXTS[lang][kind]
    return {
        "type": "Feature", "geometry": geometry,
        "properties": {
            "altitude_above_sea_level": altitudes[0], "area": area, "awarenessResponse": response,
            "awarenessSeriousness": seriousness, "awareness_level": "2; yellow; Moderate",
            "awareness_type": awareness_type, "ceiling_above_sea_level": altitudes[1], "certainty": "Likely",
            "consequences": consequences, "contact": "https://www.met.no/kontakt-oss", "county": list(county),
            "description": description, "event": event, "eventAwarenessName": name, "eventEndingTime": utc(end),
            "geographicDomain": domain, "id": identifier, "instruction": instruction,
            "municipality": list(municipality), "resources": met_resources(identifier),
            "riskMatrixColor": "Yellow", "severity": "Moderate", "status": "Actual",
            "title": "%s, %s, %s, %s, %s" % (name, level, area, utc(start), utc(end)), "triggerLevel": trigger,
            "type": message, "web": "https://www.met.no/farevarsler",
        },
        "when": {"interval": [utc(start), utc(end)]},
    }


def metalerts_files():
    files = {}
    for lang, suffix in (("no", ""), ("en", ".en")):
        wind = met_alert(lang, "wind", met_id(-243, 47), "Alert", -120, 780, BERGEN_COAST, "wind", "1; Wind", "25m/s")
        rain = met_alert(lang, "rain", met_id(-345, 21), "Alert", 780, 2220, SOUTH_VESTLAND, "rain", "10; rain",
                         "40 mm/24t")
        updated = met_alert(lang, "wind", met_id(-20, 52), "Update", -120, 960, BERGEN_COAST, "wind", "1; Wind",
                            "25m/s", altitudes=("0", "900"))
        gale = met_alert(lang, "gale", met_id(-20, 53), "Alert", -60, 900, SEA, "gale", "1; Wind", "15m/s",
                         county=(), municipality=(), domain="marine", altitudes=("0", "0"))
        for name, features, changed in (("bergen", [wind, rain], -243), ("variants/bergen-update", [updated, rain, gale], -20),
                                        ("variants/bergen-none", [], -15)):
            files["metalerts/%s%s.json" % (name, suffix)] = metalerts.dump(
                {"type": "FeatureCollection", "features": features, "lang": lang, "lastChange": utc(changed)})
    return files


def main():
    parser = argparse.ArgumentParser(description="Write the warnings fixtures.")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a fixture would change")
    arguments = parser.parse_args()
    stale = []
    for path, content in {**nws_files(), **brightsky_files(), **metalerts_files()}.items():
        full = os.path.join(FIXTURES, path)
        old = None
        if os.path.exists(full):
            with open(full, "rb") as file:
                old = file.read()
        if old == content:
            continue
        stale.append(path)
        if not arguments.check:
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "wb") as file:
                file.write(content)
    for path in stale:
        print(("would change " if arguments.check else "wrote ") + path)
    if arguments.check and stale:
        sys.exit(1)


if __name__ == "__main__":
    main()
