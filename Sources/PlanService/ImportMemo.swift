import Foundation
import PlanICal

/// Calendar imports done in this process, by calendar, content and options:
/// a long-running `plan rpc` server answers one agenda request after another
/// without expanding an unchanged calendar again. The calendar is still read
/// (and hashed) every time; the few most recent imports are kept, holding
/// together at most ``maxOccurrences`` occurrences (a larger import is not
/// kept), so what a session keeps does not grow with the calendars it reads.
final class ImportMemo: @unchecked Sendable {
    static let shared = ImportMemo()
    static let limit = 8
    static let maxOccurrences = 200_000
    private let lock = NSLock()
    private var entries: [(key: String, result: ImportResult)] = []

    /// What `ICalImporter.importData(_:label:options:)` gives for the calendar `feed` reads.
    func imported(from feed: any CalendarFeed, options: ImportOptions) throws(ImportError) -> ImportResult {
        let content = try feed.read()
        let key = [feed.identity, content.fingerprint,
                   String(options.window.start.seconds), String(options.window.end.seconds),
                   options.floatingZone.identifier, String(options.maxOccurrencesPerSeries)].joined(separator: "\u{0}")
        lock.lock()
        let known = entries.first { $0.key == key }?.result
        lock.unlock()
        if let known { return known }
        let result = try ICalImporter.importData(content.bytes, label: content.label, options: options)
        lock.lock()
        entries.removeAll { $0.key == key }
        entries.append((key, result))
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
        var kept = entries.reduce(0) { $0 + $1.result.occurrences.count }
        while kept > Self.maxOccurrences, let oldest = entries.first {
            kept -= oldest.result.occurrences.count
            entries.removeFirst()
        }
        lock.unlock()
        return result
    }
}
