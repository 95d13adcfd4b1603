/// Reads an RRULE value that is not well-formed the way lenient calendar
/// clients do, so that one malformed part does not cost a weekly class its
/// busy time (issue 12).
///
/// libical 3.0.16 refuses a whole rule with a part given twice, `COUNT`
/// together with `UNTIL`, a `COUNT` below 1 or an unknown part (the property
/// becomes an `X-LIC-ERROR` and the event could not be expanded), and it
/// silently stops reading at an empty part (`FREQ=DAILY;;COUNT=3` loses its
/// COUNT). Such a value is rewritten here into a rule libical reads, with a
/// note for each change; the importer warns with the notes and expands the
/// rewritten rule through the same ``RecurrenceIterator`` (libical's iterator
/// or ``PlainRule``) as any other rule.
enum RuleRepair {
    enum Outcome: Equatable {
        /// Nothing to repair: the value goes to libical as it is.
        case wellFormed
        /// An empty value (`RRULE:`): no recurrence, only DTSTART.
        case empty
        /// No usable FREQ: nothing says how the event recurs, so the rule is
        /// ignored and the event keeps DTSTART alone.
        case noFrequency(String)
        /// The rule to expand instead, and what was changed, in order.
        case repaired(String, notes: [String])
    }

    /// The rule parts RFC 5545 §3.3.10 and RFC 7529 (RSCALE, SKIP) define.
    static let knownParts: Set<String> = [
        "FREQ", "UNTIL", "COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY", "BYMONTHDAY",
        "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST", "RSCALE", "SKIP",
    ]
    static let frequencies: Set<String> = ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]

    /// Whether a rule libical accepted may still need ``read(_:)``: it is
    /// empty, or has an empty part (`;;`, a trailing `;`), which libical
    /// reads without a word but not always right. Checked on the bytes, so
    /// well-formed rules cost one pass.
    static func mayNeedRepair(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let last = bytes.last else { return true }
        if last == 0x3B || bytes.first == 0x3B { return true }
        return ContentLines.hasAdjacentSemicolons(bytes)
    }

    /// The lenient reading of one RRULE value. Values are compared without
    /// regard to case (RFC 5545 §2: enumerated values are case-insensitive,
    /// so `freq=weekly;byday=mo` is well-formed and only upper-cased here).
    static func read(_ value: String) -> Outcome {
        if value.trimmingWhitespace.isEmpty { return .empty }
        var notes: [String] = []
        var parts: [(name: String, value: String)] = []
        let pieces = value.split(separator: ";", omittingEmptySubsequences: false)
        if pieces.dropLast().contains(where: \.isEmpty) { notes.append("an empty part was skipped") }
        if pieces.count > 1, pieces.last?.isEmpty == true { notes.append("a trailing \";\" was dropped") }
        for piece in pieces where !piece.isEmpty {
            let kv = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = kv[0].uppercased()
            guard kv.count == 2, knownParts.contains(name) else {
                notes.append("unknown part \(piece) was ignored")
                continue
            }
            let v = kv[1].uppercased()
            if let k = parts.firstIndex(where: { $0.name == name }) {
                if parts[k].value == v {
                    notes.append("\(name)=\(v) is given twice; counted once")
                } else {
                    notes.append("\(name) is given twice (\(parts[k].value), \(v)); the first is used")
                }
                continue
            }
            if name == "COUNT", (Int(v) ?? 0) < 1 {
                // RFC 5545 wants a positive integer. A COUNT that allows no
                // instance cannot be what was meant; reading it as absent keeps
                // the series (ended by UNTIL if given), which errs toward
                // keeping a class's busy time rather than planning over it.
                notes.append("COUNT=\(v) is not a positive number; it was ignored")
                continue
            }
            parts.append((name, v))
        }
        guard let freq = parts.first(where: { $0.name == "FREQ" }), frequencies.contains(freq.value) else {
            return .noFrequency(parts.contains { $0.name == "FREQ" } ? "FREQ is not a known frequency" : "the rule has no FREQ")
        }
        if parts.contains(where: { $0.name == "COUNT" }), parts.contains(where: { $0.name == "UNTIL" }) {
            // RFC 5545 §3.3.10: COUNT and UNTIL MUST NOT occur together, and
            // libical 3.0.16 refuses the rule whole. Both are kept: the series
            // ends at whichever end comes first, so nothing is listed that
            // either part rules out (the reading of lenient clients).
            notes.append("COUNT and UNTIL are both given; the series ends at whichever comes first")
        }
        guard !notes.isEmpty else { return .wellFormed }
        let ordered = [freq] + parts.filter { $0.name != "FREQ" }
        return .repaired(ordered.map { "\($0.name)=\($0.value)" }.joined(separator: ";"), notes: notes)
    }

    /// A rule with both COUNT and UNTIL split into the rule without UNTIL and
    /// the UNTIL value, or nil when the rule does not have both. libical's
    /// reader refuses the pair; ``RecurrenceIterator`` takes them apart.
    static func splittingUntil(_ text: String) -> (rule: String, until: String)? {
        let parts = text.split(separator: ";")
        guard let u = parts.first(where: { $0.uppercased().hasPrefix("UNTIL=") }),
              parts.contains(where: { $0.uppercased().hasPrefix("COUNT=") }) else { return nil }
        return (parts.filter { $0 != u }.joined(separator: ";"), String(u.dropFirst(6)))
    }
}
