import Foundation
import PlanCore
import PlanTimetable

/// A whole term of a large university, seeded: 4,000 courses in 40 departments with
/// 7,000 sections among them (every course one, the 3,000 more on the 100- and
/// 200-level courses), lectures MWF or TR between 08:00 and 17:00 (a third with a
/// discussion or a lab, a few online), about 1,600 instructors with real-shaped names
/// (accents, hyphens, an apostrophe) and no GPA or rating in the catalog — those come
/// from a ratings file (``ratingsCSV(_:)``), as they do from PlanetTerp or Course Critique.
struct TermCatalogGenerator {
    var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed &* 0x2545_F491 &+ 7) }

    static let firstNames = ["Ada", "Alan", "Amara", "Ana", "Ben", "Carla", "Chen", "Dana", "David", "Elena", "Emeka", "Fatima",
                             "Farah", "Grace", "Hana", "Hugo", "Ines", "Ivan", "Jamal", "Jin", "José", "Julia", "Kofi", "Lars",
                             "Lena", "Maria", "Mateo", "Mei", "Nadia", "Noah", "Olga", "Omar", "Priya", "Rafael", "Sara", "Sofia",
                             "Tariq", "Uma", "Victor", "Zoë"]
    static let lastNames = ["Abara", "Allen", "Bauer", "Brennan", "Castillo", "Chowdhury", "Dubois", "Evans", "Fischer", "García",
                            "Gómez", "Hale", "Hernández", "Ibrahim", "Ivanova", "Jensen", "Kim", "Kovač", "Larsen", "Lee", "López",
                            "Martin", "Mensah", "Moreau", "Müller", "Nakamura", "Nguyen", "Novak", "Núñez", "O'Brien", "Okafor",
                            "Østergaard", "Park", "Patel", "Pereira", "Quinn", "Rahman", "Rossi", "Sato", "Schmidt", "Singh",
                            "Smith", "Solomon", "Suzuki", "Tanaka", "Torres", "Ueda", "Varga", "Wang", "Weber", "Williams",
                            "Wyss-Gallifent", "Xu", "Yamamoto", "Yilmaz", "Young", "Zhang", "Zielinski", "Åberg", "Đorđević"]

    /// The catalog and its instructors' names (each once, in order of first use).
    mutating func catalog(courses courseCount: Int = 4_000, sections sectionCount: Int = 7_000) -> (Catalog, [String]) {
        var pairs: [(Int, Int)] = []
        for f in Self.firstNames.indices { for l in Self.lastNames.indices { pairs.append((f, l)) } }
        for k in pairs.indices.reversed() where k > 0 { pairs.swapAt(k, random.int(0...k)) }
        let instructors = pairs.prefix(1_600).map { "\(Self.firstNames[$0.0]) \(Self.lastNames[$0.1])" }
        let letters: [[String]] = [["A", "B", "C", "E", "G", "H", "L", "M", "P", "S"], ["R", "N", "T", "H", "C", "S", "L", "M"],
                                   ["A", "E", "I", "O", "U"], ["C", "S", "T", "L", "Y"]]
        let departments = (0..<40).map { (d: Int) -> String in
            let parts: [String] = [letters[0][d % 10], letters[1][d % 8], letters[2][d % 5], letters[3][(d / 5) % 5]]
            return parts.joined()
        }
        var counts = [Int](repeating: 1, count: courseCount)
        let intro = (0..<courseCount).filter { ($0 % 100) < 30 }
        for _ in 0..<max(sectionCount - courseCount, 0) { counts[random.pick(intro)] += 1 }
        var courses: [Course] = []
        var used: [String] = [], seen = Set<String>()
        for c in 0..<courseCount {
            let code = departments[c / 100 % departments.count] + String(100 + (c % 100) * 7)
            let staff = (0..<min(counts[c], random.int(1...4))).map { _ in random.pick(instructors) }
            let extra = random.int(0...2)
            var sections: [Section] = []
            for s in 0..<counts[c] {
                let who = staff[s % staff.count]
                if seen.insert(who).inserted { used.append(who) }
                var meetings: [Meeting] = []
                if random.chance(55) {
                    let start = 8 * 60 + random.int(0...8) * 60
                    meetings.append(Meeting(days: [.monday, .wednesday, .friday], start: start, end: start + 50,
                                            room: "Hall \(random.int(1...80))", kind: "lecture"))
                } else {
                    let start = [480, 570, 660, 750, 840, 930][random.int(0...5)]
                    meetings.append(Meeting(days: [.tuesday, .thursday], start: start, end: start + 75,
                                            room: "Hall \(random.int(1...80))", kind: "lecture"))
                }
                if extra > 0 {
                    let start = 8 * 60 + random.int(0...8) * 60
                    meetings.append(Meeting(days: [Weekday(rawValue: random.int(1...5))!], start: start, end: start + (extra == 1 ? 50 : 110),
                                            room: "Annex \(random.int(1...30))", kind: extra == 1 ? "discussion" : "lab"))
                }
                if random.chance(3) { meetings = [] }
                sections.append(Section(id: String(String(10_000 + 101 + s).dropFirst()), instructors: [who],
                                        seats: Seats(open: random.chance(15) ? 0 : random.int(1...40), total: 40), meetings: meetings))
            }
            courses.append(Course(code: code, title: "Course \(c)", credits: Double(random.pick([3, 3, 3, 4, 4, 1, 2])), sections: sections))
        }
        return (Catalog(term: CatalogGenerator.term, courses: courses), used)
    }

    /// A ratings export for `catalog`'s instructors, as sites publish them: 70 % of the
    /// instructors with a row of their own (the name as `Last, First`, in capitals, or without
    /// its accents), a course row for a third of their courses, and 200 names of people the
    /// catalog does not have. Columns `professor,course,average_gpa,average_rating`.
    mutating func ratingsCSV(_ catalog: Catalog, instructors: [String]) -> String {
        var rows = ["professor,course,average_gpa,average_rating"]
        func quoted(_ s: String) -> String { s.contains(",") ? "\"\(s)\"" : s }
        func shown(_ name: String) -> String {
            let parts = name.split(separator: " ")
            switch random.int(0...3) {
            case 0: return "\(parts.dropFirst().joined(separator: " ")), \(parts[0])"
            case 1: return name.uppercased()
            case 2: return name.folding(options: .diacriticInsensitive, locale: nil)
            default: return name
            }
        }
        let rated = Set(instructors.filter { _ in random.chance(70) })
        for name in instructors where rated.contains(name) {
            rows.append("\(quoted(shown(name))),,\(Double(random.int(200...400)) / 100),\(Double(random.int(15...50)) / 10)")
        }
        for course in catalog.courses {
            for who in Set(course.sections.flatMap(\.instructors)).sorted() where random.chance(33) {
                rows.append("\(quoted(shown(who))),\(course.code),\(Double(random.int(180...400)) / 100),")
            }
        }
        for k in 0..<200 { rows.append("Visiting Lecturer \(k),,3.1,4.0") }
        return rows.joined(separator: "\n") + "\n"
    }
}
