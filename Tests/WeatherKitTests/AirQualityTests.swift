import Foundation
import TestSupport
import Testing

@testable import WeatherModel
@testable import WeatherSources
@testable import WeatherSystem

/// The air's values and their rules: the index owners' bands, the pollen classes, the file, the answer.
@Suite("Air quality and pollen: bands, classes, the file and the service's answer")
struct AirQualityTests {
    @Test(
        "the EEA's six bands and the EPA's six categories, at their edges",
        arguments: [
            (AirScale.european, 0.0, "good"), (.european, 19.9, "good"), (.european, 20, "fair"),
            (.european, 40, "moderate"), (.european, 59.9, "moderate"), (.european, 60, "poor"),
            (.european, 80, "very poor"), (.european, 100, "very poor"), (.european, 100.1, "extremely poor"),
            (.us, 50, "good"), (.us, 50.4, "good"), (.us, 51, "moderate"), (.us, 101, "unhealthy for sensitive groups"),
            (.us, 150, "unhealthy for sensitive groups"), (.us, 151, "unhealthy"), (.us, 201, "very unhealthy"),
            (.us, 301, "hazardous"),
        ])
    func bands(scale: AirScale, index: Double, name: String) {
        #expect(scale.level(of: index).name == name)
        #expect(
            scale.level(of: index).isPoorOrWorse
                == ["poor", "very poor", "extremely poor", "unhealthy", "very unhealthy", "hazardous"].contains(name))
    }

    /// Each plant's class edges, as the classification draws them: a class begins at its number
    /// (MeteoSwiss: birch 70 grains/m³ is strong, 69 medium).
    static let edges: [(PollenPlant, low: Double, moderate: Double, high: Double, veryHigh: Double)] = [
        (.birch, 1, 10, 70, 300), (.alder, 1, 10, 70, 250), (.grass, 1, 20, 50, 150),
        (.mugwort, 1, 10, 50, 500), (.ragweed, 1, 10, 50, 500), (.olive, 1, 10, 50, 500),
    ]

    @Test(
        "pollen classes at their edges: MeteoSwiss's for birch, alder and grasses, FMI's for the others",
        arguments: edges)
    func pollenEdges(plant: PollenPlant, low: Double, moderate: Double, high: Double, veryHigh: Double) {
        #expect(plant.level(of: low - 0.1) == nil && plant.level(of: low) == .low)
        #expect(plant.level(of: moderate - 0.1) == .low && plant.level(of: moderate) == .moderate)
        #expect(plant.level(of: high - 0.1) == .moderate && plant.level(of: high) == .high)
        #expect(plant.level(of: veryHigh - 0.1) == .high && plant.level(of: veryHigh) == .veryHigh)
    }

    @Test("the plants at least low, highest first")
    func pollen() {
        var air = AirQuality(scale: .european, latitude: 52.52, longitude: 13.41, updatedAt: .init(secondsSince1970: 0))
        air.pollen = [.grass: 30, .birch: 120, .alder: 0.2, .ragweed: 8]
        var told: [PollenPlant] = []
        air.eachPollenLevel { plant, _, _ in told.append(plant) }
        #expect(told == [.birch, .grass, .ragweed])
        #expect(air.highestPollen?.plant == .birch)
        // Among equal loads the higher count, among equal counts the order of the plants.
        air.pollen = [.olive: 40, .mugwort: 40, .grass: 45, .alder: 40]
        told = []
        air.eachPollenLevel { plant, _, _ in told.append(plant) }
        #expect(told == [.grass, .alder, .mugwort, .olive])
        #expect(PollenPlant.allCases.enumerated().allSatisfy { PollenPlant(position: $0) == $1 && $1.position == $0 })
    }

    @Test("the file reads back the same; one weather did not write counts as none")
    func file() {
        var air = AirQuality(
            scale: .us, latitude: 37.2153, longitude: -93.2982, updatedAt: .init(secondsSince1970: 1_791_478_800))
        (air.index, air.dominant, air.pm25, air.ozone) = (68, "pm2_5", 7.6, 58)
        air.pollen = [.grass: 12]
        #expect(AirQuality(fileContents: air.fileContents) == air)
        let text = String(decoding: air.fileContents, as: UTF8.self)
        for bad in [
            text.replacing("weather air 1", with: "weather air 2"), text.replacing("scale\tus", with: "scale\tuk"),
            text.replacing("place\t37.2153", with: "place\t97"), text.replacing("pollen\tgrass", with: "pollen\toak"),
            text.replacing("index\t", with: "indices\t"), String(text.dropLast()), "",
        ] {
            #expect(bad != text)
            #expect(AirQuality(fileContents: Array(bad.utf8)) == nil, "\(bad)")
        }
        let hostile = text.replacing("dominant\tpm2_5", with: "dominant\t\u{1B}[31m")
        #expect(hostile != text && AirQuality(fileContents: Array(hostile.utf8))?.dominant == nil)
        for pollutant in AirReading.pollutants {
            var driven = air
            driven.dominant = pollutant
            #expect(AirQuality(fileContents: driven.fileContents)?.dominant == pollutant)
        }
        for plant in PollenPlant.allCases {
            var flowering = air
            flowering.pollen = [plant: 42]
            #expect(AirQuality(fileContents: flowering.fileContents)?.pollen == [plant: 42])
        }
        var failed = air
        failed.failure = "the service\tsaid\nno"
        #expect(AirQuality(fileContents: failed.fileContents)?.failure == "the service said no")
    }

    @Test("an answer for another place, without current values, or not JSON is refused")
    func refused() {
        let berlin = Location(name: "Berlin", latitude: 52.52, longitude: 13.41)
        for body in [
            #"{"latitude":40.7,"longitude":-74.0,"current":{"european_aqi":30}}"#,
            #"{"latitude":52.5,"longitude":13.4}"#,
            "<html></html>", "[]",
        ] {
            #expect(throws: ResponseProblem.self) {
                _ = try AirReading.decode(
                    Array(body.utf8), headers: HTTPHeaders(), for: berlin, scale: .european,
                    at: .init(secondsSince1970: 0))
            }
        }
        let good =
            #"{"latitude":52.5,"longitude":13.4,"current":{"european_aqi":30,"european_aqi_ozone":30,"european_aqi_pm10":12,"birch_pollen":null}}"#
        let air = try? AirReading.decode(
            Array(good.utf8), headers: HTTPHeaders(), for: berlin, scale: .european, at: .init(secondsSince1970: 0))
        #expect(air?.index == 30 && air?.dominant == "ozone" && air?.pollen.isEmpty == true)
    }

    @Test("the request asks the scale's index and sub-indices, and pollen only in Europe")
    func request() {
        let berlin = Location(name: "Berlin", latitude: 52.52, longitude: 13.41)
        let url = AirReading.request(url: "https://example.org/v1/air-quality", for: berlin, scale: .european).url
        #expect(url.contains("latitude=52.5200") && url.contains("birch_pollen") && !url.contains("us_aqi"))
        let miami = Location(name: "Miami", latitude: 25.77, longitude: -80.19)
        let us = AirReading.request(url: "https://example.org/v1/air-quality", for: miami, scale: .us).url
        #expect(us.contains("us_aqi_ozone") && !us.contains("pollen") && !us.contains("european"))
    }

    @Test("the outlook: one bad value is one gap, a series in another unit none, another place refused")
    func outlook() throws {
        let berlin = Location(name: "Berlin", latitude: 52.52, longitude: 13.41)
        let body = #"""
            {"latitude":52.5,"longitude":13.4,
            "hourly_units":{"european_aqi":"EAQI","grass_pollen":"grains/cm³","birch_pollen":"grains/m³"},
            "hourly":{"time":[0,3600,"x",10800],"european_aqi":[30,"high",-5,45],"european_aqi_ozone":[10,50,null,60],
            "european_aqi_pm2_5":[30,20,null,null],"birch_pollen":[80,null,12,3],"grass_pollen":[9,9,9,9]}}
            """#
        let outlook = try AirReading.decodeOutlook(
            Array(body.utf8), headers: HTTPHeaders(), for: berlin, scale: .european)
        #expect(outlook.hours.map(\.time.secondsSince1970) == [0, 3600, 10800], "a time that is no number: no hour")
        #expect(outlook.hours.map(\.index) == [30, nil, 45])
        #expect(outlook.hours.map(\.dominant) == ["pm2_5", "ozone", "ozone"])
        #expect(outlook.pollen.map(\.plant) == [.birch], "grasses in another unit are left out")
        let peaks = outlook.pollenPeaks { _ in 0 }
        #expect(peaks.count == 1 && peaks[0].plants.first?.0 == .birch && peaks[0].plants.first?.1 == .high)
        let elsewhere = #"{"latitude":40.7,"longitude":-74.0,"hourly":{"time":[0],"european_aqi":[30]}}"#
        #expect(throws: ResponseProblem.self) {
            _ = try AirReading.decodeOutlook(
                Array(elsewhere.utf8), headers: HTTPHeaders(), for: berlin, scale: .european)
        }
        #expect(throws: ResponseProblem.self) {
            _ = try AirReading.decodeOutlook(Array("{}".utf8), headers: HTTPHeaders(), for: berlin, scale: .european)
        }
    }

    @Test("the file's numbers read byte by byte are the numbers Double(String) reads")
    func decimals() {
        func decimal(_ text: String) -> Double? {
            Array(text.utf8).withUnsafeBufferPointer { AirQuality.decimal($0) }
        }
        for text in [
            "14.3", "-13.41053", "52.52437", "120.0", "0.1", "7.6", "1778578200.0", "0", "3600.0", "99.99",
            "1795945770.555699", "9007199254740992",
        ] {
            #expect(decimal(text) == Double(text), "\(text)")
        }
        for text in ["1e-05", "", "-", ".", "1.2.3", "12a", "--1", "0.9007199254740993", "1234567890123456789"] {
            #expect(decimal(text) == nil, "\(text)")
        }
    }

    @Test("the air's credit is quoted where users read it as the program prints it: the README and the copyright")
    func credit() throws {
        let credit = Catalogue.inEnglish { AirReading.descriptor.credit() }
        #expect(credit == "Air quality: Copernicus Atmosphere Monitoring Service, via Open-Meteo (CC BY 4.0)")
        for file in ["README.md", "Config/debian/copyright"] {
            let text = try String(contentsOfFile: TestPaths.repository + "/" + file, encoding: .utf8)
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(text.contains(credit), "\(file)")
        }
    }
}
