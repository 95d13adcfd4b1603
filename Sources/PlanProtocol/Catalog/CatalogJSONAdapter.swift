import PlanCore

// The one file of `Catalog/` that uses plan's JSON layer (`JSONValue`, `jsonString`):
// when that layer moves, only this file changes.

/// Why bytes are not JSON, and where (0-based byte offset).
struct CatalogSyntaxError: Error, Hashable, Sendable {
    var offset: Int
    var reason: String
}

extension CatalogNode {
    /// Exactly one JSON value (RFC 8259), nested at most 512 levels.
    static func parse(_ bytes: [UInt8]) throws(CatalogSyntaxError) -> CatalogNode {
        do {
            return CatalogNode(try JSONValue.parse(bytes))
        } catch {
            throw CatalogSyntaxError(offset: error.offset, reason: error.reason)
        }
    }

    /// `"…"` for `s` (RFC 8259 §7).
    static func quoted(_ s: String) -> String { jsonString(s) }

    private init(_ v: JSONValue) {
        switch v {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n): self = .number(n)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map(CatalogNode.init))
        case .object(let members): self = .object(members.map { Member($0.0, CatalogNode($0.1)) })
        }
    }
}
