import Glibc

/// A compiled message catalogue (GNU gettext's `.mo`), read by weather itself: mapped once, then each word
/// is found through the file's own hash table, as glibc's gettext finds it, and its plural form chosen by
/// the file's `Plural-Forms`.
///
/// Why not glibc's gettext: the first word it looks up reads `/usr/share/locale/locale.alias` (about
/// 45,000 instructions, a fifth of what German costs `show` over English), and it answers from process-wide
/// state (`LANGUAGE`, the thread's messages locale) that every caller had to set and reset. A catalogue is a
/// file like any other, so each offset and length is checked against the file before it is read; a file
/// that does not hold together is not read at all (the words stay English, as glibc leaves them).
final class MessageCatalogue: @unchecked Sendable {
    private let base: UnsafeRawPointer
    private let size: Int
    /// The byte order of the file's words is the other of this machine's.
    private let swapped: Bool
    private let count: Int
    private let originals: Int
    private let translations: Int
    private let hashSize: Int
    private let hashTable: Int
    /// The header's `Plural-Forms`, or English's (`nplurals=2; plural=n != 1;`) without one.
    private(set) var plural = PluralRule.english

    /// The catalogue at `path` (a C string), or `nil` when it cannot be read or is not a catalogue.
    /// `followingLinks` is false for weather's own catalogues, beside the program (their owner checked
    /// by the caller), and true for the system's (`/usr/share/locale`).
    convenience init?(path: UnsafePointer<CChar>, followingLinks: Bool = false) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        // A catalogue is a regular file of at most 16 MiB (weather's are about 100 KiB).
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size >= 28,
            status.st_size <= 16 << 20
        else { return nil }
        let size = Int(status.st_size)
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            return nil
        }
        self.init(mapping: UnsafeRawPointer(mapped), size: size, owned: true)
    }

    /// The catalogue in `bytes`, which must outlive it; `nil` when they are not a catalogue.
    convenience init?(bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return nil }
        self.init(mapping: base, size: bytes.count, owned: false)
    }

    private let owned: Bool

    private init?(mapping base: UnsafeRawPointer, size: Int, owned: Bool) {
        self.base = base
        self.size = size
        self.owned = owned
        func release() { if owned { munmap(UnsafeMutableRawPointer(mutating: base), size) } }
        guard size >= 28 else {
            release()
            return nil
        }
        let swap: Bool
        switch base.loadUnaligned(as: UInt32.self) {
        case 0x9504_12de: swap = false
        case 0xde12_0495: swap = true
        default:
            release()
            return nil
        }
        swapped = swap
        func word(_ offset: Int) -> Int {
            let value = base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            return Int(swap ? value.byteSwapped : value)
        }
        // Revision 0 or 1 of the format (the major number is the upper half); count, the tables' offsets.
        count = word(8)
        originals = word(12)
        translations = word(16)
        hashSize = word(20)
        hashTable = word(24)
        let tables = count.multipliedReportingOverflow(by: 8)
        guard word(4) >> 16 <= 1, !tables.overflow,
            Self.within(originals, tables.partialValue, size), Self.within(translations, tables.partialValue, size),
            hashSize == 0 || hashSize > 2 && Self.within(hashTable, hashSize * 4, size)
        else {
            // Every property is set: deinit unmaps.
            return nil
        }
        // The header is the translation of the empty string.
        if let header = index(of: UnsafeBufferPointer(start: nil, count: 0)).flatMap({ entry(translations, $0) }) {
            plural = PluralRule(header: header) ?? .english
        }
    }

    deinit {
        if owned { munmap(UnsafeMutableRawPointer(mutating: base), size) }
    }

    private static func within(_ offset: Int, _ length: Int, _ size: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= size && length <= size - offset
    }

    private func word(_ offset: Int) -> Int {
        let value = base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        return Int(swapped ? value.byteSwapped : value)
    }

    /// The string `index` of the table at `table` (its bytes, without the zero that must follow them), or
    /// `nil` when the file does not hold it.
    private func entry(_ table: Int, _ index: Int) -> UnsafeBufferPointer<UInt8>? {
        guard index >= 0, index < count else { return nil }
        let length = word(table + index * 8)
        let offset = word(table + index * 8 + 4)
        guard Self.within(offset, length + 1, size), base.load(fromByteOffset: offset + length, as: UInt8.self) == 0
        else { return nil }
        return UnsafeBufferPointer(start: (base + offset).assumingMemoryBound(to: UInt8.self), count: length)
    }

    /// Whether `original`, a table's `msgid` (with a plural's `msgid_plural` after a zero), is `key`.
    private static func matches(_ original: UnsafeBufferPointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.count <= original.count, key.count == original.count || original[key.count] == 0 else {
            return false
        }
        return key.isEmpty || memcmp(original.baseAddress!, key.baseAddress!, key.count) == 0
    }

    /// The index of `key`'s entry: through the hash table, as gettext writes and reads it, else by a binary
    /// search of the originals, which are sorted.
    private func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        if hashSize > 2 {
            let hash = Self.hash(key)
            var slot = hash % hashSize
            let step = 1 + hash % (hashSize - 2)
            // At most every slot once: a table without an empty one would otherwise loop for ever.
            for _ in 0..<hashSize {
                let found = word(hashTable + slot * 4)
                guard found != 0 else { return nil }
                if let original = entry(originals, found - 1), Self.matches(original, key) { return found - 1 }
                slot = slot >= hashSize - step ? slot - (hashSize - step) : slot + step
            }
            return nil
        }
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            guard let original = entry(originals, middle) else { return nil }
            let common = min(key.count, original.count)
            var order = common == 0 ? 0 : Int(memcmp(key.baseAddress!, original.baseAddress!, common))
            if order == 0, key.count != original.count {
                // A longer key comes after; a shorter one before, but where the original's msgid ends there.
                order = key.count > original.count ? 1 : original[common] == 0 ? 0 : -1
            }
            if order == 0 { return middle }
            if order < 0 { high = middle } else { low = middle + 1 }
        }
        return nil
    }

    /// gettext's hash of a `msgid` (the PJW hash, on 32 bits).
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        var value: UInt32 = 0
        for byte in key {
            value = (value << 4) &+ UInt32(byte)
            let high = value & 0xf000_0000
            if high != 0 {
                value ^= high >> 24
                value ^= high
            }
        }
        return Int(value)
    }

    /// The translation of `key` (a `msgid`, or a context, U+0004 and a `msgid`), its first form for a
    /// plural's; `nil` without one, or when it is empty (gettext's untranslated).
    func translation(of key: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard !key.isEmpty, let index = index(of: key), let text = entry(translations, index), !text.isEmpty else {
            return nil
        }
        let first = memchr(text.baseAddress!, 0, text.count).map {
            UnsafeRawPointer($0) - UnsafeRawPointer(text.baseAddress!)
        }
        return UnsafeBufferPointer(rebasing: text[0..<(first ?? text.count)])
    }

    /// The form of `key`'s plural translation for `count`, as `Plural-Forms` chooses it; the first form when
    /// the rule names one the entry lacks, as gettext does; `nil` without a translation.
    func translation(of key: UnsafeBufferPointer<UInt8>, count: UInt) -> UnsafeBufferPointer<UInt8>? {
        guard !key.isEmpty, let index = index(of: key), let text = entry(translations, index), !text.isEmpty else {
            return nil
        }
        var form = plural.form(for: count)
        var start = 0
        while true {
            var end = start
            while end < text.count, text[end] != 0 { end += 1 }
            if form == 0 { return UnsafeBufferPointer(rebasing: text[start..<end]) }
            // The rule chose a form the entry lacks: the first, as gettext answers.
            guard end + 1 < text.count else { return translation(of: key) }
            form -= 1
            start = end + 1
        }
    }
}

/// A catalogue's `Plural-Forms` (`nplurals=3; plural=(n==1 ? 0 : n>=2 && n<=4 ? 1 : 2);`): the C
/// expression of `n` that gives a count's form, parsed once, as gettext's own grammar has it (`?:`, `||`,
/// `&&`, comparisons, `+ - * / %`, `!`, parentheses, `n` and numbers), computed in unsigned arithmetic.
struct PluralRule: Sendable, Equatable {
    indirect enum Expression: Sendable, Equatable {
        case n
        case number(UInt)
        case not(Expression)
        case binary(Operator, Expression, Expression)
        case choice(Expression, Expression, Expression)
    }

    enum Operator: Sendable, Equatable {
        case or, and, equal, notEqual, less, greater, lessOrEqual, greaterOrEqual, plus, minus, times, divide,
            remainder
    }

    let forms: Int
    let expression: Expression

    /// English's, and gettext's without a header: two forms, the second for every count but 1.
    static let english = PluralRule(forms: 2, expression: .binary(.notEqual, .n, .number(1)))

    init(forms: Int, expression: Expression) {
        self.forms = forms
        self.expression = expression
    }

    /// The rule of a catalogue's header (its `Plural-Forms:` line), or `nil` when it has none that parses.
    init?(header: UnsafeBufferPointer<UInt8>) {
        func find(_ needle: StaticString, from: Int, to end: Int) -> Int? {
            let needle = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
            var at = from
            while at + needle.count <= end {
                if header[at] == needle[0], memcmp(header.baseAddress! + at, needle.baseAddress!, needle.count) == 0 {
                    return at + needle.count
                }
                at += 1
            }
            return nil
        }
        guard let line = find("Plural-Forms:", from: 0, to: header.count) else { return nil }
        var lineEnd = line
        while lineEnd < header.count, header[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        guard let formsStart = find("nplurals=", from: line, to: lineEnd) else { return nil }
        var forms = 0
        var at = formsStart
        while at < lineEnd, header[at] >= 0x30, header[at] <= 0x39, forms <= 16 {
            forms = forms * 10 + Int(header[at] - 0x30)
            at += 1
        }
        guard forms >= 1, forms <= 16, let ruleStart = find("plural=", from: at, to: lineEnd) else { return nil }
        var ruleEnd = ruleStart
        while ruleEnd < lineEnd, header[ruleEnd] != UInt8(ascii: ";") { ruleEnd += 1 }
        var parser = Parser(Array(header[ruleStart..<ruleEnd]))
        guard let expression = parser.parse() else { return nil }
        self.init(forms: forms, expression: expression)
    }

    /// The form for `count`: 0 when the rule names one past its forms, as gettext does.
    func form(for count: UInt) -> Int {
        let form = Self.value(expression, count)
        return form < UInt(forms) ? Int(form) : 0
    }

    /// `expression`'s value for `n`; a division by zero is 0, where C would trap.
    static func value(_ expression: Expression, _ n: UInt) -> UInt {
        switch expression {
        case .n: return n
        case .number(let value): return value
        case .not(let operand): return value(operand, n) == 0 ? 1 : 0
        case .choice(let condition, let then, let otherwise):
            return value(condition, n) != 0 ? value(then, n) : value(otherwise, n)
        case .binary(.or, let left, let right): return value(left, n) != 0 || value(right, n) != 0 ? 1 : 0
        case .binary(.and, let left, let right): return value(left, n) != 0 && value(right, n) != 0 ? 1 : 0
        case .binary(let operation, let left, let right):
            let (a, b) = (value(left, n), value(right, n))
            switch operation {
            case .equal: return a == b ? 1 : 0
            case .notEqual: return a != b ? 1 : 0
            case .less: return a < b ? 1 : 0
            case .greater: return a > b ? 1 : 0
            case .lessOrEqual: return a <= b ? 1 : 0
            case .greaterOrEqual: return a >= b ? 1 : 0
            case .plus: return a &+ b
            case .minus: return a &- b
            case .times: return a &* b
            case .divide: return b == 0 ? 0 : a / b
            case .remainder: return b == 0 ? 0 : a % b
            case .or, .and: return 0
            }
        }
    }

    /// A parser of the rule's bytes by precedence, its depth bounded (a header is a file's text).
    struct Parser {
        private let bytes: [UInt8]
        private var at = 0
        private var depth = 0
        /// Operations read so far: at most 64, so that a long chain (`n+n+n+…`) cannot make the tree that
        /// `value` walks deep enough to exhaust the stack.
        private var operations = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        enum Token: Equatable {
            case operation(Operator)
            case question, colon, not, open, close, n
            case number(UInt)
            case end, invalid
        }

        /// The whole rule, or `nil` when it is not one (or nests deeper than 32, or chains more than 64
        /// operations).
        mutating func parse() -> Expression? {
            guard let expression = conditional(), next().token == .end else { return nil }
            return expression
        }

        /// The token at the parser's place and its length in bytes, past spaces, without taking it.
        private mutating func next() -> (token: Token, length: Int) {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0D { at += 1 }
            guard at < bytes.count else { return (.end, 0) }
            let byte = bytes[at]
            let following: UInt8 = at + 1 < bytes.count ? bytes[at + 1] : 0
            let equals = following == UInt8(ascii: "=")
            switch byte {
            case UInt8(ascii: "|"): return following == byte ? (.operation(.or), 2) : (.invalid, 1)
            case UInt8(ascii: "&"): return following == byte ? (.operation(.and), 2) : (.invalid, 1)
            case UInt8(ascii: "="): return equals ? (.operation(.equal), 2) : (.invalid, 1)
            case UInt8(ascii: "!"): return equals ? (.operation(.notEqual), 2) : (.not, 1)
            case UInt8(ascii: "<"): return equals ? (.operation(.lessOrEqual), 2) : (.operation(.less), 1)
            case UInt8(ascii: ">"): return equals ? (.operation(.greaterOrEqual), 2) : (.operation(.greater), 1)
            case UInt8(ascii: "+"): return (.operation(.plus), 1)
            case UInt8(ascii: "-"): return (.operation(.minus), 1)
            case UInt8(ascii: "*"): return (.operation(.times), 1)
            case UInt8(ascii: "/"): return (.operation(.divide), 1)
            case UInt8(ascii: "%"): return (.operation(.remainder), 1)
            case UInt8(ascii: "?"): return (.question, 1)
            case UInt8(ascii: ":"): return (.colon, 1)
            case UInt8(ascii: "("): return (.open, 1)
            case UInt8(ascii: ")"): return (.close, 1)
            case UInt8(ascii: "n"): return (.n, 1)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                var value: UInt = 0
                var end = at
                while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39 {
                    let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                    let (sum, carry) = times.addingReportingOverflow(UInt(bytes[end] - 0x30))
                    guard !overflow, !carry else { return (.invalid, 1) }
                    value = sum
                    end += 1
                }
                return (.number(value), end - at)
            default: return (.invalid, 1)
            }
        }

        /// Takes `token` if it is next.
        private mutating func take(_ token: Token) -> Bool {
            let (found, length) = next()
            guard found == token else { return false }
            at += length
            return true
        }

        private mutating func conditional() -> Expression? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 32, let condition = binary(above: 0) else { return nil }
            guard take(.question) else { return condition }
            guard let then = conditional(), take(.colon), let otherwise = conditional() else { return nil }
            return .choice(condition, then, otherwise)
        }

        /// Operations that bind tighter than `minimum` and their operands, left to right.
        private mutating func binary(above minimum: Int) -> Expression? {
            guard var left = unary() else { return nil }
            while case (.operation(let operation), let length) = next(), operation.precedence > minimum {
                operations += 1
                guard operations <= 64 else { return nil }
                at += length
                guard let right = binary(above: operation.precedence) else { return nil }
                left = .binary(operation, left, right)
            }
            return left
        }

        private mutating func unary() -> Expression? {
            let (token, length) = next()
            at += length
            switch token {
            case .n: return .n
            case .number(let value): return .number(value)
            case .not:
                depth += 1
                defer { depth -= 1 }
                guard depth <= 32, let operand = unary() else { return nil }
                return .not(operand)
            case .open:
                guard let inner = conditional(), take(.close) else { return nil }
                return inner
            default: return nil
            }
        }
    }
}

extension PluralRule.Operator {
    /// How tightly it binds, as in C: `||` least, `* / %` most.
    var precedence: Int {
        switch self {
        case .or: 1
        case .and: 2
        case .equal, .notEqual: 3
        case .less, .greater, .lessOrEqual, .greaterOrEqual: 4
        case .plus, .minus: 5
        case .times, .divide, .remainder: 6
        }
    }
}
