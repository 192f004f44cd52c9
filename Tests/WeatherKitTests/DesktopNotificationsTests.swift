import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// The freedesktop Notifications interface through sd-bus, against a real notification server (dunst on
/// a private session bus: `NotificationServer`), whose own history says what it received.
@Suite("Desktop notifications over the session bus, on a real notification server", .serialized)
struct DesktopNotificationsTests {
    static let storm = DesktopNotification(
        summary: "⚠ Severe Thunderstorm Warning, Springfield", body: "Until 12:45\nGo inside.",
        icon: "weather-severe-alert", urgency: .critical)

    @Test("a notification is shown as sent, replaced in place under its identifier, and closed")
    func showReplaceClose() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let server = try NotificationServer(in: sandbox)
        let desktop = DesktopNotifications(environment: Environment(["DBUS_SESSION_BUS_ADDRESS": server.address]))
        var advisory = DesktopNotification(
            summary: "⚠ Wind Advisory, A & B", body: "Until 13:00\nTie down <loose> objects & stay inside.",
            icon: "weather-severe-alert", urgency: .normal)
        let delivered = desktop.deliver([.show(Self.storm), .show(advisory)], before: Deadline(seconds: 10))
        #expect(delivered.problem == nil)
        let shown = delivered.shown.compactMap { $0 }
        let ids = shown.map(\.id)
        #expect(ids.count == 2 && ids[0] != ids[1], "\(delivered)")
        #expect(shown[0].server != nil && shown[0].server == shown[1].server, "each with the server that gave it")
        #expect(try server.displayed() == 2)

        advisory.body = "Until 14:00\nStay inside."
        advisory.replaces = shown[1]
        let replaced = desktop.deliver([.show(advisory), .close(shown[0])], before: Deadline(seconds: 10))
        #expect(replaced == NotificationDelivery(shown: [shown[1], shown[0]]))
        #expect(try server.displayed() == 1, "replaced, and the other closed")
        #expect(try server.history(closingAll: false).map(\.id) == [Int(ids[0])], "the closed one")

        let received = try server.history()
        #expect(
            received.map { [$0.appName, $0.summary, $0.body, $0.urgency] } == [
                ["weather", "⚠ Wind Advisory, A & B", "Until 14:00\nStay inside.", "normal"],
                ["weather", "⚠ Severe Thunderstorm Warning, Springfield", "Until 12:45\nGo inside.", "critical"],
            ], "\(received)")
        #expect(received.map(\.id) == [Int(ids[1]), Int(ids[0])])
    }

    @Test("a server that reads markup gets the body escaped: what it shows is the text as sent")
    func markupEscaped() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let server = try NotificationServer(in: sandbox)
        let desktop = DesktopNotifications(environment: Environment(["DBUS_SESSION_BUS_ADDRESS": server.address]))
        var notification = Self.storm
        notification.body = "Tie down <b>loose</b> objects & stay inside."
        #expect(desktop.deliver([.show(notification)], before: Deadline(seconds: 10)).problem == nil)
        let received = try #require(try server.history().first)
        #expect(received.body == "Tie down &lt;b&gt;loose&lt;/b&gt; objects &amp; stay inside.")
    }

    @Test(
        "another program's notification is neither closed nor replaced, whichever server or session its number names",
        arguments: ["unknown", "another bus", "another server"])
    func foreign(server named: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let server = try NotificationServer(in: sandbox)
        let desktop = DesktopNotifications(environment: Environment(["DBUS_SESSION_BUS_ADDRESS": server.address]))
        let own = try #require(desktop.deliver([.show(Self.storm)], before: Deadline(seconds: 10)).shown.first ?? nil)
        let current = try #require(own.server)
        // Another client's notification on the same server: its number, as a planted or stale line names it.
        let other = try server.notifyAsAnotherProgram(summary: "Meeting in 5 minutes", body: "Room 3")
        let identity =
            switch named {
            case "unknown": nil as NotificationServerIdentity?
            case "another bus":
                NotificationServerIdentity(busID: String(repeating: "e", count: 32), uniqueName: current.uniqueName)
            default: NotificationServerIdentity(busID: current.busID, uniqueName: ":1.9999")
            }
        let foreign = ShownNotification(id: other, server: identity)
        var replacement = Self.storm
        replacement.summary = "⚠ Replaced"
        replacement.replaces = foreign
        let delivery = desktop.deliver([.close(foreign), .show(replacement)], before: Deadline(seconds: 10))
        #expect(delivery.shown.first == .some(nil), "no close sent")
        let new = try #require(delivery.shown.last ?? nil)
        #expect(new.id != other, "sent as a new notification")
        #expect(try server.displayed() == 3)
        let received = try server.history()
        #expect(received.first { $0.id == Int(other) }?.summary == "Meeting in 5 minutes", "\(received)")
        #expect(received.first { $0.id == Int(new.id) }?.summary == "⚠ Replaced", "\(received)")
    }

    @Test("a server that cannot say what it can do may read markup: the body is escaped all the same")
    func capabilitiesUnknown() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let server = try NotificationServer(in: sandbox, denying: ["GetCapabilities"])
        let desktop = DesktopNotifications(environment: Environment(["DBUS_SESSION_BUS_ADDRESS": server.address]))
        var notification = Self.storm
        notification.body = "Tie down <b>loose</b> objects & stay inside."
        #expect(desktop.deliver([.show(notification)], before: Deadline(seconds: 10)).problem == nil)
        let received = try #require(try server.history().first)
        #expect(received.body == "Tie down &lt;b&gt;loose&lt;/b&gt; objects &amp; stay inside.")
    }

    @Test("plain text only for a server that listed what it can do without body-markup; a list past 64 says nothing")
    func capabilityLists() {
        #expect(!DesktopNotifications.readsMarkup(capabilities: ["body", "actions"]))
        #expect(DesktopNotifications.readsMarkup(capabilities: ["body", "body-markup"]))
        #expect(DesktopNotifications.readsMarkup(capabilities: nil))
        func read(_ items: [SessionBus.ListItem]) -> [String]? {
            var left = items[...]
            return SessionBus.capabilities { left.popFirst() ?? .end }
        }
        #expect(read([.name("body"), .end]) == ["body"])
        #expect(read([]) == [])
        #expect(read([.name("body"), .unusable]) == nil)
        let names = (1...64).map { SessionBus.ListItem.name("x-\($0)") }
        #expect(read(names + [.end])?.count == 64)
        #expect(read(names + [.name("body"), .end]) == nil, "65 names: not a list a server means")
    }

    @Test("no session bus, or no server on it: each request undelivered, and why in one line")
    func unreachable() throws {
        let nowhere = DesktopNotifications(environment: Environment(["XDG_RUNTIME_DIR": "/nonexistent"]))
        let none = nowhere.deliver(
            [.show(Self.storm), .close(ShownNotification(id: 3, server: nil))], before: Deadline(seconds: 10))
        #expect(none.shown == [nil, nil])
        #expect(
            none.problem
                == "no session bus (DBUS_SESSION_BUS_ADDRESS is unset and there is no $XDG_RUNTIME_DIR/bus)")

        let sandbox = try Sandbox(at: .fixtures)
        let bus = try NotificationServer(in: sandbox, withServer: false)
        let lonely = DesktopNotifications(environment: Environment(["DBUS_SESSION_BUS_ADDRESS": bus.address]))
        let unheard = lonely.deliver([.show(Self.storm)], before: Deadline(seconds: 10))
        #expect(
            unheard
                == NotificationDelivery(shown: [nil], problem: "no notification server is running on the session bus")
        )

        let closed = DesktopNotifications(
            environment: Environment(["DBUS_SESSION_BUS_ADDRESS": "unix:path=" + sandbox.root + "/no-bus"]))
        let refused = closed.deliver([.show(Self.storm)], before: Deadline(seconds: 10))
        #expect(refused.shown == [nil])
        #expect(refused.problem?.hasPrefix("cannot connect to the session bus: ") == true, "\(refused)")
        #expect(refused.problem?.contains("\n") == false)
    }

    @Test("the session bus found as sd-bus finds it: the variable, else $XDG_RUNTIME_DIR/bus, escaped")
    func address() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let runtime = sandbox.root + "/run time"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        #expect(DesktopNotifications(environment: Environment(["XDG_RUNTIME_DIR": runtime])).sessionBusAddress == nil)
        _ = FileManager.default.createFile(atPath: runtime + "/bus", contents: nil)
        let found = DesktopNotifications(environment: Environment(["XDG_RUNTIME_DIR": runtime])).sessionBusAddress
        #expect(found == "unix:path=" + sandbox.root + "/run%20time/bus")
        let named = Environment(["XDG_RUNTIME_DIR": runtime, "DBUS_SESSION_BUS_ADDRESS": "unix:abstract=x"])
        #expect(DesktopNotifications(environment: named).sessionBusAddress == "unix:abstract=x")
        #expect(DesktopNotifications(environment: Environment(["XDG_RUNTIME_DIR": "run"])).sessionBusAddress == nil)
    }
}
