import Foundation
import PlanCore
import PlanGrades

/// The grade book as text: averages, letters, GPAs, what a target needs, rules.
package enum GradesText {
    static func pct(_ d: Decimal) -> String { Rounding.text(d, places: 2) + " %" }
    static func gpaText(_ d: Decimal?) -> String { d.map { Rounding.text($0, places: 2) } ?? "–" }
    static func num(_ d: Decimal) -> String { "\(d)" }

    /// Every course and unit with its average so far, then the GPAs.
    /// `study` gives each course's planned and done study time in seconds (its project's tasks).
    package static func book(courses: [CourseGrades], study: [String: (planned: Int64, done: Int64)] = [:],
                            linked: [String: [String: [String]]] = [:], units: [TeachingUnit],
                            prior: PriorRecord?, gpa: GPAFigures, style: TextStyle = .plain) -> String {
        if courses.isEmpty && units.isEmpty {
            return "The grade book is empty. Start with: plan grades course add CS201 --credits 4, then plan grades add CS201 \"Midterm\" --weight 30% --score 78/100\n"
        }
        var out = ""
        for c in courses {
            let s = c.standing
            var head = "\(style.bold(TerminalText.label(c.code)))  \(num(c.credits)) credit\(c.credits == 1 ? "" : "s")"
            if let a = s.average, let step = s.step {
                head += "  \(pct(a)) \(step.letter) (\(num(step.points)))"
            } else {
                head += "  nothing graded yet"
            }
            if s.openWeight > 0 { head += "  · \(num(s.openWeight)) % still open" }
            let declared = s.gradedWeight + s.openWeight
            if declared < 100 { head += "  · weights add up to \(num(declared)) %" }
            out += head + "\n"
            if let t = study[c.code], t.planned > 0 || t.done > 0 {
                out += "    study: \(hours(t.planned)) planned, \(hours(t.done)) done\n"
            }
            for a in c.assessments {
                let score = a.score.map { sc in
                    ScoreText.write(sc) + (sc.percent(on: c.scale).map { p in
                        if case .percent = sc { return "" }
                        return " (\(pct(p)))"
                    } ?? "")
                } ?? "–"
                let tasks = linked[c.code]?[a.name].map { "  ← \($0.map(TerminalText.label).joined(separator: ", "))" } ?? ""
                out += "    \(TerminalText.label(a.name))  \(num(a.weight)) %  \(score)\(a.date.map { "  \(TerminalText.label($0))" } ?? "")\(tasks)\n"
            }
        }
        for u in units {
            var head = "\(style.bold(TerminalText.label(u.name)))  weight \(num(u.weight))\(u.kind.map { " · \(TerminalText.label($0))" } ?? "")"
            head += u.average.map { "  \(Rounding.text($0, places: 2))/20" } ?? (u.subjects.isEmpty ? "  no subjects yet" : "  nothing graded yet")
            out += head + "\n"
            for s in u.subjects {
                out += "    \(TerminalText.label(s.name))  weight \(num(s.weight))  \(s.grade.map { "\(num($0))/20" } ?? "–")\n"
            }
        }
        if !units.isEmpty, let overall = UnitAverages.average(units) {
            out += "Overall average: \(Rounding.text(overall, places: 2))/20\n"
        }
        var terms: [String?] = []
        for c in courses where !terms.contains(c.term) { terms.append(c.term) }
        if Set(terms.compactMap { $0 }).count > 1 {
            // Several terms in the book: each term's GPA, then all of them (and the prior record) together.
            for t in terms {
                let f = GPA.figures(courses.filter { $0.term == t }, prior: nil)
                out += "GPA \(t.map(TerminalText.label) ?? "(no term)"): \(gpaText(f.term)) over \(num(f.termCredits)) credits\n"
            }
            out += "Cumulative GPA: \(gpaText(gpa.cumulative)) over \(num(gpa.termCredits + (prior?.credits ?? 0))) credits"
            out += prior.map { " (with \(num($0.credits)) earlier credits at \(num($0.gpa)))\n" } ?? "\n"
        } else if !courses.isEmpty {
            out += "Term GPA: \(gpaText(gpa.term)) over \(num(gpa.termCredits)) credits"
            if let prior { out += "; cumulative: \(gpaText(gpa.cumulative)) (with \(num(prior.credits)) earlier credits at \(num(prior.gpa)))" }
            out += "\n"
        }
        return out
    }

    /// `6h`, `1h30m`, `45m`, `0h`.
    static func hours(_ seconds: Int64) -> String {
        let m = seconds / 60, h = m / 60, r = m % 60
        return h == 0 ? (r == 0 ? "0h" : "\(r)m") : (r == 0 ? "\(h)h" : "\(h)h\(r)m")
    }

    /// `plan grades what-if`.
    package static func whatIf(_ figures: GPAFigures, letters: [(course: String, letter: String)], prior: PriorRecord?) -> String {
        var s = "If " + letters.map { "\(TerminalText.label($0.course)) is \(TerminalText.label($0.letter))" }.joined(separator: ", ") + ": term GPA \(gpaText(figures.term))"
        if prior != nil { s += ", cumulative \(gpaText(figures.cumulative))" }
        return s + ".\n"
    }

    /// `plan grades need`.
    /// With `studyBefore` (seconds of study planned before each dated open assessment), a line per such assessment.
    package static func need(_ need: Need, course: CourseGrades, target: GradeScale.Step, studyBefore: [String: Int64] = [:]) -> String {
        let open = course.assessments.filter { $0.score == nil }.map { TerminalText.label($0.name) }
        let code = TerminalText.label(course.code)
        let study = course.assessments.compactMap { a -> String? in
            guard a.score == nil, let s = studyBefore[a.name], let date = a.date else { return nil }
            let name = TerminalText.label(a.name), when = TerminalText.label(date)
            if s == 0 {
                let dayBefore = TerminalText.label(LocalDate(iso: date)?.adding(days: -1).isoString ?? date)
                return "No study planned for \(code) before \(name) (\(when)): plan add-task \"\(code) \(name) review\" --project \(code) --estimate 4h --due \(dayBefore)\n"
            }
            return "Study planned for \(code) before \(name) (\(when)): \(hours(s)).\n"
        }.joined()
        return verdict(need, course: course, target: target, open: open) + study
    }

    static func verdict(_ need: Need, course: CourseGrades, target: GradeScale.Step, open: [String]) -> String {
        switch need {
        case .secured:
            return "\(TerminalText.label(course.code)): \(target.letter) is already secured — even 0 on \(open.joined(separator: ", ")) keeps it.\n"
        case .needs(let p):
            let each = open.count > 1 ? " (each, if they share it equally)" : ""
            return "\(TerminalText.label(course.code)): for \(target.letter) (\(num(target.minPercent)) %) you need \(pct(p)) on \(open.joined(separator: ", "))\(each).\n"
        case .unreachable(let best, let step):
            return "\(TerminalText.label(course.code)): \(target.letter) is no longer reachable: the best possible is \(step.letter) (\(pct(best))).\n"
        case .decided(let final, let reached):
            let code = TerminalText.label(course.code)
            let declared = course.standing.gradedWeight + course.standing.openWeight
            guard declared < 100 else {
                return "\(code): nothing is open; the course grade is \(pct(final)), which \(reached ? "reaches" : "does not reach") \(target.letter).\n"
            }
            // Most likely the rest of the course is not entered yet: say so rather than a verdict.
            return "\(code): everything entered is graded, but it weighs only \(num(declared)) % of the course: so far \(pct(final)), which "
                + "\(reached ? "reaches" : "does not reach") \(target.letter). Add what is still to come "
                + "(plan grades add \(code) NAME --weight W) to see what it needs.\n"
        }
    }

    /// `plan grades check`: every rule's figure, minimum and margin, then the verdict.
    package static func check(_ results: [RuleResult]) -> String {
        var out = ""
        for r in results {
            let minimum: Decimal = switch r.rule {
            case .average(_, let m), .eachUnit(let m): m
            }
            let figure = r.figure.map { Rounding.text($0, places: 2) } ?? "no grade yet"
            let margin = r.margin.map { ($0 >= 0 ? "+" : "") + Rounding.text($0, places: 2) } ?? ""
            out += "\(r.holds ? "yes" : "NO ")  \(TerminalText.label(r.subject)): \(figure) (min \(num(minimum))\(margin.isEmpty ? "" : ", margin \(margin)"))\n"
        }
        let failed = results.filter { !$0.holds }.count
        out += failed == 0 ? "All \(results.count) conditions hold.\n" : "\(failed) of \(results.count) conditions do not hold.\n"
        return out
    }
}
