import PlanCore

/// Finds the best conflict-free combinations of sections.
package enum TimetableBuilder {
    /// The top `options.top` combinations of one section of each of `courses`
    /// (codes as found in `catalog`), ranked by score, then fewer days on campus,
    /// then the earlier latest end, then section ids.
    ///
    /// A course asked for twice (same ``Course/key(_:)``) counts once. A meeting that
    /// never takes place (no class day of its weekdays inside its dates, or no minutes)
    /// is ignored: it clashes with nothing, is no day on campus and breaks no option.
    /// Exact: the true top N (see ``Search``), scores compared in integers (see
    /// ``Scoring``); the same input gives the same list.
    package static func build(catalog: Catalog, courses: [Course], options: BuildOptions) -> BuildResult {
        let calendar = TermDays(catalog.term)
        var seen = Set<String>()
        let unique = courses.filter { seen.insert(Course.key($0.code)).inserted }
        let filter = SectionFilter(options: options, calendar: calendar)
        let prepared = unique.map { PreparedCourse($0, term: catalog.term, calendar: calendar, filter: filter) }
        let scoring = Scoring(catalog: catalog, options: options, courseCount: prepared.count)
        let problem = Compatibility(courses: prepared, scoring: scoring, calendar: calendar)
        let top = max(options.top, 0)
        // A choice is a set of instructors, one per course: its timings are grouped under it.
        let choiceIds = prepared.map(Self.choiceIds)
        let (found, _) = Search(problem: problem, top: top, maxDays: options.maxDays, distinct: options.variants ? nil : choiceIds).run()

        let totalCredits = Double(problem.credits.reduce(0, +))
        let scale = scoring.unitScale * Double(Int64(1) << scoring.shift) * 100 / max(totalCredits, 1)
        var usedFilled = false
        let weights = scoring.gpaWeight + scoring.ratingWeight
        let combinations = found.enumerated().map { rank, f in
            var filled: Int64 = 0, whole: Int64 = 0
            let picks = f.choice.enumerated().map { i, g in
                let group = prepared[i].groups[g], course = prepared[i].course
                let values = scoring.values(group.sections[0], of: course)
                usedFilled = usedFilled || values.gpaFill != nil || values.ratingFill != nil
                filled += problem.credits[i] * scoring.filledWeight(group.sections[0], of: course)
                whole += problem.credits[i] * weights
                return Pick(course: course, sections: group.sections,
                            score: Double(scoring.unit(group.sections[0], of: course)) * scoring.unitScale,
                            gpaFill: values.gpaFill, ratingFill: values.ratingFill)
            }
            let others = options.variants ? nil
                : Self.timings(of: f.choice, ids: choiceIds, prepared: prepared, scoring: scoring, calendar: calendar, maxDays: options.maxDays) - 1
            var combination = Combination(rank: rank + 1, score: Double(f.key) * scale, picks: picks, daysOnCampus: f.days, latestEnd: f.end,
                                          otherTimings: others)
            combination.filledShare = whole == 0 ? 0 : Double(filled) / Double(whole)
            return combination
        }
        let diagnosis = combinations.isEmpty && top > 0 ? Diagnose.diagnosis(problem, maxDays: options.maxDays, calendar: calendar) : nil
        var result = BuildResult(combinations: combinations, filledGPA: scoring.filledGPA, filledRating: scoring.filledRating,
                                 usedFilled: usedFilled, diagnosis: diagnosis)
        result.scoredBy = (scoring.gpaWeight > 0 ? ["gpa"] : []) + (scoring.ratingWeight > 0 ? ["rating"] : [])
        return result
    }

    /// Timings of one choice are counted up to this many, within ``variantNodes`` steps of the search.
    package static let variantCap = 100
    package static let variantNodes = 20_000

    /// Each group's choice id within its course: groups with the same instructors (in any order) share one.
    static func choiceIds(_ course: PreparedCourse) -> [Int] {
        var index: [[String]: Int] = [:]
        return course.groups.map { g in
            let who = g.sections[0].instructors.sorted()
            if let k = index[who] { return k }
            index[who] = index.count
            return index.count - 1
        }
    }

    /// How many conflict-free combinations (within `maxDays`) use the instructors of `choice`
    /// (group per course): the same search over those groups alone, stopped at ``variantCap``
    /// timings or ``variantNodes`` steps — then the count is a floor, and ``variantCap`` is returned.
    static func timings(of choice: [Int], ids: [[Int]], prepared: [PreparedCourse], scoring: Scoring, calendar: TermDays,
                        maxDays: Int?) -> Int {
        let restricted = prepared.enumerated().map { i, course -> PreparedCourse in
            var c = course
            c.groups = course.groups.enumerated().filter { ids[i][$0.offset] == ids[i][choice[i]] }.map(\.element)
            return c
        }
        let problem = Compatibility(courses: restricted, scoring: scoring, calendar: calendar)
        let (found, complete) = Search(problem: problem, ignoreScore: true, top: variantCap, maxDays: maxDays, nodeLimit: variantNodes).run()
        return complete ? found.count : variantCap
    }
}
