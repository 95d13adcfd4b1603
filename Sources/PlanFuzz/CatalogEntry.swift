import PlanCore
import PlanProtocol
import PlanTimetable

/// The catalog reader under fuzzing. The first byte picks how the rest is
/// read, so one corpus reaches every reader: 0 sniffs (as `plan courses
/// import` does), 1 plan's JSON, 2 a registrar's CSV, 3 a umd.io dump; any
/// other first byte is part of a sniffed document.
public enum CatalogEntry {
    /// The term the formats without one (CSV, umd.io) are read for.
    static let term = Term(name: "Fall 2027", timeZone: "America/New_York",
                           start: LocalDate(year: 2027, month: 8, day: 30), end: LocalDate(year: 2027, month: 12, day: 10),
                           holidays: [DateSpan(day: LocalDate(year: 2027, month: 11, day: 25))])

    public static func run(_ bytes: [UInt8]) {
        let formats: [CatalogImport.Format] = [.auto, .json, .csv, .umdio]
        var body = bytes[...]
        var format = CatalogImport.Format.auto
        if let first = body.first, Int(first) < formats.count {
            format = formats[Int(first)]
            body = body.dropFirst()
        }
        guard let catalog = try? CatalogImport.read(Array(body), file: "fuzz-catalog", format: format, term: term) else { return }
        blackHole(catalog.courses.reduce(0) { $0 &+ $1.sections.count })
    }
}
