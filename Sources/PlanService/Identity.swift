import Foundation
import PlanCore

/// Task ids made from titles, the same for `plan add-task` and `task.add`.
package enum TaskIds {
    /// `id`, or `id-2`, `id-3`, … when taken.
    package static func unique(_ id: String, taken: Set<String>) -> String {
        guard taken.contains(id) else { return id }
        var k = 2
        while taken.contains("\(id)-\(k)") { k += 1 }
        return "\(id)-\(k)"
    }

    /// Names given out one after another, each ``unique(_:taken:)`` among
    /// those before it, without trying every suffix again for a base given
    /// out before: n names cost O(n), not O(n²), when they share a base.
    struct Names {
        private var given = Set<String>()
        /// The next suffix to try for a base.
        private var next: [String: Int] = [:]

        /// `base`, or `base-2`, `base-3`, … as ``unique(_:taken:)`` gives it, now taken.
        mutating func claim(_ base: String) -> String {
            var k = next[base] ?? 1
            var name = k == 1 ? base : "\(base)-\(k)"
            while given.contains(name) {
                k += 1
                name = "\(base)-\(k)"
            }
            next[base] = k + 1
            given.insert(name)
            return name
        }
    }
}

/// The clock of reproducible runs: `$PLAN_NOW` (ISO 8601 with an offset).
package enum PlanClock {
    /// `PLAN_NOW` is set but is not a date-time with an offset.
    package struct Unusable: Error, CustomStringConvertible {
        package var text: String
        package var description: String {
            "PLAN_NOW=\(text): expected a date-time with an offset, e.g. 2026-11-23T08:00:00-05:00"
        }
    }

    /// The fixed `now` when `PLAN_NOW` is set, nil when it is not.
    package static func fixedNow(environment: [String: String]) throws(Unusable) -> Instant? {
        guard let text = environment["PLAN_NOW"], !text.isEmpty else { return nil }
        guard case .instant(let i)? = DateText.parse(text) else { throw Unusable(text: text) }
        return i
    }

    /// `PLAN_NOW`, else the system clock.
    package static func now(environment: [String: String]) throws(Unusable) -> Instant {
        try fixedNow(environment: environment) ?? Instant(seconds: Int64(Date().timeIntervalSince1970))
    }
}
