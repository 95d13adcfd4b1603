import Foundation

/// One weighted assessment of a course (`Midterm 30%`), graded or not yet.
package struct Assessment: Hashable, Sendable {
    package var name: String
    /// Percent of the course (`30` for 30 %).
    package var weight: Decimal
    package var score: Score?
    /// When it happens, `YYYY-MM-DD`, if known.
    package var date: String?

    package init(name: String, weight: Decimal, score: Score? = nil, date: String? = nil) {
        self.name = name
        self.weight = weight
        self.score = score
        self.date = date
    }
}

/// A course of the grade book: its code (the project's), credits, scale and assessments.
package struct CourseGrades: Hashable, Sendable {
    package var code: String
    package var credits: Decimal
    package var term: String?
    package var scale: GradeScale
    package var assessments: [Assessment]

    package init(code: String, credits: Decimal, term: String? = nil, scale: GradeScale = .usLetter, assessments: [Assessment] = []) {
        self.code = code
        self.credits = credits
        self.term = term
        self.scale = scale
        self.assessments = assessments
    }
}

/// Where a course stands. A partial set is read as the average of what is
/// graded so far (weighted by the graded weights only); the weights not yet
/// graded are `open`. When the weights add up to less than 100 %, they are the
/// whole course as declared (a final course grade is their weighted average).
package struct Standing: Hashable, Sendable {
    /// Weighted average of the graded assessments, in percent; nil when none is graded.
    package var average: Decimal?
    /// The letter and points that average earns (compared as shown, see ``Rounding/shown(_:)``).
    package var step: GradeScale.Step?
    package var gradedWeight: Decimal
    package var openWeight: Decimal
    /// Σ weight × percent over the graded assessments (percent-points).
    package var earned: Decimal
}

/// A grade-book input that cannot be used, with the value and what is expected.
package struct GradeError: Error, Hashable, Sendable, CustomStringConvertible {
    package var what: String
    package var value: String
    package var expected: String

    package init(_ what: String, _ value: String, expected: String) {
        self.what = what
        self.value = value
        self.expected = expected
    }

    package var description: String { "\(what) \"\(value)\": expected \(expected)" }
}

extension CourseGrades {
    /// Refuses what no average can be made of: a weight below 0 or weights over
    /// 100 % in all, a score above its maximum or below 0, an unknown letter.
    package func check() throws(GradeError) {
        var total: Decimal = 0
        for a in assessments {
            guard a.weight >= 0 else { throw GradeError("\(code) \(a.name): the weight", "\(a.weight)%", expected: "0 % or more") }
            total += a.weight
            guard let s = a.score else { continue }
            switch s {
            case .fraction(let n, let d):
                guard d > 0 else { throw GradeError("\(code) \(a.name): the score", "\(n)/\(d)", expected: "a maximum above 0") }
                guard n >= 0, n <= d else { throw GradeError("\(code) \(a.name): the score", "\(n)/\(d)", expected: "0 to \(d)") }
            case .percent(let p):
                guard p >= 0, p <= 100 else { throw GradeError("\(code) \(a.name): the score", "\(p)%", expected: "0 % to 100 %") }
            case .letter(let l):
                guard scale.step(letter: l) != nil else {
                    throw GradeError("\(code) \(a.name): the letter", l, expected: "one of \(scale.steps.map(\.letter).joined(separator: " "))")
                }
            }
        }
        guard total <= 100 else { throw GradeError("\(code): the weights", "\(total)%", expected: "100 % or less in all") }
    }

    package var standing: Standing {
        var earned: Decimal = 0, graded: Decimal = 0, open: Decimal = 0
        for a in assessments {
            if let p = a.score?.percent(on: scale) {
                earned += a.weight * p
                graded += a.weight
            } else {
                open += a.weight
            }
        }
        let average: Decimal? = graded > 0 ? earned / graded : nil
        return Standing(average: average, step: average.map { scale.step(forPercent: Rounding.shown($0)) },
                        gradedWeight: graded, openWeight: open, earned: earned)
    }
}
