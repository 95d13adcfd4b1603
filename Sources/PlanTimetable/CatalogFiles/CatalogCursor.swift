import Foundation
import PlanCore
import PlanJSON

/// A JSON value and its path in the document (`courses[3].sections[1].id`),
/// with typed readers that fail with a ``CatalogError`` naming the file, the
/// path, the field and the value. Shared by the JSON readers of `Catalog/`.
struct CatalogCursor {
    let node: JSONValue
    let path: String
    let file: String

    /// The last key of the path (`id` for `courses[3].sections[1].id`).
    var field: String? {
        let last = path.split(separator: ".").last.map(String.init) ?? path
        let name = last.split(separator: "[").first.map(String.init) ?? last
        return name.isEmpty ? nil : name
    }

    func fail(_ reason: String, value: String? = nil) -> CatalogError {
        CatalogError(file: file, path: path.isEmpty ? nil : path, field: field, value: value ?? Self.shown(node), reason: reason)
    }

    /// The value as written, short, for messages (``LineText/excerpt(_:limit:)``):
    /// strings quoted, containers summarised.
    static func shown(_ v: JSONValue) -> String {
        switch v {
        case .string(let s): jsonString(LineText.excerpt(s))
        case .array, .object: v.typeName
        default: LineText.excerpt(v.text)
        }
    }

    func child(_ key: String) -> CatalogCursor? {
        guard let v = node[key], v != .null else { return nil }
        return CatalogCursor(node: v, path: path.isEmpty ? key : path + "." + key, file: file)
    }

    func required(_ key: String, _ expected: String) throws(CatalogError) -> CatalogCursor {
        guard let c = child(key) else {
            let at = path.isEmpty ? key : path + "." + key
            throw CatalogError(file: file, path: at, field: key, reason: "is missing; expected \(expected)")
        }
        return c
    }

    func object(_ what: String) throws(CatalogError) {
        guard case .object = node else { throw fail("is \(node.typeName); expected \(what)") }
    }

    func items(_ what: String) throws(CatalogError) -> [CatalogCursor] {
        guard case .array(let items) = node else { throw fail("is \(node.typeName); expected an array of \(what)") }
        return items.enumerated().map { CatalogCursor(node: $1, path: path + "[\($0)]", file: file) }
    }

    func string(_ what: String = "a string") throws(CatalogError) -> String {
        guard case .string(let s) = node else { throw fail("is \(node.typeName); expected \(what)") }
        return s
    }

    /// A string with something in it besides white space, trimmed.
    func text(_ what: String) throws(CatalogError) -> String {
        let s = try string(what)
        let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !t.isEmpty else { throw fail("is empty; expected \(what)") }
        return t
    }

    func double(_ what: String) throws(CatalogError) -> Double {
        guard case .number(let n) = node, let x = Double(n), x.isFinite else {
            throw fail("is \(node.typeName); expected \(what)")
        }
        return x
    }

    /// A whole number ≥ 0 (`3` or `3.0`).
    func count(_ what: String) throws(CatalogError) -> Int {
        guard case .number(let n) = node, let x = Double(n), x.isFinite else {
            throw fail("is \(node.typeName); expected \(what)")
        }
        guard x == x.rounded(), x >= 0, x < 1e9 else { throw fail("is not a whole number ≥ 0; expected \(what)") }
        return Int(x)
    }
}

extension CatalogCursor {
    /// The cursor at the root of `bytes` parsed as JSON, read from `file`;
    /// text that is not JSON is refused with the byte where it goes wrong.
    init(parsing bytes: [UInt8], file: String) throws(CatalogError) {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch {
            throw CatalogError(file: file, reason: "is not JSON: at byte \(error.offset): \(error.reason)")
        }
        self.init(node: root, path: "", file: file)
    }
}
