import Foundation
import PlanService
import PlanTimetable

/// A ratings file named by the user (`plan courses ratings import`,
/// `courses.ratings.import`): its path, format, encoding and column map as
/// text, checked once here for both faces.
package struct RatingsFileRequest: Sendable {
    package var path: String
    /// `auto`, `csv` or `json`.
    package var format = "auto"
    /// A CSV file's encoding (``CSVEncoding``): `utf8` when nil, or `latin1`.
    package var encoding: String?
    /// Columns named for fields: (`Avg GPA`, `gpa`).
    package var map: [(column: String, field: String)] = []

    package init(path: String) { self.path = path }

    /// `COLUMN=FIELD` as `--map` takes it (the last `=` splits: a column may hold one).
    package static func mapEntry(_ text: String) throws(CoursesInputError) -> (column: String, field: String) {
        guard let eq = text.lastIndex(of: "=") else {
            throw CoursesInputError(field: "map", value: text, expected: "COLUMN=FIELD, e.g. \"Avg GPA=gpa\"")
        }
        return (String(text[..<eq]), String(text[text.index(after: eq)...]))
    }

    /// The format, the encoding and the map, checked.
    package func options() throws(CoursesInputError)
        -> (RatingsFile.Format, CSVEncoding, [(column: String, field: RatingsFile.Field)]) {
        guard let format = RatingsFile.Format(rawValue: format.lowercased()) else {
            throw CoursesInputError(field: "format", value: self.format,
                                    expected: "one of \(RatingsFile.Format.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let fields = RatingsFile.Field.allCases.map(\.rawValue).joined(separator: ", ")
        var checked: [(column: String, field: RatingsFile.Field)] = []
        for (column, name) in map {
            let c = column.trimmingCharacters(in: .whitespaces)
            guard !c.isEmpty else { throw CoursesInputError(field: "map", value: "\(column)=\(name)", expected: "a column's name before the =") }
            guard let field = RatingsFile.Field(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw CoursesInputError(field: "map", value: "\(column)=\(name)", expected: "one of the fields \(fields)")
            }
            guard !checked.contains(where: { $0.field == field }) else {
                throw CoursesInputError(field: "map", value: "\(column)=\(name)", expected: "each field mapped once")
            }
            checked.append((c, field))
        }
        return (format, try CSVEncoding.chosen(encoding), checked)
    }

    /// The rows: a missing file is ``ServiceError/unreadable(path:reason:)``,
    /// content that cannot be read ``ServiceError/refused(_:)`` naming the line
    /// or path, the column and the value.
    package func read() throws -> [RatingRow] {
        let (format, encoding, map) = try options()
        let bytes = try BoundedRead.input(path: path, limit: RatingsFile.maxBytes, what: "ratings file")
        do {
            return try RatingsFile.read(bytes, file: path, format: format, encoding: encoding, map: map)
        } catch {
            throw ServiceError.refused(error.description)
        }
    }
}
