import PlanCore

/// What to expand and how far.
package struct ImportOptions: Sendable {
    /// Occurrences that overlap this range are returned (RFC 5545 §3.6.1 spans).
    package var window: TimeRange
    /// The zone in which floating times and all-day dates are read when testing
    /// them against `window` (they stay floating/dates in the result).
    package var floatingZone: SystemZone
    /// At most this many occurrences per series (master + overrides) are kept;
    /// hitting it is reported as a warning.
    package var maxOccurrencesPerSeries: Int

    package init(window: TimeRange, floatingZone: SystemZone = .utc, maxOccurrencesPerSeries: Int = 100_000) {
        self.window = window
        self.floatingZone = floatingZone
        self.maxOccurrencesPerSeries = maxOccurrencesPerSeries
    }
}

/// Something the importer recovered from: a value it skipped or a limit it hit.
/// Not a failure; the CLI prints these on stderr. Its stored properties are
/// also its wire form (`Schemas/warning.schema.json`), encoded as they are.
package struct ImportWarning: Codable, Hashable, Sendable, CustomStringConvertible {
    /// Stable id, e.g. `bad-value`, `occurrence-cap`, `unknown-tzid`.
    package var id: String
    package var file: String
    /// 1-based line in the file where the property (or component) starts.
    package var line: Int?
    package var property: String?
    /// The value as the file writes it, cut to an excerpt of ``valueLength``
    /// characters (``LineText/excerpt(_:limit:)``).
    package var value: String?
    package var message: String

    /// A warning about `value`: it is kept as an excerpt, here and where `message` quotes it
    /// (libical's own words do), so a warning never carries a whole line of the file.
    package init(id: String, file: String, line: Int?, property: String?, value: String?, message: String) {
        self.id = id
        self.file = file
        self.line = line
        self.property = property
        let cut = value.map { LineText.excerpt($0, limit: Self.valueLength) }
        self.value = cut
        if let value, let cut, cut != value, !value.isEmpty {
            self.message = message.replacingOccurrences(of: value, with: cut)
        } else {
            self.message = message
        }
    }

    /// The most characters of a value a warning quotes: 80, so that a rule
    /// (`FREQ=WEEKLY;UNTIL=…;BYDAY=MO,WE`) reads whole and a line of megabytes does not.
    package static let valueLength = 80

    /// `file:line: PROPERTY "value": message`.
    package var description: String {
        var s = file
        if let line { s += ":\(line)" }
        s += ": "
        if let property {
            s += property
            if let value { s += " \"\(Self.printable(value))\"" }
            s += ": "
        }
        return s + Self.printable(message)
    }

    /// Control characters and U+FFFD (bytes that were not UTF-8) shown as escapes.
    static func printable(_ text: String) -> String {
        var out = ""
        for u in text.unicodeScalars {
            if u.value < 0x20 || u.value == 0x7F || u.value == 0xFFFD {
                out += u.value == 0xFFFD ? "\\ufffd" : "\\x" + (u.value < 0x10 ? "0" : "") + String(u.value, radix: 16)
            } else {
                out.unicodeScalars.append(u)
            }
        }
        return out
    }
}

/// The result of reading one file: occurrences sorted by start, then uid.
package struct ImportResult: Sendable {
    package var occurrences: [Occurrence]
    package var warnings: [ImportWarning]
    /// Number of VEVENTs read (masters and overrides).
    package var eventCount: Int
}

/// ``ImportResult`` with the occurrences in their compact table, each made
/// into an ``Occurrence`` when it is read.
package struct ImportTable: Sendable {
    /// Sorted by start, then uid, as ``ImportResult/occurrences``.
    package var occurrences: OccurrenceTable
    package var warnings: [ImportWarning]
    package var eventCount: Int

    /// The same import with the occurrences in an array.
    package var result: ImportResult {
        ImportResult(occurrences: Array(occurrences), warnings: warnings, eventCount: eventCount)
    }
}

/// Why a file could not be imported at all.
package enum ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path is missing or cannot be read (CLI exit 66).
    case unreadable(file: String, reason: String)
    /// Nothing in the file is a usable calendar (CLI exit 65).
    case invalid(file: String, reason: String)

    package var description: String {
        switch self {
        case .unreadable(let f, let r): "\(f): cannot read: \(r)"
        case .invalid(let f, let r): "\(f): not a usable calendar: \(r)"
        }
    }
}
