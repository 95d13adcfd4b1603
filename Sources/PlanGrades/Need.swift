import Foundation

/// What the open assessments of a course must average for a target letter.
package enum Need: Hashable, Sendable {
    /// Even 0 % on everything open keeps the target.
    case secured
    /// The open assessments must average `percent` (each, if they share it equally).
    case needs(percent: Decimal)
    /// Out of reach: 100 % on everything open gives `best` (percent) and its letter.
    case unreachable(best: Decimal, step: GradeScale.Step)
    /// Nothing is open: the course grade is `final`, which reaches the target or not.
    case decided(final: Decimal, reached: Bool)

    /// The final course grade is Σ w·p over all assessments ÷ Σ w (the weights
    /// as declared); with `earned` from the graded ones, the open weight must
    /// bring `target` · total − earned, so the open average needed is that ÷ open weight.
    package static func of(_ course: CourseGrades, target: GradeScale.Step) -> Need {
        let s = course.standing
        let total = s.gradedWeight + s.openWeight
        guard s.openWeight > 0, total > 0 else {
            let final = s.average ?? 0
            return .decided(final: final, reached: Rounding.shown(final) >= target.minPercent)
        }
        let needed = (target.minPercent * total - s.earned) / s.openWeight
        if needed <= 0 { return .secured }
        if needed > 100 {
            let best = (s.earned + 100 * s.openWeight) / total
            return .unreachable(best: best, step: course.scale.step(forPercent: Rounding.shown(best)))
        }
        return .needs(percent: needed)
    }
}
