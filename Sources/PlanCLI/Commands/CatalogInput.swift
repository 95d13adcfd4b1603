import ArgumentParser
import Foundation
import PlanCore
import PlanProtocol
import PlanService
import PlanTimetable

/// Reading a catalog file named on the command line, in any format `plan courses import` reads.
enum CatalogInput {
    static let formatsHelp = """
        Formats (--format, told by the extension and content when auto): \(CatalogImport.Format.described).

        A CSV export or a umd.io dump has no term dates: give them with --term-name, \
        --term-start, --term-end and --time-zone. Every problem is reported with the file, \
        line or JSON path, field and value.

        Examples:
          plan courses import Examples/catalog-fall-2027.json
          plan courses import export.csv --term-name "Fall 2027" --term-start 2027-08-30 --term-end 2027-12-10 --time-zone America/New_York
        """

    struct FormatOptions: ParsableArguments {
        @Option(help: ArgumentHelp("The catalog's format: auto, json, csv or umdio.", valueName: "format")) var format = "auto"
        @Option(help: ArgumentHelp("For a CSV or umd.io file: the term's name.", valueName: "name")) var termName: String?
        @Option(help: ArgumentHelp("For a CSV or umd.io file: the first day of classes.", valueName: "YYYY-MM-DD")) var termStart: String?
        @Option(help: ArgumentHelp("For a CSV or umd.io file: the last day of classes.", valueName: "YYYY-MM-DD")) var termEnd: String?
        @Option(help: ArgumentHelp("For a CSV or umd.io file: the zone meeting times are in.", valueName: "zone")) var timeZone: String?

        /// The term the options give; nil when none of them is given.
        func term() throws -> Term? {
            guard termName != nil || termStart != nil || termEnd != nil || timeZone != nil else { return nil }
            func date(_ text: String?, _ option: String) throws -> LocalDate {
                guard let text else { throw ValidationError("\(option) is needed with the other --term options") }
                guard let d = LocalDate(iso: text) else { throw ValidationError("\(option) \(text): expected a date YYYY-MM-DD") }
                return d
            }
            let start = try date(termStart, "--term-start"), end = try date(termEnd, "--term-end")
            guard start <= end else { throw ValidationError("--term-end \(end) is before --term-start \(start)") }
            guard let zone = timeZone else { throw ValidationError("--time-zone is needed with the other --term options (e.g. America/New_York)") }
            guard SystemZone(identifier: zone) != nil else { throw ValidationError("--time-zone \(zone): expected an IANA zone such as America/New_York") }
            return Term(name: termName ?? "\(start.isoString) to \(end.isoString)", timeZone: zone, start: start, end: end)
        }

        /// The catalog in the file at `path`.
        func read(_ path: String) throws -> Catalog {
            guard let chosen = CatalogImport.Format(rawValue: format.lowercased()) else {
                throw ValidationError("--format \(format): expected one of \(CatalogImport.Format.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let term = try term()
            let bytes: [UInt8]
            do {
                bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                let reason = FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "no such file"
                throw ServiceError.unreadable(path: path, reason: reason)
            }
            do {
                return try CatalogImport.read(bytes, file: path, format: chosen, term: term)
            } catch {
                throw ServiceError.refused(error.description)
            }
        }
    }
}
