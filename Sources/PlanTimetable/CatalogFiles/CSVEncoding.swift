/// How the bytes of a CSV file (a registrar's export, a ratings file) become
/// text, when the file does not say it with a byte order mark: `--encoding`
/// of `plan courses import` and `plan courses ratings import`, `encoding` of
/// their RPC methods, read from text by ``init(text:)`` for both faces.
///
/// A byte order mark wins over the choice: UTF-8's (`EF BB BF`) is dropped,
/// UTF-16's (`FF FE` little-endian, `FE FF` big-endian) makes the file UTF-16.
package enum CSVEncoding: String, CaseIterable, Hashable, Sendable {
    /// Every line UTF-8 (ASCII is UTF-8); a line that is not is refused by its number.
    case utf8
    /// Every byte a character of Windows Latin-1 (Windows-1252, a superset of
    /// ISO 8859-1): what Excel on Windows saves as "CSV" in western locales.
    case latin1

    /// The accepted names, for messages and `--help`: `utf8, latin1`.
    package static let names = allCases.map(\.rawValue).joined(separator: ", ")

    /// The choice `text` names, without regard to case, `-` and `_`: `utf8`
    /// (`UTF-8`), `latin1` (`latin-1`, `iso-8859-1`, `windows-1252`, `cp1252`);
    /// nil for anything else.
    package init?(text: String) {
        let squeezed = text.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }
        switch squeezed {
        case "utf8": self = .utf8
        case "latin1", "iso88591", "windows1252", "cp1252": self = .latin1
        default: return nil
        }
    }
}
