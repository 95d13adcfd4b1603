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
        let (found, _) = Search(problem: problem, top: top, maxDays: options.maxDays).run()

        let totalCredits = Double(problem.credits.reduce(0, +))
        let scale = scoring.unitScale * Double(Int64(1) << scoring.shift) * 100 / max(totalCredits, 1)
        var usedFilled = false
        let combinations = found.enumerated().map { rank, f in
            let picks = f.choice.enumerated().map { i, g in
                let group = prepared[i].groups[g]
                let values = scoring.values(group.sections[0])
                usedFilled = usedFilled || values.filledGPA || values.filledRating
                return Pick(course: prepared[i].course, sections: group.sections,
                            score: Double(scoring.unit(group.sections[0])) * scoring.unitScale,
                            filledGPA: values.filledGPA, filledRating: values.filledRating)
            }
            return Combination(rank: rank + 1, score: Double(f.key) * scale, picks: picks, daysOnCampus: f.days, latestEnd: f.end)
        }
        let diagnosis = combinations.isEmpty && top > 0 ? Diagnose.diagnosis(problem, maxDays: options.maxDays, calendar: calendar) : nil
        return BuildResult(combinations: combinations, filledGPA: scoring.filledGPA, filledRating: scoring.filledRating,
                           usedFilled: usedFilled, diagnosis: diagnosis)
    }
}
