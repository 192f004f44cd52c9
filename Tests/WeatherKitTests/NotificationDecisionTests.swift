import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// What a run tells the desktop after a fetch, decided from what it told before (`NotificationDecision`),
/// and the file that remembers it (`NotifiedWarnings`). What the server receives is NotificationTests'.
@Suite("Notifications: decided from what was told before; the file of what was told, read as hostile")
struct NotificationDecisionTests {
    static let now = Timestamp(secondsSince1970: 1_791_478_800)
    static let decision = NotificationDecision(setting: .warnings)

    static func alert(
        _ id: String, _ severity: AlertSeverity = .severe, event: String? = nil, expires: Double = 3600,
        instruction: String = "Go inside."
    ) -> WeatherAlert {
        WeatherAlert(
            id: id, event: event ?? "Event " + id, severity: severity, instruction: instruction,
            expires: now + expires)
    }

    /// The server the notifications came from.
    static let server = NotificationServerIdentity(busID: "4f6c2b9e0d1a4c3b8e7f6a5d4c3b2a19", uniqueName: ":1.42")

    /// What was told of `alert`, as notification `id`.
    static func told(_ alert: WeatherAlert, as id: UInt32) -> NotifiedWarnings.Entry {
        NotifiedWarnings.Entry(
            warningID: alert.id, notificationID: id, server: server, at: now - 600, fingerprint: Fingerprint.of(alert),
            event: alert.event)
    }

    @Test("a new warning of severity moderate or higher is told; a minor or unknown one is not")
    func newWarnings() {
        let current = [Self.alert("x", .extreme), Self.alert("s"), Self.alert("m", .moderate), Self.alert("n", .minor)]
        let unknown = Self.alert("u", .unknown)
        let actions = Self.decision.actions(notified: NotifiedWarnings(), current: current + [unknown])
        #expect(actions == current.prefix(3).map { .warn($0, replacing: nil) })
        #expect(NotificationDecision(setting: .all).actions(notified: NotifiedWarnings(), current: current) == actions)
        #expect(NotificationDecision(setting: .off).actions(notified: NotifiedWarnings(), current: current).isEmpty)
    }

    @Test("a warning told of is not told again, unless what it says changed: then in place")
    func once() {
        let storm = Self.alert("s")
        let entry = Self.told(storm, as: 7)
        #expect(Self.decision.actions(notified: NotifiedWarnings(entries: [entry]), current: [storm]).isEmpty)
        var later = storm
        later.expires = Self.now + 7200
        #expect(
            Self.decision.actions(notified: NotifiedWarnings(entries: [entry]), current: [later]) == [
                .warn(later, replacing: entry)
            ])
    }

    @Test("an update that references its warning replaces that warning's notification")
    func updateWithReferences() {
        let storm = Self.alert("s.1")
        let entry = Self.told(storm, as: 3)
        let update = Self.alert("s.2", event: "Another name for it")
        let actions = Self.decision.actions(
            notified: NotifiedWarnings(entries: [entry]), current: [update], replacements: ["s.2": ["s.1"]])
        #expect(actions == [.warn(update, replacing: entry)])
    }

    @Test("an update under a new identifier that names nothing takes the place of its gone namesake only")
    func updateWithoutReferences() {
        let gusts = Self.alert("a", .moderate, event: "Gale-force gusts")
        let entry = Self.told(gusts, as: 4)
        let renewed = Self.alert("b", .moderate, event: "Gale-force gusts", expires: 7200)
        #expect(
            Self.decision.actions(notified: NotifiedWarnings(entries: [entry]), current: [renewed]) == [
                .warn(renewed, replacing: entry)
            ])
        // Both in force: a second warning of the same event, not an update.
        #expect(
            Self.decision.actions(notified: NotifiedWarnings(entries: [entry]), current: [gusts, renewed]) == [
                .warn(renewed, replacing: nil)
            ])
    }

    @Test("a warning that ended, was cancelled or fell below moderate has its notification withdrawn, first")
    func withdrawals() {
        let storm = Self.alert("s")
        let watch = Self.alert("w")
        let told = NotifiedWarnings(entries: [Self.told(storm, as: 1), Self.told(watch, as: 2)])
        let tornado = Self.alert("t", .extreme)
        #expect(
            Self.decision.actions(notified: told, current: [tornado]) == [
                .withdraw(told.entries[0]), .withdraw(told.entries[1]), .warn(tornado, replacing: nil),
            ])
        var downgraded = watch
        downgraded.severity = .minor
        #expect(
            Self.decision.actions(notified: told, current: [storm, downgraded]) == [.withdraw(told.entries[1])])
    }

    @Test("the file reads back what was written")
    func roundTrip() {
        let told = NotifiedWarnings(entries: [
            Self.told(Self.alert("urn:oid:2.49.0.1.840.0.a"), as: 12),
            Self.told(Self.alert("b", event: "Sturmböen ⚠"), as: UInt32.max),
        ])
        #expect(NotifiedWarnings(fileContents: told.fileContents, now: Self.now) == told)
        #expect(
            String(decoding: told.fileContents, as: UTF8.self).hasPrefix(
                "weather notified 2\nwarning\t12\t4f6c2b9e0d1a4c3b8e7f6a5d4c3b2a19/:1.42\t"))
        var unknown = told
        unknown.entries[0].server = nil
        #expect(
            NotifiedWarnings(fileContents: unknown.fileContents, now: Self.now) == unknown, "- reads back as unknown")
    }

    @Test("a file of the first format, whose lines name no server, is read with every server unknown")
    func firstFormat() {
        let at = String(Int(Self.now.secondsSince1970) - 60)
        let text =
            "weather notified 1\n"
            + ["warning", "3", at, "0123456789abcdef", "Flood Watch", "w"].joined(separator: "\t")
        let read = NotifiedWarnings(fileContents: Array(text.utf8), now: Self.now)
        #expect(read.entries.map(\.warningID) == ["w"])
        #expect(read.entries.map(\.server) == [nil])
        #expect(read.entries.first?.shown.isOwn(on: Self.server) == false, "never closed or replaced")
    }

    @Test("a line's server is a bus's identifier and a unique name, or - for unknown; anything else is no line")
    func servers() {
        let at = String(Int(Self.now.secondsSince1970) - 60)
        func read(_ server: String) -> [NotificationServerIdentity?]? {
            let line = ["warning", "3", server, at, "0123456789abcdef", "Flood Watch", "w"].joined(separator: "\t")
            let entries = NotifiedWarnings(fileContents: Array(("weather notified 2\n" + line).utf8), now: Self.now)
                .entries
            return entries.isEmpty ? nil : entries.map(\.server)
        }
        #expect(read("4f6c2b9e0d1a4c3b8e7f6a5d4c3b2a19/:1.42") == [Self.server])
        #expect(read("-") == [nil])
        for hostile in [
            "", "4f6c2b9e0d1a4c3b8e7f6a5d4c3b2a19", "4f6c2b9e0d1a4c3b8e7f6a5d4c3b2a19/1.42",
            "4F6C2B9E0D1A4C3B8E7F6A5D4C3B2A19/:1.42", "4f6c/:1.42", "4f6c2b9e0d1a4c3b8e7f6a5d4c3b2a19/:1.42 x",
            "4f6c2b9e0d1a4c3b8e7f6a5d4c3b2a19/:" + String(repeating: "1", count: 255),
        ] {
            #expect(read(hostile) == nil, "\(hostile)")
        }
    }

    @Test("a hostile file: no header, damaged lines, times from the future, repeats, too many entries")
    func hostileFile() {
        func read(_ text: String) -> [String] {
            NotifiedWarnings(fileContents: Array(text.utf8), now: Self.now).entries.map(\.warningID)
        }
        let at = String(Int(Self.now.secondsSince1970) - 60)
        let future = String(Int(Self.now.secondsSince1970) + 3600)
        func line(
            _ id: String, _ notification: String = "5", at moment: String = at, print: String = "0123456789abcdef"
        )
            -> String
        {
            ["warning", notification, moment, print, "Event", id].joined(separator: "\t") + "\n"
        }
        #expect(read(line("a")).isEmpty, "no header: none")
        #expect(read("weather notified 3\n" + line("a")).isEmpty, "another format: none")
        #expect(
            read("weather notified 2\n" + line("a")).isEmpty, "a line of the first format under the second's header")
        let header = "weather notified 1\n"
        #expect(read(header + line("a") + line("b")) == ["a", "b"])
        #expect(read(header + line("a", at: future) + line("b")) == ["b"], "sent in the future: not read")
        #expect(read(header + line("a", "0") + line("b", "-1") + line("c", "4294967296") + line("d")) == ["d"])
        #expect(read(header + line("a", print: "0123") + line("b", print: "0123456789ABCDEF") + line("c")) == ["c"])
        #expect(read(header + line("a") + line("a") + "garbage\n\t\t\t\n" + line("")) == ["a"])
        #expect(read(header + line(String(repeating: "x", count: 301)) + line("y")) == ["y"])
        #expect(read(header + (0..<100).map { line("w\($0)") }.joined()).count == NotifiedWarnings.mostEntries)
        let printable = NotifiedWarnings(fileContents: Array((header + line("a\u{1B}[2J\u{202E}")).utf8), now: Self.now)
        #expect(printable.entries.map(\.warningID) == ["a\u{FFFD}[2J"])
    }

    @Test("the fingerprint is the same in every run, and changes with what a notification says")
    func fingerprint() {
        let storm = Self.alert("s")
        // FNV-1a of "Event s", "severe", "", "Go inside.", "", "1791482400", "", each followed by 0xFF.
        #expect(Fingerprint.of(storm) == 0x372c_5488_651b_20c1)
        var moved = storm
        moved.instruction = "Go inside now."
        #expect(Fingerprint.of(moved) != Fingerprint.of(storm))
        #expect(Fingerprint.hex(1) == "0000000000000001")
    }

    @Test("rain soon is told with notify all only, within 30 minutes of a dry now, once a spell")
    func rain() {
        let all = NotificationDecision(setting: .all)
        let now = Self.now
        func starting(in minutes: Double, for length: Double = 30) -> RainSoon {
            RainSoon(
                kind: .starting, startsAt: now + minutes * 60, endsAt: now + (minutes + length) * 60, until: nil,
                snow: false)
        }
        #expect(Self.decision.rainAction(notified: NotifiedWarnings(), soon: starting(in: 20), now: now) == nil)
        #expect(
            NotificationDecision(setting: .off).rainAction(notified: .init(), soon: starting(in: 20), now: now) == nil)
        #expect(all.rainAction(notified: NotifiedWarnings(), soon: starting(in: 20), now: now) != nil)
        #expect(all.rainAction(notified: NotifiedWarnings(), soon: starting(in: 31), now: now) == nil)
        #expect(all.rainAction(notified: NotifiedWarnings(), soon: nil, now: now) == nil)
        let raining = RainSoon(kind: .stopping, startsAt: nil, endsAt: now + 600, until: nil, snow: false)
        #expect(all.rainAction(notified: NotifiedWarnings(), soon: raining, now: now) == nil, "it rains already")
        // Told of a spell that ends in 40 minutes: not again, however its start moved; after it, again.
        let told = NotifiedWarnings.Entry(
            warningID: NotificationDecision.rainID, notificationID: 7, server: Self.server, at: now - 300,
            fingerprint: UInt64(now.secondsSince1970 + 2400), event: "rain")
        let state = NotifiedWarnings(entries: [told])
        #expect(all.rainAction(notified: state, soon: starting(in: 10), now: now) == nil)
        #expect(
            all.rainAction(notified: state, soon: starting(in: 10), now: now + 2400)
                == .rain(starting(in: 10), replacing: told))
        // The warnings' decision leaves the rain entry alone: never withdrawn as a warning gone.
        #expect(all.actions(notified: state, current: []).isEmpty)
    }

    @Test("notify all: the air turning poor once an episode, withdrawn when it ends; high pollen once a day")
    func supplements() {
        let now = Self.now
        let all = NotificationDecision(setting: .all)
        var poor = AirQuality(scale: .european, latitude: 52.52, longitude: 13.41, updatedAt: now)
        (poor.index, poor.pollen) = (61, [.birch: 120, .grass: 60])
        var settings = Settings.defaults
        let notices = poor.notices(settings: settings, day: 20_600)
        #expect(notices.map(\.key) == ["air-poor", "pollen-birch", "pollen-grass"])
        #expect(notices.first?.summary == "Air: poor (European AQI 61)" && notices.first?.episode == true)
        settings.pollen = ["grass"]
        #expect(poor.notices(settings: settings, day: 20_600).map(\.key) == ["air-poor", "pollen-grass"])
        #expect(Self.decision.supplementActions(notified: NotifiedWarnings(), notices: notices).isEmpty)
        #expect(all.supplementActions(notified: NotifiedWarnings(), notices: notices).count == 3)
        func entry(_ key: String, _ once: UInt64, _ kind: String) -> NotifiedWarnings.Entry {
            NotifiedWarnings.Entry(
                warningID: NotificationDecision.supplementPrefix + key, notificationID: 9, server: Self.server,
                at: now, fingerprint: once, event: kind)
        }
        let told = NotifiedWarnings(entries: [
            entry("air-poor", 0, "episode"), entry("pollen-birch", 20_600, "daily"),
            entry("pollen-grass", 20_599, "daily"),
        ])
        // Told already: the episode and today's birch; yesterday's grasses told again, in place.
        #expect(
            all.supplementActions(notified: told, notices: notices)
                == [.supplement(notices[2], replacing: told.entries[2])])
        // The air better: its notification withdrawn, so that the next episode is told; the pollen's kept.
        #expect(all.supplementActions(notified: told, notices: []) == [.withdraw(told.entries[0])])
        // The warnings' decision leaves them alone.
        #expect(all.actions(notified: told, current: []).isEmpty)
    }
}
