import ArgumentParser
import Foundation
import PlanProtocol
import PlanRender
import PlanService
import PlanTimetable

/// `plan courses ratings …`: past grades and instructor ratings joined onto the imported catalog.
struct CoursesRatingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ratings", abstract: "Join past grades and instructor ratings onto the imported catalog.",
        subcommands: [Import.self])

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: "Join a grades or ratings file (CSV or JSON) onto the imported catalog, by instructor.",
            discussion: """
            A CSV with a header row, or a JSON array of objects (PlanetTerp, Course Critique, \
            a RateMyProfessors export, your own spreadsheet). Columns are found by name, without \
            regard to case or punctuation: the instructor (Instructor, Professor, Name, Teacher; \
            or First Name and Last Name), the course (Course, Course ID, Class; optional: a row \
            without one is for every course the instructor teaches), the GPA (GPA, Average GPA, \
            Avg GPA, Mean GPA; 0–4) and the rating (Rating, Average Rating, Avg Rating, Quality, \
            Overall; 0–5). Name other columns with --map COLUMN=FIELD (fields: instructor, first, \
            last, course, gpa, rating). Blank, N/A and - are no value.

            Names match without regard to case, accents, periods and hyphens, as "Last, First" \
            or "First Last"; a middle name or initial on one side only still matches when the \
            first and last names agree. A last name alone matches no one. A row for the \
            instructor and the course wins over a row for the instructor alone; a section with \
            several instructors gets their mean. The file's values replace the catalog's own. \
            Names that matched no instructor, or more than one, are listed; nothing is guessed.

            \(CatalogInput.encodingHelp)

            At most \(RatingsFile.maxBytes / 1_000_000) MB and \(RatingsFile.maxRows / 1000),000 rows. Import the catalog first \
            (`plan courses import FILE`).

            Examples:
              plan courses ratings import Examples/ratings-coursecritique.csv
              plan courses ratings import Examples/ratings-planetterp.json --json
              plan courses ratings import grades.csv --map "Avg GPA=gpa" --map "Prof=instructor"
              plan courses ratings import excel-export.csv --encoding latin1
            """)
        @Argument(help: ArgumentHelp("The grades or ratings file.", valueName: "file")) var file: String
        @Option(help: ArgumentHelp("The file's format: auto, csv or json.", valueName: "format")) var format = "auto"
        @Option(help: CatalogInput.encodingArgument) var encoding: String?
        @Option(help: ArgumentHelp("Read a column as a field (instructor, first, last, course, gpa, rating); repeatable.",
                                   valueName: "column=field")) var map: [String] = []
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service in
                let (kept, report) = try service.importRatings(try rows(), source: file)
                confirm(options.json, Wire.RatingsImported(kept, report, source: file)) {
                    RatingsText.imported(report, file: file, term: kept.catalog.term.name)
                }
            }
        }

        /// The file's rows; a refused option is a usage error (64).
        func rows() throws -> [RatingRow] {
            var request = RatingsFileRequest(path: file)
            request.format = format
            request.encoding = encoding
            do {
                request.map = try map.map { text throws(CoursesInputError) in try RatingsFileRequest.mapEntry(text) }
                return try request.read()
            } catch let e as CoursesInputError {
                throw ValidationError(e.optionMessage)
            }
        }
    }
}
