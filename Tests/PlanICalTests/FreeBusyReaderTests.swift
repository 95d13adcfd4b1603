import PlanCore
import Testing
@testable import PlanICal

/// A CalDAV server's free-busy answer (RFC 4791 §7.10) read by libical: which
/// periods are busy, periods with a duration, several periods in one property.
@Suite struct FreeBusyReaderTests {
    /// `yyyy-MM-ddTHH:mm` in UTC.
    static func at(_ text: String) -> Instant {
        let parts = text.dropFirst(11).split(separator: ":").compactMap { Int($0) }
        return Instant(seconds: LocalDateTime(date: LocalDate(iso: text.prefix(10))!, hour: parts[0], minute: parts[1]).secondsSinceEpoch)
    }

    @Test func busyTentativeAndUnavailableAreBusyFreeIsNot() throws {
        let answer = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//test//EN\r
            BEGIN:VFREEBUSY\r
            DTSTART:20261130T000000Z\r
            DTEND:20261205T000000Z\r
            DTSTAMP:20261126T101157Z\r
            FREEBUSY;FBTYPE=BUSY-TENTATIVE:20261201T170000Z/20261201T180000Z\r
            FREEBUSY:20261201T150000Z/20261201T160000Z\r
            FREEBUSY;FBTYPE=FREE:20261201T080000Z/20261201T120000Z\r
            FREEBUSY;FBTYPE=BUSY-UNAVAILABLE:20261202T090000Z/PT90M\r
            FREEBUSY;FBTYPE=BUSY:20261203T090000Z/20261203T100000Z,20261203T120000Z/20261203T130000Z\r
            FREEBUSY;FBTYPE=X-OUT-OF-OFFICE:20261204T090000Z/20261204T100000Z\r
            END:VFREEBUSY\r
            END:VCALENDAR\r

            """
        let busy = try FreeBusyReader.busy(Array(answer.utf8), label: "freebusy:test")
        #expect(busy == [
            TimeRange(start: Self.at("2026-12-01T15:00"), end: Self.at("2026-12-01T16:00")),
            TimeRange(start: Self.at("2026-12-01T17:00"), end: Self.at("2026-12-01T18:00")),
            TimeRange(start: Self.at("2026-12-02T09:00"), end: Self.at("2026-12-02T10:30")),
            TimeRange(start: Self.at("2026-12-03T09:00"), end: Self.at("2026-12-03T10:00")),
            TimeRange(start: Self.at("2026-12-03T12:00"), end: Self.at("2026-12-03T13:00")),
            TimeRange(start: Self.at("2026-12-04T09:00"), end: Self.at("2026-12-04T10:00")),
        ])
    }

    @Test func aVFreeBusyWithNoPeriodsIsFree() throws {
        let answer = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VFREEBUSY\r\nDTSTART:20261130T000000Z\r\nDTEND:20261205T000000Z\r\nEND:VFREEBUSY\r\nEND:VCALENDAR\r\n"
        #expect(try FreeBusyReader.busy(Array(answer.utf8), label: "x").isEmpty)
    }

    @Test(arguments: [
        ("<?xml version='1.0'?><multistatus xmlns='DAV:'/>", "libical cannot read"),
        ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20261201T150000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", "no VFREEBUSY"),
    ])
    func anAnswerThatIsNotFreeBusyIsInvalid(_ text: String, _ why: String) {
        #expect {
            try FreeBusyReader.busy(Array(text.utf8), label: "freebusy:http://h/c/")
        } throws: { error in
            guard case .invalid(let file, let reason)? = error as? ImportError else { return false }
            return file == "freebusy:http://h/c/" && reason.contains(why)
        }
    }
}
