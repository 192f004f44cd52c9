import ArgumentParser
import Testing
import WeatherModel
import WeatherPresentation
import WeatherSystem

@testable import WeatherCommands

/// `show` is parsed by the fast program for the forms status bars run, and by ArgumentParser for the rest,
/// both from one table of its options (`ShowOption`).
@Suite("show's two parsers")
struct ShowParsingTests {
    /// Parts of `show`'s command lines: each option in each spelling, with good and bad values, and what is
    /// not an option.
    static let parts: [[String]] = [
        ["--json"], ["-j"], ["--short"], ["-s"], ["--waybar"], ["--cached"], ["--refresh"], ["--format", "%t %c"],
        ["--format=%l"], ["--format=%y"], ["--format"], ["--units", "si"], ["--units=Imperial"], ["--units=kelvin"],
        ["--icons", "nerd"], ["--icons=none"], ["--color", "never"], ["--color=sometimes"], ["--json=yes"], ["-x"],
        ["--jsn"], ["Paris"], ["si"], ["-"], ["--"],
    ]

    /// Every command line of up to two parts, and of three of the forms status bars use, and each part after
    /// `show`.
    static var commandLines: [[String]] {
        let bars = parts.filter { ["--json", "--short", "--waybar", "--format", "--units"].contains($0[0]) }
        return [[], ["show"]] + parts + parts.map { ["show"] + $0 }
            + parts.flatMap { first in parts.map { first + $0 } }
            + bars.flatMap { first in bars.flatMap { second in bars.map { first + second + $0 } } }
    }

    /// ArgumentParser's `show` for `line`, and the request it makes; `nil` when it refuses the line.
    func parsed(_ line: [String]) -> ShowRequest? {
        guard let command = (try? WeatherCommand.parseAsRoot(line)) as? ShowCommand else { return nil }
        return command.request(format: command.format.flatMap { try? FormatString(parsing: $0) })
    }

    /// Why the fast program leaves to ArgumentParser a line ArgumentParser takes, if it does on purpose: a place
    /// (a word that is no option nor an option's value), a repeated option (the last one wins there), or a
    /// `--format` that `--waybar` shows as its warning object.
    func leftOnPurpose(_ line: [String]) -> Bool {
        let words = line.first == "show" ? Array(line.dropFirst()) : line
        var names: [String] = []
        var place = false
        var value = false
        for word in words {
            if value {
                value = false
                continue
            }
            if !word.hasPrefix("-") || word == "-" || word == "--" { place = true }
            let name = String(word.prefix { $0 != "=" })
            names.append(name == "-j" ? "--json" : name == "-s" ? "--short" : name)
            value = ["--format", "--units", "--icons", "--color"].contains(word)
        }
        let repeated = Set(names).count < names.count
        let waybarFormat = words.contains("--waybar") && words.contains("--format=%y")
        return place || repeated || waybarFormat
    }

    @Test("the fast program and ArgumentParser take the same lines as the same request, and refuse the same")
    func sameLines() {
        var taken = 0
        for line in Self.commandLines {
            let fast = ShowRequest.fast(line[...])
            let slow = parsed(line)
            if let fast {
                taken += 1
                #expect(slow == fast, "\(line)")
            } else if slow != nil {
                #expect(leftOnPurpose(line), "ArgumentParser takes \(line), the fast program refuses it")
            }
        }
        #expect(taken > 100, "the fast program takes the status bars' forms")
    }

    @Test("ArgumentParser names show's options from the table, as the fast program reads them")
    func namesFromTheTable() {
        let help = ShowCommand.helpMessage(columns: 200)
        for option in ShowOption.allCases {
            #expect(help.contains("--" + option.name), "\(option)")
            if let letter = option.letter { #expect(help.contains("-\(letter), --" + option.name), "\(option)") }
        }
    }
}
