package import CSDBus
import Glibc
import WeatherModel

/// One desktop notification, as the freedesktop Notifications interface takes it (`Notify`, signature
/// `susssasa{sv}i`): texts already printable, the body plain text (escaped for a server that reads markup).
package struct DesktopNotification: Sendable, Equatable {
    /// The specification's urgency levels, sent as the `urgency` hint (a byte).
    package enum Urgency: UInt8, Sendable {
        case low = 0
        case normal = 1
        case critical = 2
    }

    /// One line: what happened and where.
    package var summary: String
    /// A few lines: when, and what to do.
    package var body: String
    /// A name from the freedesktop icon naming specification, such as `weather-severe-alert`.
    package var icon: String
    package var urgency: Urgency
    /// The notification this one replaces in place, when it came from the server now on the bus; `nil`
    /// for a new one.
    package var replaces: ShownNotification?

    package init(
        summary: String, body: String, icon: String, urgency: Urgency, replaces: ShownNotification? = nil
    ) {
        self.summary = summary
        self.body = body
        self.icon = icon
        self.urgency = urgency
        self.replaces = replaces
    }
}

/// What a run asks of the notification server.
package enum NotificationRequest: Sendable, Equatable {
    /// Shows a notification (or replaces one, by `DesktopNotification.replaces`).
    case show(DesktopNotification)
    /// Withdraws a notification, when it came from the server now on the bus.
    case close(ShownNotification)
}

/// What the server did with a run's requests.
package struct NotificationDelivery: Sendable, Equatable {
    /// For each request in order: the notification the server showed (its identifier and the server), or
    /// the one it was asked to close; `nil` where the request failed or was not sent (a notification to
    /// close that came from another server, or from before this session, is not).
    package var shown: [ShownNotification?]
    /// Why some request was not delivered, in one line for the run's output: no session bus, no
    /// notification server...; `nil` when all were.
    package var problem: String?

    package init(shown: [ShownNotification?], problem: String? = nil) {
        self.shown = shown
        self.problem = problem
    }
}

/// Where a run's desktop notifications go: the user's notification server (`DesktopNotifications`), or a
/// test's double.
package protocol DesktopNotifier: Sendable {
    /// Sends `requests` in order, all within `deadline` (a moment of grace when it has passed). A request
    /// acts on a notification shown before (closes it, replaces it) only when that one came from the server
    /// now on the bus, in this session (`ShownNotification.isOwn(on:)`); otherwise a replacement is sent as
    /// a new notification, and a close is not sent.
    func deliver(_ requests: [NotificationRequest], before deadline: Deadline) -> NotificationDelivery
}

/// The freedesktop Notifications interface (`org.freedesktop.Notifications` at
/// `/org/freedesktop/Notifications`) on the user's session bus, through libsystemd's sd-bus, which is
/// opened with dlopen only when a notification is due (`SessionBusLibrary`): `weather show` never loads
/// it, nor does a run with nothing to say. Nothing to install on a systemd desktop; without a session bus,
/// libsystemd or a notification server, the delivery says why in one line and the run goes on.
package struct DesktopNotifications: DesktopNotifier {
    /// The run's variables: where the session bus is.
    package let environment: Environment

    /// The notifications of a run with `environment`.
    package init(environment: Environment) {
        self.environment = environment
    }

    package static let destination = "org.freedesktop.Notifications"
    static let objectPath = "/org/freedesktop/Notifications"
    /// The name the server shows and sorts notifications by.
    static let applicationName = "weather"
    /// A call gets at least this long, even when the run's budget is spent: a notification is worth the
    /// moment, and no run exceeds its budget by more than a second.
    package static let grace = 0.5

    /// The user's session bus, as `sd_bus_open_user` finds it (from the run's environment, not the
    /// process's, which a test's differs from): `DBUS_SESSION_BUS_ADDRESS`, else the socket
    /// `$XDG_RUNTIME_DIR/bus` when there is one; `nil` without either. Known without loading anything.
    var sessionBusAddress: String? {
        if let address = environment.nonEmpty("DBUS_SESSION_BUS_ADDRESS") { return address }
        guard let runtime = environment.nonEmpty("XDG_RUNTIME_DIR"), runtime.hasPrefix("/"),
            FileIO.exists(runtime + "/bus")
        else { return nil }
        return "unix:path=" + Self.escapedAddressValue(runtime + "/bus")
    }

    /// A value as D-Bus addresses write it: bytes other than letters, digits and `-_/.\*` as `%XX`.
    static func escapedAddressValue(_ value: String) -> String {
        var escaped = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"),
                UInt8(ascii: "."), UInt8(ascii: "\\"), UInt8(ascii: "*"):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789abcdef".unicodeScalars)
                escaped.unicodeScalars.append("%")
                escaped.unicodeScalars.append(digits[Int(byte >> 4)])
                escaped.unicodeScalars.append(digits[Int(byte & 0x0F)])
            }
        }
        return escaped
    }

    /// Whether a server that answered `GetCapabilities` with `capabilities` (`nil`: it failed, or its
    /// answer was not a list of at most `SessionBus.mostCapabilities` names) may read markup in a body:
    /// unless it answered and left out `body-markup`, it may, and the body is escaped.
    static func readsMarkup(capabilities: [String]?) -> Bool {
        capabilities?.contains("body-markup") ?? true
    }

    package func deliver(_ requests: [NotificationRequest], before deadline: Deadline) -> NotificationDelivery {
        var delivery = NotificationDelivery(shown: Array(repeating: nil, count: requests.count))
        guard !requests.isEmpty else { return delivery }
        guard let address = sessionBusAddress else {
            delivery.problem = tr(
                "no session bus (DBUS_SESSION_BUS_ADDRESS is unset and there is no $XDG_RUNTIME_DIR/bus)")
            return delivery
        }
        let library: SessionBusLibrary
        switch SessionBusLibrary.shared {
        case .success(let loaded): library = loaded
        case .failure(let problem):
            delivery.problem = problem
            return delivery
        }
        let end = MonotonicInstant.now().seconds + max(deadline.remaining, Self.grace)
        do throws(SessionBusError) {
            let bus = try SessionBus(library: library, address: address)
            let showing = requests.contains { if case .show = $0 { true } else { false } }
            // A server that reads markup in the body would take a "<" of a warning's text for a tag: the
            // body goes plain only to a server that said what it can do and did not say that.
            let markup = showing && Self.readsMarkup(capabilities: try? bus.capabilities(until: end))
            // The server now on the bus, asked only when a request would act on a notification shown before.
            let acting = requests.contains { request in
                switch request {
                case .show(let notification): notification.replaces != nil
                case .close: true
                }
            }
            let current = acting ? bus.notificationServer(until: end) : nil
            for (index, request) in requests.enumerated() {
                switch request {
                case .show(var notification):
                    if markup { notification.body = notification.body.markupEscaped }
                    // Another server's identifier, or one from before this session, may be another
                    // program's notification by now: a new one instead.
                    if notification.replaces?.isOwn(on: current) != true { notification.replaces = nil }
                    delivery.shown[index] = try bus.notify(notification, until: end)
                case .close(let shown):
                    guard shown.isOwn(on: current) else { continue }
                    // A notification the user or the server closed already is gone all the same.
                    try? bus.close(shown.id, until: end)
                    delivery.shown[index] = shown
                }
            }
        } catch {
            delivery.problem = error.description
        }
        return delivery
    }
}

/// Why sd-bus could not do what was asked, in words for the run's line.
package struct SessionBusError: Error, CustomStringConvertible {
    /// The D-Bus error's name, when the peer sent one (`org.freedesktop.DBus.Error.ServiceUnknown`).
    package var name: String?
    package var description: String

    /// The error of a call that returned `code` (a negative errno) and filled `error`.
    package init(code: Int32, error: weather_sd_bus_error) {
        let name = error.name.map { String(cString: $0) }
        self.name = name
        switch name {
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            description = tr("no notification server is running on the session bus")
        case "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Timeout":
            description = tr("the notification server did not answer in time")
        default:
            let said = error.message.flatMap { String(validatingCString: $0)?.oneLine(maximumLength: 200) }
            description = said ?? Self.reason(code)
        }
    }

    package init(_ description: String) {
        self.description = description
    }

    /// strerror's words for a negative errno.
    package static func reason(_ code: Int32) -> String {
        -code == ETIMEDOUT
            ? tr("the notification server did not answer in time") : String(cString: strerror(-code))
    }
}

/// libsystemd, opened with dlopen when a notification is due: the first one pays for loading it.
package final class SessionBusLibrary: @unchecked Sendable {
    /// The name libsystemd goes by since systemd 209.
    package static let name = "libsystemd.so.0"

    /// The table of functions; written once, before the instance is shared, and only read after.
    package let api: weather_sd_bus_api

    private init(api: weather_sd_bus_api) {
        self.api = api
    }

    /// A library opened, or why none could be (see `CurlLibrary.Loading`, which this follows).
    package enum Loading {
        case success(SessionBusLibrary)
        case failure(String)
    }

    /// The loaded library, or why there is none. Loaded once per process, on first use.
    package static let shared = load(name)

    package static func load(_ name: String) -> Loading {
        var api = weather_sd_bus_api()
        if let problem = weather_sd_bus_load(name, &api) {
            return .failure(
                tr("libsystemd is not installed (%s)", String(cString: problem).oneLine(maximumLength: 200) ?? name))
        }
        return .success(SessionBusLibrary(api: api))
    }
}

/// A connection to the user's session bus, closed (after its messages are flushed) when released.
final class SessionBus {
    private let library: SessionBusLibrary
    private let bus: UnsafeMutableRawPointer

    /// Connects to the bus at `address` as a client, as `sd_bus_open_user` does.
    package init(library: SessionBusLibrary, address: String) throws(SessionBusError) {
        self.library = library
        let api = library.api
        var created: UnsafeMutableRawPointer?
        let code = api.new_bus(&created)
        guard code >= 0, let created else {
            throw SessionBusError(tr("cannot connect to the session bus: %s", SessionBusError.reason(code)))
        }
        bus = created
        var status = api.set_address(created, address)
        if status >= 0 { status = api.set_bus_client(created, 1) }
        if status >= 0 { status = api.start(created) }
        guard status >= 0 else {
            throw SessionBusError(tr("cannot connect to the session bus: %s", SessionBusError.reason(status)))
        }
    }

    deinit {
        _ = library.api.flush_close_unref(bus)
    }

    /// The bus's identifier, once asked.
    private var busID: String?

    /// The bus's own identifier (`org.freedesktop.DBus.GetId`): new each time a bus starts. Asked once.
    package func identifier(until end: Double) throws(SessionBusError) -> String {
        if let busID { return busID }
        let message = try newCall("GetId", on: Self.busDestination)
        defer { _ = library.api.message_unref(message) }
        let reply = try call(message, until: end)
        defer { _ = library.api.message_unref(reply) }
        var text: UnsafePointer<CChar>?
        guard library.api.message_read_basic(reply, Self.type("s"), &text) > 0, let text else {
            throw SessionBusError(code: -EBADMSG, error: weather_sd_bus_error())
        }
        let read = String(cString: text)
        busID = read
        return read
    }

    /// The notification server now on the bus, in this session: the unique name that owns
    /// `org.freedesktop.Notifications` (`GetNameOwner`, which starts no server) on this bus; `nil` when none
    /// does, or either cannot be asked.
    func notificationServer(until end: Double) -> NotificationServerIdentity? {
        guard let busID = try? identifier(until: end),
            let message = try? newCall("GetNameOwner", on: Self.busDestination)
        else { return nil }
        defer { _ = library.api.message_unref(message) }
        guard library.api.message_append_basic(message, Self.type("s"), DesktopNotifications.destination) >= 0,
            let reply = try? call(message, until: end)
        else { return nil }
        defer { _ = library.api.message_unref(reply) }
        var text: UnsafePointer<CChar>?
        guard library.api.message_read_basic(reply, Self.type("s"), &text) > 0, let text else { return nil }
        return NotificationServerIdentity(busID: busID, uniqueName: String(cString: text))
    }

    /// The most capabilities read from a server's answer: the specification names a dozen.
    static let mostCapabilities = 64

    /// What the server can do (`GetCapabilities`): `body-markup` among them when it reads markup in bodies.
    /// `nil` when the answer is not a list of at most `mostCapabilities` names, which says nothing.
    func capabilities(until end: Double) throws(SessionBusError) -> [String]? {
        let message = try newCall("GetCapabilities")
        defer { _ = library.api.message_unref(message) }
        let reply = try call(message, until: end)
        defer { _ = library.api.message_unref(reply) }
        guard library.api.message_enter_container(reply, Self.type("a"), "s") > 0 else { return nil }
        return Self.capabilities {
            var text: UnsafePointer<CChar>?
            let read = library.api.message_read_basic(reply, Self.type("s"), &text)
            return read > 0 ? text.map { .name(String(cString: $0)) } ?? .unusable : read == 0 ? .end : .unusable
        }
    }

    /// One step of reading a list from an answer.
    enum ListItem: Equatable {
        case name(String)
        /// The list ended.
        case end
        /// What came is not a name.
        case unusable
    }

    /// The names `next` reads one by one until the list ends; `nil` when an item is not a name, or there
    /// are more than `mostCapabilities`: a server's list, read up to a bound, so that nothing it sends may
    /// keep the run.
    static func capabilities(reading next: () -> ListItem) -> [String]? {
        var capabilities: [String] = []
        while true {
            switch next() {
            case .end: return capabilities
            case .unusable: return nil
            case .name(let name):
                guard capabilities.count < mostCapabilities else { return nil }
                capabilities.append(name)
            }
        }
    }

    /// Shows `notification` (`Notify`); the identifier the server gave it, with the server that answered
    /// (the reply's sender, on this bus; `nil` when either cannot be known).
    package func notify(_ notification: DesktopNotification, until end: Double) throws(SessionBusError)
        -> ShownNotification
    {
        let message = try newCall("Notify")
        defer { _ = library.api.message_unref(message) }
        let api = library.api
        var replaces = notification.replaces?.id ?? 0
        var urgency = notification.urgency.rawValue
        var timeout: Int32 = -1  // the server's own for the urgency
        var status: Int32 = 0
        func check(_ code: Int32) { if status >= 0, code < 0 { status = code } }
        check(api.message_append_basic(message, Self.type("s"), DesktopNotifications.applicationName))
        check(api.message_append_basic(message, Self.type("u"), &replaces))
        check(api.message_append_basic(message, Self.type("s"), notification.icon))
        check(api.message_append_basic(message, Self.type("s"), notification.summary))
        check(api.message_append_basic(message, Self.type("s"), notification.body))
        check(api.message_open_container(message, Self.type("a"), "s"))
        check(api.message_close_container(message))
        check(api.message_open_container(message, Self.type("a"), "{sv}"))
        check(api.message_open_container(message, Self.type("e"), "sv"))
        check(api.message_append_basic(message, Self.type("s"), "urgency"))
        check(api.message_open_container(message, Self.type("v"), "y"))
        check(api.message_append_basic(message, Self.type("y"), &urgency))
        check(api.message_close_container(message))
        check(api.message_close_container(message))
        check(api.message_close_container(message))
        check(api.message_append_basic(message, Self.type("i"), &timeout))
        guard status >= 0 else {
            throw SessionBusError(tr("cannot build the notification: %s", SessionBusError.reason(status)))
        }
        let reply = try call(message, until: end)
        defer { _ = library.api.message_unref(reply) }
        var id: UInt32 = 0
        guard api.message_read_basic(reply, Self.type("u"), &id) > 0 else {
            throw SessionBusError(tr("the notification server's answer is not a notification's identifier"))
        }
        let sender = api.message_get_sender(reply).flatMap { String(validatingCString: $0) }
        let server = try? sender.flatMap {
            NotificationServerIdentity(busID: try identifier(until: end), uniqueName: $0)
        }
        return ShownNotification(id: id, server: server ?? nil)
    }

    /// Withdraws the notification `id` (`CloseNotification`).
    package func close(_ id: UInt32, until end: Double) throws(SessionBusError) {
        let message = try newCall("CloseNotification")
        defer { _ = library.api.message_unref(message) }
        var id = id
        let code = library.api.message_append_basic(message, Self.type("u"), &id)
        guard code >= 0 else { throw SessionBusError(code: code, error: weather_sd_bus_error()) }
        _ = library.api.message_unref(try call(message, until: end))
    }

    /// Where a call goes: a name, its object and interface.
    package struct Destination: Sendable {
        package var name: String
        package var path: String
        var interface: String
    }

    /// The Notifications interface.
    package static let notifications = Destination(
        name: DesktopNotifications.destination, path: DesktopNotifications.objectPath,
        interface: DesktopNotifications.destination)
    /// The bus itself.
    static let busDestination = Destination(
        name: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus")

    /// A new call of `member` on `destination` (the Notifications interface).
    private func newCall(_ member: String, on destination: Destination = notifications) throws(SessionBusError)
        -> UnsafeMutableRawPointer
    {
        var message: UnsafeMutableRawPointer?
        let code = library.api.message_new_method_call(
            bus, &message, destination.name, destination.path, destination.interface, member)
        guard code >= 0, let message else { throw SessionBusError(code: code, error: weather_sd_bus_error()) }
        return message
    }

    /// Sends `message` and waits for its reply until `end` on the monotonic clock.
    private func call(_ message: UnsafeMutableRawPointer, until end: Double) throws(SessionBusError)
        -> UnsafeMutableRawPointer
    {
        let left = end - MonotonicInstant.now().seconds
        guard left > 0 else { throw SessionBusError(tr("no time was left in the run's budget")) }
        var error = weather_sd_bus_error()
        defer { library.api.error_free(&error) }
        var reply: UnsafeMutableRawPointer?
        let code = library.api.call(bus, message, UInt64(left * 1_000_000), &error, &reply)
        guard code >= 0, let reply else { throw SessionBusError(code: code, error: error) }
        return reply
    }

    /// A D-Bus type code as sd-bus takes it: a C `char`.
    private static func type(_ code: Unicode.Scalar) -> CChar {
        CChar(bitPattern: UInt8(ascii: code))
    }
}
