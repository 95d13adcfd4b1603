import ArgumentParser
import Foundation
import PlanCore
import PlanProtocol
import PlanService
import PlanTimetable

/// Reading a catalog file named on the command line, in any format `plan courses import` accepts.
enum CatalogInput {
    static let formatsHelp = "TEMPORARY"

    struct FormatOptions: ParsableArguments {
        @Option(help: ArgumentHelp("The file's format: auto, json, csv or umdio.", valueName: "format")) var format = "auto"
        @Option(help: ArgumentHelp("For a CSV: the term's name.", valueName: "name")) var termName: String?
        @Option(help: ArgumentHelp("For a CSV: the first day of classes.", valueName: "YYYY-MM-DD")) var termStart: String?
        @Option(help: ArgumentHelp("For a CSV: the last day of classes.", valueName: "YYYY-MM-DD")) var termEnd: String?
        @Option(help: ArgumentHelp("For a CSV: the zone meeting times are in.", valueName: "zone")) var timeZone: String?

        func read(_ path: String) throws -> Catalog {
            throw ServiceError.refused("catalog reading not yet merged: \(path)")
        }
    }
}

enum TimetableBuildJSON {
    static func text(_ result: BuildResult, catalog: Catalog) -> String { "{}" }
}
