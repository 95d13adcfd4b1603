import PlanCore
import Testing
@testable import PlanTimetable

/// The builder's top N equals a brute-force enumeration written here, on its own:
/// every combination, clashes checked date by date over the term, scores in exact
/// integers of its own scale, interchangeable sections collapsed by comparing their
/// descriptions, sorted by the ranking rule.
@Suite struct PropertyTests {
    /// Random catalogs with gpa and ratings (some missing), and with none at all, so that
    /// every score ties and days, latest end and ids decide (the pruning of ties).
    /// Then fewer, larger ones (6–7 courses of 4–8 sections), where the bounds cut deeper.
    @Test(arguments: [(seed: UInt64(2027), scored: true, rounds: 400, large: false), (seed: 14, scored: false, rounds: 250, large: false),
                      (seed: 36, scored: true, rounds: 30, large: true), (seed: 37, scored: false, rounds: 30, large: true)])
    func theTopNIsTheBruteForceTopN(_ run: (seed: UInt64, scored: Bool, rounds: Int, large: Bool)) {
        var random = TestRandom(seed: run.seed)
        var nonEmpty = 0
        for round in 0..<run.rounds {
            var (catalog, asked, options) = randomCase(&random, scored: run.scored, large: run.large)
            options.variants = true
            let result = TimetableBuilder.build(catalog: catalog, courses: asked, options: options)
            let expected = BruteForce(catalog: catalog, courses: asked, options: options).top()
            let got = result.combinations.map { c in Row(ids: c.picks.map(\.ids), days: c.daysOnCampus, end: c.latestEnd, score: c.score) }
            #expect(got.count == expected.count, "round \(round)")
            for (g, e) in zip(got, expected) {
                #expect(g.ids == e.ids && g.days == e.days && g.end == e.end && abs(g.score - e.score) < 1e-9,
                        "round \(round): got \(g), expected \(e)")
            }
            #expect(result.combinations.isEmpty == (result.diagnosis != nil), "round \(round)")
            if !got.isEmpty { nonEmpty += 1 }
        }
        // The cases are not all infeasible (or all trivial).
        #expect(nonEmpty > run.rounds * 2 / 5)
    }

    /// Distinct choices (the default): the best timing of each set of instructors, best
    /// first, and how many other timings each has — against the brute force's whole
    /// ranked list, keeping the first row of each set of instructors.
    @Test(arguments: [(seed: UInt64(4242), scored: true, rounds: 300), (seed: 77, scored: false, rounds: 150)])
    func distinctChoicesAreTheBruteForcesFirstOfEachInstructorSet(_ run: (seed: UInt64, scored: Bool, rounds: Int)) {
        var random = TestRandom(seed: run.seed)
        var grouped = 0
        for round in 0..<run.rounds {
            var (catalog, asked, options) = randomCase(&random, scored: run.scored, large: false)
            options.variants = false
            let result = TimetableBuilder.build(catalog: catalog, courses: asked, options: options)
            var every = options
            every.top = 100_000
            let all = BruteForce(catalog: catalog, courses: asked, options: every).top()
            let uniqueAsked = asked.reduce(into: [Course]()) { acc, c in if !acc.contains(where: { Course.key($0.code) == Course.key(c.code) }) { acc.append(c) } }
            func who(_ row: Row) -> [[String]] {
                zip(uniqueAsked, row.ids).map { course, ids in
                    (course.sections.first { $0.id == ids[0] }?.instructors ?? []).sorted()
                }
            }
            var firsts: [(row: Row, count: Int)] = []
            for row in all {
                if let k = firsts.firstIndex(where: { who($0.row) == who(row) }) { firsts[k].count += 1 } else { firsts.append((row, 1)) }
            }
            let expected = firsts.prefix(options.top)
            #expect(result.combinations.count == expected.count, "round \(round)")
            for (c, e) in zip(result.combinations, expected) {
                #expect(c.picks.map(\.ids) == e.row.ids && abs(c.score - e.row.score) < 1e-9, "round \(round): got \(c.picks.map(\.ids)), expected \(e.row)")
                #expect(c.otherTimings == min(e.count, TimetableBuilder.variantCap) - 1, "round \(round)")
            }
            if expected.contains(where: { $0.count > 1 }) { grouped += 1 }
        }
        // Some rounds have choices with several timings.
        #expect(grouped > run.rounds / 10)
    }

    struct Row: CustomStringConvertible {
        var ids: [[String]]
        var days: Int
        var end: Int
        var score: Double
        var description: String { "\(ids) \(days)d end \(end) \(score)" }
    }

    func randomCase(_ r: inout TestRandom, scored: Bool, large: Bool) -> (Catalog, [Course], BuildOptions) {
        let start = day(8, 30).adding(days: r.int(0...6))
        let length = r.int(10...40)
        var holidays: [DateSpan] = []
        for _ in 0..<r.int(0...3) {
            let from = start.adding(days: r.int(0...length))
            holidays.append(DateSpan(from: from, to: from.adding(days: r.int(0...3))))
        }
        let term = Term(name: "T", timeZone: "UTC", start: start, end: start.adding(days: length), holidays: holidays)
        let instructors = ["Ada", "Bob", "Cy"]
        func randomMeeting() -> Meeting {
            let begin = r.pick([480, 530, 540, 590, 600, 650])
            var days = Set<Weekday>()
            for _ in 0..<r.int(1...3) { days.insert(Weekday(rawValue: r.chance(90) ? r.int(1...5) : r.int(6...7))!) }
            let from = r.chance(40) ? start.adding(days: r.int(-3...length)) : nil
            let to = r.chance(40) ? start.adding(days: r.int(0...(length + 3))) : nil
            return Meeting(days: days.sorted(), start: begin, end: begin + r.pick([50, 60, 75, 110]), room: r.pick(["R1", "R2"]), from: from, to: to)
        }
        func randomCourse(_ code: String) -> Course {
            var sections: [Section] = []
            let unrated = r.chance(25)  // no section of the course has a GPA
            let ids = (1...(large ? r.int(4...8) : r.int(1...6))).map { "0\($0)" }
            for id in ids {
                if let model = sections.last, r.chance(40) {
                    // The same times: half the time an interchangeable copy, else another instructor or gpa.
                    var copy = model
                    copy.id = id
                    // Sometimes in another room: another choice of section, the same instructor and times.
                    if r.chance(30) { copy.meetings = copy.meetings.map { m in var m = m; m.room = "R3"; return m } }
                    copy.seats = r.chance(50) ? nil : Seats(open: r.int(0...2), total: 10)
                    if r.chance(50) {
                        copy.instructors = [r.pick(instructors)]
                        copy.gpa = !scored || unrated || r.chance(30) ? nil : Double(r.int(0...400)) / 100
                    }
                    sections.append(copy)
                    continue
                }
                sections.append(Section(id: id, instructors: [r.pick(instructors)],
                                        gpa: !scored || unrated || r.chance(30) ? nil : Double(r.int(0...400)) / 100,
                                        rating: !scored || r.chance(30) ? nil : Double(r.int(0...50)) / 10,
                                        seats: r.chance(50) ? nil : Seats(open: r.int(0...2), total: 10),
                                        meetings: (0..<r.int(0...2)).map { _ in randomMeeting() }))
            }
            // Catalog order is not id order.
            for k in sections.indices.reversed() where k > 0 { sections.swapAt(k, r.int(0...k)) }
            return Course(code: code, title: code, credits: Double(r.chance(10) ? 0 : r.int(1...4)), sections: sections)
        }
        // Departments AB and CD, and codes with none (digits only): fills come from each in turn.
        let asked = (0..<(large ? r.int(6...7) : r.int(2...5))).map { randomCourse(r.pick(["AB", "CD", ""]) + "\($0)") }
        let others = (0..<r.int(0...2)).map { randomCourse(r.pick(["AB", "EF"]) + "9\($0)") }
        var options = BuildOptions(top: scored ? r.int(1...8) : r.int(1...20))
        if r.chance(20) { options.noEarlier = r.pick([500, 540]) }
        if r.chance(20) { options.noLater = r.pick([650, 700]) }
        if r.chance(20) { options.freeDays = [Weekday(rawValue: r.int(1...5))!] }
        if r.chance(25) { options.maxDays = r.int(1...4) }
        options.onlyOpen = r.chance(20)
        if r.chance(20), let c = asked.randomElement(using: &r), let s = c.sections.randomElement(using: &r) {
            options.excluded = [SectionRef(course: c.code, section: s.id)]
        }
        if r.chance(25) {
            options.around = (0..<r.int(1...2)).map { _ in
                let b = r.pick([480, 540, 600])
                return KeepClear(date: start.adding(days: r.int(0...length)), start: b, end: b + r.pick([30, 90]), label: "busy")
            }
        }
        options.gpaWeight = Double(r.int(0...3))
        options.ratingWeight = Double(options.gpaWeight == 0 ? r.int(1...3) : r.int(0...3))
        return (Catalog(term: term, courses: asked + others), asked, options)
    }
}

extension TestRandom: RandomNumberGenerator {}

/// The slow, obvious way.
struct BruteForce {
    let catalog: Catalog
    let courses: [Course]
    let options: BuildOptions

    /// Every date of the term on which a meeting takes place.
    func dates(_ m: Meeting) -> Set<LocalDate> {
        var out = Set<LocalDate>()
        var d = catalog.term.start
        while d <= catalog.term.end {
            if catalog.term.isClassDay(d) && m.days.contains(Weekday(d)) && (m.from.map { d >= $0 } ?? true) && (m.to.map { d <= $0 } ?? true) {
                out.insert(d)
            }
            d = d.adding(days: 1)
        }
        return out
    }

    /// The meetings that take place, with their dates.
    func occurring(_ s: Section) -> [(Meeting, Set<LocalDate>)] {
        s.meetings.compactMap { m in
            let ds = dates(m)
            return ds.isEmpty || m.start >= m.end ? nil : (m, ds)
        }
    }

    func allowed(_ c: Course, _ s: Section) -> Bool {
        let ms = occurring(s)
        if let e = options.noEarlier, ms.contains(where: { $0.0.start < e }) { return false }
        if let l = options.noLater, ms.contains(where: { $0.0.end > l }) { return false }
        if ms.contains(where: { $0.1.contains { options.freeDays.contains(Weekday($0)) } }) { return false }
        if options.onlyOpen, let seats = s.seats, seats.open <= 0 { return false }
        if options.excluded.contains(where: { Course.key($0.course) == Course.key(c.code) && $0.section == s.id }) { return false }
        for (m, ds) in ms {
            for b in options.around where ds.contains(b.date) && max(m.start, b.start) < min(m.end, b.end) { return false }
        }
        return true
    }

    /// What makes two sections the same choice, as text.
    func description(_ s: Section) -> String {
        let ms = s.meetings.map { m in
            let span = m.span(in: catalog.term)
            return "\(Set(m.days).sorted().map(\.code))-\(m.start)-\(m.end)-\(span.from)-\(span.to)-\(m.room ?? "")-\(m.kind ?? "")"
        }.sorted()
        return "\(ms)|\(s.instructors.sorted())|\(String(describing: s.gpa))|\(String(describing: s.rating))"
    }

    /// Median in halves of a unit: 2·middle, or the sum of the two middle values.
    func halfMedian(_ values: [Int]) -> Int? {
        let s = values.sorted()
        guard !s.isEmpty else { return nil }
        return s.count % 2 == 1 ? 2 * s[s.count / 2] : s[s.count / 2 - 1] + s[s.count / 2]
    }

    /// The letters a code starts with, upper case; nil when it starts with none.
    func department(_ code: String) -> String? {
        let letters = code.uppercased().prefix { $0.isLetter }
        return letters.isEmpty ? nil : String(letters)
    }

    /// The half-median standing in for a missing value of `course`: its own sections', else its
    /// department's, else the catalog's (the catalog's sections, also when `courses` are bundles).
    func fill(_ course: Course, _ value: (Section) -> Int?) -> Int? {
        let own = catalog.courses.first { $0.code == course.code } ?? course
        if let own = halfMedian(own.sections.compactMap(value)) { return own }
        if let d = department(course.code),
           let theirs = halfMedian(catalog.courses.filter { department($0.code) == d }.flatMap(\.sections).compactMap(value)) {
            return theirs
        }
        return halfMedian(catalog.courses.flatMap(\.sections).compactMap(value))
    }

    func top() -> [PropertyTests.Row] {
        let all = catalog.courses.flatMap(\.sections)
        // gpa in 1/200 (hundredths, halved for an even median), rating in 1/20.
        let gpaOf = { (s: Section) in s.gpa.map { Int(($0 * 100).rounded()) } }
        let ratingOf = { (s: Section) in s.rating.map { Int(($0 * 10).rounded()) } }
        let wg = all.contains { $0.gpa != nil } ? Int(options.gpaWeight) : 0
        let wr = all.contains { $0.rating != nil } ? Int(options.ratingWeight) : 0
        let credits = courses.allSatisfy { $0.credits == 0 } ? courses.map { _ in 1 } : courses.map { Int($0.credits) }
        let gpaFill = courses.map { fill($0, gpaOf) }, ratingFill = courses.map { fill($0, ratingOf) }
        func points(_ s: Section, _ c: Int) -> Int {
            let g = gpaOf(s).map { $0 * 2 } ?? gpaFill[c] ?? 0
            let r = ratingOf(s).map { $0 * 2 } ?? ratingFill[c] ?? 0
            return 5 * wg * g + 40 * wr * r  // score · 20·(wg+wr) · 200
        }
        // Groups: sections with one description; each group named by its ids in order.
        let choices: [[[Section]]] = courses.map { c in
            var byText: [String: [Section]] = [:]
            for s in c.sections where allowed(c, s) { byText[description(s), default: []].append(s) }
            return byText.values.map { $0.sorted { $0.id < $1.id } }
        }
        struct Entry { var ids: [[String]]; var key: Int; var days: Int; var end: Int }
        // Each group's meetings and dates once; clashes of two groups (course i, group a) once.
        let occurrences = choices.map { $0.map { occurring($0[0]) } }
        var clashes: [String: Bool] = [:]
        func clashing(_ i: Int, _ a: Int, _ j: Int, _ b: Int) -> Bool {
            let name = "\(i).\(a)-\(j).\(b)"
            if let known = clashes[name] { return known }
            let hit = occurrences[i][a].contains { m, dm in
                occurrences[j][b].contains { n, dn in max(m.start, n.start) < min(m.end, n.end) && !dm.isDisjoint(with: dn) }
            }
            clashes[name] = hit
            return hit
        }
        var entries: [Entry] = []
        func walk(_ i: Int, _ picked: [Int]) {
            if i == courses.count {
                var weekdays = Set<Weekday>()
                var end = 0
                for (c, g) in picked.enumerated() {
                    for (m, ds) in occurrences[c][g] {
                        weekdays.formUnion(ds.map { Weekday($0) })
                        end = max(end, m.end)
                    }
                }
                if let limit = options.maxDays, weekdays.count > limit { return }
                let key = picked.enumerated().reduce(0) { $0 + credits[$1.offset] * points(choices[$1.offset][$1.element][0], $1.offset) }
                entries.append(Entry(ids: picked.enumerated().map { choices[$0.offset][$0.element].map(\.id) }, key: key, days: weekdays.count, end: end))
                return
            }
            for g in choices[i].indices where !picked.enumerated().contains(where: { clashing($0.offset, $0.element, i, g) }) {
                walk(i + 1, picked + [g])
            }
        }
        walk(0, [])
        entries.sort { a, b in
            if a.key != b.key { return a.key > b.key }
            if a.days != b.days { return a.days < b.days }
            if a.end != b.end { return a.end < b.end }
            return a.ids.map { $0[0] }.lexicographicallyPrecedes(b.ids.map { $0[0] })
        }
        let scale = Double(20 * (wg + wr) * 200 * credits.reduce(0, +))
        return entries.prefix(max(options.top, 0)).map { e in
            PropertyTests.Row(ids: e.ids, days: e.days, end: e.end, score: scale == 0 ? 0 : Double(e.key) / scale * 100)
        }
    }
}
