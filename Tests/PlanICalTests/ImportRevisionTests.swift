import PlanCore
import PlanICal
import Testing

/// Issue 34, import item 2: an instance edited, then deleted. The file keeps
/// the old override beside a master of a later revision whose EXDATE removes
/// that instance; the newer EXDATE wins and the override is not shown. An
/// override of the same revision as the master, or newer, is shown as before.
@Suite struct ImportRevisionTests {
    /// A VEVENT of UID `r` with exactly these lines (no DTSTAMP added: the
    /// stamps are what these tests vary).
    static func event(_ lines: [String]) -> [String] { ["BEGIN:VEVENT", "UID:r"] + lines + ["END:VEVENT"] }

    /// A weekly seminar (03-02, 03-09, 03-16 at 11:00Z) whose master
    /// excludes 03-09, and an override that moved 03-09 to 03-10 16:00Z.
    static func seminar(master: [String], override: [String]) -> [String] {
        ICS.calendar(
            event(master + ["SUMMARY:Seminar", "DTSTART:20260302T110000Z", "DURATION:PT1H",
                            "RRULE:FREQ=WEEKLY;COUNT=3", "EXDATE:20260309T110000Z"]),
            event(override + ["SUMMARY:Seminar (moved)", "RECURRENCE-ID:20260309T110000Z",
                              "DTSTART:20260310T160000Z", "DURATION:PT1H"]))
    }

    static let withoutOverride = ["2026-03-02T11:00:00Z", "2026-03-16T11:00:00Z"]
    static let withOverride = ["2026-03-02T11:00:00Z", "2026-03-10T16:00:00Z", "2026-03-16T11:00:00Z"]

    @Test(arguments: [
        // (d) The master's SEQUENCE is higher: it deleted the edited instance.
        (["SEQUENCE:2", "DTSTAMP:20260101T000000Z"], ["SEQUENCE:1", "DTSTAMP:20260101T000000Z"], false),
        // A higher SEQUENCE decides before the stamps do.
        (["SEQUENCE:2", "LAST-MODIFIED:20260101T000000Z"], ["SEQUENCE:1", "LAST-MODIFIED:20260301T000000Z"], false),
        // (e) Equal SEQUENCE, the master modified later.
        (["SEQUENCE:1", "DTSTAMP:20260101T000000Z", "LAST-MODIFIED:20260301T000000Z"],
         ["SEQUENCE:1", "DTSTAMP:20260101T000000Z", "LAST-MODIFIED:20260201T000000Z"], false),
        // Equal SEQUENCE, no LAST-MODIFIED: the later DTSTAMP.
        (["DTSTAMP:20260301T000000Z"], ["DTSTAMP:20260201T000000Z"], false),
        // (f) The override is newer than the master that excludes its instance.
        (["SEQUENCE:1", "DTSTAMP:20260101T000000Z"], ["SEQUENCE:2", "DTSTAMP:20260101T000000Z"], true),
        (["SEQUENCE:1", "LAST-MODIFIED:20260201T000000Z"], ["SEQUENCE:1", "LAST-MODIFIED:20260301T000000Z"], true),
        // (g) The same revision: shown, as it always was.
        (["SEQUENCE:1", "DTSTAMP:20260101T000000Z"], ["SEQUENCE:1", "DTSTAMP:20260101T000000Z"], true),
        // No stamp on the override: nothing says it is older.
        (["DTSTAMP:20260301T000000Z"], [], true),
    ] as [([String], [String], Bool)])
    func newerExdateDeletesTheOverride(_ master: [String], _ override: [String], _ shown: Bool) throws {
        let result = try ICS.read(Self.seminar(master: master, override: override))
        #expect(result.warnings.isEmpty)
        #expect(ICS.rows(result).map(\.start) == (shown ? Self.withOverride : Self.withoutOverride))
    }

    /// A later master's EXDATE of another instance leaves the override alone.
    @Test func exdateOfAnotherInstanceKeepsTheOverride() throws {
        let rows = try ICS.rows(ICS.read(ICS.calendar(
            Self.event(["SEQUENCE:2", "DTSTART:20260302T110000Z", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=3",
                        "EXDATE:20260316T110000Z"]),
            Self.event(["SEQUENCE:1", "RECURRENCE-ID:20260309T110000Z", "DTSTART:20260310T160000Z", "DURATION:PT1H"]))))
        #expect(rows.map(\.start) == ["2026-03-02T11:00:00Z", "2026-03-10T16:00:00Z"])
    }

    /// The EXDATE and the RECURRENCE-ID need not be written alike: each
    /// names its instance as the series reads it (a date on a timed series
    /// means the instance of that local date; a UTC midnight on an all-day
    /// series the date it says).
    @Test func otherFormsOfTheDeletedInstance() throws {
        let timed = try ICS.rows(ICS.read(ICS.calendar(
            Self.event(["SEQUENCE:2", "DTSTART;TZID=Europe/Berlin:20260302T120000", "DURATION:PT1H",
                        "RRULE:FREQ=WEEKLY;COUNT=3", "EXDATE:20260309T110000Z"]),
            Self.event(["SEQUENCE:1", "RECURRENCE-ID;VALUE=DATE:20260309", "DTSTART:20260310T160000Z",
                        "DURATION:PT1H"]))))
        #expect(timed.map(\.start) == Self.withoutOverride)

        let allDay = try ICS.rows(ICS.read(ICS.calendar(header: ["X-WR-TIMEZONE:America/Los_Angeles"],
            Self.event(["SEQUENCE:2", "DTSTART;VALUE=DATE:20261218", "RRULE:FREQ=WEEKLY;COUNT=3",
                        "EXDATE:20261225T000000Z"]),
            Self.event(["SEQUENCE:1", "RECURRENCE-ID;VALUE=DATE:20261225", "DTSTART;VALUE=DATE:20261226"]))))
        #expect(allDay.map(\.start) == ["2026-12-18", "2027-01-01"])
    }
}
