import Foundation
import Testing
@testable import PlanGrades

func d(_ s: String) -> Decimal { Decimal(string: s)! }

/// Hand-computed cases: each figure below was worked out on paper.
@Suite struct GradeArithmeticTests {
    @Test func roundingIsHalfAwayFromZeroInDecimal() {
        #expect(Rounding.text(d("2.675"), places: 2) == "2.68")
        #expect(Rounding.text(d("2.665"), places: 2) == "2.67")
        #expect(Rounding.text(d("89.995"), places: 2) == "90.00")
        #expect(Rounding.text(d("3.4"), places: 2) == "3.40")
        #expect(Rounding.text(d("12"), places: 1) == "12.0")
        #expect(Rounding.parse("17.5") == d("17.5"))
        #expect(Rounding.parse("1e5") == nil && Rounding.parse("--1") == nil && Rounding.parse("") == nil)
    }

    static let cs201 = CourseGrades(code: "CS201", credits: 4, assessments: [
        Assessment(name: "Homework", weight: 20, score: .fraction(90, outOf: 100)),
        Assessment(name: "Midterm", weight: 30, score: .fraction(78, outOf: 100)),
        Assessment(name: "Final", weight: 50),
    ])

    @Test func aPartialSetIsTheAverageOfWhatIsGraded() throws {
        try Self.cs201.check()
        let s = Self.cs201.standing
        // (20·90 + 30·78) / 50 = 4140 / 50 = 82.8 → B− (80 ≤ 82.8 < 83).
        #expect(s.average == d("82.8"))
        #expect(s.step?.letter == "B-")
        #expect(s.gradedWeight == 50 && s.openWeight == 50)
    }

    @Test func theScoreNeededOnWhatIsOpen() {
        let us = GradeScale.usLetter
        // A−: (90·100 − 4140) / 50 = 97.2; B: (8300 − 4140) / 50 = 83.2.
        #expect(Need.of(Self.cs201, target: us.step(letter: "A-")!) == .needs(percent: d("97.2")))
        #expect(Need.of(Self.cs201, target: us.step(letter: "B")!) == .needs(percent: d("83.2")))
        // A: (9300 − 4140) / 50 = 103.2 > 100; the best is (4140 + 5000) / 100 = 91.4, an A−.
        #expect(Need.of(Self.cs201, target: us.step(letter: "A")!) == .unreachable(best: d("91.4"), step: us.step(letter: "A-")!))
        #expect(Need.of(Self.cs201, target: us.step(letter: "F")!) == .secured)
        var done = Self.cs201
        done.assessments[2].score = .letter("A\u{2212}")
        // 4140 + 50·90 = 8640 → 86.4: a B, not a B+.
        #expect(Need.of(done, target: us.step(letter: "B+")!) == .decided(final: d("86.4"), reached: false))
    }

    @Test func termCumulativeAndWhatIfGPA() {
        let chem = CourseGrades(code: "CHEM110", credits: 3, assessments: [Assessment(name: "All", weight: 100, score: .percent(95))])
        let prior = PriorRecord(gpa: d("3.42"), credits: 45)
        let now = GPA.figures([Self.cs201, chem], prior: prior)
        // (4·2.7 + 3·4.0) / 7 = 22.8 / 7 = 3.2571… ; (22.8 + 3.42·45) / 52 = 176.7 / 52 = 3.3980…
        #expect(Rounding.text(now.term!, places: 2) == "3.26")
        #expect(Rounding.text(now.cumulative!, places: 2) == "3.40")
        let whatIf = GPA.figures([Self.cs201, chem], letters: ["CS201": GradeScale.usLetter.step(letter: "A-")!], prior: prior)
        // (4·3.7 + 12) / 7 = 26.8 / 7 = 3.8285…
        #expect(Rounding.text(whatIf.term!, places: 2) == "3.83")
        #expect(GPA.figures([CourseGrades(code: "X", credits: 3)], prior: nil).term == nil)
    }

    @Test func unitsAndTheRules() throws {
        let units = [
            TeachingUnit(name: "Maths", weight: 2, kind: "general", subjects: [Subject(name: "Algebra", weight: 1, grade: d("12.5")),
                                                                               Subject(name: "Analysis", weight: 2, grade: 9)]),
            TeachingUnit(name: "Pro", weight: 3, kind: "professional", subjects: [Subject(name: "Project", weight: 1, grade: 14),
                                                                                  Subject(name: "Internship", weight: 1)]),
        ]
        for u in units { try u.check() }
        // Maths (12.5 + 18) / 3 = 30.5 / 3; overall (2 · 30.5/3 + 3 · 14) / 5 = 187 / 15 = 12.4666…
        #expect(Rounding.text(units[0].average!, places: 2) == "10.17")
        #expect(Rounding.text(UnitAverages.average(units)!, places: 2) == "12.47")
        #expect(UnitAverages.average(units, kind: "Professional") == 14)
        let results = GradeRules.check([.average(of: nil, min: 10), .eachUnit(min: 11), .average(of: "professional", min: 10)], units: units)
        #expect(results.map(\.holds) == [true, false, true, true])
        #expect(results.map(\.subject) == ["overall average", "unit Maths", "unit Pro", "professional average"])
        #expect(Rounding.text(results[1].margin!, places: 2) == "-0.83")
    }

    @Test func badInputNamesTheValue() {
        var over = Self.cs201
        over.assessments.append(Assessment(name: "Quiz", weight: 10))
        #expect(throws: GradeError("CS201: the weights", "110%", expected: "100 % or less in all")) { try over.check() }
        var high = Self.cs201
        high.assessments[0].score = .fraction(21, outOf: 20)
        #expect(throws: GradeError("CS201 Homework: the score", "21/20", expected: "0 to 20")) { try high.check() }
        var letter = Self.cs201
        letter.assessments[0].score = .letter("E+")
        #expect((try? letter.check()) == nil)
        #expect(throws: GradeError("unit Empty", "no subjects", expected: "at least one subject (plan grades subject add Empty NAME --weight 1)")) {
            try TeachingUnit(name: "Empty", weight: 1).check()
        }
    }
}

/// Random courses, their averages, letters and needed scores against a second
/// computation written here in exact rationals (Int numerator / denominator).
@Suite struct GradePropertyTests {
    struct Rational: Comparable {
        var n: Int64, d: Int64
        init(_ n: Int64, _ d: Int64) {
            func gcd(_ a: Int64, _ b: Int64) -> Int64 { b == 0 ? abs(a) : gcd(b, a % b) }
            let g = max(gcd(n, d), 1)
            self.n = (d < 0 ? -n : n) / g
            self.d = abs(d) / g
        }
        static func + (a: Rational, b: Rational) -> Rational { Rational(a.n * b.d + b.n * a.d, a.d * b.d) }
        static func * (a: Rational, b: Rational) -> Rational { Rational(a.n * b.n, a.d * b.d) }
        static func / (a: Rational, b: Rational) -> Rational { Rational(a.n * b.d, a.d * b.n) }
        static func < (a: Rational, b: Rational) -> Bool { a.n * b.d < b.n * a.d }
        /// Half away from zero to 2 decimals, as hundredths.
        var hundredths: Int64 {
            let scaled = n * 100
            let q = scaled / d, r = scaled % d
            return 2 * abs(r) >= d ? q + (scaled < 0 ? -1 : 1) : q
        }
    }

    struct RNG {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
    }

    @Test func averagesLettersAndNeedsAgreeWithRationals() {
        var rng = RNG(state: 2026)
        let cutoffs: [(String, Int64)] = [("A", 93), ("A-", 90), ("B+", 87), ("B", 83), ("B-", 80), ("C+", 77), ("C", 73),
                                          ("C-", 70), ("D+", 67), ("D", 63), ("D-", 60), ("F", 0)]
        for _ in 0..<3000 {
            var assessments: [Assessment] = []
            var graded: [(w: Int64, p: Rational)] = []
            var open: Int64 = 0
            var total: Int64 = 0
            for k in 0..<(1 + rng.next(5)) {
                let w = Int64(1 + rng.next(30))
                guard total + w <= 100 else { break }
                total += w
                if rng.next(3) == 0 {
                    assessments.append(Assessment(name: "a\(k)", weight: Decimal(w)))
                    open += w
                } else {
                    let den = Int64([3, 7, 20, 30, 100, 40][rng.next(6)])
                    let num = Int64(rng.next(Int(den) + 1))
                    assessments.append(Assessment(name: "a\(k)", weight: Decimal(w), score: .fraction(Decimal(num), outOf: Decimal(den))))
                    graded.append((w, Rational(num * 100, den)))
                }
            }
            let course = CourseGrades(code: "X", credits: 3, assessments: assessments)
            let s = course.standing
            let gradedWeight = graded.map(\.w).reduce(0, +)
            if gradedWeight == 0 {
                #expect(s.average == nil)
            } else {
                let earned = graded.reduce(Rational(0, 1)) { $0 + Rational($1.w, 1) * $1.p }
                let average = earned / Rational(gradedWeight, 1)
                #expect(Rounding.shown(s.average!) == Decimal(average.hundredths) / 100)
                let expected = cutoffs.first { Rational($0.1 * 100, 1) <= Rational(average.hundredths, 1) }!.0
                #expect(s.step?.letter == expected)
                // The score needed for a B on what is open, rationally.
                if open > 0 {
                    let needed = (Rational(83 * total, 1) + Rational(-earned.n, earned.d)) / Rational(open, 1)
                    switch Need.of(course, target: GradeScale.usLetter.step(letter: "B")!) {
                    case .secured: #expect(needed.n <= 0)
                    case .needs(let p): #expect(Rounding.shown(p) == Decimal(needed.hundredths) / 100 && needed.n > 0 && !(Rational(100, 1) < needed))
                    case .unreachable: #expect(Rational(100, 1) < needed)
                    case .decided: Issue.record("open weight but decided")
                    }
                }
            }
        }
    }
}
