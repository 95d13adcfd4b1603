import Testing
@testable import PlanCore

/// Rule 1: which imported occurrences are busy, and how much time they take.
@Suite struct BusyTimeTests {
    static let ny = SystemZone(identifier: "America/New_York")!
    static let day = LocalDate(year: 2026, month: 11, day: 23)

    static func at(_ h: Int, _ m: Int = 0) -> Instant { ny.resolve(LocalDateTime(date: day, hour: h, minute: m)) }

    static func event(_ uid: String, status: String? = nil, transparent: Bool = false,
                      start: CalendarTime = .utc(at(9)), end: CalendarTime = .utc(at(10))) -> Occurrence {
        Occurrence(uid: uid, recurrenceId: nil, start: start, end: end, summary: uid, status: status,
                   transparent: transparent, tzid: nil, source: "\(uid).ics")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var occurrence: Occurrence
        var rules: BusyRules
        var busy: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "confirmed", occurrence: event("a", status: "CONFIRMED"), rules: BusyRules(), busy: true),
        Case(name: "no status", occurrence: event("a"), rules: BusyRules(), busy: true),
        Case(name: "cancelled", occurrence: event("a", status: "CANCELLED"), rules: BusyRules(), busy: false),
        Case(name: "transparent", occurrence: event("a", transparent: true), rules: BusyRules(), busy: false),
        Case(name: "tentative, counted", occurrence: event("a", status: "TENTATIVE"), rules: BusyRules(tentative: true), busy: true),
        Case(name: "tentative, not counted", occurrence: event("a", status: "TENTATIVE"), rules: BusyRules(tentative: false), busy: false),
        Case(name: "transparent wins over tentative", occurrence: event("a", status: "TENTATIVE", transparent: true),
             rules: BusyRules(tentative: true), busy: false),
        Case(name: "all-day, not counted", occurrence: event("a", start: .date(day), end: .date(day.adding(days: 1))),
             rules: BusyRules(allDay: false), busy: false),
        Case(name: "all-day, counted", occurrence: event("a", start: .date(day), end: .date(day.adding(days: 1))),
             rules: BusyRules(allDay: true), busy: true),
    ]

    @Test(arguments: cases)
    func whichOccurrencesAreBusy(_ c: Case) {
        let policy = Policy(zone: Self.ny, busy: c.rules)
        #expect(policy.busyBlocks(from: [c.occurrence]).isEmpty == !c.busy)
    }

    @Test func allDayDatesAreReadInTheZone() {
        let policy = Policy(zone: Self.ny, busy: BusyRules(allDay: true))
        let blocks = policy.busyBlocks(from: [Self.event("holiday", start: .date(Self.day), end: .date(Self.day.adding(days: 1)))])
        #expect(blocks == [BusyBlock(range: TimeRange(start: Self.at(0), end: Self.at(0) + 86_400), source: "holiday.ics")])
    }

    @Test func floatingTimesAreReadInTheZone() {
        let policy = Policy(zone: Self.ny)
        let local = LocalDateTime(date: Self.day, hour: 9)
        let blocks = policy.busyBlocks(from: [Self.event("f", start: .floating(local), end: .floating(local.adding(seconds: 3600)))])
        #expect(blocks.map(\.range) == [TimeRange(start: Self.at(9), end: Self.at(10))])
    }

    @Test func bufferWidensBothSidesAndZeroLengthNeedsIt() {
        var policy = Policy(zone: Self.ny)
        let point = Self.event("deadline", start: .utc(Self.at(12)), end: .utc(Self.at(12)))
        #expect(policy.busyBlocks(from: [point]).isEmpty)
        policy.buffer = 600
        let blocks = policy.busyBlocks(from: [Self.event("a"), point])
        #expect(blocks.map(\.range) == [TimeRange(start: Self.at(8, 50), end: Self.at(10, 10)),
                                        TimeRange(start: Self.at(11, 50), end: Self.at(12, 10))])
        #expect(blocks.map(\.source) == ["a.ics", "deadline.ics"])
    }

    /// Busy blocks only matter through the time they cover: touching and
    /// overlapping ones behave like their union.
    @Test func overlappingBlocksActAsTheirUnion() {
        let policy = Policy(zone: Self.ny, dayStart: TimeOfDay(hour: 9), dayEnd: TimeOfDay(hour: 13))
        let task = PlanTask(id: "t", title: "T", estimate: 3600, due: Self.at(13))
        let split = [BusyBlock(range: TimeRange(start: Self.at(9), end: Self.at(10)), source: "a"),
                     BusyBlock(range: TimeRange(start: Self.at(9, 30), end: Self.at(11)), source: "b"),
                     BusyBlock(range: TimeRange(start: Self.at(11), end: Self.at(12)), source: "c")]
        let plan = TaskScheduler(policy: policy, now: Self.at(8)).plan(tasks: [task], busy: split)
        #expect(plan.sittings.map(\.range) == [TimeRange(start: Self.at(12), end: Self.at(13))])
    }
}
