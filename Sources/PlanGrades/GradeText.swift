import Foundation

/// Scores as written (`78/100`, `17.5/20`, `85%`, `A-`), read and written back
/// the same way (the store keeps them so, and so does the command line).
package enum ScoreText {
    package static func read(_ text: String) throws(GradeError) -> Score {
        let t = text.trimmingCharacters(in: .whitespaces)
        if let slash = t.firstIndex(of: "/") {
            guard let n = Rounding.parse(t[..<slash]), let d = Rounding.parse(t[t.index(after: slash)...]) else {
                throw GradeError("the score", text, expected: "a mark like 78/100 or 17.5/20")
            }
            return .fraction(n, outOf: d)
        }
        if t.hasSuffix("%") {
            guard let p = Rounding.parse(t.dropLast()) else { throw GradeError("the score", text, expected: "a percentage like 85%") }
            return .percent(p)
        }
        guard !t.isEmpty, t.count <= 3, t.first?.isLetter == true else {
            throw GradeError("the score", text, expected: "a mark like 78/100, a percentage like 85% or a letter like A-")
        }
        return .letter(t)
    }

    package static func write(_ score: Score) -> String {
        switch score {
        case .fraction(let n, let d): "\(n)/\(d)"
        case .percent(let p): "\(p)%"
        case .letter(let l): GradeScale.normalize(l)
        }
    }
}

/// A scale as kept: `us-letter`, or its own cut-offs `A:94:4,A-:90:3.7,…,F:0:0`.
package enum GradeScaleText {
    package static func read(_ text: String) throws(GradeError) -> GradeScale {
        if text == GradeScale.usLetter.name { return .usLetter }
        var steps: [GradeScale.Step] = []
        for part in text.split(separator: ",") {
            let f = part.split(separator: ":", omittingEmptySubsequences: false)
            guard f.count == 3, !f[0].isEmpty, let min = Rounding.parse(f[1]), let points = Rounding.parse(f[2]), min >= 0, min <= 100, points >= 0 else {
                throw GradeError("the scale", text, expected: "us-letter, or cut-offs like A:94:4.0,A-:90:3.7,…,F:0:0")
            }
            guard points <= GradeScale.maxPoints else {
                throw GradeError("the scale's points for \(f[0])", String(f[2]), expected: "grade points from 0 to \(GradeScale.maxPoints)")
            }
            steps.append(GradeScale.Step(String(f[0]), min, points))
        }
        guard steps.contains(where: { $0.minPercent == 0 }) else {
            throw GradeError("the scale", text, expected: "a lowest letter with cut-off 0 (F:0:0)")
        }
        return GradeScale(name: text, steps: steps)
    }

    package static func write(_ scale: GradeScale) -> String {
        scale.name == GradeScale.usLetter.name ? scale.name : scale.steps.map { "\($0.letter):\($0.minPercent):\($0.points)" }.joined(separator: ",")
    }
}

/// The prior record as kept and typed: `3.42/45` (GPA / credits).
package enum PriorText {
    package static func read(_ text: String) -> PriorRecord? {
        let f = text.split(separator: "/")
        guard f.count == 2, let gpa = Rounding.parse(f[0]), let credits = Rounding.parse(f[1]), gpa >= 0, gpa <= 5, credits >= 0 else { return nil }
        return PriorRecord(gpa: gpa, credits: credits)
    }

    package static func write(_ p: PriorRecord) -> String { "\(p.gpa)/\(p.credits)" }
}
