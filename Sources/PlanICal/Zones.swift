import Foundation
import PlanCore

/// The zones one calendar's values can name, resolved once per TZID.
///
/// Order of lookup for a TZID (what peers such as Python `icalendar` do):
/// 1. an IANA name the system zoneinfo knows (`Europe/Berlin`);
/// 2. the calendar's own VTIMEZONE for that TZID, through libical;
/// 3. a `/prefix/Area/City` form (`/mozilla.org/20050126_1/America/New_York`);
/// 4. a Windows zone name (`W. Europe Standard Time`);
/// otherwise the value is read as floating time (with a warning).
struct ZoneTable {
    struct Entry {
        /// The name reported as `tzid` (nil for UTC).
        var name: String?
        var provider: any UTCOffsetProvider
    }

    private(set) var entries: [Entry] = [Entry(name: nil, provider: SystemZone.utc)]
    private var byTZID: [String: Int?] = [:]
    static let utc = 0

    /// The zone a TZID names in a calendar with these VTIMEZONEs, or nil.
    mutating func index(for tzid: String, custom: [String: LibicalZone]) -> Int? {
        if let known = byTZID[tzid] { return known }
        var found: Int?
        let exact = Self.isSystemZone(tzid) ? tzid : nil
        if let name = exact ?? (custom[tzid] == nil ? Self.ianaName(for: tzid) : nil) {
            let utcNames: Set = ["UTC", "Etc/UTC", "GMT", "Etc/GMT", "Etc/Zulu", "Zulu", "UCT", "Etc/UCT", "Universal", "Etc/Universal"]
            found = utcNames.contains(name) ? Self.utc : add(Entry(name: name, provider: CachedZone(SystemZone(identifier: name)!)))
        } else if let z = custom[tzid] {
            found = add(Entry(name: tzid, provider: z))
        }
        byTZID[tzid] = found
        return found
    }

    subscript(_ i: Int) -> Entry { entries[i] }

    private mutating func add(_ e: Entry) -> Int {
        if let name = e.name, let i = entries.firstIndex(where: { $0.name == name && $0.provider is CachedZone }),
           e.provider is CachedZone {
            return i
        }
        entries.append(e)
        return entries.count - 1
    }

    /// The IANA name a TZID stands for, if the system knows it (rules 1–3).
    static func ianaName(for tzid: String) -> String? {
        let t = tzid.trimmingWhitespace.trimmingCharacters("\"")
        if t.isEmpty { return nil }
        if isSystemZone(t) { return canonical(t) }
        if t.contains("/") {
            let parts = t.split(separator: "/")
            for k in stride(from: min(3, parts.count), through: 1, by: -1) {
                let candidate = parts.suffix(k).joined(separator: "/")
                if candidate.contains("/") || k == 1, isSystemZone(candidate) { return canonical(candidate) }
            }
        }
        if let w = windowsZoneNames[t], isSystemZone(w) { return w }
        return nil
    }

    private static func canonical(_ name: String) -> String { name }

    static func isSystemZone(_ name: String) -> Bool {
        // Only names that are files in the zoneinfo database: Foundation also
        // accepts abbreviations and "GMT+5"-style strings that no peer does.
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || "/_-+".contains($0) }),
              !name.hasPrefix("/"), !name.contains("..") else { return false }
        return zoneinfoNames.contains(name) && TimeZone(identifier: name) != nil
    }

    /// Zone names listed by the system's zoneinfo (`tzdata`).
    private static let zoneinfoNames: Set<String> = {
        var names: Set<String> = ["UTC", "Etc/UTC", "GMT", "Etc/GMT"]
        for root in ["/usr/share/zoneinfo", "/var/db/timezone/zoneinfo"] {
            guard let e = FileManager.default.enumerator(atPath: root) else { continue }
            while let p = e.nextObject() as? String {
                if p.hasPrefix("posix") || p.hasPrefix("right") || p.hasSuffix(".tab") || p.hasSuffix(".zi") { continue }
                names.insert(p)
            }
            break
        }
        for n in TimeZone.knownTimeZoneIdentifiers { names.insert(n) }
        return names
    }()
}

/// A system zone with its offsets memoised per UTC hour: expansion asks for
/// the same few offsets hundreds of thousands of times, and Foundation's
/// lookup is slow on Linux.
final class CachedZone: UTCOffsetProvider {
    let zone: SystemZone
    private var hours: [Int64: Int] = [:]

    init(_ zone: SystemZone) { self.zone = zone }

    func offset(at instant: Instant) -> Int {
        let s = instant.seconds
        let hour = s >= 0 ? s / 3600 : (s - 3599) / 3600
        // An offset valid at the start and end of the hour holds inside it
        // (zones change offset at most once in any hour).
        if let a = hours[hour], let b = hours[hour + 1], a == b { return a }
        let a = hours[hour] ?? zone.offset(at: Instant(seconds: hour * 3600))
        let b = hours[hour + 1] ?? zone.offset(at: Instant(seconds: (hour + 1) * 3600))
        hours[hour] = a
        hours[hour + 1] = b
        return a == b ? a : zone.offset(at: instant)
    }
}
