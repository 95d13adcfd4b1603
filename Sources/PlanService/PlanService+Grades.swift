import Foundation
import PlanCore
import PlanGrades
import PlanStore

/// The grade book with its figures: every course and unit, the prior record,
/// and the term and cumulative GPA of the courses as they stand.
public struct GradeBook: Sendable {
    public var courses: [CourseGrades]
    public var units: [TeachingUnit]
    public var prior: PriorRecord?
    public var gpa: GPAFigures
}

extension PlanService {
    /// The settings key of the prior record (`3.42/45`: GPA / credits).
    static let priorKey = "gradePrior"

    public func gradeBook() throws -> GradeBook {
        try guarded { try store.read { t in try Self.gradeBook(t) } }
    }

    static func gradeBook(_ t: StoreTransaction) throws -> GradeBook {
        let courses = try t.gradeCourses(), units = try t.gradeUnits()
        let prior = try t.setting(priorKey).flatMap(PriorText.read)
        return GradeBook(courses: courses, units: units, prior: prior, gpa: GPA.figures(courses, prior: prior))
    }

    /// Reads the grade book, lets `change` edit it, checks every course it
    /// changed and saves it in the same transaction: a refused change saves nothing.
    public func editGrades<T>(_ change: (inout [CourseGrades], inout [TeachingUnit]) throws -> T) throws -> T {
        try guarded {
            try store.write { t in
                var courses = try t.gradeCourses(), units = try t.gradeUnits()
                let result = try change(&courses, &units)
                for c in courses { try c.check() }
                for u in units {
                    guard u.weight > 0 else { throw GradeError("unit \(u.name): the weight", "\(u.weight)", expected: "more than 0") }
                    for s in u.subjects {
                        if let g = s.grade, g < 0 || g > 20 { throw GradeError("\(u.name) / \(s.name): the grade", "\(g)", expected: "0 to 20") }
                        guard s.weight > 0 else { throw GradeError("\(u.name) / \(s.name): the weight", "\(s.weight)", expected: "more than 0") }
                    }
                }
                try t.saveGrades(courses: courses, units: units)
                return result
            }
        }
    }

    /// The index of course `code` (case-insensitive), or a refusal that lists the courses.
    public static func courseIndex(_ code: String, in courses: [CourseGrades]) throws -> Int {
        guard let i = courses.firstIndex(where: { Self.sameCode($0.code, code) }) else {
            let known = courses.map(\.code).joined(separator: ", ")
            throw ServiceError.refused("no course \"\(code)\" in the grade book" + (known.isEmpty
                ? "; add it with `plan grades course add \(code) --credits 3`" : " (it has \(known))"))
        }
        return i
    }

    public static func unitIndex(_ name: String, in units: [TeachingUnit]) throws -> Int {
        guard let i = units.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw ServiceError.refused("no unit \"\(name)\" in the grade book; add it with `plan grades unit add \(name) --weight 1`")
        }
        return i
    }

    static func sameCode(_ a: String, _ b: String) -> Bool {
        a.uppercased().filter { !$0.isWhitespace } == b.uppercased().filter { !$0.isWhitespace }
    }

    public func setPrior(_ prior: PriorRecord?) throws {
        try guarded { try store.write { try $0.setSetting(Self.priorKey, prior.map(PriorText.write)) } }
    }
}
