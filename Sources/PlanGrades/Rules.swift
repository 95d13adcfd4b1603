import Foundation

/// A graduation or pass condition, as data (`{"average": "overall", "min": 10}`,
/// `{"each": "unit", "min": 8}`, `{"average": "professional", "min": 10}`).
public enum GradeRule: Hashable, Sendable {
    /// The overall weighted average (`of` nil) or that of the units of one kind.
    case average(of: String?, min: Decimal)
    /// Every unit's average.
    case eachUnit(min: Decimal)
}

/// One rule's verdict with its figure and margin (figure − min).
public struct RuleResult: Hashable, Sendable {
    public var rule: GradeRule
    /// What is measured (`overall average`, `professional average`, `unit Maths`).
    public var subject: String
    public var figure: Decimal?
    public var holds: Bool
    public var margin: Decimal?
}

public enum GradeRules {
    /// Every rule applied to `units`; `eachUnit` gives one result per unit. A
    /// rule whose figure does not exist yet (nothing graded) does not hold.
    public static func check(_ rules: [GradeRule], units: [TeachingUnit]) -> [RuleResult] {
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
