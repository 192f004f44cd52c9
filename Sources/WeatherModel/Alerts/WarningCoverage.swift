/// Where each warning service covers a point: the land of the countries and territories it warns for
/// (its descriptor's countries), and the sea within 12 nautical miles (22 km, the territorial sea) of
/// their coasts, so that a beach, a harbour or an island too small for the map is covered and the open sea
/// is not; never another country's land. The outlines (`WarningCoverageOutlines.swift`) come from Natural
/// Earth's public-domain 1:10m countries, simplified by `Config/warning-coverage.py`: land borders to
/// 0.005° (about 500 m), the margin at sea to 0.03°, and cut into pieces of at most 64 vertices, each with
/// its box. They are compiled in, as text that is decoded
/// only when a place given by its coordinates asks, and then only the pieces whose box holds the point: no
/// file to find or plant, nothing for `show` of a place found by name, a few thousand instructions for one
/// given by its coordinates.
package enum WarningCoverage {
    /// One ring of a source's area: its bounding box and its vertices, in thousandths of a degree. A
    /// source's rings are read by the even-odd rule (a hole is a ring inside another). Longitudes run past
    /// ±180 where an area crosses the antimeridian (the Aleutians, below -180).
    struct Outline: Sendable {
        let source: AlertSource
        let south: Int32
        let west: Int32
        let north: Int32
        let east: Int32
        /// Latitude and longitude of each vertex, each the difference from the vertex before (the first
        /// from 0, 0), zig-zag encoded in groups of five bits, least significant first, each group a
        /// character from 63 (`?`) on, plus 32 while more groups follow: Google's encoded-polyline form.
        /// Any character below 63 (the literal's line breaks) is skipped.
        let vertices: StaticString

        init(
            _ source: AlertSource, south: Int32, west: Int32, north: Int32, east: Int32, vertices: StaticString
        ) {
            self.source = source
            self.south = south
            self.west = west
            self.north = north
            self.east = east
            self.vertices = vertices
        }

        /// Whether the ring holds the point `y`, `x` (thousandths of a degree): a ray towards the east
        /// crosses its edges an odd number of times. An edge counts where one end is above the point and
        /// the other not, so that a ray through a vertex counts it once. The vertices are decoded as the
        /// edges are walked, in one pass over the text.
        func holds(y: Double, x: Double) -> Bool {
            guard Double(south) <= y, y <= Double(north), Double(west) <= x, x <= Double(east) else { return false }
            return vertices.withUTF8Buffer { bytes in
                var inside = false
                var value = 0
                var shift = 0
                var latitudeNext = true
                var vertex = (y: 0, x: 0)
                var first: (y: Double, x: Double)? = nil
                var previous = (y: 0.0, x: 0.0)
                for byte in bytes where byte >= 63 {
                    let group = Int(byte &- 63)
                    // Our own data: no number runs past 35 bits; a masking shift could not trap on more.
                    value |= (group & 0x1F) &<< shift
                    shift += 5
                    guard group & 0x20 == 0 else { continue }
                    let delta = value & 1 == 0 ? value >> 1 : ~(value >> 1)
                    (value, shift) = (0, 0)
                    if latitudeNext {
                        vertex.y &+= delta
                    } else {
                        vertex.x &+= delta
                        let current = (y: Double(vertex.y), x: Double(vertex.x))
                        if first == nil {
                            first = current
                        } else if Self.crosses(y: y, x: x, from: previous, to: current) {
                            inside.toggle()
                        }
                        previous = current
                    }
                    latitudeNext.toggle()
                }
                if let first, Self.crosses(y: y, x: x, from: previous, to: first) { inside.toggle() }
                return inside
            }
        }

        /// Whether a ray east from `y`, `x` crosses the edge `from`-`to`.
        @inline(__always)
        private static func crosses(
            y: Double, x: Double, from a: (y: Double, x: Double), to b: (y: Double, x: Double)
        ) -> Bool {
            (a.y > y) != (b.y > y) && x < a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)
        }
    }

    /// The source whose area holds the point at `latitude`, `longitude` (degrees), or `nil`. The point is
    /// tried at its longitude and 360° either side, as outlines that cross the antimeridian run past ±180.
    package static func source(latitude: Double, longitude: Double) -> AlertSource? {
        source(latitude: latitude, longitude: longitude, in: outlines)
    }

    /// The source whose area in `outlines` holds the point: one pass over the outlines, whose boxes let
    /// through only the few rings around it, counting for each source and each of the three longitudes
    /// whether an odd number of rings holds the point.
    static func source(latitude: Double, longitude: Double, in outlines: [Outline]) -> AlertSource? {
        guard latitude.isFinite, longitude.isFinite else { return nil }
        let (y, x) = (latitude * 1000, longitude * 1000)
        // Each source's three bits, in the order the outlines first name it.
        var sources: [AlertSource] = []
        var odd = 0
        for outline in outlines {
            let index = sources.firstIndex(of: outline.source) ?? sources.count
            if index == sources.count { sources.append(outline.source) }
            let bit = 3 * index
            if outline.holds(y: y, x: x) { odd ^= 1 << bit }
            if outline.holds(y: y, x: x - 360_000) { odd ^= 1 << (bit + 1) }
            if outline.holds(y: y, x: x + 360_000) { odd ^= 1 << (bit + 2) }
        }
        return sources.indices.first { odd >> (3 * $0) & 0b111 != 0 }.map { sources[$0] }
    }
}
