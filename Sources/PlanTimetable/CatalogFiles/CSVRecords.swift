import Foundation

/// RFC 4180 records: fields separated by a delimiter, records by CRLF, LF or
/// CR; a field in double quotes may hold delimiters, line breaks and doubled
/// quotes (`""`). Each record keeps the line it starts on. The bytes become
/// text as ``CSVText`` decodes them (UTF-8 by default, a byte order mark
/// obeyed, a line in no encoding refused by its number). Lenient where exports
/// are: a quote inside an unquoted field is kept as a character, and text after
/// a closing quote is kept with the field.
struct CSVRecords {
    struct Record: Hashable, Sendable {
        /// 1-based line the record starts on.
        var line: Int
        var fields: [String]
    }

    /// Why the text is not CSV.
    struct Problem: Error, Hashable, Sendable {
        var line: Int
        var reason: String
    }

    /// The delimiter of the header line: a comma, else a tab or a semicolon when
    /// the first line has one of those and no comma.
    static func delimiter(of text: String) -> Character {
        let first = text.prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        if first.contains(",") { return "," }
        if first.contains("\t") { return "\t" }
        if first.contains(";") { return ";" }
        return ","
    }

    /// Every record; records whose fields are all empty are left out.
    static func parse(_ text: String, delimiter: Character) throws(Problem) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var quoteLine = 1
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = iterator.next()
        let delim = delimiter.unicodeScalars.first ?? ","

        func endRecord() {
            fields.append(field)
            field = ""
            if fields.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
        }

        while let c = pending {
            pending = iterator.next()
            if inQuotes {
                if c == "\"" {
                    if pending == "\"" {
                        field.unicodeScalars.append("\"")
                        pending = iterator.next()
                    } else {
                        inQuotes = false
                    }
                } else {
                    if c == "\n" || (c == "\r" && pending != "\n") { line += 1 }
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"" where field.isEmpty:
                inQuotes = true
                quoteLine = line
            case delim:
                fields.append(field)
                field = ""
            case "\r" where pending == "\n":
                break
            case "\n", "\r":
                endRecord()
                line += 1
                recordLine = line
            default:
                field.unicodeScalars.append(c)
            }
        }
        if inQuotes { throw Problem(line: quoteLine, reason: "a quoted field is never closed; expected a closing \" (write a quote inside a field as \"\")") }
        if !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
    }

    /// The records of a CSV file's bytes in `encoding`, the header row first:
    /// a line not in the encoding, text that is not CSV, or no record at all, is refused (`expected` says what the
    /// header and rows should be).
    static func read(_ bytes: [UInt8], file: String, encoding: CSVEncoding, expected: String) throws(CatalogError) -> [Record] {
        let records: [Record]
        do {
            let text = try CSVText.decode(bytes, as: encoding)
            records = try parse(text, delimiter: delimiter(of: text))
        } catch {
            throw CatalogError(file: file, line: error.line, reason: error.reason)
        }
        guard !records.isEmpty else { throw CatalogError(file: file, reason: "is empty; expected \(expected)") }
        return records
    }
}
