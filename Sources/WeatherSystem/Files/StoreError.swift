import WeatherModel

/// A saved file that cannot be read or written.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The system refused a read or write.
    case file(FileError)
    /// The file exists but does not hold what we wrote.
    case corrupt(path: String, reason: String, remedy: String)

    /// `error` of a read or write; a damaged file (`FileError.isDamage`) said so, with `remedy`.
    package init(_ error: FileError, remedy: WeatherStore.Remedy) {
        self = error.isDamage ? .corrupt(path: error.path, reason: error.reason, remedy: remedy.text) : .file(error)
    }

    public var description: String {
        switch self {
        case .file(let error): error.description
        case .corrupt(let path, let reason, let remedy):
            tr("%1$s is damaged (%2$s); %3$s", path, reason.printable, remedy)
        }
    }
}
