import Foundation
import PlanCore
import PlanJSON

/// The front door of `plan courses import`: one catalog from the bytes of a
/// file in any format plan reads, told by the caller or sniffed.
package enum CatalogImport {
    package enum Format: String, CaseIterable, Hashable, Sendable {
        /// Tell by the file's extension and content.
        case auto
        /// plan's catalog, `Schemas/catalog.schema.json` (``CatalogJSON``).
        case json
        /// A registrar's CSV export, one row per meeting (``RegistrarCSV``).
        case csv
        /// A umd.io v1 sections dump (``UMDIOSections``).
        case umdio

        /// One line per format, for messages and `--help`.
        package static let described = [
            "json (plan's catalog: {\"term\", \"courses\"}, Schemas/catalog.schema.json)",
            "csv (a registrar's export, one row per meeting, with a header row)",
            "umdio (a umd.io v1 dump: an array of course records with their sections nested, of section records, or {\"courses\", \"sections\"})",
        ].joined(separator: "; ")
    }

    /// The catalog in `bytes`. `term` is needed by the formats that carry none
    /// (csv, umdio) and ignored by json, which has its own; `encoding` is a
    /// CSV file's (JSON is UTF-8).
    package static func read(_ bytes: [UInt8], file: String, format: Format = .auto, term: Term?,
                             encoding: CSVEncoding = .utf8) throws(CatalogError) -> Catalog {
        try load(bytes, file: file, format: format, term: term, encoding: encoding).catalog
    }

    /// The catalog in `bytes`, as ``read(_:file:format:term:encoding:)`` reads it,
    /// with the warnings of the reader (exact duplicates merged).
    package static func load(_ bytes: [UInt8], file: String, format: Format = .auto, term: Term?,
                             encoding: CSVEncoding = .utf8) throws(CatalogError) -> ImportedCatalog {
        let chosen = format == .auto ? try sniff(bytes, file: file) : format
        switch chosen {
        case .json, .auto:
            return ImportedCatalog(catalog: try CatalogJSON.read(bytes, file: file))
        case .csv:
            return ImportedCatalog(catalog: try RegistrarCSV.read(bytes, file: file, term: try needed(term, file: file, format: chosen),
                                                                 encoding: encoding))
        case .umdio:
            return try UMDIOSections.load(bytes, file: file, term: try needed(term, file: file, format: chosen))
        }
    }

    static func needed(_ term: Term?, file: String, format: Format) throws(CatalogError) -> Term {
        guard let term else {
            throw CatalogError(file: file, field: "term",
                               reason: "is \(format == .csv ? "a CSV export" : "a umd.io dump"), which has no term dates; give the term (--term-name, --term-start, --term-end, --time-zone)")
        }
        return term
    }

    /// The format of a file: `.csv`/`.tsv` by extension; JSON by content — an
    /// object with `term` and `courses` is plan's catalog, an array of records
    /// with `section_id` or `course_id` or an object with `sections` a umd.io dump; other text
    /// whose first line has commas, tabs or semicolons is CSV.
    package static func sniff(_ bytes: [UInt8], file: String) throws(CatalogError) -> Format {
        let ext = (file as NSString).pathExtension.lowercased()
        if ext == "csv" || ext == "tsv" { return .csv }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            if let node = try? JSONValue.parse(Array(body)) {
                if node["term"] != nil || (node["courses"] != nil && node["sections"] == nil) { return .json }
                if node["sections"] != nil { return .umdio }
                if case .array(let items) = node, items.isEmpty || items.contains(where: isUMDIORecord) {
                    return .umdio
                }
            } else if ext == "json" {
                return .json  // let the reader say where the JSON breaks
            }
        } else if ext != "json", first != nil {
            let line = CSVText.preview(bytes.prefix(4096)).prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" }
            if line.contains(",") || line.contains("\t") || line.contains(";") { return .csv }
        }
        throw CatalogError(file: file, reason: "is in no format plan can tell; the formats are \(Format.described); name one with --format")
    }

    /// A umd.io section record (`section_id`, `meetings`) or course record (`course_id`).
    private static func isUMDIORecord(_ item: JSONValue) -> Bool {
        item["section_id"] != nil || item["meetings"] != nil || item["course_id"] != nil
    }
}
