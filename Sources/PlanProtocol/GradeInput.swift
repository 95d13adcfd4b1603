import Foundation
import PlanCore
import PlanGrades
import PlanJSON
import PlanTimetable

/// The grade book's inputs as text (command line and `grades.*` params), checked once here.
package enum GradeInput {
    /// `30%` or `30` → 30 (percent of the course), 0–100.
    package static func weight(_ text: String) throws(GradeError) -> Decimal {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard let w = Rounding.parse(t.hasSuffix("%") ? String(t.dropLast()) : t), w >= 0, w <= 100 else {
            throw GradeError("the weight", text, expected: "a percentage from 0 to 100, like 30%")
        }
        return w
    }

    /// A positive decimal (`4`, `1.5`): credits, a unit's or a subject's weight.
    package static func positive(_ text: String, _ what: String, max: Decimal = maxCredits) throws(GradeError) -> Decimal {
        guard let v = Rounding.parse(text), v >= 0, v <= max else { throw GradeError(what, text, expected: "a number from 0 to \(max)") }
        return v
    }

    /// A grade on /20.
    package static func outOf20(_ text: String) throws(GradeError) -> Decimal {
        guard let g = Rounding.parse(text), g >= 0, g <= 20 else { throw GradeError("the grade", text, expected: "a mark from 0 to 20, like 12.5") }
        return g
    }

    /// The most credits: of a course, a unit, a subject or a prior record.
    package static let maxCredits: Decimal = 1000

    /// The most bytes of a rules file (`plan grades check --rules`).
    package static let maxRulesBytes = 1_000_000

    /// `3.42/45`: the GPA so far and the credits it was earned over (at most ``maxCredits``).
    package static func prior(_ text: String) throws(GradeError) -> PriorRecord {
        guard let p = PriorText.read(text) else {
            throw GradeError("the prior record", text, expected: "GPA/credits, like 3.42/45 (GPA 0–5)")
        }
        guard p.credits <= maxCredits else {
            throw GradeError("the prior record's credits", "\(p.credits)", expected: "a number from 0 to \(maxCredits)")
        }
        return p
    }

    /// An assessment's date: `YYYY-MM-DD`, a real calendar date.
    package static func date(_ text: String) throws(GradeError) -> String {
        guard CatalogRules.date(text) != nil else {
            throw GradeError("the date", text, expected: "a calendar date written YYYY-MM-DD, like 2026-03-14")
        }
        return text
    }

    /// `CS201=A-` pairs of `plan grades what-if`.
    package static func letters(_ pairs: [String]) throws(GradeError) -> [(course: String, letter: String)] {
        var out: [(course: String, letter: String)] = []
        for pair in pairs {
            let f = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard f.count == 2, !f[0].isEmpty, !f[1].isEmpty else { throw GradeError("the what-if", pair, expected: "COURSE=LETTER, like CS201=A-") }
            out.append((f[0], f[1]))
        }
        return out
    }

    /// The rules of `plan grades check --rules FILE`:
    /// `{"rules": [{"average": "overall", "min": 10}, {"each": "unit", "min": 8}, {"average": "professional", "min": 10}]}`.
    package static func rules(_ bytes: [UInt8], file: String) throws(GradeError) -> [GradeRule] {
        let doc: JSONValue
        do {
            doc = try JSONValue.parse(bytes)
        } catch {
            throw GradeError("\(file)", "(not JSON)", expected: "{\"rules\": [{\"average\": \"overall\", \"min\": 10}, …]}")
        }
        guard case .array(let items)? = doc["rules"] else {
            throw GradeError("\(file): rules", doc.typeName, expected: "an array of rules under \"rules\"")
        }
        var out: [GradeRule] = []
        for (i, item) in items.enumerated() {
            guard case .number(let m)? = item["min"], let min = Rounding.parse(m), min >= 0, min <= 20 else {
                throw GradeError("\(file): rules[\(i)].min", item["min"]?.text ?? "missing",
                                 expected: "a mark on /20 from 0 to 20, written like 10 or 12.5")
            }
            if case .string(let of)? = item["average"] {
                out.append(.average(of: of.lowercased() == "overall" ? nil : of, min: min))
            } else if case .string(let each)? = item["each"], each.lowercased() == "unit" {
                out.append(.eachUnit(min: min))
            } else {
                throw GradeError("\(file): rules[\(i)]", item.text, expected: "{\"average\": \"overall\" or a kind, \"min\": N} or {\"each\": \"unit\", \"min\": N}")
            }
        }
        return out
    }
}
