import PlanCore

/// Why no combination fits, as precisely as can be said, in this order:
/// 1. a course with no sections in the catalog;
/// 2. a course whose sections the options all rule out (counted per option), or, for a
///    course with linked sections, of which no way to take one is left;
/// 3. two courses whose remaining sections all clash pairwise (the first pair in id
///    order and the first date they clash as the example);
/// 4. `maxDays`, when combinations exist without it (with the fewest days any needs);
/// 5. otherwise a set of courses that cannot all be taken, made smallest by deletion:
///    drop each course in turn and keep it out when the rest still cannot all be taken.
///    Each check stops at the first combination that fits and is bounded by
///    ``Diagnose/nodeLimit`` nodes; a check that runs out keeps its course in, so the
///    set reported always cannot be taken (it may then not be the smallest).
///    The fewest days of 4 are found by a search ranked by days alone, under the same
///    limit: when it runs out, the fewest it found.
enum Diagnose {
    static let nodeLimit = 2_000_000
    static let optionOrder: [OptionReason.Option] = [.noEarlier, .noLater, .freeDay, .onlyOpen, .excluded, .around]

    static func diagnosis(_ problem: Compatibility, maxDays: Int?, calendar: TermDays) -> BuildDiagnosis? {
        let courses = problem.courses
        guard !courses.isEmpty else { return nil }
        if let c = courses.first(where: { $0.sectionCount == 0 }) { return .noSections(course: c.course.code) }
        if let c = courses.first(where: { $0.groups.isEmpty }) {
            let reasons = optionOrder.compactMap { option in c.ruledOut[option].map { OptionReason(option: option, sections: $0) } }
            if LinkedSections.hasLinks(c.course) {
                return .noWayToTake(course: c.course.code, reasons: reasons, clashing: c.clashingBundles)
            }
            return .courseRuledOut(course: c.course.code, reasons: reasons)
        }
        for i in courses.indices {
            for j in (i + 1)..<max(courses.count, i + 1) where allClash(problem, i, j) {
                return .pairClash(first: courses[i].course.code, second: courses[j].course.code,
                                  example: example(problem, i, j, calendar: calendar))
            }
        }
        if let limit = maxDays {
            let (found, _) = Search(problem: problem, ignoreScore: true, top: 1, maxDays: nil, nodeLimit: nodeLimit).run()
            if let best = found.first { return .maxDays(limit: limit, fewestPossible: best.days) }
        }
        var kept = Array(courses.indices)
        for c in courses.indices {
            let rest = kept.filter { $0 != c }
            let (found, complete) = Search(problem: problem, order: rest, ignoreScore: true, top: 1, maxDays: nil, nodeLimit: nodeLimit,
                                           firstOnly: true).run()
            if found.isEmpty && complete { kept = rest }
        }
        return .setClash(courses: kept.map { courses[$0].course.code })
    }

    /// True when every group of course i clashes with every group of course j.
    static func allClash(_ problem: Compatibility, _ i: Int, _ j: Int) -> Bool {
        for g in problem.courses[i].groups.indices {
            let at = problem.start(i, g, j)
            for w in 0..<problem.words[j] where problem.word(at + w) != 0 { return false }
        }
        return true
    }

    /// The clash of the first section of each course (smallest ids) on the first date they clash.
    static func example(_ problem: Compatibility, _ i: Int, _ j: Int, calendar: TermDays) -> Clash {
        let a = problem.courses[i], b = problem.courses[j]
        var first: Int64?
        for m in a.groups[0].meetings {
            for n in b.groups[0].meetings {
                if let d = m.firstClash(with: n, calendar), first.map({ d < $0 }) ?? true { first = d }
            }
        }
        // The two clash (their bit sets meet), so `first` is set; the term's start is never used.
        let date = LocalDate(daysSinceEpoch: first ?? calendar.start)
        return Clash(first: SectionRef(course: a.course.code, section: a.groups[0].sections[0].id),
                     second: SectionRef(course: b.course.code, section: b.groups[0].sections[0].id),
                     date: date, day: Weekday(date))
    }
}
