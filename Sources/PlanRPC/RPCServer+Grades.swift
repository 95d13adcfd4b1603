import Foundation
import PlanGrades
import PlanJSON
import PlanProtocol
import PlanService

/// The `grades.*` methods: `plan grades` for editors, the same service calls
/// and the same readings of their text (`GradeInput`, `ScoreText`); numbers
/// may come as JSON numbers or as text (`"30%"`, `"78/100"`).
extension RPCServer {
    /// A value given as text or as a JSON number, as text.
    func text(_ p: Params, _ key: String) throws(RPCError) -> String? {
        guard let v = p[key] else { return nil }
        switch v {
        case .string(let s): return s
        case .number(let n): return n
        default: throw RPCError.params(p.pointer(key), "expected a number or a string, got \(v.typeName)")
        }
    }

    /// Reads `key` with `read`, pointing a refusal at it.
    func graded<T>(_ p: Params, _ key: String, _ read: (String) throws(GradeError) -> T) throws(RPCError) -> T? {
        guard let t = try text(p, key) else { return nil }
        do { return try read(t) } catch { throw RPCError.params(p.pointer(key), error.description) }
    }

    func required<T>(_ p: Params, _ key: String, _ read: (String) throws(GradeError) -> T) throws(RPCError) -> T {
        guard let v = try graded(p, key, read) else { throw RPCError.params(p.pointer(key), "required parameter \"\(key)\" is missing") }
        return v
    }

    func book(_ service: PlanService) throws -> String { GradesJSON.book(try service.gradeBook()) }

    /// Makes `change` to the grade book and answers with the book as it is then.
    func changingBook(_ change: (PlanService) throws -> Void) throws(RPCError) -> String {
        try withService { service in
            try change(service)
            return try book(service)
        }
    }

    func gradesGet(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly([])
        return try withService { try book($0) }
    }

    func gradesCourseAdd(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["code", "credits", "term", "scale"])
        let code = try p.name("code"), term = try p.optionalString("term")
        let credits = try required(p, "credits") { t throws(GradeError) in try GradeInput.positive(t, "the credits", max: 100) }
        let scale = try graded(p, "scale") { t throws(GradeError) in try GradeScaleText.read(t) } ?? .usLetter
        return try changingBook { _ = try $0.addGradeCourse(code: code, credits: credits, term: term, scale: scale) }
    }

    func gradesCourseRemove(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["code"])
        let code = try p.name("code")
        return try changingBook { _ = try $0.removeGradeCourse(code: code) }
    }

    func gradesAdd(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["course", "name", "weight", "score", "date"])
        let course = try p.name("course"), name = try p.name("name")
        let date = try graded(p, "date") { t throws(GradeError) in try GradeInput.date(t) }
        let weight = try required(p, "weight") { t throws(GradeError) in try GradeInput.weight(t) }
        let score = try graded(p, "score") { t throws(GradeError) in try ScoreText.read(t) }
        return try changingBook { _ = try $0.addAssessment(course: course, Assessment(name: name, weight: weight, score: score, date: date)) }
    }

    func gradesSet(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["course", "name", "weight", "score", "date"])
        let course = try p.name("course"), name = try p.name("name")
        let date = try graded(p, "date") { t throws(GradeError) in try GradeInput.date(t) }
        let weight = try graded(p, "weight") { t throws(GradeError) in try GradeInput.weight(t) }
        // `"score": null` clears it.
        let score: Score?? = p["score"] == .null ? .some(nil) : try graded(p, "score") { t throws(GradeError) in try ScoreText.read(t) }.map { .some($0) }
        return try changingBook { _ = try $0.setAssessment(course: course, name: name, weight: weight, score: score, date: date) }
    }

    func gradesRemove(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["course", "name"])
        let course = try p.name("course"), name = try p.name("name")
        return try changingBook { _ = try $0.removeAssessment(course: course, name: name) }
    }

    func gradesUnitAdd(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["name", "weight", "kind"])
        let name = try p.name("name"), kind = try p.optionalString("kind")
        let weight = try required(p, "weight") { t throws(GradeError) in try GradeInput.positive(t, "the weight") }
        return try changingBook { _ = try $0.addUnit(name: name, weight: weight, kind: kind) }
    }

    func gradesSubjectAdd(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["unit", "name", "weight", "grade"])
        let unit = try p.name("unit"), name = try p.name("name")
        let weight = try required(p, "weight") { t throws(GradeError) in try GradeInput.positive(t, "the weight") }
        let grade = try graded(p, "grade") { t throws(GradeError) in try GradeInput.outOf20(t) }
        return try changingBook { _ = try $0.addSubject(unit: unit, Subject(name: name, weight: weight, grade: grade)) }
    }

    func gradesUnitRemove(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["name"])
        let name = try p.name("name")
        return try changingBook { _ = try $0.removeUnit(name: name) }
    }

    func gradesSubjectRemove(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["unit", "name"])
        let unit = try p.name("unit"), name = try p.name("name")
        return try changingBook { _ = try $0.removeSubject(unit: unit, name: name) }
    }

    func gradesSubjectSet(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["unit", "name", "grade"])
        let unit = try p.name("unit"), name = try p.name("name")
        let grade = p["grade"] == .null ? nil : try graded(p, "grade") { t throws(GradeError) in try GradeInput.outOf20(t) }
        return try changingBook { _ = try $0.gradeSubject(unit: unit, name: name, grade: grade) }
    }

    func gradesPrior(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["prior"])
        let prior = p["prior"] == .null ? nil : try required(p, "prior") { t throws(GradeError) in try GradeInput.prior(t) }
        return try changingBook { try $0.setPrior(prior) }
    }

    func gradesWhatIf(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["grades", "prior"])
        guard let given = try p.optionalObject("grades"), !given.members.isEmpty else {
            throw RPCError.params(p.pointer("grades"), "required parameter \"grades\" is missing or empty: {\"CS201\": \"A-\"}")
        }
        var pairs: [(course: String, letter: String)] = []
        for (course, letter) in given.members {
            guard case .string(let l) = letter else { throw RPCError.params(given.pointer(course), "expected a letter like \"A-\", got \(letter.typeName)") }
            pairs.append((course, l))
        }
        let prior = try graded(p, "prior") { t throws(GradeError) in try GradeInput.prior(t) }
        return try withService { GradesJSON.whatIf(try $0.whatIf(pairs, prior: prior).0) }
    }

    func gradesNeed(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["course", "target"])
        let course = try p.name("course"), target = try p.name("target")
        return try withService { service in
            let (c, step, need, _) = try service.need(course: course, target: target)
            return GradesJSON.need(need, course: c.code, target: step, entered: c.standing.gradedWeight + c.standing.openWeight)
        }
    }

    func gradesCheck(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["rules"])
        guard p.has("rules") else { throw RPCError.params(p.pointer("rules"), "required parameter \"rules\" is missing") }
        let rules: [GradeRule]
        do {
            rules = try GradeInput.rules(Array(JSONValue.object(p.members).text.utf8), file: "params")
        } catch {
            throw RPCError.params(p.pointer("rules"), error.description)
        }
        return try withService { GradesJSON.check(try $0.checkRules(rules)) }
    }
}
