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
