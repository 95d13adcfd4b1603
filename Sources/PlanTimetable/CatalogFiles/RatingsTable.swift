import Foundation
import PlanCore
import PlanJSON

/// A ratings file as a header and rows of values (CSV cells as strings, JSON
/// members as they are), with the readers of ``RatingsFile``'s fields and
/// errors that name the file, the line (CSV) or path (JSON), the column and
/// the value.
struct RatingsTable {
    struct Row {
        /// The line a CSV row starts on.
        var line: Int?
        /// The JSON path of the row (`[3]`).
        var path: String
        /// One per header; nil when the row lacks it.
        var values: [JSONValue?]
    }

    var file: String
    var header: [String]
    var headerLine: Int?
    var rows: [Row]

    /// The column of each field: mapped, else the first header among its aliases.
    func columns(map: [(column: String, field: RatingsFile.Field)]) throws(CatalogError) -> [RatingsFile.Field: Int] {
        var found: [RatingsFile.Field: Int] = [:]
        var taken = Set<Int>()
        let squeezed = header.map(RegistrarColumn.squeeze)
        for (column, field) in map {
            guard let i = squeezed.firstIndex(of: RegistrarColumn.squeeze(column)) else {
                throw CatalogError(file: file, line: headerLine, path: "column \"\(column)\"", field: column,
                                   reason: "is given with --map \(column)=\(field.rawValue) but is not in the file; \(columnsSaid)")
            }
            found[field] = i
            taken.insert(i)
        }
        for field in RatingsFile.Field.allCases where found[field] == nil {
            if let i = squeezed.indices.first(where: { !taken.contains($0) && field.aliases.contains(squeezed[$0]) }) {
                found[field] = i
                taken.insert(i)
            }
        }
        guard found[.instructor] != nil || found[.last] != nil else {
            throw CatalogError(file: file, line: headerLine, field: "instructor",
                               reason: "has no instructor column (Instructor, Professor, Name, or First Name and Last Name); "
                                   + "\(columnsSaid); name one with --map COLUMN=instructor")
        }
        guard found[.gpa] != nil || found[.rating] != nil else {
            throw CatalogError(file: file, line: headerLine, field: "gpa",
                               reason: "has no GPA or rating column (GPA, Average GPA, Rating, Avg Rating, Quality…); "
                                   + "\(columnsSaid); name one with --map COLUMN=gpa or --map COLUMN=rating")
        }
        return found
    }

    /// "its columns are …", the header's names short and escaped — or, for a file of one column (its
    /// first line has no delimiter: no table at all, perhaps some other program's file), not its text
    /// but why it is no table.
    private var columnsSaid: String {
        guard header.count > 1 else {
            return "it is not a table of columns: its first line has no comma, tab or semicolon (a ratings export starts with a line of column names)"
        }
        return "its columns are " + RegistrarColumn.shown(header)
    }

    func rating(_ row: Row, _ columns: [RatingsFile.Field: Int]) throws(CatalogError) -> RatingRow {
        func text(_ field: RatingsFile.Field) throws(CatalogError) -> String? {
            guard let i = columns[field], let value = row.values[i] else { return nil }
            switch value {
            case .null: return nil
            case .string(let s):
                let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
                return t.isEmpty ? nil : t
            case .number(let n): return n
            default: throw fail(row, i, value, "is \(value.typeName); expected a string or a number")
            }
        }
        func number(_ field: RatingsFile.Field, _ problem: (Double) -> String?, _ expected: String) throws(CatalogError) -> Double? {
            guard let t = try text(field), let i = columns[field] else { return nil }
            if ["n/a", "na", "-", "\u{2014}", "null", "none"].contains(t.lowercased()) { return nil }
            guard t.allSatisfy({ $0.isASCII && ($0.isNumber || ".-+eE".contains($0)) }), let x = Double(t), x.isFinite else {
                throw fail(row, i, row.values[i] ?? .null, "is not a number; expected \(expected), or blank")
            }
            if let p = problem(x) { throw fail(row, i, row.values[i] ?? .null, p) }
            return x
        }
        var name = try text(.instructor) ?? ""
        if let last = try text(.last) {
            name = try text(.first).map { "\(last), \($0)" } ?? last
        }
        return RatingRow(instructor: name, course: try text(.course),
                         gpa: try number(.gpa, CatalogRules.gpaProblem, "a GPA from 0 to 4 such as 3.12"),
                         rating: try number(.rating, CatalogRules.ratingProblem, "a rating from 0 to 5 such as 4.2"))
    }

    private func fail(_ row: Row, _ column: Int, _ value: JSONValue, _ reason: String) -> CatalogError {
        let name = LineText.excerpt(header[column])
        if let line = row.line {
            return CatalogError(file: file, line: line, path: "column \"\(name)\"", field: name, value: CatalogCursor.shown(value), reason: reason)
        }
        return CatalogError(file: file, path: "\(row.path).\(name)", field: name, value: CatalogCursor.shown(value), reason: reason)
    }
}
