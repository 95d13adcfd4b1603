import PlanCore
import PlanICal

/// The importer under fuzzing: iCalendar bytes expanded over one fixed year
/// (2026, floating times in New York), as `plan events` reads a file.
public enum ImporterEntry {
    /// 2026-01-01T00:00:00Z to 2027-01-01T00:00:00Z.
    static let window = TimeRange(start: Instant(seconds: 1_767_225_600), end: Instant(seconds: 1_798_761_600))
    /// At most 10,000 occurrences a series (plan's default is 100,000): a
    /// series at the default cap is legitimate output, and bounded, but costs
    /// 2–5 s in the sanitized build, past the fuzzer's 1 s for an input (the
    /// cap itself is tested by `BadInputTests.theSeriesCapIsExact`).
    static let options = ImportOptions(window: window, floatingZone: SystemZone(identifier: "America/New_York") ?? .utc,
                                       maxOccurrencesPerSeries: 10_000)

    /// Imports `bytes`; a refused calendar is as good an answer as occurrences.
    public static func run(_ bytes: [UInt8]) {
        guard let table = try? ICalImporter.importTable(bytes, label: "fuzz.ics", options: options) else { return }
        // Every occurrence and warning is read, as a caller printing them would.
        var checksum = 0
        for o in table.occurrences {
            checksum &+= (o.summary?.utf8.count ?? 0) &+ Int(truncatingIfNeeded: o.range(in: options.floatingZone).start.seconds)
        }
        for w in table.warnings { checksum &+= w.description.utf8.count }
        blackHole(checksum)
    }
}

/// Keeps a value alive so the optimizer cannot drop the work that made it.
@inline(never) func blackHole(_ value: Int) { _ = value }
