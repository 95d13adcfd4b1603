import PlanCore
@testable import PlanTimetable

/// Fall 2027: Monday 30 August to Friday 10 December, Labor Day (Monday 6 September)
/// and the Thanksgiving break (24–28 November) off.
let fall = Term(name: "Fall 2027", timeZone: "America/New_York",
                start: day(8, 30), end: day(12, 10),
                holidays: [DateSpan(day: day(9, 6)), DateSpan(from: day(11, 24), to: day(11, 28))])

/// A date of 2027.
func day(_ month: Int, _ day: Int) -> LocalDate { LocalDate(year: 2027, month: month, day: day) }

/// `"MWF"` → Monday, Wednesday, Friday (`R` Thursday, `S` Saturday, `U` Sunday).
func weekdays(_ letters: String) -> [Weekday] {
    letters.map { c -> Weekday in
        switch c {
        case "M": .monday
        case "T": .tuesday
        case "W": .wednesday
        case "R": .thursday
        case "F": .friday
        case "S": .saturday
        default: .sunday
        }
    }
}

/// `"10:50"` → 650.
func minute(_ text: String) -> Int {
    let parts = text.split(separator: ":").map { Int($0)! }
    return parts[0] * 60 + parts[1]
}

func meet(_ days: String, _ start: String, _ end: String, from: LocalDate? = nil, to: LocalDate? = nil, room: String? = nil, kind: String? = nil) -> Meeting {
    Meeting(days: weekdays(days), start: minute(start), end: minute(end), room: room, kind: kind, from: from, to: to)
}

func section(_ id: String, _ meetings: [Meeting], instructors: [String] = ["Staff"], gpa: Double? = nil, rating: Double? = nil, seats: Seats? = nil) -> Section {
    Section(id: id, instructors: instructors, gpa: gpa, rating: rating, seats: seats, meetings: meetings)
}

func course(_ code: String, credits: Double = 3, _ sections: [Section]) -> Course {
    Course(code: code, title: code, credits: credits, sections: sections)
}

/// Builds with a catalog of exactly these courses, every combination listed (`--variants`: these
/// tests are about the options and the ranking; distinct choices have their own).
func build(_ courses: [Course], _ options: BuildOptions = BuildOptions(), term: Term = fall) -> BuildResult {
    var options = options
    options.variants = true
    return TimetableBuilder.build(catalog: Catalog(term: term, courses: courses), courses: courses, options: options)
}

/// Each combination as its picks' first ids, e.g. `[["0101", "0201"], …]`.
func firstIds(_ result: BuildResult) -> [[String]] { result.combinations.map { $0.picks.map { $0.ids[0] } } }

/// SplitMix64: a small seeded generator, so every random test is the same run each time.
struct TestRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}
