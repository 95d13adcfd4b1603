import Foundation
import PlanCore
import PlanGrades
import PlanStore

/// The grade book with its figures: every course and unit, the prior record,
/// and the term and cumulative GPA of the courses as they stand.
package struct GradeBook: Sendable {
    package var courses: [CourseGrades]
    /// Study time per course code: the tasks of the project with the course's code.
    package var study: [String: StudyTime]
    package var units: [TeachingUnit]
    package var prior: PriorRecord?
    package var gpa: GPAFigures
}

/// A course's study time in the plan: sittings still ahead, and work recorded done.
package struct StudyTime: Hashable, Sendable {
    /// Seconds of planned sittings from now on.
    package var planned: Int64
    /// Seconds recorded done (`plan done`).
    package var done: Int64
    /// Seconds planned from now until the start of each dated open assessment's day, by assessment name.
    package var before: [String: Int64]
    /// The titles of the tasks linked to each assessment (`plan add-task --for`), by assessment name.
    package var linked: [String: [String]] = [:]
}

extension PlanService {
    /// The settings key of the prior record (`3.42/45`: GPA / credits).
    static let priorKey = "gradePrior"

    package func gradeBook() throws -> GradeBook {
        try guarded { try store.read { t in try gradeBook(t) } }
    }

    func gradeBook(_ t: StoreTransaction) throws -> GradeBook {
        let courses = try t.gradeCourses(), units = try t.gradeUnits()
        let prior = try t.setting(Self.priorKey).flatMap(PriorText.read)
        let zone = try self.settings(t).zone
        let tasks = try t.tasks().map(\.task), sittings = try t.sittings(), links = try t.taskLinks()
        var study: [String: StudyTime] = [:]
        for c in courses {
            let ids = Set(tasks.filter { $0.project.map { Self.sameCode($0, c.code) } ?? false }.map(\.id))
            let ahead = sittings.filter { ids.contains($0.taskId) && $0.range.end > now }
            func seconds(until limit: Instant?) -> Int64 {
                ahead.reduce(0) { sum, s in
                    let end = limit.map { min(s.range.end, $0) } ?? s.range.end
                    return sum + max(0, end - max(s.range.start, now))
                }
            }
            var before: [String: Int64] = [:]
            for a in c.assessments where a.score == nil {
                guard let date = a.date.flatMap({ LocalDate(iso: $0) }) else { continue }
                before[a.name] = seconds(until: zone.resolve(LocalDateTime(date: date)))
            }
            var linked: [String: [String]] = [:]
            for a in c.assessments {
                let taskIds = links[c.code.uppercased()]?[a.name.lowercased()] ?? []
                let titles = taskIds.compactMap { id in tasks.first { $0.id == id }?.title }
                if !titles.isEmpty { linked[a.name] = titles }
            }
            study[c.code] = StudyTime(planned: seconds(until: nil), done: tasks.filter { ids.contains($0.id) }.reduce(0) { $0 + $1.done },
                                      before: before, linked: linked)
        }
        return GradeBook(courses: courses, study: study, units: units, prior: prior, gpa: GPA.figures(courses, prior: prior))
    }

    /// Reads the grade book, lets `change` edit it, checks every course it
    /// changed and saves it in the same transaction: a refused change saves nothing.
    package func editGrades<T>(_ change: (inout [CourseGrades], inout [TeachingUnit]) throws -> T) throws -> T {
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
    package static func courseIndex(_ code: String, in courses: [CourseGrades]) throws -> Int {
        guard let i = courses.firstIndex(where: { Self.sameCode($0.code, code) }) else {
            let known = courses.map(\.code).joined(separator: ", ")
            throw ServiceError.refused("no course \"\(code)\" in the grade book" + (known.isEmpty
                ? "; add it with `plan grades course add \(code) --credits 3`" : " (it has \(known))"))
        }
        return i
    }

    package static func unitIndex(_ name: String, in units: [TeachingUnit]) throws -> Int {
        guard let i = units.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw ServiceError.refused("no unit \"\(name)\" in the grade book; add it with `plan grades unit add \(name) --weight 1`")
        }
        return i
    }

    static func sameCode(_ a: String, _ b: String) -> Bool {
        a.uppercased().filter { !$0.isWhitespace } == b.uppercased().filter { !$0.isWhitespace }
    }

    package func setPrior(_ prior: PriorRecord?) throws {
        try guarded { try store.write { try $0.setSetting(Self.priorKey, prior.map(PriorText.write)) } }
    }
}

// MARK: The operations both faces offer

extension PlanService {
    package func addGradeCourse(code: String, credits: Decimal, term: String?, scale: GradeScale) throws -> CourseGrades {
        try editGrades { courses, _ in
            guard !code.trimmingCharacters(in: .whitespaces).isEmpty else { throw ServiceError.refused("a course code must not be empty") }
            if courses.contains(where: { Self.sameCode($0.code, code) }) { throw ServiceError.refused("the grade book has a course \"\(code)\" already") }
            let course = CourseGrades(code: code, credits: credits, term: term, scale: scale)
            courses.append(course)
            return course
        }
    }

    /// Removes a course; returns it with the assessments that went with it.
    package func removeGradeCourse(code: String) throws -> CourseGrades {
        try editGrades { courses, _ in courses.remove(at: try Self.courseIndex(code, in: courses)) }
    }

    package func addAssessment(course: String, _ a: Assessment) throws -> CourseGrades {
        try editGrades { courses, _ in
            let i = try Self.courseIndex(course, in: courses)
            if courses[i].assessments.contains(where: { $0.name.lowercased() == a.name.lowercased() }) {
                throw ServiceError.refused("\(courses[i].code) has an assessment \"\(a.name)\" already: change it with plan grades set")
            }
            courses[i].assessments.append(a)
            return courses[i]
        }
    }

    /// Changes what is given: the weight, the score (`.some(nil)` clears it), the date.
    package func setAssessment(course: String, name: String, weight: Decimal?, score: Score??, date: String?) throws -> CourseGrades {
        try editGrades { courses, _ in
            let i = try Self.courseIndex(course, in: courses)
            let k = try Self.assessmentIndex(name, in: courses[i])
            if let weight { courses[i].assessments[k].weight = weight }
            if let score { courses[i].assessments[k].score = score }
            if let date { courses[i].assessments[k].date = date }
            return courses[i]
        }
    }

    package func removeAssessment(course: String, name: String) throws -> CourseGrades {
        try editGrades { courses, _ in
            let i = try Self.courseIndex(course, in: courses)
            courses[i].assessments.remove(at: try Self.assessmentIndex(name, in: courses[i]))
            return courses[i]
        }
    }

    static func assessmentIndex(_ name: String, in course: CourseGrades) throws -> Int {
        guard let k = course.assessments.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw ServiceError.refused("\(course.code) has no assessment \"\(name)\" (it has \(course.assessments.map(\.name).joined(separator: ", ")))")
        }
        return k
    }

    package func addUnit(name: String, weight: Decimal, kind: String?) throws -> TeachingUnit {
        try editGrades { _, units in
            if units.contains(where: { $0.name.lowercased() == name.lowercased() }) { throw ServiceError.refused("the grade book has a unit \"\(name)\" already") }
            let unit = TeachingUnit(name: name, weight: weight, kind: kind)
            units.append(unit)
            return unit
        }
    }

    package func addSubject(unit: String, _ subject: Subject) throws -> TeachingUnit {
        try editGrades { _, units in
            let i = try Self.unitIndex(unit, in: units)
            if units[i].subjects.contains(where: { $0.name.lowercased() == subject.name.lowercased() }) {
                throw ServiceError.refused("\(units[i].name) has a subject \"\(subject.name)\" already")
            }
            units[i].subjects.append(subject)
            return units[i]
        }
    }

    /// Removes a unit; returns it with the subjects that went with it.
    package func removeUnit(name: String) throws -> TeachingUnit {
        try editGrades { _, units in units.remove(at: try Self.unitIndex(name, in: units)) }
    }

    package func removeSubject(unit: String, name: String) throws -> TeachingUnit {
        try editGrades { _, units in
            let i = try Self.unitIndex(unit, in: units)
            guard let k = units[i].subjects.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw ServiceError.refused("\(units[i].name) has no subject \"\(name)\"")
            }
            units[i].subjects.remove(at: k)
            return units[i]
        }
    }

    package func gradeSubject(unit: String, name: String, grade: Decimal?) throws -> TeachingUnit {
        try editGrades { _, units in
            let i = try Self.unitIndex(unit, in: units)
            guard let k = units[i].subjects.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw ServiceError.refused("\(units[i].name) has no subject \"\(name)\"")
            }
            units[i].subjects[k].grade = grade
            return units[i]
        }
    }

    /// The GPA if each course named gets its letter (a course must be in the
    /// grade book: its credits weigh the GPA); `prior` instead of the stored record when given.
    package func whatIf(_ pairs: [(course: String, letter: String)], prior given: PriorRecord?) throws -> (GPAFigures, PriorRecord?) {
        let book = try gradeBook()
        var letters: [String: GradeScale.Step] = [:]
        for (code, letter) in pairs {
            let c = book.courses[try Self.courseIndex(code, in: book.courses)]
            guard let step = c.scale.step(letter: letter) else {
                throw ServiceError.refused("\(code)=\(letter): \"\(letter)\" is not a letter of \(c.code)'s scale (\(c.scale.steps.map(\.letter).joined(separator: " ")))")
            }
            letters[c.code] = step
        }
        let record = given ?? book.prior
        return (GPA.figures(book.courses, letters: letters, prior: record), record)
    }

    /// What the open assessments of `course` must average for `target`.
    package func need(course: String, target: String) throws -> (CourseGrades, GradeScale.Step, Need, StudyTime?) {
        let book = try gradeBook()
        let c = book.courses[try Self.courseIndex(course, in: book.courses)]
        guard let step = c.scale.step(letter: target) else {
            throw ServiceError.refused("the target \"\(target)\" is not a letter of \(c.code)'s scale (\(c.scale.steps.map(\.letter).joined(separator: " ")))")
        }
        return (c, step, Need.of(c, target: step), book.study[c.code])
    }

    /// Every rule applied to the units (refused while there are none, or one has no subjects).
    package func checkRules(_ rules: [GradeRule]) throws -> [RuleResult] {
        let units = try gradeBook().units
        if units.isEmpty { throw ServiceError.refused("the grade book has no units: add them with `plan grades unit add NAME --weight 1`") }
        for u in units { try guarded { try u.check() } }
        return GradeRules.check(rules, units: units)
    }
}
