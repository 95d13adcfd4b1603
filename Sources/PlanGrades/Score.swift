import Foundation

/// A mark on one assessment, as the student has it.
package enum Score: Hashable, Sendable {
    /// `78/100`, `17.5/20`.
    case fraction(Decimal, outOf: Decimal)
    /// `85%`.
    case percent(Decimal)
    /// `A-`: counts as its cut-off percentage in averages (A- = 90 %), the
    /// lowest mark that earns it, so an average never claims more than the letter proves.
    case letter(String)

    /// The score as a percentage on `scale` (letters read there); nil for an unknown letter.
    package func percent(on scale: GradeScale) -> Decimal? {
        switch self {
        case .fraction(let n, let d): d > 0 ? n * 100 / d : nil
        case .percent(let p): p
        case .letter(let l): scale.step(letter: l)?.minPercent
        }
    }
}
