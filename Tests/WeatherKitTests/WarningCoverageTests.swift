import Testing

@testable import WeatherModel
@testable import WeatherSources

/// Coverage by the point, for places given by their coordinates. The coordinates are the towns' centres,
/// each at least 500 m from the edge of the outlines, more than their simplification moves a border
/// (0.005°). Natural Earth's borders are those of a 1:10m map, within about 2 km of the true ones: its
/// border at Vaals runs west of the town, so the Dutch side is tested at Heerlen (Fixtures/README.md).
@Suite("Warning coverage by the point: land, the sea just off it, never a neighbour's land, across 180°")
struct WarningCoverageTests {
    struct Place: Sendable, CustomTestStringConvertible {
        let name: String
        let latitude: Double
        let longitude: Double
        let source: AlertSource?
        init(_ name: String, _ latitude: Double, _ longitude: Double, _ source: AlertSource?) {
            (self.name, self.latitude, self.longitude, self.source) = (name, latitude, longitude, source)
        }
        var testDescription: String { name }
    }

    @Test(
        "border towns on both sides",
        arguments: [
            Place("Kehl", 48.5725, 7.8153, .dwd), Place("Strasbourg, across the Rhine", 48.5833, 7.7458, nil),
            Place("Lörrach", 47.6156, 7.6611, .dwd),
            Place("Basel", 47.5596, 7.5886, nil), Place("Saint-Louis, Alsace", 47.5900, 7.5600, nil),
            Place("Aachen", 50.7753, 6.0839, .dwd), Place("Heerlen", 50.8882, 5.9795, nil),
            Place("Ahlbeck, Usedom", 53.9333, 14.1833, .dwd), Place("Świnoujście, Usedom", 53.9100, 14.2470, nil),
            Place("Flensburg", 54.7833, 9.4333, .dwd), Place("Kruså", 54.8500, 9.4000, nil),
            Place("Svinesund, the Norwegian shore", 59.1250, 11.2800, .metNorway),
            Place("Svinesund, the Swedish shore", 59.0800, 11.2800, nil),
            Place("Halden", 59.1247, 11.3875, .metNorway), Place("Strömstad", 58.9395, 11.1712, nil),
            Place("Kirkenes", 69.7271, 30.0450, .metNorway), Place("Nikel", 69.4081, 30.2247, nil),
            Place("Kilpisjärvi", 69.0466, 20.7955, nil),
            Place("El Paso", 31.8072, -106.3778, .nws), Place("Ciudad Juárez", 31.6904, -106.4245, nil),
            Place("Laredo", 27.5438, -99.4616, .nws), Place("Detroit", 42.3500, -83.0600, .nws),
            Place("Windsor, Ontario", 42.3149, -83.0364, nil),
            Place("Point Roberts, cut off from the rest of the US", 48.9850, -123.0700, .nws),
            Place("Tsawwassen, beside it", 49.0166, -123.0822, nil),
        ])
    func borders(place: Place) {
        #expect(WarningCoverage.source(latitude: place.latitude, longitude: place.longitude) == place.source)
    }

    @Test(
        "coastal towns and islands, and the sea just off them",
        arguments: [
            Place("Westerland, Sylt", 54.9079, 8.3033, .dwd), Place("5 km off Sylt", 54.9079, 8.2300, .dwd),
            Place("Helgoland", 54.1822, 7.8855, .dwd), Place("Warnemünde", 54.1760, 12.0837, .dwd),
            Place("Bergen", 60.3913, 5.3221, .metNorway), Place("Hammerfest", 70.6634, 23.6821, .metNorway),
            Place("Vardø", 70.3706, 31.1107, .metNorway),
            Place("Utsira, an island Natural Earth leaves out", 59.3070, 4.8890, .metNorway),
            Place("Miami Beach", 25.7907, -80.1300, .nws), Place("Key West", 24.5551, -81.7800, .nws),
            Place("17 km off Key West", 24.4000, -81.7800, .nws), Place("Honolulu", 21.3069, -157.8583, .nws),
            Place("Nome", 64.5011, -165.4064, .nws), Place("Utqiaġvik", 71.2906, -156.7886, .nws),
            Place("Little Diomede", 65.7581, -168.9514, .nws), Place("Big Diomede, Russia", 65.7833, -169.0833, nil),
            Place("Havana", 23.1136, -82.3666, nil), Place("Bimini", 25.7270, -79.2960, nil),
        ])
    func coasts(place: Place) {
        #expect(WarningCoverage.source(latitude: place.latitude, longitude: place.longitude) == place.source)
    }

    @Test(
        "the open sea has no source",
        arguments: [
            Place("40 km off Sylt", 54.9079, 7.7000, nil), Place("the North Sea", 54.5, 5.5, nil),
            Place("the Baltic", 55.2, 14.0, nil), Place("the Norwegian Sea", 66.0, 5.0, nil),
            Place("the Gulf of Mexico", 25.0, -90.0, nil), Place("the Pacific", 30.0, -140.0, nil),
            Place("between Guam and Rota", 14.7, 145.0, nil), Place("the equator at Greenwich", 0, 0, nil),
            Place("the North Pole", 90, 0, nil), Place("the South Pole", -90, 0, nil),
        ])
    func sea(place: Place) {
        #expect(WarningCoverage.source(latitude: place.latitude, longitude: place.longitude) == place.source)
    }

    @Test(
        "Svalbard and Jan Mayen with Norway, the US territories with the NWS; not Bouvet Island, not Wake",
        arguments: [
            Place("Longyearbyen", 78.2232, 15.6267, .metNorway), Place("Ny-Ålesund", 78.9250, 11.9300, .metNorway),
            Place("Bjørnøya", 74.4300, 19.0000, .metNorway), Place("Jan Mayen", 70.9333, -8.6667, .metNorway),
            Place("Bouvet Island", -54.4200, 3.3600, nil),
            Place("San Juan", 18.4655, -66.1057, .nws), Place("Charlotte Amalie", 18.3419, -64.9307, .nws),
            Place("Hagåtña, Guam", 13.4757, 144.7489, .nws), Place("Garapan, Saipan", 15.2069, 145.7197, .nws),
            Place("Pago Pago", -14.2756, -170.7020, .nws), Place("Wake Island", 19.2800, 166.6500, nil),
        ])
    func territories(place: Place) {
        #expect(WarningCoverage.source(latitude: place.latitude, longitude: place.longitude) == place.source)
    }

    @Test(
        "the Aleutians across the antimeridian: east of 180° as west of it",
        arguments: [
            Place("Attu", 52.8400, 173.1700, .nws), Place("Amchitka", 51.4500, 179.2000, .nws),
            Place("Semisopochnoi", 51.9300, 179.6000, .nws), Place("15 km east of it", 51.9500, 179.8500, .nws),
            Place("Adak", 51.8800, -176.6581, .nws),
            Place("the sea on 180°", 51.6, 180, nil), Place("the sea on -180°", 51.6, -180, nil),
            Place("the sea far south on 180°", 47.0, 180, nil),
        ])
    func antimeridian(place: Place) {
        #expect(WarningCoverage.source(latitude: place.latitude, longitude: place.longitude) == place.source)
    }

    @Test("what is not a point has no source")
    func notAPoint() {
        #expect(WarningCoverage.source(latitude: .nan, longitude: 13.41) == nil)
        #expect(WarningCoverage.source(latitude: 52.52, longitude: .infinity) == nil)
    }

    /// Test outlines in thousandths of a degree, in polyline form (`Config/warning-coverage.py`'s `polyline`).
    static let square = WarningCoverage.Outline(.dwd, south: 0, west: 0, north: 10, east: 10, vertices: "???SS??R")
    static let hole = WarningCoverage.Outline(.dwd, south: 4, west: 4, north: 6, east: 6, vertices: "GG?CC??B")
    /// Corners at (0, 5), (5, 10), (10, 5), (5, 0): a ray along y = 5 passes through two vertices.
    static let diamond = WarningCoverage.Outline(.nws, south: 0, west: 0, north: 10, east: 10, vertices: "?IIIIHHH")
    /// 50° to 52° north, 181° to 179° west: across the antimeridian, as the Aleutians are kept.
    static let across = WarningCoverage.Outline(
        .nws, south: 50000, west: -181000, north: 52000, east: -179000, vertices: #"_t`Bno`J?_|B_|B??~{B"#)

    @Test("the even-odd rule: a ring's hole is outside it, a ray through a vertex counts it once")
    func evenOdd() {
        func source(_ y: Double, _ x: Double, _ outlines: [WarningCoverage.Outline]) -> AlertSource? {
            WarningCoverage.source(latitude: y / 1000, longitude: x / 1000, in: outlines)
        }
        #expect(source(2, 2, [Self.square, Self.hole]) == .dwd)
        #expect(source(5, 5, [Self.square, Self.hole]) == nil)
        #expect(source(5, 5, [Self.square]) == .dwd)
        #expect(source(11, 5, [Self.square]) == nil && source(5, -1, [Self.square]) == nil)
        #expect(source(5, 2, [Self.diamond]) == .nws, "the ray passes through the corner at (5, 10)")
        #expect(source(5, -2, [Self.diamond]) == nil, "the ray passes through both corners")
        #expect(source(5, 12, [Self.diamond]) == nil)
        #expect(source(1, 1, [Self.diamond]) == nil, "inside the box, outside the diamond")
    }

    @Test("a point is tried at its longitude and 360° either side")
    func pastTheAntimeridian() {
        #expect(WarningCoverage.source(latitude: 51, longitude: 179.5, in: [Self.across]) == .nws)
        #expect(WarningCoverage.source(latitude: 51, longitude: -179.5, in: [Self.across]) == .nws)
        #expect(WarningCoverage.source(latitude: 51, longitude: 180, in: [Self.across]) == .nws)
        #expect(WarningCoverage.source(latitude: 51, longitude: 178.5, in: [Self.across]) == nil)
        #expect(WarningCoverage.source(latitude: 53, longitude: 179.5, in: [Self.across]) == nil)
    }

    @Test("a place found by name is covered by its country; one given by its coordinates by its point")
    func byCountryOrPoint() {
        let berlin = Location(name: "52.52°N, 13.41°E", latitude: 52.52, longitude: 13.41)
        #expect(AlertSource(for: berlin) == .dwd)
        #expect(AlertSource(for: Location(name: "54.5°N, 5.5°E", latitude: 54.5, longitude: 5.5)) == nil)
        // The geocoder's country is exact where the outlines are not (Vaals, west of Natural Earth's border).
        let vaals = Location(name: "Vaals", countryCode: "NL", latitude: 50.7706, longitude: 6.0186)
        #expect(AlertSource(for: vaals) == nil)
        let helgoland = Location(name: "Helgoland", countryCode: "DE", latitude: 54.1822, longitude: 7.8855)
        #expect(AlertSource(for: helgoland) == .dwd)
        #expect(AlertSource(for: Location(name: "Paris", countryCode: "FR", latitude: 52.52, longitude: 13.41)) == nil)
        #expect(AlertSource(for: Location(name: "x", countryCode: "", latitude: 52.52, longitude: 13.41)) == .dwd)
    }
}
