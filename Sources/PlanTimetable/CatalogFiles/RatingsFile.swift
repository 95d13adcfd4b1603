import Foundation
import PlanJSON

/// One row of a grades or ratings export: whose, for which course (nil: any
/// course the instructor teaches), and the values; blank values are nil.
package struct RatingRow: Hashable, Sendable {
    /// As written: `Last, First` or `First Last` (from `first` and `last`
    /// columns: `Last, First`); empty when the row names nobody.
    package var instructor: String
    package var course: String?
    /// 0–4.
    package var gpa: Double?
    /// 0–5.
    package var rating: Double?

    package init(instructor: String, course: String? = nil, gpa: Double? = nil, rating: Double? = nil) {
        self.instructor = instructor
        self.course = course
        self.gpa = gpa
        self.rating = rating
    }
}

/// A file of past grades or instructor ratings (PlanetTerp, Course Critique,
/// a RateMyProfessors export, a spreadsheet): a CSV with a header row, or a
/// JSON array of objects, one row each. Columns are found by name, without
/// regard to case, spaces or punctuation (``Field/aliases``), or named with
/// a map (`Avg GPA` → ``Field/gpa``), which wins. A value is a number (in
/// JSON also a string holding one); empty, `N/A`, `NA`, `-` and `null` are
/// blank. Other columns and members are ignored.
package enum RatingsFile {
    /// The most bytes of one ratings file: 16 MB.
    package static let maxBytes = 16_000_000
    /// The most rows of one ratings file: 100,000.
    package static let maxRows = 100_000

    package enum Format: String, CaseIterable, Hashable, Sendable {
        /// `.csv`/`.tsv` by extension, `.json` or content starting with `[` JSON, else CSV.
        case auto, csv, json
    }

    /// What a column holds.
    package enum Field: String, CaseIterable, Hashable, Sendable {
        case instructor, first, last, course, gpa, rating

        /// The headers each field goes by, squeezed (lower case, letters and digits only).
        package var aliases: [String] {
            switch self {
            case .instructor: ["instructor", "professor", "name", "teacher", "instructorname", "professorname", "prof", "faculty"]
            case .first: ["firstname", "first", "givenname", "tfname"]
            case .last: ["lastname", "last", "surname", "familyname", "tlname"]
            case .course: ["course", "courseid", "class", "coursecode"]
            case .gpa: ["gpa", "averagegpa", "avggpa", "meangpa"]
            case .rating: ["rating", "averagerating", "avgrating", "quality", "overall", "overallquality", "overallrating", "avgquality"]
            }
        }
    }

    /// The rows of `bytes`, read from `file`. `map` names columns for fields
    /// (a column compared as headers are); a mapped column must be in the file.
    /// `encoding` is a CSV file's (JSON is UTF-8).
    package static func read(_ bytes: [UInt8], file: String, format: Format = .auto, encoding: CSVEncoding = .utf8,
                             map: [(column: String, field: Field)] = []) throws(CatalogError) -> [RatingRow] {
        guard bytes.count <= maxBytes else {
            throw CatalogError(file: file, reason: "is larger than \(maxBytes) bytes, the most plan reads from one ratings file")
        }
        let table = try (format == .auto ? sniff(bytes, file: file) : format) == .json ? json(bytes, file: file) : csv(bytes, file: file, encoding: encoding)
        guard table.rows.count <= maxRows else {
            throw CatalogError(file: file, reason: "has \(table.rows.count) rows, more than \(maxRows), the most plan reads from one ratings file")
        }
        let columns = try table.columns(map: map)
        return try table.rows.map { row throws(CatalogError) in try table.rating(row, columns) }
    }

    static func sniff(_ bytes: [UInt8], file: String) -> Format {
        let ext = (file as NSString).pathExtension.lowercased()
        if ext == "csv" || ext == "tsv" { return .csv }
        if ext == "json" { return .json }
        let first = bytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.first
        return first == UInt8(ascii: "[") || first == UInt8(ascii: "{") ? .json : .csv
    }

    static func csv(_ bytes: [UInt8], file: String, encoding: CSVEncoding) throws(CatalogError) -> RatingsTable {
        let records = try CSVRecords.read(bytes, file: file, encoding: encoding, expected: "a header row (Instructor, Course, GPA, Rating…) and a row per instructor")
        let header = records[0]
        let width = header.fields.count
        let blank = { (f: String) in f.trimmingCharacters(in: .whitespaces).isEmpty }
        for r in records.dropFirst() where !r.fields.dropFirst(width).allSatisfy(blank) {
            throw CatalogError(file: file, line: r.line,
                               reason: "has \(r.fields.count) fields, more than the header's \(width); "
                                   + "expected a value with a comma in double quotes (\"3,2\" is not a number)")
        }
        let rows = records.dropFirst().map { r in
            RatingsTable.Row(line: r.line, path: "",
                             values: header.fields.indices.map { i in i < r.fields.count ? JSONValue.string(r.fields[i]) : nil })
        }
        return RatingsTable(file: file, header: header.fields.map { $0.trimmingCharacters(in: .whitespaces) }, headerLine: header.line, rows: rows)
    }

    static func json(_ bytes: [UInt8], file: String) throws(CatalogError) -> RatingsTable {
        let doc = try CatalogCursor(parsing: bytes, file: file)
        guard case .array = doc.node else {
            throw doc.fail("is not a ratings file; expected an array of objects, one per instructor (or instructor and course)")
        }
        var header: [String] = []
        var index: [String: Int] = [:]
        var members: [(CatalogCursor, [(String, JSONValue)])] = []
        for item in try doc.items("objects, one per instructor") {
            guard case .object(let pairs) = item.node else {
                throw item.fail("is \(item.node.typeName); expected an object with an instructor's name and values")
            }
            for (k, _) in pairs where index[k] == nil {
                index[k] = header.count
                header.append(k)
            }
            members.append((item, pairs))
        }
        let rows = members.map { item, pairs in
            var values = [JSONValue?](repeating: nil, count: header.count)
            for (k, v) in pairs { if let i = index[k] { values[i] = v } }
            return RatingsTable.Row(line: nil, path: item.path, values: values)
        }
        return RatingsTable(file: file, header: header, headerLine: nil, rows: rows)
    }
}
