import PlanCore

/// Names, titles and notes checked where they enter the service, the one
/// edge both faces reach (see ``LineText``): a value with a control
/// character is refused, quoted in its visible form, the character named.
extension PlanService {
    /// Refuses the first of `fields` (what the message calls it, the value,
    /// whether it may hold line feeds and tabs) that holds a control character.
    static func checkText(_ fields: [(what: String, value: String?, lines: Bool)]) throws {
        for (what, value, lines) in fields {
            guard let value, let problem = LineText.problem(value, lines: lines) else { continue }
            throw ServiceError.refused("\(what) \"\(LineText.visible(value))\": \(problem)")
        }
    }

    /// Refuses a task whose title, project or notes hold a control character:
    /// its sittings' SUMMARY and DESCRIPTION are written from them.
    static func checkText(_ spec: TaskDefinition) throws {
        try checkText([("title", spec.title, false), ("--project", spec.project, false), ("--notes", spec.notes, true)])
    }
}
