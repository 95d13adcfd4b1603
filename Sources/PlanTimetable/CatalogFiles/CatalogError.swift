import Foundation

/// Why a catalog file cannot be read: the file, where in it (a JSON path such as
/// `courses[3].sections[1].meetings[0].start`, or the line of a CSV row and its
/// column), the value as written and what was expected.
///
///     catalog.json: courses[3].sections[1].meetings[0].start: "25:00" is not a time of day; expected HH:MM from 00:00 to 24:00
///     export.csv:12: column "Days": "MXF" is not a list of days; expected letters such as MWF, TR, TTh, MoWe or M W F
public struct CatalogError: Error, LocalizedError, Hashable, Sendable, CustomStringConvertible {
    /// The file as the caller named it.
    public var file: String
    /// The line a CSV row starts on (1-based), when the error is about a row.
    public var line: Int?
    /// Where in the document: a JSON path (`courses[3].sections[1].id`), a CSV
    /// column (`column "Start Time"`), or nil for the whole file.
    public var path: String?
    /// The field at fault: the last key of `path`, or the CSV column's name.
    public var field: String?
    /// The offending value as written (JSON text for JSON, the cell for CSV).
    public var value: String?
    /// What is wrong and what was expected.
    public var reason: String

    public var description: String {
        var out = file
        if let line { out += ":\(line)" }
        out += ": "
        if let path, !path.isEmpty { out += path + ": " }
        if let value { out += value + " " }
        out += reason
        return out
    }

    public var errorDescription: String? { description }
}
