import ArgumentParser
import Foundation
import PlanCore
import PlanProtocol
import PlanRender
import PlanService
import PlanTimetable

/// `plan courses …`: next term's timetable from a course catalog.
struct CoursesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "courses", abstract: "Build next term's timetable from a course catalog, and use it as the class calendar.",
        discussion: """
        A catalog lists a term's courses and their sections (lectures, labs, discussions). \
        plan finds every conflict-free choice of one section per course, ranks them by past \
        students' grades and instructor ratings (joined from a ratings file when the catalog \
        has none), and keeps the one you choose as your class calendar, so `plan add-task` \
        plans around it.

        Start here:
          plan courses import Examples/catalog-fall-2027.json
          plan courses ratings import Examples/ratings-coursecritique.csv
          plan courses search algorithms
          plan courses build CMSC330 CMSC351 STAT400 --no-earlier 09:00 --free-day FR
          plan courses save 1 --name fall-2027
          plan courses use fall-2027
        """,
        subcommands: [Import.self, Search.self, CoursesBuildCommand.self, CoursesSaveCommand.self, CoursesSavedCommand.self,
                      CoursesShowCommand.self, CoursesRemoveCommand.self, CoursesUseCommand.self,
                      CoursesRatingsCommand.self])

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: "Keep a term's course catalog (replaces the one imported before).",
            discussion: CatalogInput.formatsHelp)
        @Argument(help: ArgumentHelp("The catalog file.", valueName: "file")) var file: String
        @OptionGroup var source: CatalogInput.FormatOptions
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service in
                let imported = try source.load(file)
                let kept = try service.importCatalog(imported.catalog, source: file)
                let sections = kept.catalog.courses.map(\.sections.count).reduce(0, +)
                if !options.json { for w in imported.warnings { printNotice("warning: \(w.description)") } }
                confirm(options.json, Wire.CatalogSummary(kept, warnings: imported.warnings)) {
                    "Imported \(kept.catalog.term.name): \(kept.catalog.courses.count) courses, \(sections) sections "
                        + "(\(kept.catalog.term.start.isoString) to \(kept.catalog.term.end.isoString), \(kept.catalog.term.timeZone)).\n"
                        + "Next: plan courses search WORDS, then plan courses build COURSE…\n"
                }
            }
        }
    }

    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search", abstract: "Find courses by code (CMSC4), several codes (CMSC330 MATH240), words of the title (\"data structures\") or an instructor (liskov).")
        @Argument(help: ArgumentHelp("Code or title words.", valueName: "text")) var text: [String]
        @Option(help: ArgumentHelp("Search this catalog file instead of the imported one.", valueName: "file")) var catalog: String?
        @OptionGroup var source: CatalogInput.FormatOptions
        @OptionGroup var options: StoreOptions

        func validate() throws {
            if text.joined().trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("give a code or words to search for") }
        }

        func run() throws {
            try withService(options) { service in
                let cat = try catalog.map { try source.read($0) } ?? service.catalog().catalog
                let query = text.joined(separator: " ")
                let found = CourseSearch.find(query, in: cat)
                emit(options.json, found.map(Wire.CourseSummary.init)) { TimetableText.courses(found, query: query) }
            }
        }
    }
}
