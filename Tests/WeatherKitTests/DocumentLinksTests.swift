import Foundation
import TestSupport
import Testing

/// Every relative link of the repository's Markdown (README.md, CONTRIBUTING.md, docs/, Fixtures/, ...) leads
/// to a file that exists and, with a `#fragment`, to a heading of it, named as GitHub names headings. Prose
/// moves between files; a link left behind fails here rather than in a reader's hands.
@Suite("Links in the documents")
struct DocumentLinksTests {
    @Test("every relative link and anchor in the repository's Markdown resolves")
    func everyLinkResolves() throws {
        let documents = MarkdownLinks.documents(under: TestPaths.repository)
        #expect(documents.contains(TestPaths.repository + "/README.md"))
        #expect(documents.contains(TestPaths.repository + "/docs/design.md"))
        var checked = 0
        var broken: [String] = []
        for document in documents {
            let links = try MarkdownLinks.links(in: String(contentsOfFile: document, encoding: .utf8))
            checked += links.count
            for link in links {
                if let problem = try MarkdownLinks.problem(with: link.target, from: document) {
                    let name = String(document.dropFirst(TestPaths.repository.count + 1))
                    broken.append("\(name):\(link.line): \(link.target): \(problem)")
                }
            }
        }
        #expect(checked > 50, "only \(checked) relative links found: is the scanner still reading them?")
        #expect(broken.isEmpty, "\(broken.count) broken link(s):\n\(broken.joined(separator: "\n"))")
    }

    @Test("links are read outside code only, and headings named as GitHub names them")
    func scanner() {
        let text = """
            # Background fetch, as on iOS
            ## `weather show`'s lines: the 3 days
            ## Notes
            ## Notes
            See [a](other.md#part), ![b](pic.png "a title") and [c](https://example.org/x).
            Not `[d](code.md)`, nor:
            ```sh
            [e](fenced.md)
            ```
            [f](#notes-1) (and [g](guide.md#a-b)).
            """
        #expect(
            MarkdownLinks.links(in: text).map(\.target) == ["other.md#part", "pic.png", "#notes-1", "guide.md#a-b"])
        #expect(MarkdownLinks.links(in: text).map(\.line) == [5, 5, 10, 10])
        #expect(
            MarkdownLinks.anchors(in: text) == [
                "background-fetch-as-on-ios", "weather-shows-lines-the-3-days", "notes", "notes-1",
            ])
    }

    @Test("a missing file and a missing heading are each named as broken")
    func brokenLinks() throws {
        let folder = try TemporaryFolder()
        let document = folder.path + "/a.md"
        try "# Title\n## Two words\n".write(toFile: document, atomically: true, encoding: .utf8)
        try "# B\n".write(toFile: folder.path + "/b.md", atomically: true, encoding: .utf8)
        #expect(try MarkdownLinks.problem(with: "b.md", from: document) == nil)
        #expect(try MarkdownLinks.problem(with: "#two-words", from: document) == nil)
        #expect(try MarkdownLinks.problem(with: "a.md#title", from: folder.path + "/b.md") == nil)
        #expect(try MarkdownLinks.problem(with: "c.md", from: document) == "no such file")
        #expect(try MarkdownLinks.problem(with: "#three-words", from: document) == "no heading #three-words in a.md")
        #expect(try MarkdownLinks.problem(with: "b.md#two-words", from: document) == "no heading #two-words in b.md")
    }
}

/// The links of Markdown as GitHub renders it, enough for the repository's own documents.
enum MarkdownLinks {
    /// A link's target as written, and the line it is on (from 1).
    struct Link: Equatable {
        let target: String
        let line: Int
    }

    /// The Markdown files under `root`, outside hidden folders (`.build`, `.git`), sorted.
    static func documents(under root: String) -> [String] {
        var found: [String] = []
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        while let path = walker.nextObject() as? String {
            if (path as NSString).lastPathComponent.hasPrefix(".") {
                walker.skipDescendants()
            } else if path.hasSuffix(".md") {
                found.append(root + "/" + path)
            }
        }
        return found.sorted()
    }

    /// The lines of `text` with fenced code blocks blanked, and inline code removed unless `keepingCode`.
    static func prose(_ text: String, keepingCode: Bool = false) -> [String] {
        var fence: String? = nil
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let trimmed = line.drop(while: { $0 == " " })
            if let marker = ["```", "~~~"].first(where: { trimmed.hasPrefix($0) }) {
                if fence == nil {
                    fence = marker
                } else if fence == marker {
                    fence = nil
                }
                return ""
            }
            guard fence == nil else { return "" }
            return keepingCode ? String(line) : withoutCode(String(line))
        }
    }

    /// A line without its code spans: a run of backticks up to the next run of the same length.
    static func withoutCode(_ line: String) -> String {
        var result = ""
        var rest = Substring(line)
        while let start = rest.firstIndex(of: "`") {
            result += rest[..<start]
            let run = rest[start...].prefix(while: { $0 == "`" })
            let after = rest[run.endIndex...]
            guard let close = after.range(of: String(run)) else {
                result += run
                rest = after
                continue
            }
            rest = after[close.upperBound...]
        }
        return result + rest
    }

    /// The inline links and images of `text`, `[text](target "title")`, with absolute ones (a scheme
    /// such as `https:` or `mailto:`) left out.
    static func links(in text: String) -> [Link] {
        var links: [Link] = []
        for (index, line) in prose(text).enumerated() {
            var rest = Substring(line)
            while let opening = rest.range(of: "](") {
                var target = rest[opening.upperBound...].drop(while: { $0 == " " || $0 == "<" })
                target = target.prefix(while: { $0 != " " && $0 != ")" && $0 != ">" })
                rest = rest[opening.upperBound...]
                let scheme = target.prefix(while: { $0.isLetter })
                if !target.isEmpty && !(target.dropFirst(scheme.count).hasPrefix(":") && !scheme.isEmpty) {
                    links.append(Link(target: String(target), line: index + 1))
                }
            }
        }
        return links
    }

    /// The anchors GitHub gives the headings of `text`: the words lower-cased, punctuation dropped, each
    /// space a hyphen, and `-1`, `-2`, ... after a name already taken.
    static func anchors(in text: String) -> [String] {
        var taken: [String: Int] = [:]
        var anchors: [String] = []
        for line in prose(text, keepingCode: true) {
            let hashes = line.prefix(while: { $0 == "#" })
            guard (1...6).contains(hashes.count), line.dropFirst(hashes.count).first == " " else { continue }
            var words = line.dropFirst(hashes.count).trimmingCharacters(in: .whitespaces)
            while words.hasSuffix("#") { words = String(words.dropLast()).trimmingCharacters(in: .whitespaces) }
            let name = String(
                String.UnicodeScalarView(
                    words.lowercased().unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
                        if scalar == " " { return "-" }
                        if scalar == "-" || scalar == "_" { return scalar }
                        switch scalar.properties.generalCategory {
                        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
                            return scalar
                        default: return nil
                        }
                    }))
            let count = taken[name, default: 0]
            taken[name] = count + 1
            anchors.append(count == 0 ? name : "\(name)-\(count)")
        }
        return anchors
    }

    /// Why `target`, written in the document at `document`, leads nowhere; nil when it leads to a file (or
    /// folder) that exists and, with a fragment into Markdown, to one of its headings.
    static func problem(with target: String, from document: String) throws -> String? {
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path =
            parts[0].isEmpty
            ? document
            : URL(fileURLWithPath: (document as NSString).deletingLastPathComponent)
                .appendingPathComponent(String(parts[0])).standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: path) else { return "no such file" }
        guard parts.count == 2, path.hasSuffix(".md") else { return nil }
        let fragment = String(parts[1])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return anchors(in: text).contains(fragment)
            ? nil : "no heading #\(fragment) in \((path as NSString).lastPathComponent)"
    }
}
