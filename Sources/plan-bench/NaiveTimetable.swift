import PlanCore
import PlanTimetable

/// The builder's rules the obvious way, to time it against: every combination of
/// the Cartesian product of the interchangeable groups is visited and checked in
/// full — clashes from the dates each meeting takes place (a set per meeting,
/// computed day by day over the term), scores in integers (gpa in hundredths,
/// rating in tenths, medians in halves), days and latest end — and the best
/// `top` are kept. No bound, no forward checking: no subtree is skipped.
struct NaiveTimetable {
    struct Entry: Equatable {
        var ids: [String]
        var key: Int
        var days: Int
        var end: Int
        var score: Double
    }

    let catalog: Catalog
    let courses: [Course]
    let top: Int

    /// The number of combinations it would visit.
    var combinations: Double { groups().reduce(1) { $0 * Double($1.count) } }

    /// Sections with the same meetings (rooms and kinds too), instructors, gpa and rating, ids in order; groups by first id.
    func groups() -> [[[Section]]] {
        courses.map { c in
            var byText: [String: [Section]] = [:]
            for s in c.sections {
                let ms = s.meetings.map { m in
                    let span = m.span(in: catalog.term)
                    return "\(Set(m.days).sorted().map(\.code))-\(m.start)-\(m.end)-\(span.from)-\(span.to)-\(m.room ?? "")-\(m.kind ?? "")"
                }.sorted()
                byText["\(ms)|\(s.instructors.sorted())|\(String(describing: s.gpa))|\(String(describing: s.rating))", default: []].append(s)
            }
            return byText.values.map { $0.sorted { $0.id < $1.id } }.sorted { $0[0].id < $1[0].id }
        }
    }

    /// The dates (day numbers) a meeting takes place on.
    func dates(_ m: Meeting) -> Set<Int64> {
        guard m.start < m.end else { return [] }
        var out = Set<Int64>()
        let span = m.span(in: catalog.term)
        var d = span.from
        while d <= span.to {
            if catalog.term.isClassDay(d) && m.days.contains(Weekday(d)) { out.insert(d.daysSinceEpoch) }
            d = d.adding(days: 1)
        }
        return out
    }

    func run() -> [Entry] {
        let groups = groups()
        let n = groups.count
        guard n > 0, groups.allSatisfy({ !$0.isEmpty }) else { return [] }
        let all = catalog.courses.flatMap(\.sections)
        func halfMedian(_ v: [Int]) -> Int? {
            let s = v.sorted()
            return s.isEmpty ? nil : s.count % 2 == 1 ? 2 * s[s.count / 2] : s[s.count / 2 - 1] + s[s.count / 2]
        }
        let gpaOf = { (s: Section) in s.gpa.map { Int(($0 * 100).rounded()) } }
        let ratingOf = { (s: Section) in s.rating.map { Int(($0 * 10).rounded()) } }
        // A missing value: the median of the course's sections, else of its department's
        // (the letters its code starts with), else of the catalog's.
        func department(_ code: String) -> String { String(code.uppercased().prefix { $0.isLetter }) }
        func fill(_ course: Course, _ value: (Section) -> Int?) -> Int? {
            let d = department(course.code)
            return halfMedian(course.sections.compactMap(value))
                ?? (d.isEmpty ? nil : halfMedian(catalog.courses.filter { department($0.code) == d }.flatMap(\.sections).compactMap(value)))
                ?? halfMedian(all.compactMap(value))
        }
        let wg = all.contains { $0.gpa != nil } ? 1 : 0, wr = all.contains { $0.rating != nil } ? 1 : 0
        let credits = courses.map { Int($0.credits) }
        // Per group: its meetings' (start, end, dates), weekday mask, latest end, integer points.
        struct Info { var meetings: [(Int, Int, Set<Int64>)]; var days: UInt8; var end: Int; var points: Int }
        let info: [[Info]] = groups.enumerated().map { i, gs in
            gs.map { g in
                let s = g[0]
                let ms = s.meetings.map { ($0.start, $0.end, dates($0)) }.filter { !$0.2.isEmpty }
                var days: UInt8 = 0
                for m in ms { for d in m.2 { days |= 1 << UInt8(Weekday(LocalDate(daysSinceEpoch: d)).rawValue - 1) } }
                let gp = gpaOf(s).map { $0 * 2 } ?? fill(courses[i], gpaOf) ?? 0
                let rp = ratingOf(s).map { $0 * 2 } ?? fill(courses[i], ratingOf) ?? 0
                return Info(meetings: ms, days: days, end: ms.map(\.1).max() ?? 0, points: credits[i] * (5 * wg * gp + 40 * wr * rp))
            }
        }
        // Clash table of every pair of groups of different courses.
        var offset = [0]
        for gs in groups { offset.append(offset.last! + gs.count) }
        let total = offset[n]
        var clash = [Bool](repeating: false, count: total * total)
        for i in 0..<n {
            for j in (i + 1)..<n {
                for (a, x) in info[i].enumerated() {
                    for (b, y) in info[j].enumerated() {
                        let hit = x.meetings.contains { m in
                            y.meetings.contains { k in max(m.0, k.0) < min(m.1, k.1) && !m.2.isDisjoint(with: k.2) }
                        }
                        clash[(offset[i] + a) * total + offset[j] + b] = hit
                    }
                }
            }
        }
        var best: [(key: Int, days: Int, end: Int, pick: [Int])] = []
        var pick = [Int](repeating: 0, count: n)
        func better(_ a: (key: Int, days: Int, end: Int, pick: [Int]), _ b: (key: Int, days: Int, end: Int, pick: [Int])) -> Bool {
            if a.key != b.key { return a.key > b.key }
            if a.days != b.days { return a.days < b.days }
            if a.end != b.end { return a.end < b.end }
            return a.pick.lexicographicallyPrecedes(b.pick)
        }
        while true {
            var fits = true
            for i in 0..<n where fits {
                for j in (i + 1)..<n where clash[(offset[i] + pick[i]) * total + offset[j] + pick[j]] {
                    fits = false
                    break
                }
            }
            if fits {
                var key = 0, days: UInt8 = 0, end = 0
                for i in 0..<n {
                    let g = info[i][pick[i]]
                    key += g.points
                    days |= g.days
                    end = max(end, g.end)
                }
                let c = (key: key, days: days.nonzeroBitCount, end: end, pick: pick)
                if best.count < top || better(c, best[best.count - 1]) {
                    var at = best.count
                    while at > 0 && better(c, best[at - 1]) { at -= 1 }
                    best.insert(c, at: at)
                    if best.count > top { best.removeLast() }
                }
            }
            // The next combination (odometer, last course fastest).
            var i = n - 1
            while i >= 0 {
                pick[i] += 1
                if pick[i] < groups[i].count { break }
                pick[i] = 0
                i -= 1
            }
            if i < 0 { break }
        }
        let scale = Double(20 * (wg + wr) * 200 * credits.reduce(0, +))
        return best.map { b in
            Entry(ids: b.pick.enumerated().map { groups[$0.offset][$0.element][0].id }, key: b.key, days: b.days, end: b.end,
                  score: scale == 0 ? 0 : Double(b.key) / scale * 100)
        }
    }
}
