import Foundation
import PlanCore
import PlanICal
import PlanStore

/// Busy time of a calendar file, cached in the store.
///
/// Class schedules change, so every planning run reads the file again — but
/// only its bytes: the expansion is reused while the content, the window,
/// the zone and the busy rules are the same (the key hashes all of them).
enum BusyCache {
    /// The busy blocks `policy` derives from the file at `path` over `window`.
    static func busyBlocks(path: String, window: TimeRange, policy: Policy, transaction t: StoreTransaction,
                           now: Instant) throws -> (blocks: [BusyBlock], warnings: [ImportWarning]) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImportError.unreadable(file: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file (registered with `plan calendar add`; remove it with `plan calendar remove`)")
        }
        let data = (try? handle.readToEnd()) ?? Data()
        try? handle.close()
        let bytes = [UInt8](data)
        let key = [
            "v1", String(fnv1a(bytes), radix: 16), String(bytes.count), String(window.start.seconds), String(window.end.seconds),
            policy.zone.identifier, String(policy.buffer), policy.busy.allDay ? "A" : "a", policy.busy.tentative ? "T" : "t",
        ].joined(separator: ":")
        if let cached = try t.cachedBusy(key: key), let blocks = decode(cached, source: path) {
            return (blocks, [])
        }
        let result = try ICalImporter.importData(bytes, label: path, options: ImportOptions(window: window, floatingZone: policy.zone))
        let blocks = policy.busyBlocks(from: result.occurrences)
        try t.cacheBusy(key: key, blocks: encode(blocks), now: now)
        return (blocks, result.warnings)
    }

    /// 64-bit FNV-1a: fast, and enough to notice that a file changed.
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        return h
    }

    /// Little-endian (start, end) pairs.
    static func encode(_ blocks: [BusyBlock]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(blocks.count * 16)
        for b in blocks {
            for v in [b.range.start.seconds, b.range.end.seconds] {
                withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) }
            }
        }
        return out
    }

    static func decode(_ bytes: [UInt8], source: String) -> [BusyBlock]? {
        guard bytes.count % 16 == 0 else { return nil }
        var out: [BusyBlock] = []
        out.reserveCapacity(bytes.count / 16)
        func int(_ at: Int) -> Int64 {
            var v: UInt64 = 0
            for k in 0..<8 { v |= UInt64(bytes[at + k]) << (8 * UInt64(k)) }
            return Int64(bitPattern: v)
        }
        var i = 0
        while i < bytes.count {
            out.append(BusyBlock(range: TimeRange(start: Instant(seconds: int(i)), end: Instant(seconds: int(i + 8))), source: source))
            i += 16
        }
        return out
    }
}
