import Synchronization
import WeatherModel

/// A message posted to observers: the shape of Foundation's `Notification`.
package struct Notification: Sendable {
    /// The name observers subscribe to.
    package struct Name: Hashable, Sendable, RawRepresentable {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package init(_ rawValue: String) { self.rawValue = rawValue }
    }

    package let name: Name
    /// The result the notification is about, for `WeatherUpdated` the new `WeatherResult`.
    package let object: (any Sendable)?
}

/// Delivers notifications to observers on the posting thread, like Foundation's `NotificationCenter`.
///
/// weather keeps Foundation out of the binary (its start-up alone costs more than `weather show` may;
/// see docs/performance.md, "Fast path"), so it brings this one class with the same calls instead.
package final class NotificationCenter: Sendable {
    /// The process's notification center. Process-wide, as Foundation's: where the fetcher of the context
    /// `main` builds posts `WeatherUpdated`, and `watch`'s printer observes it (a test's context has its own).
    package static let `default` = NotificationCenter()

    /// Returned by `addObserver`; pass it to `removeObserver` to stop observing.
    package struct ObserverToken: Hashable, Sendable {
        fileprivate let id: Int
    }

    private struct Observer {
        let name: Notification.Name
        let block: @Sendable (Notification) -> Void
    }

    private let observers = Mutex<(next: Int, byToken: [Int: Observer])>((0, [:]))

    /// A center of its own, for a test.
    package init() {}

    /// Calls `block` for every notification named `name`, until `removeObserver` is called with the token.
    @discardableResult
    package func addObserver(
        forName name: Notification.Name, using block: @escaping @Sendable (Notification) -> Void
    ) -> ObserverToken {
        observers.withLock { state in
            state.next += 1
            state.byToken[state.next] = Observer(name: name, block: block)
            return ObserverToken(id: state.next)
        }
    }

    /// Stops the observer that `token` stands for.
    func removeObserver(_ token: ObserverToken) {
        _ = observers.withLock { $0.byToken.removeValue(forKey: token.id) }
    }

    /// Calls every observer of `name`, in the order they were added, before returning.
    package func post(name: Notification.Name, object: (any Sendable)? = nil) {
        let notification = Notification(name: name, object: object)
        let blocks = observers.withLock { state in
            state.byToken.sorted { $0.key < $1.key }.map(\.value).filter { $0.name == name }.map(\.block)
        }
        for block in blocks { block(notification) }
    }
}
