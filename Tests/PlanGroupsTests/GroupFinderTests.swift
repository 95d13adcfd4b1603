import Foundation
import PlanCore
import Testing
@testable import PlanGroups

/// A small seeded generator (SplitMix64), so a failing case can be replayed.
struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The search done the slow way, written apart from `GroupFinder`: every
/// start on the grid, every member, every local day near it, every busy range.
enum BruteForce {
    static func find(_ s: GroupSearch) -> [GroupSlot] {
        let g = s.granularity, d = s.duration
        var t = s.within.start.seconds
        while ((t % g) + g) % g != 0 { t += 1 }
        var found: [GroupSlot] = []
        while t + d <= s.within.end.seconds {
            let range = TimeRange(start: Instant(seconds: t), end: Instant(seconds: t + d))
            var free: [Int] = [], busy: [Int] = [], outside: [Int] = []
            for (i, m) in s.members.enumerated() {
                let hours = inWindow(range, m, s)
                let clash = m.busy.contains { $0.start < $0.end && $0.start < range.end && range.start < $0.end }
                if hours && !clash { free.append(i) } else { busy.append(i) }
                if !hours { outside.append(i) }
            }
            if free.count >= s.minMembers { found.append(GroupSlot(range: range, free: free, busy: busy, outsideHours: outside, displaced: [])) }
            t += g
        }
        found.sort { $0.free.count != $1.free.count ? $0.free.count > $1.free.count : $0.range.start < $1.range.start }
        var out: [GroupSlot] = []
        for var slot in found where out.count < s.top {
            if out.contains(where: { $0.range.start < slot.range.end && slot.range.start < $0.range.end }) { continue }
            for (i, m) in s.members.enumerated() {
                let pieces = m.movable.filter { $0.range.start < slot.range.end && slot.range.start < $0.range.end }
                    .sorted { ($0.range.start.seconds, $0.range.end.seconds, $0.label) < ($1.range.start.seconds, $1.range.end.seconds, $1.label) }
                if !pieces.isEmpty { slot.displaced.append(.init(member: i, pieces: pieces)) }
            }
            out.append(slot)
        }
        return out
    }

    /// Whether `range` lies inside the member's window of one local day on an allowed day.
    static func inWindow(_ range: TimeRange, _ m: GroupMember, _ s: GroupSearch) -> Bool {
        var open = s.between.start.minutes, close = s.between.end.minutes
        if let own = m.dayWindow {
            open = max(open, own.start.minutes)
            close = min(close, own.end.minutes)
        }
        if open >= close { return false }
        let near = m.zone.local(range.start).date
        for offset in -1...1 {
            let day = near.adding(days: offset)
            let weekday = Weekday.allCases[day.isoWeekday - 1]
            if !s.days.contains(weekday) { continue }
            let a = m.zone.resolve(LocalDateTime(date: day).adding(seconds: Int64(open) * 60))
            let b = close == 1440 ? m.zone.resolve(LocalDateTime(date: day.adding(days: 1)))
                : m.zone.resolve(LocalDateTime(date: day).adding(seconds: Int64(close) * 60))
            if a <= range.start && range.end <= b { return true }
        }
        return false
    }
}

@Suite struct GroupFinderTests {
    static let zones = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Lord_Howe", "Asia/Kathmandu"]
    static func at(_ text: String) -> Instant {
        guard case .instant(let i)? = DateText.parse(text) else { fatalError(text) }
        return i
    }

    /// Random members (zones, windows, busy ranges and movable pieces), random
    /// searches around the autumn clock changes: the finder agrees with the
    /// brute force slot for slot.
    @Test func agreesWithABruteForceOverTheGrid() throws {
        var rng = Seeded(state: 17)
        var checked = 0, nonEmpty = 0, partial = 0, outsideCases = 0
        for _ in 0..<400 {
            let base = Self.at("2026-10-22T00:00:00Z").seconds + Int64.random(in: 0...(14 * 86_400), using: &rng)
            let within = TimeRange(start: Instant(seconds: base + Int64.random(in: 0...7_200, using: &rng)),
                                   end: Instant(seconds: base + Int64.random(in: 3_600...(5 * 86_400), using: &rng)))
            let n = Int.random(in: 1...5, using: &rng)
            var members: [GroupMember] = []
            for i in 0..<n {
                let zone = SystemZone(identifier: Self.zones.randomElement(using: &rng)!)!
                var busy: [TimeRange] = []
                for _ in 0..<Int.random(in: 0...25, using: &rng) {
                    let s = base - 86_400 + Int64.random(in: 0...(7 * 86_400), using: &rng) / 300 * 300 + (Bool.random(using: &rng) ? 0 : Int64.random(in: 0...299, using: &rng))
                    busy.append(TimeRange(start: Instant(seconds: s), end: Instant(seconds: s + Int64.random(in: 0...(4 * 3_600), using: &rng))))
                }
                var movable: [GroupMember.Movable] = []
                for k in 0..<Int.random(in: 0...4, using: &rng) {
                    let s = base + Int64.random(in: 0...(5 * 86_400), using: &rng) / 900 * 900
                    movable.append(.init(range: TimeRange(start: Instant(seconds: s), end: Instant(seconds: s + 5_400)), label: "sitting \(k)"))
                }
                let window = Bool.random(using: &rng) ? nil
                    : DayWindow(start: TimeOfDay(minutes: Int.random(in: 0...12, using: &rng) * 60),
                                end: TimeOfDay(minutes: Int.random(in: 12...24, using: &rng) * 60))
                members.append(GroupMember(name: "m\(i)", zone: zone, busy: busy, dayWindow: window, movable: movable))
            }
            let between = [GroupSearch.defaultBetween, .wholeDay, DayWindow(start: TimeOfDay(hour: 7, minute: 30), end: TimeOfDay(hour: 23))]
                .randomElement(using: &rng)!
            let days = Set(Weekday.allCases.filter { _ in Int.random(in: 0..<5, using: &rng) > 0 })
            let search = GroupSearch(members: members, within: within,
                                     duration: [1_800, 3_600, 5_400, 7_200, 2_700, 600].randomElement(using: &rng)!,
                                     between: between, days: days,
                                     granularity: [300, 900, 1_800, 3_600].randomElement(using: &rng)!,
                                     minMembers: Int.random(in: 1...n, using: &rng), top: Int.random(in: 1...8, using: &rng))
            guard search.within.duration >= search.duration else { continue }
            let fast = try GroupFinder.find(search)
            let slow = BruteForce.find(search)
            #expect(fast == slow, "seeded case \(checked): \(search)")
            if fast != slow { return }
            checked += 1
            if !fast.isEmpty { nonEmpty += 1 }
            if fast.contains(where: { !$0.everyone }) { partial += 1 }
            if fast.contains(where: { !$0.outsideHours.isEmpty }) { outsideCases += 1 }
        }
        // The cases are not all trivial.
        #expect(checked > 300 && nonEmpty > 150 && partial > 30 && outsideCases > 10,
                "checked \(checked), non-empty \(nonEmpty), partial \(partial), outside hours \(outsideCases)")
    }

    @Test func everyoneFreeComesFirstThenMostThenEarliest() throws {
        let ny = SystemZone(identifier: "America/New_York")!
        func busy(_ a: String, _ b: String) -> TimeRange { TimeRange(start: Self.at(a), end: Self.at(b)) }
        let members = [
            GroupMember(name: "ada", zone: ny, busy: [busy("2026-12-01T09:00:00-05:00", "2026-12-01T17:00:00-05:00")]),
            GroupMember(name: "bob", zone: ny, busy: [busy("2026-12-01T17:00:00-05:00", "2026-12-01T19:00:00-05:00")]),
            GroupMember(name: "cy", zone: ny, busy: []),
        ]
        let search = GroupSearch(members: members, within: busy("2026-12-01T00:00:00-05:00", "2026-12-02T00:00:00-05:00"),
                                 duration: 7_200, top: 3)
        let slots = try GroupFinder.find(search)
        // 19:00–21:00 is the only time all three can come; then 09:00 (bob and cy), then 11:00.
        #expect(slots.map(\.range.start) == [Self.at("2026-12-01T19:00:00-05:00"), Self.at("2026-12-01T09:00:00-05:00"),
                                             Self.at("2026-12-01T11:00:00-05:00")])
        #expect(slots.map(\.busy) == [[], [0], [0]])
        #expect(slots[0].everyone)
    }

    @Test func aClassEndingAtTheStartLeavesItFreeAndMovablePiecesAreNamed() throws {
        let utc = SystemZone.utc
        let r = TimeRange(start: Self.at("2026-12-01T10:00:00Z"), end: Self.at("2026-12-01T12:00:00Z"))
        let me = GroupMember(name: "me", zone: utc, busy: [TimeRange(start: Self.at("2026-12-01T08:00:00Z"), end: r.start)],
                             movable: [.init(range: TimeRange(start: Self.at("2026-12-01T11:30:00Z"), end: Self.at("2026-12-01T13:00:00Z")), label: "Essay (1/3)")])
        let search = GroupSearch(members: [me], within: r, duration: 7_200, between: .wholeDay)
        let slots = try GroupFinder.find(search)
        #expect(slots.map(\.range) == [r])
        #expect(slots.first?.displaced == [.init(member: 0, pieces: me.movable)])
    }

    @Test func windowsAreReadInEachMembersZone() throws {
        // 09:00–21:00 in New York and in Berlin meet from 15:00 to 21:00 Berlin time (09:00–15:00 New York);
        // with one of the two enough, New York's evening comes next, Berlin counted out as outside its hours.
        let members = [GroupMember(name: "ny", zone: SystemZone(identifier: "America/New_York")!, busy: []),
                       GroupMember(name: "berlin", zone: SystemZone(identifier: "Europe/Berlin")!, busy: [])]
        let day = TimeRange(start: Self.at("2026-12-01T00:00:00Z"), end: Self.at("2026-12-02T00:00:00Z"))
        let slots = try GroupFinder.find(GroupSearch(members: members, within: day, duration: 6 * 3_600, top: 2))
        #expect(slots.map(\.range.start) == [Self.at("2026-12-01T14:00:00Z")])
        let one = try GroupFinder.find(GroupSearch(members: members, within: day, duration: 6 * 3_600, minMembers: 1, top: 2))
        #expect(one.map(\.range.start) == [Self.at("2026-12-01T14:00:00Z"), Self.at("2026-12-01T08:00:00Z")])
        #expect(one.map(\.outsideHours) == [[], [0]])
    }

    @Test(arguments: [
        (GroupSearch(members: [], within: TimeRange(start: Instant(seconds: 0), end: Instant(seconds: 86_400)), duration: 3_600), GroupSearchError.noMembers),
        (GroupSearch(members: (0...100).map { GroupMember(name: "m\($0)", zone: .utc, busy: []) }, within: TimeRange(start: Instant(seconds: 0), end: Instant(seconds: 86_400)), duration: 3_600), .tooManyMembers(101)),
        (GroupSearch(members: [GroupMember(name: "a", zone: .utc, busy: [])], within: TimeRange(start: Instant(seconds: 0), end: Instant(seconds: 86_400)), duration: 0), .badDuration),
        (GroupSearch(members: [GroupMember(name: "a", zone: .utc, busy: [])], within: TimeRange(start: Instant(seconds: 0), end: Instant(seconds: 86_400)), duration: 60, granularity: 420), .badGranularity),
        (GroupSearch(members: [GroupMember(name: "a", zone: .utc, busy: [])], within: TimeRange(start: Instant(seconds: 0), end: Instant(seconds: 86_400)), duration: 60, minMembers: 2), .badMinMembers(2, members: 1)),
        (GroupSearch(members: [GroupMember(name: "a", zone: .utc, busy: [])], within: TimeRange(start: Instant(seconds: 0), end: Instant(seconds: 600)), duration: 3_600), .emptyWindow),
        (GroupSearch(members: [GroupMember(name: "a", zone: .utc, busy: [])], within: TimeRange(start: Instant(seconds: 0), end: Instant(seconds: 86_400 * 400)), duration: 3_600, granularity: 300), .tooManySlots(115_189)),
    ])
    func badSearchesAreRefused(_ search: GroupSearch, _ error: GroupSearchError) {
        #expect(throws: error) { try GroupFinder.find(search) }
    }
}
