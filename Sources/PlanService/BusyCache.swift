import Foundation
import PlanCore
import PlanICal
import PlanStore

/// Busy time of a calendar, cached in the store.
///
/// Class schedules change, so every planning run reads the calendar again
/// through its feed — but only its bytes: the expansion is reused while the
/// calendar (its identity), its content, the zone and the busy rules are the
/// same and the window lies inside the one expanded (the key names all of
/// them). The key takes the content's fingerprint rather than the source's
/// revision, so a file touched but not changed is still a hit.
///
/// The planning window starts a day before `now`, so it moves with every
/// command; the cache therefore expands a wider window — whole weeks before,
/// whole four-week blocks after — and keeps the range of every busy
/// occurrence in it. A later command whose window falls in the same wider
/// window takes the occurrences that overlap its own window, which are
/// exactly those an expansion of that window gives: the importer's window
/// test is that overlap, and when the wider expansion reports nothing (no
/// cap reached, nothing skipped) no part of it depended on the window's
/// edges. When it does report something, the exact window is expanded and
/// cached under its own key, as before.
enum BusyCache {
    /// What ``busy(feed:window:policy:transaction:now:)`` found.
    struct Busy {
        var blocks: [BusyBlock]
        /// Import warnings (only when the calendar was expanded, not from the cache).
        var warnings: [ImportWarning]
        /// Whether the blocks came from the store's cache.
        var fromCache: Bool
    }

    /// Granularity of the wider window: its start is a multiple of a week,
    /// its end a multiple of four weeks (seconds since 1970).
    static let startStep: Int64 = 7 * 86_400
    static let endStep: Int64 = 28 * 86_400

    /// The busy blocks `policy` derives from the calendar `feed` reads over
    /// `window`, from the cache when it holds them.
    static func busy(feed: any CalendarFeed, window: TimeRange, policy: Policy, transaction t: StoreTransaction, now: Instant) throws -> Busy {
        let content: CalendarContent
        do {
            content = try feed.read()
        } catch {
            guard error == .unreadable(file: feed.label, reason: "no such file") else { throw error }
            throw ImportError.unreadable(file: feed.label, reason: "no such file (registered with `plan calendar add`; remove it with `plan calendar remove`)")
        }
        let source = content.label, bytes = content.bytes
        let rules = [policy.zone.identifier, String(policy.buffer), policy.busy.allDay ? "A" : "a", policy.busy.tentative ? "T" : "t"]
        // The identity last: the only part that may hold any character.
        func key(_ version: String, _ w: TimeRange) -> String {
            ([version, content.fingerprint, String(w.start.seconds), String(w.end.seconds)] + rules + [feed.identity]).joined(separator: ":")
        }
        let wide = widened(window)
        let wideKey = key("v4", wide)
        if let cached = try t.cachedBusy(key: wideKey), let ranges = decode(cached) {
            return Busy(blocks: blocks(ranges, overlapping: window, policy: policy, source: source), warnings: [], fromCache: true)
        }
        let exactKey = key("v4x", window)
        if let cached = try t.cachedBusy(key: exactKey), let ranges = decode(cached) {
            return Busy(blocks: ranges.map { BusyBlock(range: $0, source: source) }, warnings: [], fromCache: true)
        }
        let wideResult = try ICalImporter.importData(bytes, label: source, options: ImportOptions(window: wide, floatingZone: policy.zone))
        if wideResult.warnings.isEmpty {
            let ranges = wideResult.occurrences.filter(policy.isBusy).map { $0.range(in: policy.zone) }
            try t.cacheBusy(key: wideKey, blocks: encode(ranges), now: now)
            return Busy(blocks: blocks(ranges, overlapping: window, policy: policy, source: source), warnings: [], fromCache: false)
        }
        let result = try ICalImporter.importData(bytes, label: source, options: ImportOptions(window: window, floatingZone: policy.zone))
        let blocks = policy.busyBlocks(from: result.occurrences)
        try t.cacheBusy(key: exactKey, blocks: encode(blocks.map(\.range)), now: now)
        return Busy(blocks: blocks, warnings: result.warnings, fromCache: false)
    }

    /// `window` grown to whole weeks before and whole four-week blocks after.
    static func widened(_ window: TimeRange) -> TimeRange {
        func floor(_ v: Int64, _ step: Int64) -> Int64 { v >= 0 ? v / step * step : -((-v + step - 1) / step) * step }
        let start = floor(window.start.seconds, startStep)
        let end = -floor(-window.end.seconds, endStep)
        return TimeRange(start: Instant(seconds: start), end: Instant(seconds: end))
    }

    /// The blocks of the busy occurrences (their `ranges`) that overlap `window`,
    /// as `policy.busyBlocks` gives them for an expansion of that window.
    static func blocks(_ ranges: [TimeRange], overlapping window: TimeRange, policy: Policy, source: String) -> [BusyBlock] {
        var out: [BusyBlock] = []
        out.reserveCapacity(ranges.count)
        for r in ranges where r.overlaps(window) {
            if let b = policy.block(for: r) { out.append(BusyBlock(range: b, source: source)) }
        }
        Policy.sortBlocks(&out)
        return out
    }

    /// Little-endian (start, end) pairs.
    static func encode(_ ranges: [TimeRange]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: ranges.count * 16)
        out.withUnsafeMutableBytes { raw in
            for (i, r) in ranges.enumerated() {
                raw.storeBytes(of: r.start.seconds.littleEndian, toByteOffset: i * 16, as: Int64.self)
                raw.storeBytes(of: r.end.seconds.littleEndian, toByteOffset: i * 16 + 8, as: Int64.self)
            }
        }
        return out
    }

    static func decode(_ bytes: [UInt8]) -> [TimeRange]? {
        guard bytes.count % 16 == 0 else { return nil }
        return bytes.withUnsafeBytes { raw in
            (0..<(bytes.count / 16)).map { i in
                TimeRange(start: Instant(seconds: Int64(littleEndian: raw.loadUnaligned(fromByteOffset: i * 16, as: Int64.self))),
                          end: Instant(seconds: Int64(littleEndian: raw.loadUnaligned(fromByteOffset: i * 16 + 8, as: Int64.self))))
            }
        }
    }
}
