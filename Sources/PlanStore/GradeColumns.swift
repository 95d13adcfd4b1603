import Foundation
import PlanGrades

/// The grade book as kept: courses with their assessments, units with their
/// subjects, and the prior record. Every figure is kept as decimal TEXT
/// (`17.5`, `78/100`), never as a binary REAL, so it reads back exactly.
enum GradeColumns {
    static let create = """
        CREATE TABLE grade_courses(
            code TEXT PRIMARY KEY COLLATE NOCASE, credits TEXT NOT NULL, term TEXT,
            scale TEXT NOT NULL, seq INTEGER NOT NULL);
        CREATE TABLE grade_assessments(
            course TEXT NOT NULL REFERENCES grade_courses(code) ON DELETE CASCADE,
            name TEXT NOT NULL COLLATE NOCASE, weight TEXT NOT NULL, score TEXT, date TEXT, seq INTEGER NOT NULL,
            PRIMARY KEY(course, name));
        CREATE TABLE grade_units(
            name TEXT PRIMARY KEY COLLATE NOCASE, weight TEXT NOT NULL, kind TEXT, seq INTEGER NOT NULL);
        CREATE TABLE grade_subjects(
            unit TEXT NOT NULL REFERENCES grade_units(name) ON DELETE CASCADE,
            name TEXT NOT NULL COLLATE NOCASE, weight TEXT NOT NULL, grade TEXT, seq INTEGER NOT NULL,
            PRIMARY KEY(unit, name));
        CREATE TABLE grade_task_links(
            task_id TEXT PRIMARY KEY REFERENCES tasks(id) ON DELETE CASCADE,
            course TEXT NOT NULL, assessment TEXT NOT NULL);
        """

    static func decimal(_ text: String, _ what: String) throws -> Decimal {
        guard let d = Rounding.parse(text) else { throw StoreError.refused("the grade book keeps \(what) \"\(text)\", which is not a decimal number") }
        return d
    }

    static func courses(in db: SQLiteDatabase) throws -> [CourseGrades] {
        var courses = try db.rows("SELECT code, credits, term, scale FROM grade_courses ORDER BY seq") { row in
            CourseGrades(code: row.text(0), credits: try decimal(row.text(1), "credits"), term: row.optionalText(2),
                         scale: try GradeScaleText.read(row.text(3)))
        }
        let rows = try db.rows("SELECT course, name, weight, score, date FROM grade_assessments ORDER BY seq") {
            ($0.text(0), $0.text(1), $0.text(2), $0.optionalText(3), $0.optionalText(4))
        }
        for (course, name, weight, score, date) in rows {
            guard let i = courses.firstIndex(where: { $0.code.lowercased() == course.lowercased() }) else { continue }
            courses[i].assessments.append(Assessment(name: name, weight: try decimal(weight, "a weight"),
                                                     score: try score.map(ScoreText.read), date: date))
        }
        return courses
    }

    static func units(in db: SQLiteDatabase) throws -> [TeachingUnit] {
        var units = try db.rows("SELECT name, weight, kind FROM grade_units ORDER BY seq") {
            TeachingUnit(name: $0.text(0), weight: try decimal($0.text(1), "a weight"), kind: $0.optionalText(2))
        }
        let rows = try db.rows("SELECT unit, name, weight, grade FROM grade_subjects ORDER BY seq") {
            ($0.text(0), $0.text(1), $0.text(2), $0.optionalText(3))
        }
        for (unit, name, weight, grade) in rows {
            guard let i = units.firstIndex(where: { $0.name.lowercased() == unit.lowercased() }) else { continue }
            units[i].subjects.append(Subject(name: name, weight: try decimal(weight, "a weight"), grade: try grade.map { try decimal($0, "a grade") }))
        }
        return units
    }

    /// Replaces the whole grade book (it is small; one transaction keeps it whole).
    static func save(courses: [CourseGrades], units: [TeachingUnit], in db: SQLiteDatabase) throws {
        try db.execute("DELETE FROM grade_assessments; DELETE FROM grade_courses; DELETE FROM grade_subjects; DELETE FROM grade_units;")
        var seq: Int64 = 0
        for c in courses {
            seq += 1
            try db.query("INSERT INTO grade_courses VALUES(?, ?, ?, ?, ?)",
                         [.text(c.code), .text("\(c.credits)"), .optional(c.term), .text(GradeScaleText.write(c.scale)), .int(seq)])
            for a in c.assessments {
                seq += 1
                try db.query("INSERT INTO grade_assessments VALUES(?, ?, ?, ?, ?, ?)",
                             [.text(c.code), .text(a.name), .text("\(a.weight)"), .optional(a.score.map(ScoreText.write)), .optional(a.date), .int(seq)])
            }
        }
        for u in units {
            seq += 1
            try db.query("INSERT INTO grade_units VALUES(?, ?, ?, ?)", [.text(u.name), .text("\(u.weight)"), .optional(u.kind), .int(seq)])
            for s in u.subjects {
                seq += 1
                try db.query("INSERT INTO grade_subjects VALUES(?, ?, ?, ?, ?)",
                             [.text(u.name), .text(s.name), .text("\(s.weight)"), .optional(s.grade.map { "\($0)" }), .int(seq)])
            }
        }
    }
}
