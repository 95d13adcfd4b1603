import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
        /// A class (a reference is cheaper to pass around than a boxed value).
        var provider: any UTCOffsetProvider & AnyObject
    }

    private(set) var entries: [Entry] = [Entry(name: nil, provider: CachedZone(SystemZone.utc))]
    private var byTZID: [String: Int?] = [:]
    /// The last TZID asked about and its answer (events name the same few zones in turn).
    private var last: (tzid: String, index: Int?)?
    static let utc = 0
    /// Zone names that are UTC itself.
    static let utcNames: Set = ["UTC", "Etc/UTC", "GMT", "Etc/GMT", "Etc/Zulu", "Zulu", "UCT", "Etc/UCT", "Universal", "Etc/Universal"]

    /// The zone a TZID names in a calendar with these VTIMEZONEs, or nil.
    mutating func index(for tzid: String, custom: [String: LibicalZone]) -> Int? {
        if let last, last.tzid == tzid { return last.index }
        let found = lookUp(tzid, custom: custom)
        last = (tzid, found)
        return found
    }

    private mutating func lookUp(_ tzid: String, custom: [String: LibicalZone]) -> Int? {
        if let known = byTZID[tzid] { return known }
        var found: Int?
        let exact = Self.isSystemZone(tzid) ? tzid : nil
        if let name = exact ?? (custom[tzid] == nil ? Self.ianaName(for: tzid) : nil) {
            found = Self.utcNames.contains(name) ? Self.utc : add(Entry(name: name, provider: CachedZone(SystemZone(identifier: name)!)))
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

    /// Zone names listed by the system's zoneinfo (`tzdata`): every path
    /// under the first zoneinfo folder there is (symbolic links are listed,
    /// not followed), read with readdir — FileManager's enumerator takes
    /// longer than a whole small import.
    private static let zoneinfoNames: Set<String> = {
        var names: Set<String> = ["UTC", "Etc/UTC", "GMT", "Etc/GMT"]
        for root in ["/usr/share/zoneinfo", "/var/db/timezone/zoneinfo"] {
            guard let listed = listTree(root) else { continue }
            for p in listed {
                if p.hasPrefix("posix") || p.hasPrefix("right") || p.hasSuffix(".tab") || p.hasSuffix(".zi") { continue }
                names.insert(p)
            }
            break
        }
        for n in TimeZone.knownTimeZoneIdentifiers { names.insert(n) }
        return names
    }()

    /// The relative paths of everything under `root`, depth first; nil when
    /// `root` cannot be opened as a folder.
    static func listTree(_ root: String) -> [String]? {
        guard let top = opendir(root) else { return nil }
        var out: [String] = []
        var pending: [(OpaquePointer, String)] = [(top, "")]
        while let (dir, prefix) = pending.popLast() {
            var descend: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let path = prefix + name
                out.append(path)
                var isDirectory = entry.pointee.d_type == UInt8(DT_DIR)
                if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                    var st = stat()
                    isDirectory = lstat(root + "/" + path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
                }
                if isDirectory { descend.append(path) }
            }
            closedir(dir)
            for d in descend {
                if let sub = opendir(root + "/" + d) { pending.append((sub, d + "/")) }
            }
        }
        return out
    }
}

/// A system zone that remembers the spans of time over which its offset
/// stays the same: expansion asks for offsets hundreds of thousands of times,
/// a few dozen spans answer them all, and Foundation's lookup is slow on
/// Linux.
///
/// A span runs from an instant asked about to the zone's next transition
/// (Foundation's `nextDaylightSavingTimeTransition`, which ICU answers with
/// every change of offset, standard time included; the scheduler's
/// `OffsetTable` relies on the same); spans that meet with the same offset
/// are merged. A span is kept only when the offset just before its end is
/// still the one at its start.
final class CachedZone: UTCOffsetProvider {
    let zone: SystemZone
    /// Kept behind a pointer: a stored `var` of a class is checked for
    /// exclusive access on every use, and this is used for every instance.
    private let spans: UnsafeMutablePointer<OffsetSpans>

    init(_ zone: SystemZone) {
        self.zone = zone
        spans = .allocate(capacity: 1)
        spans.initialize(to: OffsetSpans())
    }

    deinit {
        spans.deinitialize(count: 1)
        spans.deallocate()
    }

    func offset(at instant: Instant) -> Int {
        spans.pointee.offset(at: instant.seconds, zone: zone)
    }

    /// ``UTCOffsetProvider/resolve(_:)``: when one span covers the day
    /// either side of the reading, the offsets the rule compares are all its
    /// offset, and the rule's answer is the reading minus it.
    func resolve(_ local: LocalDateTime) -> Instant {
        let asUTC = local.secondsSinceEpoch
        if let o = spans.pointee.constantOffset(from: asUTC - 86_400, through: asUTC + 86_400, zone: zone) {
            return Instant(seconds: asUTC - Int64(o))
        }
        return resolveByRule(local)
    }
}

/// The span table of ``CachedZone`` (a value, so one access per lookup).
struct OffsetSpans {
    /// Disjoint spans `[starts[i], ends[i])`, sorted, of constant offset `offsets[i]`.
    private var starts: [Int64] = []
    private var ends: [Int64] = []
    private var offsets: [Int] = []
    /// The span that answered last (queries come in runs).
    private var last = 0
    /// No span reaches further than this from the instant that made it.
    static let longestSpan: Int64 = 400 * 86_400

    /// The index of the span holding `s`, after asking the zone when no span does; nil when none can be made.
    @inline(__always)
    private mutating func span(_ s: Int64, zone: SystemZone) -> Int? {
        if last < starts.count, starts[last] <= s, s < ends[last] { return last }
        // The last span that starts at or before s.
        var lo = 0, hi = starts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid] <= s { lo = mid + 1 } else { hi = mid }
        }
        if lo > 0, s < ends[lo - 1] {
            last = lo - 1
            return last
        }
        let o = zone.offset(at: Instant(seconds: s))
        var end = s + Self.longestSpan
        if let next = zone.timeZone.nextDaylightSavingTimeTransition(after: Instant(seconds: s).date) {
            let t = next.timeIntervalSince1970.rounded(.up)
            if t.isFinite, t > Double(s), t < Double(end) { end = Int64(t) }
        }
        guard end > s + 1, zone.offset(at: Instant(seconds: end - 1)) == o else { return nil }
        if lo < starts.count, offsets[lo] == o, starts[lo] <= end {
            // The next span has the same offset and meets this one: one span now.
            starts[lo] = s
            ends[lo] = max(ends[lo], end)
        } else if lo < starts.count, starts[lo] < end {
            // Would overlap a span with another offset (it cannot): keep the table as it is.
            return nil
        } else {
            starts.insert(s, at: lo)
            ends.insert(end, at: lo)
            offsets.insert(o, at: lo)
        }
        last = lo
        return lo
    }

    mutating func offset(at s: Int64, zone: SystemZone) -> Int {
        guard let i = span(s, zone: zone) else { return zone.offset(at: Instant(seconds: s)) }
        return offsets[i]
    }

    /// The offset when one span holds both `a` and `b` (a ≤ b), else nil.
    mutating func constantOffset(from a: Int64, through b: Int64, zone: SystemZone) -> Int? {
        guard let i = span(a, zone: zone), b < ends[i] else { return nil }
        return offsets[i]
    }
}

/// The exact offset lookup behind ``HourlyOffsets``.
protocol OffsetLookup {
    func offset(at instant: Instant) -> Int
}

/// UTC offsets known at whole UTC hours, for zones whose own lookup is slow.
///
/// An offset valid at the start and at the end of an hour holds inside it
/// (zones change offset at most once in any hour); otherwise the exact
/// lookup is used. The hours asked about are kept in one array over the
/// range they span (a lookup is an array read), up to about a century;
/// hours further out go to a dictionary.
struct HourlyOffsets {
    private static let unknown = Int32.min
    /// The most hours the array covers (about 120 years, 4 MB).
    static let maxSpan: Int64 = 120 * 366 * 24
    /// Hours added at a time when the array grows.
    private static let growth: Int64 = 366 * 24
    private var base: Int64 = 0
    private var values: [Int32] = []
    private var far: [Int64: Int32] = [:]

    private static func hour(_ s: Int64) -> Int64 { s >= 0 ? s / 3600 : (s - 3599) / 3600 }

    @inline(__always)
    private mutating func atHour(_ hour: Int64, _ lookup: some OffsetLookup) -> Int {
        let i = hour - base
        if i >= 0 && i < Int64(values.count) {
            let known = values[Int(i)]
            if known != Self.unknown { return Int(known) }
            let o = lookup.offset(at: Instant(seconds: hour * 3600))
            values[Int(i)] = Int32(clamping: o)
            return o
        }
        return outside(hour, lookup)
    }

    private mutating func outside(_ hour: Int64, _ lookup: some OffsetLookup) -> Int {
        if cover(hour) { return atHour(hour, lookup) }
        if let known = far[hour] { return Int(known) }
        let o = lookup.offset(at: Instant(seconds: hour * 3600))
        far[hour] = Int32(clamping: o)
        return o
    }

    /// Grows the array to hold `hour`; false when that would make it too long.
    private mutating func cover(_ hour: Int64) -> Bool {
        if values.isEmpty {
            base = hour - Self.growth / 2
            values = [Int32](repeating: Self.unknown, count: Int(Self.growth))
            return true
        }
        let end = base + Int64(values.count)
        if hour < base {
            let newBase = min(hour, base - Self.growth)
            guard end - newBase <= Self.maxSpan else { return false }
            values.insert(contentsOf: repeatElement(Self.unknown, count: Int(base - newBase)), at: 0)
            base = newBase
        } else {
            let newEnd = max(hour + 1, end + Self.growth)
            guard newEnd - base <= Self.maxSpan else { return false }
            values.append(contentsOf: repeatElement(Self.unknown, count: Int(newEnd - end)))
        }
        return true
    }

    mutating func offset(at instant: Instant, _ lookup: some OffsetLookup) -> Int {
        let hour = Self.hour(instant.seconds)
        let a = atHour(hour, lookup)
        let b = atHour(hour + 1, lookup)
        return a == b ? a : lookup.offset(at: instant)
    }

    /// The offset ``offset(at:_:)`` gives for every instant from `a` through
    /// `b` (a ≤ b), when all the hours between hold the same one; else nil.
    mutating func constantOffset(from a: Int64, through b: Int64, _ lookup: some OffsetLookup) -> Int? {
        let first = Self.hour(a), last = Self.hour(b) + 1
        let o = atHour(first, lookup)
        _ = atHour(last, lookup)  // grows the array to cover the range when it can
        let lo = first + 1 - base, hi = last - base
        if lo >= 0 && hi < Int64(values.count) {
            // All in the array: a tight scan, asking only for hours not known yet.
            let known = values.withUnsafeBufferPointer { buf -> Bool? in
                for i in Int(lo)...Int(hi) {
                    let v = buf[i]
                    if v == Self.unknown { return nil }
                    if Int(v) != o { return false }
                }
                return true
            }
            if let known { return known ? o : nil }
        }
        var h = first + 1
        while h <= last {
            if atHour(h, lookup) != o { return nil }
            h += 1
        }
        return o
    }
}
