import Foundation
import PlanCore
import PlanICal
import Testing

/// The importer against `../shared/ics-corpus`: 330 real-world files and what
/// a trusted peer (Python icalendar + recurring-ical-events) expands from them.
///
/// A file with expected JSON must give the same multiset of
/// `(uid, start, end, kind)` over 2000-01-01Z … 2031-01-01Z (the first 5,000 by
/// start where the peer capped its list). A file without expected JSON (the
/// peer could not read it) must be rejected with `ImportError` or recovered.
///
/// Argued deviations: files where plan deliberately lists something else
/// than the peer, each for one of the reasons in `DeliberateDifference`
/// (the whole list, with the RFC clause or client behaviour behind each, is
/// in DeliberateDifferences.swift beside this file). Each entry holds the
/// difference the file shows, exactly: any other difference in it fails.
@Suite struct CorpusTests {
    static let argued: [String: (DeliberateDifference, String)] = [
        "icalendar/calendars__rfc_7529": (.rscaleRules, "72 vs 0 expected; missing []; extra [(4.3.4, 2012-02-29, 2012-03-01, date), "
            + "(4.3.1, 2013-02-10, 2013-02-11, date), (4.3.4, 2013-03-01, 2013-03-02, date)]"),
        "icalendar/docs__example": (.newestCopyOfAnEvent, "1 vs 1 expected; missing [(d755cef5-2311-46ed-a0e1-6733c9e15c63, 2026-03-21T06:30:00Z, "
            + "2026-03-21T07:30:00Z, utc)]; extra [(d755cef5-2311-46ed-a0e1-6733c9e15c63, 2026-03-28T07:00:00Z, 2026-03-28T13:30:00Z, utc)]"),
        "icalendar/calendars__example": (.allDayEventOfZeroDays, "3 vs 3 expected; missing [(636a0cc1dbd5a1667894465@icalendar, 2022-01-01, 2022-01-01, date), "
            + "(636a0cc1dbfd91667894465@icalendar, 2022-01-07, 2022-01-07, date), (636a0cc1dc0f11667894465@icalendar, 2022-03-08, 2022-03-08, date)]; "
            + "extra [(636a0cc1dbd5a1667894465@icalendar, 2022-01-01, 2022-01-02, date), (636a0cc1dbfd91667894465@icalendar, 2022-01-07, 2022-01-08, date), "
            + "(636a0cc1dc0f11667894465@icalendar, 2022-03-08, 2022-03-09, date)]"),
        "khal/event_d_same_start_end": (.allDayEventOfZeroDays, "1 vs 1 expected; missing [(V042MJ8B3SJNFXQOJL6P53OFMHJE8Z3VZWOU, 2014-04-09, 2014-04-09, date)]; "
            + "extra [(V042MJ8B3SJNFXQOJL6P53OFMHJE8Z3VZWOU, 2014-04-09, 2014-04-10, date)]"),
        "icalendar/calendars__issue_1081_invalid_rrule_freq": (.ruleWithoutFrequency, "1 vs 0 expected; missing []; extra [(test-123, 2025-01-01T10:00:00Z, 2025-01-01T10:00:00Z, utc)]"),
    ]

    static var corpus: URL? {
        if let env = ProcessInfo.processInfo.environment["PLAN_CORPUS"] { return URL(fileURLWithPath: env) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let dir = root.appendingPathComponent("shared/ics-corpus")
        return FileManager.default.fileExists(atPath: dir.appendingPathComponent("ics").path) ? dir : nil
    }

    struct Key: Hashable, CustomStringConvertible {
        var uid: String, start: String, end: String, kind: String
        var description: String { "(\(uid), \(start), \(end), \(kind))" }
    }

    /// The peer's sort key: start read as UTC (floating and dates too).
    static func sortKey(_ start: String) -> String {
        start.contains("T") ? String(start.prefix(19)) : start + "T00:00:00"
    }

    @Test func corpusMatchesThePeer() throws {
        guard let corpus = Self.corpus else {
            print("corpus: skipped: ../shared/ics-corpus not found (set PLAN_CORPUS to its path)")
            return
        }
        let window = TimeRange(start: Instant(seconds: 946_684_800), end: Instant(seconds: 1_924_992_000))
        let options = ImportOptions(window: window, floatingZone: .utc, maxOccurrencesPerSeries: 100_000)
        let fm = FileManager.default
        var matched = 0, argued = 0, withExpectation = 0, rejected = 0, recovered = 0
        var failures: [String] = []
        var slowest: [(Duration, String)] = []
        let sources = try fm.contentsOfDirectory(atPath: corpus.appendingPathComponent("ics").path).sorted()
        for source in sources {
            let dir = corpus.appendingPathComponent("ics/\(source)")
            for file in try fm.contentsOfDirectory(atPath: dir.path).sorted() {
                let name = file.hasSuffix(".ics") ? String(file.dropLast(4)) : file
                let label = "\(source)/\(name)"
                let expectedURL = corpus.appendingPathComponent("expected/\(source)/\(name).json")
                let clock = ContinuousClock()
                let began = clock.now
                let outcome = Result { () throws(ImportError) in
                    try ICalImporter.importFile(path: dir.appendingPathComponent(file).path, options: options)
                }
                slowest.append((clock.now - began, label))
                guard let data = fm.contents(atPath: expectedURL.path) else {
                    switch outcome {
                    case .success: recovered += 1
                    case .failure(let e):
                        rejected += 1
                        #expect(!e.description.isEmpty)
                    }
                    continue
                }
                withExpectation += 1
                let doc = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                let expected = (doc["occurrences"] as? [[String: Any]] ?? []).map {
                    Key(uid: $0["uid"] as? String ?? "", start: $0["start"] as? String ?? "",
                        end: $0["end"] as? String ?? "", kind: $0["kind"] as? String ?? "")
                }
                let capped = doc["capped"] as? Bool ?? false
                let problem: String?
                switch outcome {
                case .failure(let e):
                    problem = "rejected: \(e)"
                case .success(let result):
                    var ours = result.occurrences.map {
                        Key(uid: $0.uid, start: $0.start.wireString, end: $0.end.wireString, kind: $0.start.kind)
                    }
                    var theirs = expected
                    if capped, let last = expected.map({ Self.sortKey($0.start) }).max() {
                        // Compare what starts before the last expected start; at that
                        // start the peer's cut may fall between equal keys.
                        ours = ours.filter { Self.sortKey($0.start) < last }
                        theirs = expected.filter { Self.sortKey($0.start) < last }
                    }
                    problem = Self.difference(ours, theirs)
                }
                if let problem {
                    if let (_, shown) = Self.argued[label], shown == problem {
                        argued += 1
                    } else {
                        failures.append("\(label): \(problem)")
                    }
                } else {
                    matched += 1
                    #expect(Self.argued[label] == nil, "\(label) now matches: remove it from the argued list")
                }
            }
        }
        slowest.sort { $0.0 > $1.0 }
        let top = slowest.prefix(3).map { "\($0.1) \($0.0.formatted(.units(allowed: [.seconds, .milliseconds])))" }
        print("corpus: \(matched)/\(withExpectation) match, \(argued) argued, \(failures.count) differ, 0 crashes; "
            + "without expectation: \(rejected) rejected, \(recovered) recovered; slowest: \(top.joined(separator: ", "))")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(withExpectation > 250, "the corpus looks incomplete")
    }

    /// nil when equal as multisets; else a short account of what differs.
    static func difference(_ ours: [Key], _ theirs: [Key]) -> String? {
        var count: [Key: Int] = [:]
        for k in ours { count[k, default: 0] += 1 }
        for k in theirs { count[k, default: 0] -= 1 }
        let extra = count.filter { $0.value > 0 }.keys.sorted { $0.start < $1.start }
        let missing = count.filter { $0.value < 0 }.keys.sorted { $0.start < $1.start }
        if extra.isEmpty && missing.isEmpty { return nil }
        return "\(ours.count) vs \(theirs.count) expected; missing \(missing.prefix(3)); extra \(extra.prefix(3))"
    }
}
