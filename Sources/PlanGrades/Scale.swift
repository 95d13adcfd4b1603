import Foundation

/// How grades are written and what they are worth: letters with cut-offs and
/// grade points (US 4.0), marks out of a maximum (/20), or percentages.
/// Scales are data: a course may bring its own cut-offs.
package struct GradeScale: Hashable, Sendable {
    /// One letter: the lowest percentage that earns it and its grade points.
    package struct Step: Hashable, Sendable {
        package var letter: String
        package var minPercent: Decimal
        package var points: Decimal

        package init(_ letter: String, _ minPercent: Decimal, _ points: Decimal) {
            self.letter = letter
            self.minPercent = minPercent
            self.points = points
        }
    }

    /// The most grade points a letter of a scale is worth (a 4.0, 5.0, 10 or 20 scale fits).
    package static let maxPoints: Decimal = 100

    package var name: String
    /// Highest first; the last step's `minPercent` is 0 (everything below the others).
    package var steps: [Step]

    package init(name: String, steps: [Step]) {
        self.name = name
        self.steps = steps.sorted { $0.minPercent > $1.minPercent }
    }

    /// The default US scale of the issue: A 93 % / 4.0 … D− 60 / 0.7, F below / 0.0.
    package static let usLetter = GradeScale(name: "us-letter", steps: [
        Step("A", 93, 4.0), Step("A-", 90, Decimal(string: "3.7")!), Step("B+", 87, Decimal(string: "3.3")!),
        Step("B", 83, 3.0), Step("B-", 80, Decimal(string: "2.7")!), Step("C+", 77, Decimal(string: "2.3")!),
        Step("C", 73, 2.0), Step("C-", 70, Decimal(string: "1.7")!), Step("D+", 67, Decimal(string: "1.3")!),
        Step("D", 63, 1.0), Step("D-", 60, Decimal(string: "0.7")!), Step("F", 0, 0),
    ])

    /// The letter a percentage earns (the highest step whose cut-off it reaches).
    package func step(forPercent p: Decimal) -> Step {
        steps.first { p >= $0.minPercent } ?? steps[steps.count - 1]
    }

    /// The step of a letter as written (`A-`, `A−`, `a-`, `B+`); nil when the scale has none.
    package func step(letter: String) -> Step? {
        let key = Self.normalize(letter)
        return steps.first { Self.normalize($0.letter) == key }
    }

    /// Upper case, the typographic minus (U+2212) and en dash as `-`, no spaces.
    static func normalize(_ letter: String) -> String {
        String(letter.uppercased().map { $0 == "\u{2212}" || $0 == "\u{2013}" ? "-" : $0 }.filter { !$0.isWhitespace })
    }
}
