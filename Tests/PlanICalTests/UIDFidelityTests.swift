import Foundation
import PlanCore
import PlanICal
import Testing

/// Issue 12, item 8: a UID is kept byte for byte, white space included
/// (RFC 5545 §3.8.4.7 makes it an opaque TEXT value: nothing in it is
/// insignificant). It is what ties an override to its series, and what a
/// calendar client matches on when the exported file comes back.
@Suite struct UIDFidelityTests {
    static let spaced = "  class 42@school.edu "

    static let lines = ICS.calendar(
        ICS.event(spaced, "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z", "RRULE:FREQ=WEEKLY;COUNT=3"),
        ICS.event(spaced, "RECURRENCE-ID:20260112T090000Z", "DTSTART:20260112T140000Z", "DTEND:20260112T150000Z"),
        // The same UID without the spaces is another event.
        ICS.event("class 42@school.edu", "DTSTART:20260106T090000Z", "DTEND:20260106T100000Z"))

    /// The occurrences carry the UID as written, and the override (whose
    /// UID has the same spaces) replaces the instance it names.
    @Test func spacesAreKeptAndTheOverrideMerges() throws {
        let result = try ICS.read(Self.lines)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(ICS.rows(result) == [
            Row(Self.spaced, "2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z", rid: "2026-01-05T09:00:00Z"),
            .single("class 42@school.edu", "2026-01-06T09:00:00Z", "2026-01-06T10:00:00Z"),
            Row(Self.spaced, "2026-01-12T14:00:00Z", "2026-01-12T15:00:00Z", rid: "2026-01-12T09:00:00Z"),
            Row(Self.spaced, "2026-01-19T09:00:00Z", "2026-01-19T10:00:00Z", rid: "2026-01-19T09:00:00Z"),
        ])
    }

    /// `plan export` writes the UID back as it was read, and the export
    /// reads back to the same occurrences.
    @Test func exportKeepsTheSpaces() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("plan-uid-\(ProcessInfo.processInfo.processIdentifier).ics").path
        try ICS.text(Self.lines).write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = try ICalExporter.merged(calendars: [.onDisk(path)], sittings: [], stamp: Instant(seconds: 0))
        let uids = text.split(separator: "\r\n").filter { $0.hasPrefix("UID:") }
        #expect(uids == ["UID:\(Self.spaced)", "UID:\(Self.spaced)", "UID:class 42@school.edu"])
        let back = try ICalImporter.importData(Array(text.utf8), label: "export.ics", options: ICS.options())
        #expect(back.warnings.isEmpty, "\(back.warnings)")
        #expect(ICS.rows(back) == ICS.rows(try ICS.read(Self.lines)))
    }
}
