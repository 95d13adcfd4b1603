import PlanCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``CalendarTime`` packed into its ``CalendarTime/sortKey`` (seconds
/// since the epoch, floating times and dates read as UTC) and a two-bit kind;
/// nothing is lost for a UTC instant, nor for a floating time or a date that
/// is a real one (month 1–12, a day the month has, a second of the day below
/// 86 400).
enum PackedTime {
    static let utc: UInt8 = 0, floating: UInt8 = 1, date: UInt8 = 2

    /// The kind and key of `t`, nil when unpacking would not give `t` back.
    @inline(__always)
    static func pack(_ t: CalendarTime) -> (kind: UInt8, key: Int64)? {
        switch t {
        case .utc:
            return (utc, t.sortKey)
        case .floating(let l):
            guard (0..<86_400).contains(l.secondOfDay), l.date.isValid else { return nil }
            return (floating, t.sortKey)
        case .date(let d):
            guard d.isValid else { return nil }
            return (date, t.sortKey)
        }
    }

    @inline(__always)
    static func unpack(kind: UInt8, key: Int64) -> CalendarTime {
        switch kind {
        case utc: .utc(Instant(seconds: key))
        case floating: .floating(LocalDateTime(secondsSinceEpoch: key))
        default: .date(LocalDate(daysSinceEpoch: key / 86_400))
        }
    }
}

/// One occurrence as the importer keeps it until it is asked for (48 bytes
/// and no reference counting, where an ``Occurrence`` takes 208 and five
/// strings): its times packed, its texts as an index into the table of the
/// events that produced occurrences, its sort keys alongside.
struct PackedOccurrence {
    /// Sort key 1: the start read in the import's floating zone, in seconds.
    var startInstant: Int64
    /// Sort key 3: `recurrenceId?.sortKey`, `Int64.min` when there is none.
    var recurrenceKey: Int64
    var startKey: Int64
    var endKey: Int64
    /// Sort key 2: the rank of the uid among the distinct uids (filled in
    /// just before sorting; ranks compare as the strings do).
    var uidRank: Int32 = 0
    /// The event's entry in ``OccurrenceBuilder/texts``.
    var text: Int32
    /// The TZID's entry in ``OccurrenceBuilder/zoneNames`` (-1: none); with
    /// ``exoticBit`` set, the occurrence's entry in ``OccurrenceBuilder/exotic``.
    var detail: Int32
    /// Kinds of start (bits 0–1), end (2–3), recurrence id (4–5); bit 6: it
    /// has a recurrence id; bit 7 (``exoticBit``): a time did not pack, the
    /// whole occurrence is kept aside.
    var flags: UInt8

    static let hasRecurrenceBit: UInt8 = 1 << 6
    static let exoticBit: UInt8 = 1 << 7
}

/// The texts an event gives each of its occurrences, kept once per event.
struct EventText {
    var uid: String
    var summary: String?
    var status: String?
    var transparent: Bool
    var location: String? = nil
    var categories: [String] = []
}

/// Collects the occurrences of one import as the expander emits them, then
/// sorts them without moving any string (see ``finish()``).
struct OccurrenceBuilder {
    let source: String
    private(set) var slots: [PackedOccurrence] = []
    private(set) var texts: [EventText] = []
    private(set) var zoneNames: [String] = []
    /// Occurrences with a time that does not pack (an impossible date a
    /// calendar still produced): kept whole.
    private(set) var exotic: [Occurrence] = []

    init(source: String) { self.source = source }

    /// Adds an event's texts; returns its index for ``append``.
    mutating func addText(_ t: EventText) -> Int32 {
        texts.append(t)
        return Int32(texts.count - 1)
    }

    /// Adds a TZID name; returns its index for ``append``.
    mutating func addZoneName(_ name: String) -> Int32 {
        if let i = zoneNames.firstIndex(of: name) { return Int32(i) }
        zoneNames.append(name)
        return Int32(zoneNames.count - 1)
    }

    /// Records one occurrence of the event at `text`; `startInstant` is
    /// `start.instant(in: floatingZone)`, `zone` the TZID's index or -1.
    mutating func append(text: Int32, zone: Int32, start: CalendarTime, end: CalendarTime,
                         recurrenceId: CalendarTime?, startInstant: Int64) {
        var ridFlags: UInt8 = 0, ridKey = Int64.min, ridPacks = true
        if let r = recurrenceId {
            if let p = PackedTime.pack(r) {
                ridFlags = p.kind << 4 | PackedOccurrence.hasRecurrenceBit
                ridKey = p.key
            } else {
                ridPacks = false
            }
        }
        if ridPacks, let s = PackedTime.pack(start), let e = PackedTime.pack(end) {
            let flags = s.kind | e.kind << 2 | ridFlags
            slots.append(PackedOccurrence(startInstant: startInstant, recurrenceKey: ridKey, startKey: s.key, endKey: e.key,
                                          text: text, detail: zone, flags: flags))
            return
        }
        let t = texts[Int(text)]
        exotic.append(Occurrence(uid: t.uid, recurrenceId: recurrenceId, start: start, end: end, summary: t.summary,
                                 status: t.status, transparent: t.transparent,
                                 tzid: zone < 0 ? nil : zoneNames[Int(zone)], source: source,
                                 location: t.location, categories: t.categories))
        slots.append(PackedOccurrence(startInstant: startInstant, recurrenceKey: recurrenceId?.sortKey ?? .min,
                                      startKey: 0, endKey: 0, text: text, detail: Int32(exotic.count - 1),
                                      flags: PackedOccurrence.exoticBit))
    }

    /// The occurrences sorted by start (in the floating zone), uid, then
    /// recurrence id; ties keep the order they were emitted in (the sort is
    /// stable). Only the 48-byte slots move.
    consuming func finish() -> OccurrenceTable {
        // Uids compared by rank among the distinct uids: the order of the
        // strings, without comparing strings per pair.
        let ranks = Self.asciiRanks(texts.lazy.map(\.uid)) ?? Self.ranks(texts.lazy.map(\.uid))
        slots.withUnsafeMutableBufferPointer { buf in
            ranks.withUnsafeBufferPointer { r in
                for i in buf.indices { buf[i].uidRank = r[Int(buf[i].text)] }
            }
            buf.sort { x, y in
                if x.startInstant != y.startInstant { return x.startInstant < y.startInstant }
                if x.uidRank != y.uidRank { return x.uidRank < y.uidRank }
                return x.recurrenceKey < y.recurrenceKey
            }
        }
        return OccurrenceTable(slots: slots, texts: texts, zoneNames: zoneNames, exotic: exotic, source: source)
    }

    /// For each string, its rank among the distinct strings in `String` order.
    static func ranks(_ strings: some Collection<String>) -> [Int32] {
        var rankOf: [String: Int32] = [:]
        for s in strings where rankOf[s] == nil { rankOf[s] = 0 }
        for (rank, s) in rankOf.keys.sorted().enumerated() { rankOf[s] = Int32(rank) }
        return strings.map { rankOf[$0]! }
    }

    /// ``ranks(_:)`` when every string is ASCII (nil otherwise), by sorting
    /// indices on the bytes: for ASCII text `String` order is byte order
    /// (and equal strings have equal bytes), and a byte comparison is a
    /// `memcmp`, where hashing and sorting `String`s costs several times more.
    static func asciiRanks(_ strings: some Collection<String>) -> [Int32]? {
        var bytes: [UInt8] = []
        var offsets: [Int] = [0]
        offsets.reserveCapacity(strings.count + 1)
        var high: UInt8 = 0
        for s in strings {
            for b in s.utf8 { high |= b }
            bytes.append(contentsOf: s.utf8)
            offsets.append(bytes.count)
        }
        guard high < 0x80 else { return nil }
        if bytes.isEmpty { return [Int32](repeating: 0, count: strings.count) }
        return bytes.withUnsafeBufferPointer { buf -> [Int32] in
            let base = buf.baseAddress!
            func compare(_ a: Int, _ b: Int) -> Int {
                let la = offsets[a + 1] - offsets[a], lb = offsets[b + 1] - offsets[b]
                let c = memcmp(base + offsets[a], base + offsets[b], min(la, lb))
                return c != 0 ? Int(c) : la - lb
            }
            let order = (0..<strings.count).sorted { compare($0, $1) < 0 }
            var ranks = [Int32](repeating: 0, count: strings.count)
            var rank: Int32 = -1
            for (k, i) in order.enumerated() {
                if k == 0 || compare(order[k - 1], i) != 0 { rank += 1 }
                ranks[i] = rank
            }
            return ranks
        }
    }
}

/// The occurrences of one import, in order, each made into an
/// ``Occurrence`` when it is read: a year of a large calendar is kept in a
/// quarter of the memory an array of them takes, and can be written out
/// without building one (`plan events --json`).
package struct OccurrenceTable: RandomAccessCollection, Sendable {
    private let slots: [PackedOccurrence]
    private let texts: [EventText]
    private let zoneNames: [String]
    private let exotic: [Occurrence]
    private let source: String

    init(slots: [PackedOccurrence], texts: [EventText], zoneNames: [String], exotic: [Occurrence], source: String) {
        self.slots = slots
        self.texts = texts
        self.zoneNames = zoneNames
        self.exotic = exotic
        self.source = source
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { slots.count }

    package subscript(position: Int) -> Occurrence {
        let s = slots[position]
        if s.flags & PackedOccurrence.exoticBit != 0 { return exotic[Int(s.detail)] }
        let t = texts[Int(s.text)]
        let rid: CalendarTime? = s.flags & PackedOccurrence.hasRecurrenceBit == 0 ? nil
            : PackedTime.unpack(kind: (s.flags >> 4) & 3, key: s.recurrenceKey)
        return Occurrence(uid: t.uid, recurrenceId: rid, start: PackedTime.unpack(kind: s.flags & 3, key: s.startKey),
                          end: PackedTime.unpack(kind: (s.flags >> 2) & 3, key: s.endKey), summary: t.summary,
                          status: t.status, transparent: t.transparent,
                          tzid: s.detail < 0 ? nil : zoneNames[Int(s.detail)], source: source,
                          location: t.location, categories: t.categories)
    }
}

extension PackedOccurrence: Sendable {}
extension EventText: Sendable {}
