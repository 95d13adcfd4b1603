/// A JSON value as the catalog readers see it: numbers keep their text, object
/// members keep document order. Only `CatalogJSONAdapter.swift` knows how bytes
/// become one of these and how a string is quoted; everything else in
/// `Catalog/` reads and writes through this type.
enum CatalogNode: Hashable, Sendable {
    case null
    case bool(Bool)
    /// The number as written (checked against the JSON grammar).
    case number(String)
    case string(String)
    case array([CatalogNode])
    case object([Member])

    struct Member: Hashable, Sendable {
        var key: String
        var value: CatalogNode
        init(_ key: String, _ value: CatalogNode) {
            self.key = key
            self.value = value
        }
    }

    /// The member `key` of an object (nil for other values or a missing key).
    subscript(key: String) -> CatalogNode? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// What JSON calls this kind of value, for messages.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as written, short, for messages: strings quoted, containers summarised.
    var shown: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): n
        case .string(let s): CatalogNode.quoted(s.count > 60 ? String(s.prefix(57)) + "…" : s)
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A number with its shortest text (`3`, `3.5`, `0.25`); null when not finite.
    static func number(_ x: Double) -> CatalogNode {
        guard x.isFinite else { return .null }
        if x == x.rounded(), abs(x) < 1e15 { return .number(String(Int(x))) }
        return .number(String(describing: x))
    }

    static func number(_ n: Int) -> CatalogNode { .number(String(n)) }

    static func object(_ members: [(String, CatalogNode?)]) -> CatalogNode {
        .object(members.compactMap { k, v in v.map { Member(k, $0) } })
    }
}

// MARK: Writing

extension CatalogNode {
    /// JSON text, indented by two spaces; an array or object holding only
    /// scalars (or arrays of scalars) stays on one line, so a meeting, a seat
    /// count or a list of days reads as one line. Ends with a newline.
    var prettyText: String {
        var out = ""
        writePretty(to: &out, indent: "")
        out += "\n"
        return out
    }

    /// JSON text on one line, with a space after `:` and `,`.
    var lineText: String {
        var out = ""
        writeLine(to: &out)
        return out
    }

    private var isFlat: Bool {
        switch self {
        case .array(let items): items.allSatisfy { $0.isScalar || $0.isScalarArray }
        case .object(let members): members.allSatisfy { $0.value.isScalar || $0.value.isScalarArray }
        default: true
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    private var isScalarArray: Bool {
        if case .array(let items) = self { return items.allSatisfy(\.isScalar) }
        return false
    }

    private func writeLine(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): out += CatalogNode.quoted(s)
        case .array(let items): out += "[" + items.map(\.lineText).joined(separator: ", ") + "]"
        case .object(let members):
            out += "{" + members.map { CatalogNode.quoted($0.key) + ": " + $0.value.lineText }.joined(separator: ", ") + "}"
        }
    }

    private func writePretty(to out: inout String, indent: String) {
        if isFlat {
            writeLine(to: &out)
            return
        }
        let inner = indent + "  "
        switch self {
        case .array(let items):
            out += "[\n"
            for (i, v) in items.enumerated() {
                out += inner
                v.writePretty(to: &out, indent: inner)
                out += i + 1 < items.count ? ",\n" : "\n"
            }
            out += indent + "]"
        case .object(let members):
            out += "{\n"
            for (i, m) in members.enumerated() {
                out += inner + CatalogNode.quoted(m.key) + ": "
                m.value.writePretty(to: &out, indent: inner)
                out += i + 1 < members.count ? ",\n" : "\n"
            }
            out += indent + "}"
        default:
            writeLine(to: &out)
        }
    }
}
