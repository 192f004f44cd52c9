extension Collection where Element == UInt8 {
    /// These bytes as a decimal number, as weather's own files write a count or a moment: 1 to 12 digits
    /// (too few to overflow) and nothing else; `nil` otherwise.
    @inlinable
    package var decimalField: Int64? {
        guard (1...12).contains(count) else { return nil }
        var value: Int64 = 0
        for byte in self {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
