import Foundation
import PlanCore
import PlanJSON
import PlanProtocol
import PlanService

/// A method's named parameters, read with a JSON pointer to each, so that a
/// wrong one is reported exactly (`-32602`, `data.pointer`).
struct Params {
    let members: [(String, JSONValue)]
    /// The pointer of this object within `params` ("" for params itself).
    let base: String

    /// `params` of a request: absent means `{}`; an empty array is accepted
    /// too (no positional parameters exist); anything else is refused.
    init(_ params: JSONValue?) throws(RPCError) {
        switch params {
        case nil: members = []
        case .object(let m)?: members = m
        case .array(let a)? where a.isEmpty: members = []
        case let other?:
            throw RPCError.params("", "params must be an object of named parameters, not \(other.typeName)")
        }
        base = ""
    }

    init(members: [(String, JSONValue)], base: String) {
        self.members = members
        self.base = base
    }

    func pointer(_ key: String) -> String {
        base + "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    subscript(key: String) -> JSONValue? { members.last { $0.0 == key }?.1 }

    func has(_ key: String) -> Bool { self[key] != nil }

    /// Refuses names the method does not take (a misspelt `estimat` would
    /// otherwise be silently ignored).
    func allowOnly(_ keys: [String]) throws(RPCError) {
        for (k, _) in members where !keys.contains(k) {
            let takes = keys.isEmpty ? "no parameters" : keys.map { "\"\($0)\"" }.joined(separator: ", ")
            throw RPCError.params(pointer(k), "unknown parameter \"\(k)\"; this method takes \(takes)")
        }
    }

    func string(_ key: String) throws(RPCError) -> String {
        guard let v = self[key] else { throw RPCError.params(pointer(key), "required parameter \"\(key)\" is missing") }
        guard case .string(let s) = v else { throw RPCError.params(pointer(key), "expected a string, got \(v.typeName)") }
        return s
    }

    func optionalString(_ key: String) throws(RPCError) -> String? {
        guard has(key) else { return nil }
        return try string(key)
    }

    /// A string that must not be empty or blank.
    func name(_ key: String) throws(RPCError) -> String {
        let s = try string(key)
        guard !s.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw RPCError.params(pointer(key), "must not be empty") }
        return s
    }

    func optionalBool(_ key: String) throws(RPCError) -> Bool? {
        guard let v = self[key] else { return nil }
        guard case .bool(let b) = v else { throw RPCError.params(pointer(key), "expected true or false, got \(v.typeName)") }
        return b
    }

    func optionalInt(_ key: String, in range: ClosedRange<Int>) throws(RPCError) -> Int? {
        guard let v = self[key] else { return nil }
        guard let i = v.intValue else { throw RPCError.params(pointer(key), "expected an integer, got \(v.typeName == "a number" ? "a fraction or a huge number" : v.typeName)") }
        guard range.contains(i) else { throw RPCError.params(pointer(key), "\(i) is out of range \(range.lowerBound)…\(range.upperBound)") }
        return i
    }

    func optionalStrings(_ key: String) throws(RPCError) -> [String]? {
        guard let v = self[key] else { return nil }
        guard case .array(let items) = v else { throw RPCError.params(pointer(key), "expected an array of strings, got \(v.typeName)") }
        var out: [String] = []
        for (i, item) in items.enumerated() {
            guard case .string(let s) = item else {
                throw RPCError.params(pointer(key) + "/\(i)", "expected a string, got \(item.typeName)")
            }
            out.append(s)
        }
        return out
    }

    func optionalObject(_ key: String) throws(RPCError) -> Params? {
        guard let v = self[key] else { return nil }
        guard case .object(let m) = v else { throw RPCError.params(pointer(key), "expected an object, got \(v.typeName)") }
        return Params(members: m, base: pointer(key))
    }

    func optionalArray(_ key: String) throws(RPCError) -> [JSONValue]? {
        guard let v = self[key] else { return nil }
        guard case .array(let a) = v else { throw RPCError.params(pointer(key), "expected an array, got \(v.typeName)") }
        return a
    }
}

/// The limits `plan rpc` (and, for a schedule request, `plan schedule`:
/// ``StatelessSchedule/checkLimits(_:)``) puts on values the contract itself
/// allows, so that one request cannot hold plan for minutes or answer with
/// gigabytes.
package enum RPCLimits {
    /// The longest duration accepted anywhere (``InputLimits``, the same on both faces).
    package static let maxDuration = InputLimits.maxDuration
    /// How far from `now` a `start` or `due` may lie: about ten years.
    package static let maxHorizon = InputLimits.maxHorizon
    /// The most days `plan.agenda` covers.
    package static let maxAgendaDays = 366
    /// The widest `events.expand` window.
    package static let maxExpandWindow: Int64 = 3_660 * 86_400
    /// The most requests in one batch; a longer batch is refused whole (-32600)
    /// before any of it runs.
    package static let maxBatch = 1_000
}

/// Human or ISO inputs of a parameter read by ``InputValue`` (the readers
/// and wording both faces use), a refusal pointing at the parameter.
enum Inputs {
    static func duration(_ p: Params, _ key: String) throws(RPCError) -> Int64? {
        guard let text = try p.optionalString(key) else { return nil }
        return try at(p, key) { () throws(InputError) in try InputValue.duration(text, field: key) }
    }

    static func positiveDuration(_ p: Params, _ key: String) throws(RPCError) -> Int64? {
        guard let text = try p.optionalString(key) else { return nil }
        return try at(p, key) { () throws(InputError) in try InputValue.positiveDuration(text, field: key) }
    }

    static func date(_ p: Params, _ key: String, now: Instant, zone: SystemZone) throws(RPCError) -> TaskTime? {
        guard let text = try p.optionalString(key) else { return nil }
        return try at(p, key) { () throws(InputError) in try InputValue.date(text, field: key, now: now, zone: zone) }
    }

    static func clock(_ p: Params, _ key: String, allow24: Bool) throws(RPCError) -> TimeOfDay? {
        guard let text = try p.optionalString(key) else { return nil }
        return try at(p, key) { () throws(InputError) in try InputValue.clock(text, field: key, allow24: allow24) }
    }

    private static func at<T>(_ p: Params, _ key: String, _ read: () throws(InputError) -> T) throws(RPCError) -> T {
        do {
            return try read()
        } catch {
            throw RPCError.params(p.pointer(key), error.message, kind: error.kind)
        }
    }
}
