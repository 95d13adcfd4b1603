import Foundation
import PlanCore
import PlanICal
import Testing

@Suite struct ExporterTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/fall-2026-classes.ics").path
    static let term = TimeRange(start: Instant(seconds: 1_786_000_000), end: Instant(seconds: 1_800_000_000))

    static func sitting(_ task: String, _ i: Int, _ n: Int, start: Int64, minutes: Int64) -> ExportSitting {
        ExportSitting(uid: "\(task)-\(i)@plan", range: TimeRange(start: Instant(seconds: start), end: Instant(seconds: start + minutes * 60)),
                      summary: "HIST200: Essay, draft (\(i)/\(n))", categories: ["HIST200"],
                      description: "Notes; with, commas\nEffort left: 4h", taskId: task)
    }

    @Test func mergedCalendarReadsBackAsClassesPlusSittings() throws {
        let sittings = [Self.sitting("essay", 1, 2, start: 1_795_525_200, minutes: 90),
                        Self.sitting("essay", 2, 2, start: 1_795_611_600, minutes: 60)]
        let text = try ICalExporter.merged(calendars: [.onDisk(Self.example)], sittings: sittings, stamp: Instant(seconds: 1_795_400_000))
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(!text.contains("X-LIC-ERROR"))
        #expect(text.contains("X-PLAN-TASK-ID:essay"))
        #expect(text.contains("UID:essay-2@plan"))
        #expect(text.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })

        let options = ImportOptions(window: Self.term)
        let original = try ICalImporter.importFile(path: Self.example, options: options)
        let merged = try ICalImporter.importData(Array(text.utf8), label: "merged.ics", options: options)
        #expect(merged.warnings.isEmpty, "\(merged.warnings)")
        let classes = merged.occurrences.filter { !$0.uid.hasSuffix("@plan") }
        let planned = merged.occurrences.filter { $0.uid.hasSuffix("@plan") }
        #expect(classes.map(\.start) == original.occurrences.map(\.start))
        #expect(classes.map(\.uid) == original.occurrences.map(\.uid))
        #expect(planned.map(\.start) == sittings.map { .utc($0.range.start) })
        #expect(planned.map(\.end) == sittings.map { .utc($0.range.end) })
        #expect(planned.first?.summary == "HIST200: Essay, draft (1/2)")
    }

    @Test func sameInputsSameBytes() throws {
        let s = [Self.sitting("essay", 1, 1, start: 1_795_525_200, minutes: 30)]
        let a = try ICalExporter.merged(calendars: [.onDisk(Self.example)], sittings: s, stamp: Instant(seconds: 0))
        let b = try ICalExporter.merged(calendars: [.onDisk(Self.example)], sittings: s, stamp: Instant(seconds: 0))
        #expect(a == b)
    }

    /// The exporter reads no file: it takes the bytes, and names a calendar
    /// it cannot use by the label they came with.
    @Test func calendarWithoutComponentsIsInvalidByItsLabel() {
        let empty = CalendarBytes(label: "webcal://example.edu/empty.ics", bytes: Array("no calendar here\r\n".utf8))
        #expect(throws: ImportError.invalid(file: "webcal://example.edu/empty.ics", reason: "libical found no complete component in it")) {
            _ = try ICalExporter.merged(calendars: [empty], sittings: [], stamp: Instant(seconds: 0))
        }
    }
}
