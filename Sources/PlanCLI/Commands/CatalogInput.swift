import ArgumentParser
import Foundation
import PlanProtocol
import PlanTimetable

/// Reading a catalog file named on the command line, in any format `plan courses import` reads.
enum CatalogInput {
    static let formatsHelp = """
        Formats (--format, told by the extension and content when auto): \(CatalogImport.Format.described).

        A CSV export or a umd.io dump has no term dates: give them with --term-name, \
        --term-start, --term-end and --time-zone. Every problem is reported with the file, \
        line or JSON path, field and value.

        \(encodingHelp)

        Examples:
          plan courses import Examples/catalog-fall-2027.json
          plan courses import export.csv --term-name "Fall 2027" --term-start 2027-08-30 --term-end 2027-12-10 --time-zone America/New_York
        """

    /// What `--encoding` does, for the discussion of each command that reads CSV.
    static let encodingHelp = """
        A CSV file is read as UTF-8 (a byte order mark is skipped; one for UTF-16 makes it \
        read as UTF-16). A line that is not UTF-8 is refused with its number: if the whole \
        file is Latin-1 (Windows-1252, as Excel on Windows saves "CSV"), run again with \
        --encoding latin1; if only that line is wrong, fix it or save the file as UTF-8.
        """

    /// `--encoding`: a CSV file's encoding, read by ``CSVEncoding/chosen(_:)`` as `plan rpc` reads `encoding`.
    static let encodingArgument = ArgumentHelp(
        "A CSV file's encoding when it has no byte order mark: \(CSVEncoding.names) (default utf8).", valueName: "encoding")

    struct FormatOptions: ParsableArguments {
        @Option(help: ArgumentHelp("The catalog's format: auto, json, csv or umdio.", valueName: "format")) var format = "auto"
        @Option(help: encodingArgument) var encoding: String?
        @Option(help: ArgumentHelp("For a CSV or umd.io file: the term's name.", valueName: "name")) var termName: String?
        @Option(help: ArgumentHelp("For a CSV or umd.io file: the first day of classes.", valueName: "YYYY-MM-DD")) var termStart: String?
        @Option(help: ArgumentHelp("For a CSV or umd.io file: the last day of classes.", valueName: "YYYY-MM-DD")) var termEnd: String?
        @Option(help: ArgumentHelp("For a CSV or umd.io file: the zone meeting times are in.", valueName: "zone")) var timeZone: String?

        /// The catalog in the file at `path`; a refused option is a usage error (64).
        func read(_ path: String) throws -> Catalog { try load(path).catalog }

        /// The catalog in the file at `path` and the reader's warnings; a refused option is a usage error (64).
        func load(_ path: String) throws -> ImportedCatalog {
            var request = CatalogFileRequest(path: path)
            request.format = format
            request.encoding = encoding
            request.termName = termName
            request.termStart = termStart
            request.termEnd = termEnd
            request.timeZone = timeZone
            do {
                return try request.load()
            } catch let e as CoursesInputError {
                throw ValidationError(e.optionMessage)
            }
        }
    }
}
