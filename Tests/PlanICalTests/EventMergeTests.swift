import Foundation
import PlanCore
import Testing
@testable import PlanICal

/// An event plan writes again after the phone changed it: the phone's
/// additions (an alarm, a colour, a title) stay, plan's part is brought up
/// to date where the phone left it as plan made it.
@Suite struct EventMergeTests {
    static let hour: Int64 = 3600
    static let start = Instant(seconds: 1_795_446_000)  // 2026-11-23 10:00 -05:00

    static func made(summary: String, start: Instant, sequence: Int, stamp: Instant) throws -> [UInt8] {
        var s = ExportSitting(uid: "essay-2@plan", range: TimeRange(start: start, end: start + hour), summary: summary,
                              categories: ["HIST200"], description: "Planned by plan; task id essay.", taskId: "essay")
        s.sequence = sequence
        s.modified = stamp
        return Array(try ICalExporter.merged(calendars: [], sittings: [s], stamp: stamp, timeZone: "America/New_York").utf8)
    }

    /// What a phone does to the event: its own property added after each VEVENT line, or a line replaced.
    static func phone(_ bytes: [UInt8], adding: String, replacing: (String, String)? = nil) -> [UInt8] {
        var text = String(decoding: bytes, as: UTF8.self)
        if let (a, b) = replacing { text = text.replacingOccurrences(of: a, with: b) }
        text = text.replacingOccurrences(of: "END:VEVENT\r\n", with: adding + "END:VEVENT\r\n")
        return Array(text.utf8)
    }

    @Test func thePhonesAlarmColourAndTitleSurviveANewTimeAndTitle() throws {
        let first = try Self.made(summary: "HIST200: Essay", start: Self.start, sequence: 0, stamp: Self.start - 86_400)
        let held = Self.phone(first, adding: "COLOR:crimson\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:soon\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\n")
        let fresh = try Self.made(summary: "HIST200: History essay", start: Self.start + 2 * Self.hour, sequence: 1, stamp: Self.start - 3600)
        let merged = try #require(EventMerge.merged(fresh: fresh, made: first, held: held, uid: "essay-2@plan", keepTimes: false))
        let text = String(decoding: merged.bytes, as: UTF8.self)
        #expect(text.contains("COLOR:crimson") && text.contains("BEGIN:VALARM") && text.contains("TRIGGER:-PT15M"))
        #expect(text.contains("SUMMARY:HIST200: History essay"))
        #expect(text.contains("DTSTART;TZID=America/New_York:20261123T120000"))
        #expect(text.contains("SEQUENCE:1") && merged.sequence == 1)
        #expect(text.contains("LAST-MODIFIED:20261123T140000Z") && text.contains("DTSTAMP:20261123T140000Z"))
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 2)

        // A title changed on the phone is the phone's; a SEQUENCE the phone raised is raised past.
        let retitled = Self.phone(first, adding: "", replacing: ("SUMMARY:HIST200: Essay", "SUMMARY:Essay at the library"))
        let raised = Array(String(decoding: retitled, as: UTF8.self).replacingOccurrences(of: "SEQUENCE:0", with: "SEQUENCE:4").utf8)
        let kept = try #require(EventMerge.merged(fresh: fresh, made: first, held: raised, uid: "essay-2@plan", keepTimes: false))
        let keptText = String(decoding: kept.bytes, as: UTF8.self)
        #expect(keptText.contains("SUMMARY:Essay at the library") && !keptText.contains("History essay"))
        #expect(kept.sequence == 5 && keptText.contains("SEQUENCE:5"))
    }

    @Test func timesThePhoneSetAreKeptWhenPlanKeepsTheSittingThere() throws {
        let first = try Self.made(summary: "Essay", start: Self.start, sequence: 0, stamp: Self.start - 86_400)
        // The phone moved it and wrote its times in UTC; plan pinned the sitting there.
        let held = Self.phone(first, adding: "", replacing: ("DTSTART;TZID=America/New_York:20261123T100000", "DTSTART:20261124T150000Z"))
        let moved = Array(String(decoding: held, as: UTF8.self)
            .replacingOccurrences(of: "DTEND;TZID=America/New_York:20261123T110000", with: "DTEND:20261124T160000Z").utf8)
        let fresh = try Self.made(summary: "Essay draft", start: Self.start + 25 * Self.hour, sequence: 1, stamp: Self.start)
        let merged = try #require(EventMerge.merged(fresh: fresh, made: first, held: moved, uid: "essay-2@plan", keepTimes: true))
        let text = String(decoding: merged.bytes, as: UTF8.self)
        #expect(text.contains("DTSTART:20261124T150000Z") && text.contains("DTEND:20261124T160000Z"))
        #expect(text.contains("SUMMARY:Essay draft"))
    }

    @Test func whatCannotBeReadIsNotMerged() throws {
        let first = try Self.made(summary: "Essay", start: Self.start, sequence: 0, stamp: Self.start)
        #expect(EventMerge.merged(fresh: first, made: first, held: Array("not a calendar".utf8), uid: "essay-2@plan", keepTimes: false) == nil)
        #expect(EventMerge.merged(fresh: first, made: first, held: first, uid: "other@plan", keepTimes: false) == nil)
    }
}
