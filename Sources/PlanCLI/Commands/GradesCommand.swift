import ArgumentParser
import Foundation
import PlanCore
import PlanGrades
import PlanProtocol
import PlanRender
import PlanService

/// `plan grades …`: the grade book next to the tasks.
struct GradesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grades", abstract: "Keep your grades: weighted averages, GPA what-ifs, the score you need, pass rules.",
        discussion: """
        Figures are kept and computed in decimal and shown rounded half away from zero to 2 \
        decimals, as registrars do; a letter is earned by the rounded average (89.995 % is an \
        A− on the US scale). A course's average is that of what is graded so far; the rest \
        of its weight is open. A letter score counts as its cut-off (A− = 90 %).

        Start here:
          plan grades course add CS201 --credits 4 --term fall-2026
          plan grades add CS201 Homework --weight 20% --score 90/100
          plan grades add CS201 Midterm --weight 30% --score 78/100
          plan grades add CS201 Final --weight 50%
          plan grades
          plan grades need CS201 --target A-
          plan grades what-if CS201=B+ --prior 3.42/45
        """,
        subcommands: [Show.self, CourseGroup.self, Add.self, Set.self, Remove.self, UnitGroup.self, SubjectGroup.self,
                      Prior.self, WhatIf.self, NeedCommand.self, Check.self],
        defaultSubcommand: Show.self)

    /// A grade-book refusal as the rest of plan reports one (exit 65).
    static func input<T>(_ body: () throws(GradeError) -> T) throws -> T {
        do { return try body() } catch { throw ServiceError.refused(error.description) }
    }

    /// `Removed CS201.`, or with what went with it: `Removed CS201 and its assessments Midterm, Final.`
    static func removed(_ what: String, its kind: String, _ names: [String]) -> String {
        "Removed \(what)" + (names.isEmpty ? "." : " and its \(kind) \(names.joined(separator: ", ")).")
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Every course and unit with its average, the term and cumulative GPA.")
        @OptionGroup var options: StoreOptions
        func run() throws {
            try withService(options) { service in
                let b = try service.gradeBook()
                if options.json { print(GradesJSON.book(b)) } else {
                    show(GradesText.book(courses: b.courses, study: b.study.mapValues { ($0.planned, $0.done) },
                                          linked: b.study.mapValues(\.linked), units: b.units, prior: b.prior, gpa: b.gpa,
                                          style: Style.text), terminator: "")
                }
            }
        }
    }

    struct CourseGroup: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "course", abstract: "Add or remove a graded course.",
                                                        subcommands: [CourseAdd.self, CourseRemove.self])
    }

    struct CourseAdd: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a course (its code is its project's name).")
        @Argument(help: "The course code, e.g. CS201 (the same as its project's name).") var code: String
        @Option(help: "Credits (e.g. 4, 1.5).") var credits: String
        @Option(help: "The term, e.g. fall-2026.") var term: String?
        @Option(help: ArgumentHelp("us-letter (default) or own cut-offs like A:94:4,A-:90:3.7,…,F:0:0.", valueName: "scale")) var scale = "us-letter"
        @OptionGroup var options: StoreOptions
        func run() throws {
            try withService(options) { service in
                let points = try GradesCommand.input { () throws(GradeError) in try GradeInput.positive(self.credits, "the credits", max: 100) }
                let steps = try GradesCommand.input { () throws(GradeError) in try GradeScaleText.read(self.scale) }
                _ = try service.addGradeCourse(code: code, credits: points, term: term, scale: steps)
                say("Added \(TerminalText.label(code)) (\(points) credits). Next: plan grades add \(TerminalText.label(code)) \"Midterm\" --weight 30% --score 78/100")
            }
        }
    }

    struct CourseRemove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a course and its assessments.")
        @Argument(help: "The course code, e.g. CS201 (the same as its project's name).") var code: String
        @OptionGroup var options: StoreOptions
        func run() throws {
            try withService(options) { service in
                let gone = try service.removeGradeCourse(code: code)
                say(GradesCommand.removed(TerminalText.label(gone.code), its: "assessments", gone.assessments.map(\.name)))
            }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add an assessment to a course: plan grades add CS201 Midterm --weight 30% [--score 78/100].")
        @Argument(help: "The course code, e.g. CS201.") var course: String
        @Argument(help: "The assessment, e.g. Midterm.") var name: String
        @Option(help: "Its share of the course, e.g. 30%.") var weight: String
        @Option(help: "78/100, 17.5/20, 85% or a letter like A-.") var score: String?
        @Option(help: ArgumentHelp("When it happens.", valueName: "YYYY-MM-DD")) var date: String?
        @OptionGroup var options: StoreOptions
        func run() throws {
            try withService(options) { service in
                let w = try GradesCommand.input { () throws(GradeError) in try GradeInput.weight(weight) }
                let s = try score.map { text in try GradesCommand.input { () throws(GradeError) in try ScoreText.read(text) } }
                let d = try date.map { text in try GradesCommand.input { () throws(GradeError) in try GradeInput.date(text) } }
                _ = try service.addAssessment(course: course, Assessment(name: name, weight: w, score: s, date: d))
                say("Added \(TerminalText.label(name)) (\(w) %) to \(TerminalText.label(course)).")
            }
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Change an assessment's score, weight or date: plan grades set CS201 Final --score 88/100.")
        @Argument(help: "The course code, e.g. CS201.") var course: String
        @Argument(help: "The assessment, e.g. Midterm.") var name: String
        @Option(help: "Its share of the course, e.g. 30%.") var weight: String?
        @Option(help: "The score; `none` clears it.") var score: String?
        @Option(help: ArgumentHelp("When it happens.", valueName: "YYYY-MM-DD")) var date: String?
        @OptionGroup var options: StoreOptions
        func run() throws {
            try withService(options) { service in
                let w = try weight.map { text in try GradesCommand.input { () throws(GradeError) in try GradeInput.weight(text) } }
                let s: Score?? = try score.map { text in
                    text.lowercased() == "none" ? nil : try GradesCommand.input { () throws(GradeError) in try ScoreText.read(text) }
                }
                let d = try date.map { text in try GradesCommand.input { () throws(GradeError) in try GradeInput.date(text) } }
                _ = try service.setAssessment(course: course, name: name, weight: w, score: s, date: d)
                say("Changed \(TerminalText.label(name)) of \(TerminalText.label(course)).")
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an assessment of a course.")
        @Argument(help: "The course code, e.g. CS201.") var course: String
        @Argument(help: "The assessment, e.g. Midterm.") var name: String
        @OptionGroup var options: StoreOptions
        func run() throws {
            try withService(options) { service in
                _ = try service.removeAssessment(course: course, name: name)
                say("Removed \(TerminalText.label(name)) from \(TerminalText.label(course)).")
            }
        }
    }

    struct UnitGroup: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unit", abstract: "Teaching units (the European model): plan grades unit add Maths --weight 2 --kind general.",
                                                        subcommands: [UnitAdd.self, UnitRemove.self])
    }

    struct UnitAdd: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a unit.")
        @Argument(help: "The unit, e.g. Maths.") var name: String
        @Option(help: "The unit's weight in the overall average, e.g. 2.") var weight: String
        @Option(help: "professional, general, …") var kind: String?
        @OptionGroup var options: StoreOptions
        func run() throws {
            try withService(options) { service in
                let w = try GradesCommand.input { () throws(GradeError) in try GradeInput.positive(weight, "the weight") }
                _ = try service.addUnit(name: name, weight: w, kind: kind)
                say("Added unit \(TerminalText.label(name)). Next: plan grades subject add \(TerminalText.label(name)) NAME --weight 1 --grade 12.5")
            }
        }
    }

    struct UnitRemove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a unit and its subjects.")
        @Argument(help: "The unit, e.g. Maths.") var name: String
        @OptionGroup var options: StoreOptions
        func run() throws {
            try withService(options) { service in
                let gone = try service.removeUnit(name: name)
                say(GradesCommand.removed("unit " + TerminalText.label(gone.name), its: "subjects", gone.subjects.map(\.name)))
            }
        }
    }

    struct SubjectRemove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a subject of a unit.")
        @Argument(help: "The unit, e.g. Maths.") var unit: String
        @Argument(help: "The subject, e.g. Algebra.") var name: String
        @OptionGroup var options: StoreOptions
        func run() throws {
            try withService(options) { service in
                _ = try service.removeSubject(unit: unit, name: name)
                say("Removed \(TerminalText.label(name)) from \(TerminalText.label(unit)).")
            }
        }
    }

    struct SubjectGroup: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "subject", abstract: "Subjects of a unit, graded on /20.",
                                                        subcommands: [SubjectAdd.self, SubjectSet.self, SubjectRemove.self])
    }

    struct SubjectAdd: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a subject to a unit: plan grades subject add Maths Algebra --weight 1 --grade 12.5.")
        @Argument(help: "The unit, e.g. Maths.") var unit: String
        @Argument(help: "The subject, e.g. Algebra.") var name: String
        @Option(help: "The subject's weight in its unit, e.g. 1.") var weight: String
        @Option(help: "On /20.") var grade: String?
        @OptionGroup var options: StoreOptions
        func run() throws {
            try withService(options) { service in
                let w = try GradesCommand.input { () throws(GradeError) in try GradeInput.positive(weight, "the weight") }
                let g = try grade.map { text in try GradesCommand.input { () throws(GradeError) in try GradeInput.outOf20(text) } }
                _ = try service.addSubject(unit: unit, Subject(name: name, weight: w, grade: g))
                say("Added \(TerminalText.label(name)) to \(TerminalText.label(unit)).")
            }
        }
    }

    struct SubjectSet: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Grade a subject: plan grades subject set Maths Algebra --grade 14.")
        @Argument(help: "The unit, e.g. Maths.") var unit: String
        @Argument(help: "The subject, e.g. Algebra.") var name: String
        @Option(help: "On /20; `none` clears it.") var grade: String
        @OptionGroup var options: StoreOptions
        func run() throws {
            try withService(options) { service in
                let g: Decimal? = grade.lowercased() == "none" ? nil : try GradesCommand.input { () throws(GradeError) in try GradeInput.outOf20(grade) }
                _ = try service.gradeSubject(unit: unit, name: name, grade: g)
                say("Graded \(TerminalText.label(name)) of \(TerminalText.label(unit)).")
            }
        }
    }

    struct Prior: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "prior", abstract: "Your record before this term, for the cumulative GPA: plan grades prior 3.42/45 (none to clear).")
        @Argument(help: ArgumentHelp("GPA/credits.", valueName: "gpa/credits")) var record: String
        @OptionGroup var options: StoreOptions
        func run() throws {
            try withService(options) { service in
                let p = record.lowercased() == "none" ? nil : try GradesCommand.input { () throws(GradeError) in try GradeInput.prior(record) }
                try service.setPrior(p)
                say(p.map { "Prior record: GPA \($0.gpa) over \($0.credits) credits." } ?? "Prior record cleared.")
            }
        }
    }

    struct WhatIf: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "what-if", abstract: "The term and cumulative GPA if these grades come true: plan grades what-if CS201=A- CHEM110=B+.")
        @Argument(help: ArgumentHelp("Each course and the letter it would get, e.g. CS201=A- CHEM110=B+.", valueName: "COURSE=LETTER")) var grades: [String]
        @Option(help: ArgumentHelp("The prior record to use instead of the stored one.", valueName: "gpa/credits")) var prior: String?
        @OptionGroup var options: StoreOptions
        func run() throws {
            try withService(options) { service in
                let pairs = try GradesCommand.input { () throws(GradeError) in try GradeInput.letters(grades) }
                let given = try prior.map { text in try GradesCommand.input { () throws(GradeError) in try GradeInput.prior(text) } }
                let (figures, record) = try service.whatIf(pairs, prior: given)
                if options.json { print(GradesJSON.whatIf(figures)) } else { show(GradesText.whatIf(figures, letters: pairs, prior: record), terminator: "") }
            }
        }
    }

    struct NeedCommand: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "need", abstract: "The average needed on what is still open for a target letter: plan grades need CS201 --target A-.")
        @Argument(help: "The course code, e.g. CS201.") var course: String
        @Option(help: "The letter to reach.") var target: String
        @OptionGroup var options: StoreOptions
        func run() throws {
            try withService(options) { service in
                let (c, step, need, study) = try service.need(course: course, target: target)
                if options.json { print(GradesJSON.need(need, course: c.code, target: step, entered: c.standing.gradedWeight + c.standing.openWeight)) } else {
                    show(GradesText.need(need, course: c, target: step, studyBefore: study?.before ?? [:]), terminator: "")
                }
            }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check", abstract: "Whether the pass or graduation rules hold: exit 0 when all do, 1 when one does not.",
            discussion: #"Rules file: {"rules": [{"average": "overall", "min": 10}, {"each": "unit", "min": 8}, {"average": "professional", "min": 10}]}"#)
        @Option(help: ArgumentHelp("The rules (JSON).", valueName: "file")) var rules: String
        @OptionGroup var options: StoreOptions
        func run() throws {
            try withService(options) { service in
                let data: [UInt8]
                do throws(BoundedRead.Failure) {
                    data = try BoundedRead.read(path: rules, limit: GradeInput.maxRulesBytes)
                } catch {
                    throw ServiceError.unreadable(path: rules, reason: error.description)
                }
                let parsed = try GradesCommand.input { () throws(GradeError) in try GradeInput.rules(data, file: rules) }
                let results = try service.checkRules(parsed)
                if options.json { print(GradesJSON.check(results)) } else { show(GradesText.check(results), terminator: "") }
                if !results.allSatisfy(\.holds) { throw ExitCode(1) }
            }
        }
    }
}
