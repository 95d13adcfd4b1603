import Foundation

/// One weighted assessment of a course (`Midterm 30%`), graded or not yet.
public struct Assessment: Hashable, Sendable {
    public var name: String
    /// Percent of the course (`30` for 30 %).
    public var weight: Decimal
    public var score: Score?
    /// When it happens, `YYYY-MM-DD`, if known.
    public var date: String?

    public init(name: String, weight: Decimal, score: Score? = nil, date: String? = nil) {
        self.name = name
        self.weight = weight
        self.score = score
        self.date = date
    }
}

/// A course of the grade book: its code (the project's), credits, scale and assessments.
public struct CourseGrades: Hashable, Sendable {
    public var code: String
    public var credits: Decimal
    public var term: String?
    public var scale: GradeScale
    public var assessments: [Assessment]

    public init(code: String, credits: Decimal, term: String? = nil, scale: GradeScale = .usLetter, assessments: [Assessment] = []) {
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
public struct Standing: Hashable, Sendable {
    /// Weighted average of the graded assessments, in percent; nil when none is graded.
    public var average: Decimal?
    /// The letter and points that average earns (compared as shown, see ``Rounding/shown(_:)``).
    public var step: GradeScale.Step?
    public var gradedWeight: Decimal
    public var openWeight: Decimal
    /// Σ weight × percent over the graded assessments (percent-points).
    public var earned: Decimal
}

/// A grade-book input that cannot be used, with the value and what is expected.
public struct GradeError: Error, Hashable, Sendable, CustomStringConvertible {
    public var what: String
    public var value: String
    public var expected: String

    public init(_ what: String, _ value: String, expected: String) {
        self.what = what
        self.value = value
        self.expected = expected
    }

    public var description: String { "\(what) \"\(value)\": expected \(expected)" }
}

extension CourseGrades {
    /// Refuses what no average can be made of: a weight below 0 or weights over
    /// 100 % in all, a score above its maximum or below 0, an unknown letter.
    public func check() throws(GradeError) {
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

    public var standing: Standing {
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
