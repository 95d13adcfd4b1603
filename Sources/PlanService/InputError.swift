/// A value a user or an editor gave that plan cannot take, found by one of
/// the input types both faces use (``TaskInput``, ``PolicyInput``): the
/// field it is in and why, worded once. `plan` prints it after the option
/// (`--estimate: "9000h" is longer than …`), `plan rpc` sends it as the
/// reason with a pointer to the parameter (`/estimate`).
package struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field as the protocol names it, a path below the params without
    /// the leading slash: `estimate`, `after/1`, `busy/allDay`.
    package var field: String
    /// Why, in words that stand alone (the same on both faces).
    package var message: String
    /// The contract's error kind when there is one (`negativeDuration`,
    /// `unknownZone`, `cycle`, `startAfterDue`).
    package var kind: String?
    /// The value names something that does not exist (a task in `after`):
    /// bad data rather than a malformed value.
    package var isNotFound: Bool
    /// A value plan read but will not take here (an `--every` rule it cannot read, a
    /// class no calendar has): bad data (exit 65), still a parameter's fault over RPC.
    package var isRefusal: Bool

    package init(_ field: String, _ message: String, kind: String? = nil, isNotFound: Bool = false, isRefusal: Bool = false) {
        self.field = field
        self.message = message
        self.kind = kind
        self.isNotFound = isNotFound
        self.isRefusal = isRefusal
    }

    /// `/estimate`: the field as a JSON pointer into the params.
    package var pointer: String { "/" + field }

    /// The field's top-level name: `after` for `after/1`.
    package var name: String { String(field.split(separator: "/").first ?? "") }

    package var description: String { "\(field): \(message)" }
}

/// The limits on values a user or an editor gives, the same on both faces.
package enum InputLimits {
    /// The longest duration accepted anywhere: 366 days of elapsed time.
    package static let maxDuration: Int64 = 366 * 86_400
    /// How far from `now` a `start` or `due` may lie: about ten years.
    package static let maxHorizon: Int64 = 3_653 * 86_400
}
