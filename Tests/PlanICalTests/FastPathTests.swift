import Foundation
import PlanCore
import Testing
@testable import PlanICal

/// The importer's shortcuts give what the plain code they stand in for gives.
@Suite struct FastPathTests {
    @Test func zoneFolderListingMatchesFileManager() throws {
        let root = "/usr/share/zoneinfo"
        guard let listed = ZoneTable.listTree(root) else { return }  // no tzdata here
        let e = try #require(FileManager.default.enumerator(atPath: root))
        var expected = Set<String>()
        while let p = e.nextObject() as? String { expected.insert(p) }
        #expect(Set(listed) == expected)
        #expect(listed.count == expected.count)
    }

    @Test(arguments: [
        "20260101T100000", "20251345T999999", "20260230", "20260101T250000,20260102T100000",
        "20260101T100000/20260101T235960", "20260101T100061", " 20261301 ", "2026010", "abc", "",
        "20260101T100000Z/PT1H", "19970714T173000Z,20251345T000000", "20260101\\t", "２０２６０１０１", "20260101T1000",
        "20240229T120000", "20230229T120000", "20260431", ",,,", "20260101T10000A",
    ])
    func impossibleDateTimeShortcut(text: String) {
        let bytes = ArraySlice(Array(text.utf8))
        if !LibicalReader.mayHoldImpossibleDateTime(bytes) {
            #expect(LibicalReader.impossibleDateTime(in: text) == nil, "\(text)")
        }
        if LibicalReader.impossibleDateTime(in: text) != nil {
            #expect(LibicalReader.mayHoldImpossibleDateTime(bytes), "\(text)")
        }
    }

    @Test(arguments: ["FREQ=WEEKLY;BYDAY=MO", "FREQ=DAILY;COUNT=999999999", "FREQ=DAILY;count=999999999", "FREQ=DAILY;INTERVAL=40000",
                      "FREQ=DAILY;Interval = 40000", "FREQ=DAILY;ınterval=40000", "FREQ=DAILY;COUNT=５", "", "COUNT", "INTERVAL=",
                      "FREQ=YEARLY;X-COUNTER=99999999999"])
    func outOfRangeShortcut(rule: String) {
        if LibicalReader.outOfRange(rule: rule) != nil {
            #expect(LibicalReader.mayBeOutOfRange(ArraySlice(Array(rule.utf8))), "\(rule)")
        }
    }

    @Test func impossibleDateTimeShortcutOnRandomText() {
        var state: UInt64 = 7
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        let alphabet = Array("0123456789T,/ Z\t2019")
        for _ in 0..<20_000 {
            let text = String((0..<(next() % 40)).map { _ in alphabet[next() % alphabet.count] })
            let fast = LibicalReader.mayHoldImpossibleDateTime(ArraySlice(Array(text.utf8)))
            let slow = LibicalReader.impossibleDateTime(in: text) != nil
            #expect(fast == slow || fast, "\(text)")
        }
    }

    /// Every zone the system knows, from 1900 to 2100: at random instants, in
    /// random order, and a second either side of every transition.
    @Test func cachedZonesMatchFoundation() throws {
        var state: UInt64 = 11
        func next() -> Int64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int64(bitPattern: state >> 1) % 6_311_433_600 - 2_208_988_800  // 1900 … 2100
        }
        var mismatches = 0
        var checked = 0
        for name in TimeZone.knownTimeZoneIdentifiers {
            let zone = try #require(SystemZone(identifier: name))
            let cached = CachedZone(zone)
            var probes: [Int64] = (0..<300).map { _ in next() }
            var t = Date(timeIntervalSince1970: -2_208_988_800)
            var transitions = 0
            while let n = zone.timeZone.nextDaylightSavingTimeTransition(after: t), n.timeIntervalSince1970 < 4_102_444_800, transitions < 600 {
                let s = Int64(n.timeIntervalSince1970)
                probes += [s - 86_401, s - 3_601, s - 1, s, s + 1, s + 3_599, s + 86_399]
                t = n
                transitions += 1
            }
            for k in probes.indices where k % 3 == 0 { probes.swapAt(k, (k * 7919) % probes.count) }
            checked += probes.count
            for p in probes where cached.offset(at: Instant(seconds: p)) != zone.offset(at: Instant(seconds: p)) {
                mismatches += 1
                if mismatches < 10 { Issue.record("\(name) at \(p)") }
            }
        }
        #expect(mismatches == 0)
        #expect(checked > 100_000)
    }

    /// Wall-clock readings around every transition (gaps and repeated hours)
    /// and at random, resolved by the cached zone and by the rule on Foundation.
    @Test func cachedResolveMatchesTheRule() throws {
        var state: UInt64 = 5
        func next() -> Int64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int64(bitPattern: state >> 1) % 3_155_760_000 + 315_532_800  // 1980 … 2080
        }
        var mismatches = 0
        for name in TimeZone.knownTimeZoneIdentifiers {
            let zone = try #require(SystemZone(identifier: name))
            let cached = CachedZone(zone)
            var readings: [Int64] = (0..<100).map { _ in next() }
            var t = Date(timeIntervalSince1970: 315_532_800)
            var transitions = 0
            while let n = zone.timeZone.nextDaylightSavingTimeTransition(after: t), n.timeIntervalSince1970 < 3_471_292_800, transitions < 300 {
                let s = Int64(n.timeIntervalSince1970) + Int64(zone.offset(at: Instant(seconds: Int64(n.timeIntervalSince1970))))
                for d in stride(from: Int64(-7_200), through: 7_200, by: 900) { readings.append(s + d) }
                t = n
                transitions += 1
            }
            for r in readings {
                let local = LocalDateTime(secondsSinceEpoch: r)
                if cached.resolve(local) != zone.resolve(local) {
                    mismatches += 1
                    if mismatches < 10 { Issue.record("\(name) \(local)") }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func hourlyOffsetsMatchTheZone() throws {
        for name in ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kolkata", "America/St_Johns"] {
            let zone = try #require(SystemZone(identifier: name))
            struct Lookup: OffsetLookup {
                let zone: SystemZone
                func offset(at instant: Instant) -> Int { zone.offset(at: instant) }
            }
            var memo = HourlyOffsets()
            var t: Int64 = 1_600_000_000
            while t < 1_900_000_000 {
                #expect(memo.offset(at: Instant(seconds: t), Lookup(zone: zone)) == zone.offset(at: Instant(seconds: t)), "\(name) at \(t)")
                if let o = memo.constantOffset(from: t - 86_400, through: t + 86_400, Lookup(zone: zone)) {
                    for probe in stride(from: t - 86_400, through: t + 86_400, by: 1_800) {
                        #expect(zone.offset(at: Instant(seconds: probe)) == o, "\(name) near \(t)")
                    }
                }
                t += 3_593 * 7
            }
        }
    }
}
