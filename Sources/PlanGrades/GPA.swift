import Foundation

/// Earlier terms: the GPA and the credits it was earned over.
package struct PriorRecord: Hashable, Sendable {
    package var gpa: Decimal
    package var credits: Decimal

    package init(gpa: Decimal, credits: Decimal) {
        self.gpa = gpa
        self.credits = credits
    }
}

/// Term and cumulative GPA: credit-weighted means of grade points, kept exact
/// (show them rounded half away from zero to 2 decimals, as registrars print them).
package struct GPAFigures: Hashable, Sendable {
    /// nil when no course counts (no credits graded).
    package var term: Decimal?
    package var cumulative: Decimal?
    package var termCredits: Decimal
}

package enum GPA {
    /// The GPA of `courses` with each one's points: a course counts when it has a
    /// letter (given in `letters`, by code, else earned by its current average).
    /// Courses with 0 credits do not move it.
    package static func figures(_ courses: [CourseGrades], letters: [String: GradeScale.Step] = [:], prior: PriorRecord?) -> GPAFigures {
        var points: Decimal = 0, credits: Decimal = 0
        for c in courses {
            guard let step = letters[c.code] ?? c.standing.step else { continue }
            points += step.points * c.credits
            credits += c.credits
        }
        let term: Decimal? = credits > 0 ? points / credits : nil
        var cumulative = term
        if let prior, prior.credits > 0 {
            let allCredits = credits + prior.credits
            cumulative = (points + prior.gpa * prior.credits) / allCredits
        }
        return GPAFigures(term: term, cumulative: cumulative, termCredits: credits)
    }
}
