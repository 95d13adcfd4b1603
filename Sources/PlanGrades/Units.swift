import Foundation

/// A subject of a unit, graded on /20 (or not yet).
package struct Subject: Hashable, Sendable {
    package var name: String
    package var weight: Decimal
    package var grade: Decimal?

    package init(name: String, weight: Decimal, grade: Decimal? = nil) {
        self.name = name
        self.weight = weight
        self.grade = grade
    }
}

/// A teaching unit (the European model): a weight, a kind (`professional`,
/// `general`) and its subjects.
package struct TeachingUnit: Hashable, Sendable {
    package var name: String
    package var weight: Decimal
    package var kind: String?
    package var subjects: [Subject]

    package init(name: String, weight: Decimal, kind: String? = nil, subjects: [Subject] = []) {
        self.name = name
        self.weight = weight
        self.kind = kind
        self.subjects = subjects
    }

    /// Weighted average of the graded subjects (/20); nil when none is graded.
    package var average: Decimal? {
        var sum: Decimal = 0, weights: Decimal = 0
        for s in subjects {
            guard let g = s.grade else { continue }
            sum += s.weight * g
            weights += s.weight
        }
        return weights > 0 ? sum / weights : nil
    }

    /// Refuses a unit with no subjects, a weight ≤ 0, a grade outside 0–20.
    package func check() throws(GradeError) {
        guard weight > 0 else { throw GradeError("unit \(name): the weight", "\(weight)", expected: "more than 0") }
        guard !subjects.isEmpty else { throw GradeError("unit \(name)", "no subjects", expected: "at least one subject (plan grades subject add \(name) NAME --weight 1)") }
        for s in subjects {
            guard s.weight > 0 else { throw GradeError("\(name) / \(s.name): the weight", "\(s.weight)", expected: "more than 0") }
            if let g = s.grade, g < 0 || g > 20 {
                throw GradeError("\(name) / \(s.name): the grade", "\(g)", expected: "0 to 20")
            }
        }
    }
}

package enum UnitAverages {
    /// The weighted average over `units` (those with an average), or over the
    /// units of one `kind`; nil when none has an average.
    package static func average(_ units: [TeachingUnit], kind: String? = nil) -> Decimal? {
        var sum: Decimal = 0, weights: Decimal = 0
        for u in units where kind == nil || u.kind?.lowercased() == kind?.lowercased() {
            guard let a = u.average else { continue }
            sum += u.weight * a
            weights += u.weight
        }
        return weights > 0 ? sum / weights : nil
    }
}
