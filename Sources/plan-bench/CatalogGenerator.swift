import PlanCore
import PlanTimetable

/// A seeded term catalog shaped like a real university's: Fall 2027 with Labor Day
/// and the Thanksgiving break off; lectures MWF 50 minutes or TR 75 minutes between
/// 08:00 and 17:00; a third of the courses with a weekly discussion or a two-hour lab
/// per section (some labs from week 3, some sections half-term); a few instructors
/// per course whose sections share a past GPA and a rating (2 and 1 decimals; some
/// unknown), so some sections are interchangeable; seats, some full.
struct CatalogGenerator {
    static let term = Term(name: "Fall 2027", timeZone: "America/New_York",
                           start: LocalDate(year: 2027, month: 8, day: 30), end: LocalDate(year: 2027, month: 12, day: 10),
                           holidays: [DateSpan(day: LocalDate(year: 2027, month: 9, day: 6)),
                                      DateSpan(from: LocalDate(year: 2027, month: 11, day: 24), to: LocalDate(year: 2027, month: 11, day: 28))])

    var random: SeededRandom
    /// Lectures only, from 09:00 to 12:15 (three MWF hours, two TR slots), none online:
    /// courses crowd into five times, few combinations fit, and past five courses only
    /// half-term sections can share a time — the search must prove what does not fit.
    let crowded: Bool

    init(seed: UInt64, crowded: Bool = false) {
        random = SeededRandom(seed: seed &* 0x9E37_79B9 &+ 14)
        self.crowded = crowded
    }

    /// The same catalog with no GPA and no rating anywhere: every score ties, and only
    /// days on campus, the latest end and the ids rank.
    static func tied(_ catalog: Catalog) -> Catalog {
        var c = catalog
        for i in c.courses.indices {
            for s in c.courses[i].sections.indices {
                c.courses[i].sections[s].gpa = nil
                c.courses[i].sections[s].rating = nil
            }
        }
        return c
    }

    /// `count` courses with `sections` sections each (a range: each course draws its own count).
    mutating func catalog(courses count: Int, sections: ClosedRange<Int>) -> Catalog {
        Catalog(term: Self.term, courses: (0..<count).map { course($0, sections: random.int(sections)) })
    }

    private mutating func course(_ index: Int, sections count: Int) -> Course {
        let code = ["CMSC", "MATH", "PHYS", "CHEM", "ENGL", "HIST", "ECON", "BIOL", "PSYC", "STAT", "ARTH", "PHIL"][index % 12]
            + String(100 + (index * 37) % 400)
        let instructors = (0..<random.int(2...6)).map { k -> (name: String, gpa: Double?, rating: Double?) in
            ("Instructor \(index)-\(k)",
             random.chance(15) ? nil : Double(random.int(200...400)) / 100,
             random.chance(20) ? nil : Double(random.int(15...50)) / 10)
        }
        let extra = crowded ? 0 : random.int(0...2)  // 0: lecture only, 1: discussion, 2: lab
        var sections: [Section] = []
        for s in 0..<count {
            let who = random.pick(instructors)
            var meetings: [Meeting] = []
            let halfTerm = random.chance(8)
            let from: LocalDate? = halfTerm && random.chance(50) ? LocalDate(year: 2027, month: 10, day: 18) : nil
            let to: LocalDate? = halfTerm && from == nil ? LocalDate(year: 2027, month: 10, day: 15) : nil
            if random.chance(55) {
                let start = crowded ? 9 * 60 + random.int(0...2) * 60 : 8 * 60 + random.int(0...8) * 60
                meetings.append(Meeting(days: [.monday, .wednesday, .friday], start: start, end: start + 50,
                                        room: "Room \(random.int(1...60))", kind: "lecture", from: from, to: to))
            } else {
                let start = crowded ? [570, 660][random.int(0...1)] : [480, 570, 660, 750, 840, 930, 1020][random.int(0...6)]
                meetings.append(Meeting(days: [.tuesday, .thursday], start: start, end: start + 75,
                                        room: "Room \(random.int(1...60))", kind: "lecture", from: from, to: to))
            }
            if extra == 1 {
                let start = 8 * 60 + random.int(0...9) * 60
                meetings.append(Meeting(days: [random.pick(Weekday.allCases.prefix(5).map { $0 })], start: start, end: start + 50,
                                        room: "Room \(random.int(1...60))", kind: "discussion", from: from, to: to))
            } else if extra == 2 {
                let start = [480, 600, 720, 840, 960][random.int(0...4)]
                meetings.append(Meeting(days: [random.pick(Weekday.allCases.prefix(5).map { $0 })], start: start, end: start + 110,
                                        room: "Lab \(random.int(1...9))", kind: "lab",
                                        from: random.chance(50) ? LocalDate(year: 2027, month: 9, day: 13) : from, to: to))
            }
            if !crowded && random.chance(4) { meetings = [] }  // online
            sections.append(Section(id: String(format4(101 + s)), instructors: [who.name], gpa: who.gpa, rating: who.rating,
                                    seats: Seats(open: random.chance(15) ? 0 : random.int(1...40), total: 40), meetings: meetings))
        }
        return Course(code: code, title: "Course \(index)", credits: Double(random.pick([3, 3, 3, 4, 4, 1, 2])), sections: sections)
    }
}

/// `0101`, `0102`, … (a registrar's section numbers).
private func format4(_ n: Int) -> String { String(String(10_000 + n).dropFirst()) }

extension CatalogGenerator {
    /// `courses` courses of `sections` sections, each one weekly meeting at one of `times`
    /// times (MWF 09:00, 10:00, … then TR), instructors and GPAs all different: with more
    /// courses than times nothing fits, and only the pigeonhole says so.
    mutating func pigeonhole(courses count: Int, sections: Int, times: Int) -> Catalog {
        let slots = (0..<times).map { t -> Meeting in
            t % 2 == 0 ? Meeting(days: [.monday, .wednesday, .friday], start: 540 + t / 2 * 60, end: 590 + t / 2 * 60, kind: "lecture")
                : Meeting(days: [.tuesday, .thursday], start: 540 + t / 2 * 90, end: 615 + t / 2 * 90, kind: "lecture")
        }
        return Catalog(term: Self.term, courses: (0..<count).map { c in
            Course(code: "PIGEON\(c)", title: "Course \(c)", credits: 3, sections: (0..<sections).map { s in
                Section(id: String(format4(101 + s)), instructors: ["Instructor \(c)-\(s)"], gpa: Double(random.int(200...400)) / 100,
                        rating: Double(random.int(15...50)) / 10, meetings: [slots[random.int(0...(times - 1))]])
            })
        })
    }
}
