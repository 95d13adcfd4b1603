/// Building values to write: numbers from Swift numbers, objects whose absent
/// members are left out.
extension JSONValue {
    /// A whole number.
    package static func number(_ n: Int) -> JSONValue { .number(String(n)) }

    /// A number with its shortest text (`3`, `3.5`, `0.25`); null when not finite.
    package static func number(_ x: Double) -> JSONValue {
        guard x.isFinite else { return .null }
        if x == x.rounded(), abs(x) < 1e15 { return .number(String(Int(x))) }
        return .number(String(describing: x))
    }

    /// An object of the members that are there, in order (a nil is left out,
    /// where `.null` would be written).
    package static func object(omittingAbsent members: [(String, JSONValue?)]) -> JSONValue {
        .object(members.compactMap { key, value in value.map { (key, $0) } })
    }
}
