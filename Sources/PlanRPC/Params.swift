import Foundation
import PlanCore
import PlanJSON
import PlanProtocol

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
            throw RPCError.params(pointer(k), "unknown parameter \"\(k)\"; this method takes \(keys.map { "\"\($0)\"" }.joined(separator: ", "))")
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
public enum RPCLimits {
    /// The longest duration accepted anywhere: 366 days of elapsed time.
    public static let maxDuration: Int64 = 366 * 86_400
    /// How far from `now` a `start` or `due` may lie: about ten years.
    public static let maxHorizon: Int64 = 3_653 * 86_400
    /// The most days `plan.agenda` covers.
    public static let maxAgendaDays = 366
    /// The widest `events.expand` window.
    public static let maxExpandWindow: Int64 = 3_660 * 86_400
    /// The most requests in one batch; a longer batch is refused whole (-32600)
    /// before any of it runs.
    public static let maxBatch = 1_000
}

/// Human or ISO inputs turned into the contract's forms, with the reason on failure.
enum Inputs {
    /// `PT1H30M`, `90m`, `1h30m`, `1.5h` → seconds, in whole minutes (what
    /// the canonical ISO form keeps).
    static func duration(_ p: Params, _ key: String) throws(RPCError) -> Int64? {
        guard let text = try p.optionalString(key) else { return nil }
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.hasPrefix("-") {
            throw RPCError.params(p.pointer(key), "\"\(text)\" is negative; a duration must be zero or more", kind: "negativeDuration")
        }
        guard let seconds = HumanInput.duration(t) else {
            throw RPCError.params(p.pointer(key), "\"\(text)\" is not a duration (PT1H30M, 90m, 1h30m or 1.5h)")
        }
        guard seconds <= RPCLimits.maxDuration else {
            throw RPCError.params(p.pointer(key), "\"\(text)\" is longer than \(RPCLimits.maxDuration / 3600) hours, the most plan rpc accepts")
        }
        return ISODuration.wholeMinutes(seconds)
    }

    /// A date, a wall-clock time (whole minutes) or an instant, from ISO or
    /// `today`, `tomorrow`, `fri`, `+3d`.
    static func date(_ p: Params, _ key: String, now: Instant, zone: SystemZone) throws(RPCError) -> TaskTime? {
        guard let text = try p.optionalString(key) else { return nil }
        guard let v = HumanInput.date(text, now: now, zone: zone) else {
            throw RPCError.params(p.pointer(key), "\"\(text)\" is not a date (2026-12-10, 2026-12-10T17:00, today, tomorrow, fri or +3d)")
        }
        let instant = v.instant(in: zone)
        guard abs(instant - now) <= RPCLimits.maxHorizon else {
            throw RPCError.params(p.pointer(key), "\"\(text)\" is more than ten years from now")
        }
        return TaskTime(v, zone: zone)
    }

    /// `HH:MM` (with `24:00` when `allow24`).
    static func clock(_ p: Params, _ key: String, allow24: Bool) throws(RPCError) -> TimeOfDay? {
        guard let text = try p.optionalString(key) else { return nil }
        guard text.count == 5, DateText.parseClock(text, allow24: allow24) != nil,
              let value = TimeOfDay(hhmm: text, allowEndOfDay: allow24) else {
            throw RPCError.params(p.pointer(key), "\"\(text)\" is not a time of day HH:MM\(allow24 ? " (24:00 allowed)" : "")")
        }
        return value
    }
}
