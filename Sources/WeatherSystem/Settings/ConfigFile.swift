import WeatherModel

/// `$XDG_CONFIG_HOME/weather/config.json`: one object of settings, read only when it exists.
package enum ConfigFile {
    /// The file's settings as text, by key; empty when there is no file. `sources` brings the sources'
    /// settings, which the file may hold too.
    package static func load(_ path: String, adding sources: SettingsVisitor) throws(SettingsError)
        -> [String: String]
    {
        let bytes: [UInt8]?
        do {
            bytes = try FileIO.read(path, limit: 65_536)
        } catch {
            throw .invalidConfig(path: path, reason: error.description)
        }
        guard let bytes else { return [:] }
        return try parse(bytes, path: path, adding: sources)
    }

    /// The settings in `bytes`, the contents of the config file at `path`, as text by key.
    package static func parse(_ bytes: [UInt8], path: String, adding sources: SettingsVisitor)
        throws(SettingsError) -> [String: String]
    {
        let root: JSONReader
        do {
            root = try JSONDocument(parsing: bytes).reader
        } catch {
            throw .invalidConfig(path: path, reason: tr("not valid JSON (%s)", "\(error)"))
        }
        guard let members = try? root.members() else {
            throw .invalidConfig(path: path, reason: tr("must hold one JSON object, such as {\"timeout\": 20}"))
        }
        var values: [String: String] = [:]
        for (key, value) in members {
            guard let takesNumber = Setting.named(key, adding: sources, \.takesNumber) else {
                let known = Setting.all(adding: sources).map(\.key)
                // A typo is named as the command line names one (`Suggestion`); else the keys are listed.
                if let meant = Suggestion.closest(to: key, among: known) {
                    throw .invalidConfig(
                        path: path, reason: tr("unknown setting \"%1$s\" (did you mean \"%2$s\"?)", key, meant))
                }
                throw .invalidConfig(
                    path: path, reason: tr("unknown setting \"%1$s\" (known: %2$s)", key, known.joined(separator: ", "))
                )
            }
            switch value.kind {
            case .string: values[key] = try? value.string()
            case .number where takesNumber:
                values[key] = (try? value.int()).map { String($0) } ?? (try? value.double()).map { String($0) }
            case .null: continue
            default:
                let example = Setting.named(key, adding: sources, \.example) ?? ""
                throw .invalidConfig(
                    path: path,
                    reason: takesNumber
                        ? tr(
                            "\"%1$s\" is %2$s; it must be a number or text, such as {\"%1$s\": %3$s}", key,
                            translation(of: value.kindDescription), example)
                        : tr(
                            "\"%1$s\" is %2$s; it must be text in quotes, such as {\"%1$s\": %3$s}", key,
                            translation(of: value.kindDescription), example))
            }
        }
        return values
    }
}
