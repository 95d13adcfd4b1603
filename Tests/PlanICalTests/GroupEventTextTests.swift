import Testing
@testable import PlanICal

/// A study session read back from a group calendar: its text is the text,
/// not the escaped value, so a session read and written again (a
/// cancellation, a new invitee) never gains a backslash.
@Suite struct GroupEventTextTests {
    static let member = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        BEGIN:VEVENT\r
        UID:session-1@plan\r
        DTSTAMP:20261120T120000Z\r
        DTSTART:20261124T180000Z\r
        DTEND:20261124T200000Z\r
        SUMMARY:CHEM 110\\, midterm review\\; bring notes\r
        LOCATION:Library\\, room 204\r
        DESCRIPTION:Chapters 3–5\\nback\\\\slash\r
        ORGANIZER;CN=Ana:mailto:ana@uni.edu\r
        ATTENDEE;CN=Bob;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:bob@uni.edu\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    @Test func readsTheTextNotTheEscapedValue() throws {
        let inv = try GroupEvent.read(Array(Self.member.utf8), label: "session-1.ics")
        #expect(inv.summary == "CHEM 110, midterm review; bring notes")
        #expect(inv.location == "Library, room 204")
        #expect(inv.description == "Chapters 3–5\nback\\slash")
    }

    @Test func readWrittenAndReadAgainIsTheSame() throws {
        let first = try GroupEvent.read(Array(Self.member.utf8), label: "session-1.ics")
        var inv = first
        for round in 1...3 {
            inv = try GroupEvent.read(Array(GroupEvent.text(inv).utf8), label: "round \(round)")
            #expect(inv.summary == first.summary && inv.location == first.location && inv.description == first.description)
        }
        #expect(GroupEvent.text(inv).contains("LOCATION:Library\\, room 204\r\n"))
    }
}
