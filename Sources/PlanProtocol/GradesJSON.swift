import Foundation
import PlanCore
import PlanGrades
import PlanJSON
import PlanService

/// The `--json` forms of `plan grades` (and the `grades.*` results): decimals
/// written as JSON numbers exactly as kept (`82.8`), percentages and GPAs also
/// rounded for display (`"shown"`).
package enum GradesJSON {
    static func number(_ d: Decimal) -> JSONValue { .number("\(d)") }
    static func number(_ d: Decimal?) -> JSONValue { d.map(number) ?? .null }
    static func shown(_ d: Decimal?) -> JSONValue { d.map { .number(Rounding.text($0, places: 2)) } ?? .null }

    package static func book(_ b: GradeBook) -> String {
        let courses: [JSONValue] = b.courses.map { c in
            let s = c.standing
            return .object([
                ("code", .string(c.code)), ("credits", number(c.credits)), ("term", c.term.map(JSONValue.string) ?? .null),
                ("scale", .string(GradeScaleText.write(c.scale))),
                ("average", shown(s.average)), ("letter", s.step.map { .string($0.letter) } ?? .null), ("points", number(s.step?.points)),
                ("gradedWeight", number(s.gradedWeight)), ("openWeight", number(s.openWeight)),
                ("study", b.study[c.code].map { t in
                    .object([("planned", .string(ISODuration.format(t.planned))), ("done", .string(ISODuration.format(t.done)))])
                } ?? .null),
                ("assessments", .array(c.assessments.map { a in
                    .object([("name", .string(a.name)), ("weight", number(a.weight)),
                             ("score", a.score.map { .string(ScoreText.write($0)) } ?? .null),
                             ("percent", shown(a.score?.percent(on: c.scale))), ("date", a.date.map(JSONValue.string) ?? .null)])
                })),
            ])
        }
        let units: [JSONValue] = b.units.map { u in
            .object([("name", .string(u.name)), ("weight", number(u.weight)), ("kind", u.kind.map(JSONValue.string) ?? .null),
                     ("average", shown(u.average)),
                     ("subjects", .array(u.subjects.map { .object([("name", .string($0.name)), ("weight", number($0.weight)), ("grade", number($0.grade))]) }))])
        }
        return JSONValue.object([
            ("courses", .array(courses)), ("units", .array(units)), ("overall", shown(UnitAverages.average(b.units))),
            ("gpa", gpa(b.gpa)),
            ("prior", b.prior.map { .object([("gpa", number($0.gpa)), ("credits", number($0.credits))]) } ?? .null),
        ]).text
    }

    static func gpa(_ g: GPAFigures) -> JSONValue {
        .object([("term", shown(g.term)), ("cumulative", shown(g.cumulative)), ("credits", number(g.termCredits))])
    }

    package static func whatIf(_ g: GPAFigures) -> String { gpa(g).text }

    /// `entered`: how much of the course the assessments entered weigh, in percent (shown when under 100).
    package static func need(_ n: Need, course: String, target: GradeScale.Step, entered: Decimal) -> String {
        var members: [(String, JSONValue)] = [("course", .string(course)), ("target", .string(target.letter))]
        switch n {
        case .secured: members.append(("status", .string("secured")))
        case .needs(let p): members += [("status", .string("needs")), ("percent", shown(p))]
        case .unreachable(let best, let step): members += [("status", .string("unreachable")), ("best", shown(best)), ("bestLetter", .string(step.letter))]
        case .decided(let final, let reached): members += [("status", .string(reached ? "reached" : "missed")), ("final", shown(final))]
        }
        // Less than the whole course entered: the figures are of that part (a verdict may be early).
        if entered < 100 { members.append(("entered", number(entered))) }
        return JSONValue.object(members).text
    }

    package static func check(_ results: [RuleResult]) -> String {
        JSONValue.object([
            ("holds", .bool(results.allSatisfy(\.holds))),
            ("rules", .array(results.map { r in
                let min: Decimal = switch r.rule {
                case .average(_, let m), .eachUnit(let m): m
                }
                return .object([("subject", .string(r.subject)), ("figure", shown(r.figure)), ("min", number(min)),
                                ("margin", shown(r.margin)), ("holds", .bool(r.holds))])
            })),
        ]).text
    }
}
