import Foundation

/// A graduation or pass condition, as data (`{"average": "overall", "min": 10}`,
/// `{"each": "unit", "min": 8}`, `{"average": "professional", "min": 10}`).
package enum GradeRule: Hashable, Sendable {
    /// The overall weighted average (`of` nil) or that of the units of one kind.
    case average(of: String?, min: Decimal)
    /// Every unit's average.
    case eachUnit(min: Decimal)
}

/// One rule's verdict with its figure and margin (figure − min).
package struct RuleResult: Hashable, Sendable {
    package var rule: GradeRule
    /// What is measured (`overall average`, `professional average`, `unit Maths`).
    package var subject: String
    package var figure: Decimal?
    package var holds: Bool
    package var margin: Decimal?
}

package enum GradeRules {
    /// Every rule applied to `units`; `eachUnit` gives one result per unit. A
    /// rule whose figure does not exist yet (nothing graded) does not hold.
    package static func check(_ rules: [GradeRule], units: [TeachingUnit]) -> [RuleResult] {
        var out: [RuleResult] = []
        for rule in rules {
            switch rule {
            case .average(let kind, let min):
                let figure = UnitAverages.average(units, kind: kind)
                out.append(RuleResult(rule: rule, subject: kind.map { "\($0) average" } ?? "overall average", figure: figure,
                                      holds: figure.map { $0 >= min } ?? false, margin: figure.map { $0 - min }))
            case .eachUnit(let min):
                for u in units {
                    let figure = u.average
                    out.append(RuleResult(rule: rule, subject: "unit \(u.name)", figure: figure,
                                          holds: figure.map { $0 >= min } ?? false, margin: figure.map { $0 - min }))
                }
            }
        }
        return out
    }
}
