import Foundation

/// Why a catalog file cannot be read: the file, where in it (a JSON path such as
/// `courses[3].sections[1].meetings[0].start`, or the line of a CSV row and its
/// column), the value as written and what was expected.
///
///     catalog.json: courses[3].sections[1].meetings[0].start: "25:00" is not a time of day; expected HH:MM from 00:00 to 24:00
///     export.csv:12: column "Days": "MXF" is not a list of days; expected letters such as MWF, TR, TTh, MoWe or M W F
package struct CatalogError: Error, LocalizedError, Hashable, Sendable, CustomStringConvertible {
    /// The file as the caller named it.
    package var file: String
    /// The line a CSV row starts on (1-based), when the error is about a row.
    package var line: Int?
    /// Where in the document: a JSON path (`courses[3].sections[1].id`), a CSV
    /// column (`column "Start Time"`), or nil for the whole file.
    package var path: String?
    /// The field at fault: the last key of `path`, or the CSV column's name.
    package var field: String?
    /// The offending value as written (JSON text for JSON, the cell for CSV).
    package var value: String?
    /// What is wrong and what was expected.
    package var reason: String

    package var description: String {
        var out = file
        if let line { out += ":\(line)" }
        out += ": "
        if let path, !path.isEmpty { out += path + ": " }
        if let value { out += value + " " }
        out += reason
        return out
    }

    package var errorDescription: String? { description }
}
