import PlanCore
import Testing
@testable import PlanTimetable

@Suite struct CatalogTests {
    let term = Term(name: "Fall 2027", timeZone: "America/New_York",
                    start: LocalDate(year: 2027, month: 8, day: 30), end: LocalDate(year: 2027, month: 12, day: 10),
                    holidays: [DateSpan(day: LocalDate(year: 2027, month: 9, day: 6)),
                               DateSpan(from: LocalDate(year: 2027, month: 11, day: 24), to: LocalDate(year: 2027, month: 11, day: 28))])

    @Test func classDaysSkipHolidaysAndBreaks() {
        #expect(term.isClassDay(LocalDate(year: 2027, month: 8, day: 30)))
        #expect(!term.isClassDay(LocalDate(year: 2027, month: 9, day: 6)))
        #expect(!term.isClassDay(LocalDate(year: 2027, month: 11, day: 26)))
        #expect(term.isClassDay(LocalDate(year: 2027, month: 11, day: 29)))
        #expect(!term.isClassDay(LocalDate(year: 2027, month: 12, day: 11)))
    }

    @Test func meetingSpanIsClippedToTheTerm() {
        let m = Meeting(days: [.monday], start: 600, end: 650, from: LocalDate(year: 2027, month: 8, day: 1), to: LocalDate(year: 2027, month: 10, day: 15))
        #expect(m.span(in: term) == DateSpan(from: term.start, to: LocalDate(year: 2027, month: 10, day: 15)))
    }

    @Test func courseCodesCompareWithoutCaseOrSpaces() {
        let catalog = Catalog(term: term, courses: [Course(code: "CMSC 436", title: "Handhelds", credits: 3, sections: [])])
        #expect(catalog.course("cmsc436")?.code == "CMSC 436")
        #expect(catalog.course("CMSC-436") != nil)
        #expect(catalog.course("CMSC437") == nil)
    }
}

@Suite struct MeetingDatesTests {
    static func d(_ s: String) -> LocalDate { LocalDate(iso: s)! }
    let term = Term(name: "Fall 2027", timeZone: "America/New_York", start: d("2027-08-30"), end: d("2027-12-10"),
                    holidays: [DateSpan(day: d("2027-09-06")), DateSpan(from: d("2027-11-24"), to: d("2027-11-28"))])

    /// Counted day by day here, independently of the walk: every date of the term on the meeting's days.
    func brute(_ m: Meeting) -> [LocalDate] {
        var out: [LocalDate] = []
        var x = m.from ?? term.start
        while x <= (m.to ?? term.end) {
            if x >= term.start, x <= term.end, m.days.contains(Weekday(x)),
               !term.holidays.contains(where: { $0.from <= x && x <= $0.to }) { out.append(x) }
            x = x.adding(days: 1)
        }
        return out
    }

    @Test func mondayWednesdaySkipsLaborDayAndThanksgiving() throws {
        let m = Meeting(days: [.monday, .wednesday], start: 600, end: 650)
        let dates = try #require(m.dates(in: term))
        #expect(dates.first == Self.d("2027-08-30"))
        #expect(dates.last == Self.d("2027-12-08"))
        #expect(dates.skipped == [Self.d("2027-09-06"), Self.d("2027-11-24")])
        // The weekly rule minus the skipped dates is exactly the class days.
        let brute = brute(m)
        #expect(brute.first == dates.first && brute.last == dates.last)
        var ruled: [LocalDate] = []
        var x = dates.first
        while x <= dates.last {
            if m.days.contains(Weekday(x)), !dates.skipped.contains(x) { ruled.append(x) }
            x = x.adding(days: 1)
        }
        #expect(ruled == brute)
    }

    @Test func aRangeThatStartsOnAHolidayStartsAfterIt() throws {
        let m = Meeting(days: [.monday], start: 600, end: 650, from: Self.d("2027-09-06"), to: Self.d("2027-10-11"))
        let dates = try #require(m.dates(in: term))
        #expect(dates.first == Self.d("2027-09-13"))
        #expect(dates.last == Self.d("2027-10-11"))
        #expect(dates.skipped.isEmpty)
    }

    @Test func aMeetingOnlyOnHolidaysOrOutsideTheTermNeverHappens() {
        #expect(Meeting(days: [.friday], start: 600, end: 650, from: Self.d("2027-11-26"), to: Self.d("2027-11-26")).dates(in: term) == nil)
        #expect(Meeting(days: [.friday], start: 600, end: 650, from: Self.d("2028-01-01"), to: Self.d("2028-02-01")).dates(in: term) == nil)
        #expect(Meeting(days: [], start: 600, end: 650).dates(in: term) == nil)
    }
}
