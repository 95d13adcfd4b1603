/// The indented layout of the one writer, for text a person reads (a catalog,
/// a timetable build, the schedule response): two spaces a level, and the
/// containers that are not opened over lines written on one line, with a
/// space after `:` and `,`.
extension JSONWriter {
    /// Which arrays and objects are opened over lines (empty ones never are).
    package enum Opening: Sendable {
        /// Any holding more than scalars and arrays of scalars, so a meeting,
        /// a seat count or a list of days reads as one line.
        case whereNotFlat
        /// Those in the first `levels` levels of nesting, so each item of the
        /// arrays there reads as one line.
        case firstLevels(Int)
    }

    /// `v` indented, `depth` levels in; no final newline.
    package func pretty(_ v: JSONValue, opening: Opening, depth: Int = 0) {
        guard Self.opens(v, opening, depth: depth) else { return value(v, spaced: true) }
        switch v {
        case .array(let items):
            ascii("[\n")
            for (i, item) in items.enumerated() {
                indent(depth + 1)
                pretty(item, opening: opening, depth: depth + 1)
                ascii(i + 1 < items.count ? ",\n" : "\n")
            }
            indent(depth)
            ascii("]")
        case .object(let members):
            ascii("{\n")
            for (i, (key, item)) in members.enumerated() {
                indent(depth + 1)
                string(key)
                ascii(": ")
                pretty(item, opening: opening, depth: depth + 1)
                ascii(i + 1 < members.count ? ",\n" : "\n")
            }
            indent(depth)
            ascii("}")
        default:
            value(v, spaced: true)
        }
    }

    private func indent(_ depth: Int) {
        for _ in 0..<depth { ascii("  ") }
    }

    private static func opens(_ v: JSONValue, _ opening: Opening, depth: Int) -> Bool {
        let items: [JSONValue]
        switch v {
        case .array(let values): items = values
        case .object(let members): items = members.map(\.1)
        default: return false
        }
        switch opening {
        case .firstLevels(let levels): return !items.isEmpty && depth < levels
        case .whereNotFlat: return !items.allSatisfy { $0.isScalar || $0.isScalarArray }
        }
    }
}

extension JSONValue {
    /// The indented text of ``JSONWriter/pretty(_:opening:depth:)``, ending with a newline.
    package func prettyText(opening: JSONWriter.Opening = .whereNotFlat) -> String {
        let w = JSONWriter(capacity: 4096)
        w.pretty(self, opening: opening)
        w.ascii("\n")
        return w.text
    }

    fileprivate var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    fileprivate var isScalarArray: Bool {
        if case .array(let items) = self { return items.allSatisfy(\.isScalar) }
        return false
    }
}
