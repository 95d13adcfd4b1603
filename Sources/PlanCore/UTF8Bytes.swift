extension Array where Element == UInt8 {
    /// Whether the bytes are UTF-8 (no stray byte, overlong form or surrogate), checked in place:
    /// `String(validating:)` would copy them into a string only to throw it away, and on a file of
    /// tens of megabytes that copy costs more than the check.
    package var isUTF8: Bool {
        (try? UTF8Span(validating: span)) != nil
    }
}
