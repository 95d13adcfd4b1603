import Foundation
import PlanCore
import PlanFiles
import PlanICal
import Testing

/// Bad input (issue 2, point 4): never crash, never hang; recover what is
/// readable with warnings naming file, line, property and value; reject a
/// file with nothing readable with `ImportError.invalid`.
@Suite(.serialized) struct BadInputTests {
    /// The most an import below may take. Each runs in well under a second
    /// on its own (debug build); the margin covers waiting for the importer's
    /// process-wide lock while another suite imports a large corpus file.
    static let quick: Duration = .seconds(15)

    /// Times a block.
    static func timed<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        let value = try body()
        return (value, clock.now - start)
    }

    static func isInvalid(_ error: ImportError?, file: String = "test.ics") -> Bool {
        if case .invalid(let f, let reason)? = error { return f == file && !reason.isEmpty }
        return false
    }

    // MARK: Nothing readable

    @Test(arguments: [
        ("empty", [UInt8]()),
        ("whitespace", Array(" \r\n\t\n  \r\n".utf8)),
        ("binary junk", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }),
        ("NUL bytes only", [UInt8](repeating: 0, count: 64)),
        ("text that is not iCalendar", Array("Dear student,\nyour timetable is attached.\n".utf8)),
    ])
    func nothingReadableIsRejected(_ name: String, _ bytes: [UInt8]) {
        let error = ICS.error(bytes)
        #expect(Self.isInvalid(error), "\(name): \(String(describing: error))")
        #expect(error?.description.hasPrefix("test.ics: ") == true)
    }

    /// Binary junk that happens to contain a `BEGIN:` line still holds no
    /// calendar, no event: "Reject a file with nothing readable" (issue 2).
    ///
    /// Importer bug: this is accepted with zero occurrences and nine warnings.
    @Test func binaryJunkWithABeginLineIsRejected() {
        let bytes: [UInt8] = [0x89] + Array("PNG\r\n".utf8) + [0x1A, 0x0A] + Array("BEGIN:".utf8) + [0xFF, 0xFE, 0x00]
            + Array("garbage\r\n".utf8) + (0...255).map { UInt8($0) }
        #expect(Self.isInvalid(ICS.error(bytes)))
    }

    /// An empty but well-formed calendar is not an error: nothing to list.
    @Test func emptyCalendarIsFine() throws {
        let result = try ICS.read(ICS.calendar())
        #expect(result.occurrences.isEmpty)
        #expect(result.warnings.isEmpty)
        #expect(result.eventCount == 0)
    }

    // MARK: Truncated

    /// No END:VCALENDAR: the complete VEVENT is recovered, with a `truncated`
    /// warning at the last line. (The peer reads nothing from such a file.)
    @Test func missingEndVcalendar() throws {
        let lines = Array(ICS.calendar(ICS.event("whole", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z")).dropLast())
        let result = try ICS.read(lines)
        #expect(ICS.rows(result) == [.single("whole", "2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z")])
        #expect(ICS.ids(result) == ["truncated"])
        #expect(result.warnings.first?.line == lines.count)
    }

    /// A file cut inside a VEVENT: the complete VEVENT is recovered; the cut
    /// one is not listed (it may have lost its RRULE, EXDATE, …).
    ///
    /// Importer bug (if "recover complete VEVENTs" is the rule, as the brief
    /// says): the cut VEVENT "cut" is listed as if it were complete.
    @Test func cutInsideAVevent() throws {
        let lines = Array(ICS.calendar(ICS.event("whole", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z")).dropLast())
            + ["BEGIN:VEVENT", "UID:cut", "DTSTART:20260106T090000Z", "DTEND:20260106T100000Z"]
        let result = try ICS.read(lines)
        #expect(ICS.rows(result) == [.single("whole", "2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z")])
        #expect(ICS.ids(result).contains("truncated"))
    }

    /// Cut in the middle of a value: the complete VEVENT is recovered.
    @Test func cutInsideAValue() throws {
        let text = ICS.text(Array(ICS.calendar(ICS.event("whole", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z")).dropLast()))
            + "BEGIN:VEVENT\r\nUID:cut\r\nDTSTART:20260106T090000Z\r\nDTEND:20260106T10"
        let result = try ICS.read(bytes: Array(text.utf8))
        #expect(ICS.rows(result) == [.single("whole", "2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z")])
        #expect(ICS.ids(result).contains("truncated"))
    }

    // MARK: Values libical cannot read

    /// A value libical turns into X-LIC-ERROR: the event is kept (GEO does not
    /// affect when it happens) and the warning names line, property, value.
    @Test func unreadableValueIsReportedWithLinePropertyAndValue() throws {
        let lines = ICS.calendar(ICS.event("x", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z", "GEO:north;south"))
        #expect(lines[8] == "GEO:north;south")
        let result = try ICS.read(lines)
        #expect(ICS.rows(result) == [.single("x", "2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z")])
        let w = try #require(result.warnings.first)
        #expect(result.warnings.count == 1)
        #expect(w.line == 9)
        #expect(w.property == "GEO")
        #expect(w.value == "north;south")
        #expect(w.description.hasPrefix("test.ics:9: GEO \"north;south\": "))
    }

    /// An unreadable DTEND: the event's times cannot be known, so it is
    /// skipped (the peer skips it too), and the warnings say where and why.
    @Test func unreadableDtendSkipsTheEvent() throws {
        let lines = ICS.calendar(ICS.event("x", "DTSTART:20260105T090000Z", "DTEND:tomorrow"),
                                 ICS.event("ok", "DTSTART:20260106T090000Z", "DTEND:20260106T100000Z"))
        let result = try ICS.read(lines)
        #expect(ICS.rows(result) == [.single("ok", "2026-01-06T09:00:00Z", "2026-01-06T10:00:00Z")])
        #expect(result.warnings.contains { $0.line == 8 && $0.property == "DTEND" && $0.value == "tomorrow" })
        #expect(result.warnings.allSatisfy { $0.line != nil })
    }

    /// libical normalises 20251345T999999 to 2026-02-18T04:40:39Z; we refuse
    /// it (month 13, hour 99) with a warning, and the event has no DTSTART.
    @Test func impossibleDateIsRefusedNotNormalised() throws {
        let lines = ICS.calendar(ICS.event("bad", "DTSTART:20251345T999999Z", "DTEND:20251345T999999Z"),
                                 ICS.event("ok", "DTSTART:20260106T090000Z", "DTEND:20260106T100000Z"))
        let result = try ICS.read(lines)
        #expect(ICS.rows(result) == [.single("ok", "2026-01-06T09:00:00Z", "2026-01-06T10:00:00Z")])
        #expect(!result.occurrences.contains { $0.start.wireString == "2026-02-18T04:40:39Z" })
        let w = try #require(result.warnings.first { $0.property == "DTSTART" })
        #expect(w.line == 7)
        #expect(w.value == "20251345T999999Z")
        #expect(w.description.hasPrefix("test.ics:7: DTSTART \"20251345T999999Z\": "))
    }

    /// A VEVENT with no DTSTART takes no time: skipped with a warning.
    @Test func veventWithoutDtstart() throws {
        let result = try ICS.read(ICS.calendar(ICS.event("none", "SUMMARY:No time"),
                                               ICS.event("ok", "DTSTART:20260106T090000Z")))
        #expect(ICS.rows(result) == [.single("ok", "2026-01-06T09:00:00Z", "2026-01-06T09:00:00Z")])
        #expect(ICS.ids(result) == ["no-dtstart"])
        #expect(result.warnings.first?.line == 4)
    }

    // MARK: Rules that never end or cannot be

    /// FREQ=SECONDLY with no end, starting in the window: finishes quickly,
    /// keeps exactly `maxOccurrencesPerSeries` (the first 1,000 seconds) and
    /// says so.
    @Test func secondlyWithNoEnd() throws {
        let lines = ICS.calendar(ICS.event("s", "DTSTART:20260105T090000Z", "RRULE:FREQ=SECONDLY"))
        let (result, took) = try Self.timed {
            try ICS.read(lines, options: ICS.options(from: "2026-01-05T00:00:00Z", to: "2026-01-06T00:00:00Z", cap: 1000))
        }
        #expect(took < Self.quick)
        #expect(result.occurrences.count == 1000)
        #expect(result.occurrences.first?.start.wireString == "2026-01-05T09:00:00Z")
        #expect(result.occurrences.last?.start.wireString == "2026-01-05T09:16:39Z")
        #expect(result.occurrences.allSatisfy { $0.start == $0.end && $0.recurrenceId == $0.start })
        #expect(ICS.ids(result).contains("occurrence-cap"))
    }

    /// The same rule from the year 2000, read over one hour of 2026: the
    /// window holds 3,600 instances, so the first 1,000 of them are listed
    /// (00:00:00–00:16:39) with an `occurrence-cap` warning.
    ///
    /// Importer bug: nothing is listed — the per-rule bound counts instances
    /// generated before the window, and runs out long before it.
    @Test func secondlyWithNoEndFromLongBeforeTheWindow() throws {
        let lines = ICS.calendar(ICS.event("s", "DTSTART:20000105T090000Z", "RRULE:FREQ=SECONDLY"))
        let (result, took) = try Self.timed {
            try ICS.read(lines, options: ICS.options(from: "2026-01-05T00:00:00Z", to: "2026-01-05T01:00:00Z", cap: 1000))
        }
        #expect(took < Self.quick)
        #expect(result.occurrences.count == 1000)
        #expect(result.occurrences.first?.start.wireString == "2026-01-05T00:00:00Z")
        #expect(result.occurrences.last?.start.wireString == "2026-01-05T00:16:39Z")
        #expect(ICS.ids(result).contains("occurrence-cap"))
    }

    /// The per-series bound: a series with exactly `cap` instances in the
    /// window keeps them all without a warning; one more keeps `cap` and says so.
    @Test func theSeriesCapIsExact() throws {
        let options = ICS.options(from: "2026-01-05T00:00:00Z", to: "2026-01-06T00:00:00Z", cap: 500)
        for (count, warned) in [(500, false), (501, true)] {
            let lines = ICS.calendar(ICS.event("m", "DTSTART:20260105T090000Z", "RRULE:FREQ=MINUTELY;COUNT=\(count)"))
            let result = try ICS.read(lines, options: options)
            #expect(result.occurrences.count == 500, "COUNT=\(count)")
            #expect(ICS.ids(result).contains("occurrence-cap") == warned, "COUNT=\(count): \(result.warnings)")
        }
    }

    /// The bound on a rule's steps (100,000, counted before and in the
    /// window): a COUNT that ends exactly there needs no warning; one more
    /// instance is cut with one, naming the rule.
    @Test func theStepBoundIsExact() throws {
        let options = ICS.options(from: "2026-01-05T00:00:00Z", to: "2026-01-06T00:00:00Z")
        for (count, warned) in [(100_000, false), (100_001, true)] {
            let lines = ICS.calendar(ICS.event("s", "DTSTART:20000105T090000Z", "RRULE:FREQ=SECONDLY;COUNT=\(count)"))
            let (result, took) = try Self.timed { try ICS.read(lines, options: options) }
            #expect(took < Self.quick)
            #expect(result.occurrences.isEmpty, "the series ends in January 2000")
            let stopped = result.warnings.filter { $0.message == "expansion stopped after 100000 steps of the rule; later occurrences are not listed" }
            #expect(stopped.count == (warned ? 1 : 0), "COUNT=\(count): \(result.warnings)")
            if warned { #expect(stopped.first?.value == "FREQ=SECONDLY;COUNT=100001") }
        }
    }

    /// The rules of one series share the step bound (found by libFuzzer: one
    /// event with 158 copies of a weekly rule, 28 years long so that every
    /// instance since 1997 reaches the window, held the importer 7 s): rules
    /// of 60,000 and 40,000 steps are expanded; 60,000 and 40,001, and the
    /// second stops, naming the event's bound.
    @Test func theRulesOfOneSeriesShareTheStepBoundExactly() throws {
        let options = ICS.options(from: "2026-01-05T00:00:00Z", to: "2026-01-06T00:00:00Z")
        for (second, warned) in [(40_000, false), (40_001, true)] {
            let lines = ICS.calendar(ICS.event("s", "DTSTART:20000105T090000Z",
                                               "RRULE:FREQ=SECONDLY;COUNT=60000",
                                               "RRULE:FREQ=SECONDLY;INTERVAL=2;COUNT=\(second)"))
            let (result, took) = try Self.timed { try ICS.read(lines, options: options) }
            #expect(took < Self.quick)
            #expect(result.occurrences.isEmpty, "both rules end in January 2000")
            let stopped = result.warnings.filter { $0.id == "occurrence-cap" }
            #expect(stopped.map(\.message) == (warned ? ["expansion stopped after 100000 steps of this event's rules; later occurrences are not listed"] : []),
                    "second rule COUNT=\(second): \(result.warnings)")
            if warned { #expect(stopped.first?.value == "FREQ=SECONDLY;COUNT=40001;INTERVAL=2") }
        }
    }

    /// A rule written many times is walked once: the fuzzer's input, 158
    /// copies of a weekly rule on an event from 1997 to 2026, gives the
    /// occurrences of one copy and no cap warning (158 × 3,054 steps would
    /// pass the series' bound).
    @Test func aRepeatedRuleIsWalkedOnce() throws {
        let options = ICS.options(from: "2026-01-01T00:00:00Z", to: "2027-01-01T00:00:00Z", cap: 10_000)
        func read(copies: Int) throws -> ImportResult {
            try ICS.read(ICS.calendar(["BEGIN:VEVENT", "UID:long", "DTSTAMP:20260101T000000Z", "DTSTART:19970929T090000Z",
                                       "DTEND:20260305T170000Z"]
                                      + Array(repeating: "RRULE:FREQ=WEEKLY;BYDAY=MO,TU", count: copies) + ["END:VEVENT"]),
                         options: options)
        }
        let once = try read(copies: 1)
        let many = try read(copies: 158)
        #expect(once.occurrences.count == 3_054, "every Monday and Tuesday since 1997-09-29 reaches into 2026")
        #expect(many.occurrences == once.occurrences)
        #expect(many.warnings.isEmpty, "\(many.warnings)")
    }

    /// The bound on dense rules that filter (found by the fuzz pass:
    /// `FREQ=MINUTELY;BYDAY=1SA` held libical for over 30 s, walking every
    /// minute between two Saturdays): 100,000 periods from DTSTART to a day
    /// past the window are expanded; 100,001, and the rule is a `bad-rule`.
    @Test func aDenseRuleThatFiltersIsBoundedExactly() throws {
        let options = ICS.options(from: "2026-01-05T00:00:00Z", to: "2026-01-06T00:00:00Z")
        let rule = "FREQ=MINUTELY;COUNT=1000000;BYMINUTE=0;BYHOUR=9;BYDAY=MO"  // in the order libical writes it
        // 2026-01-07T00:00Z less 100,000 and 100,001 minutes. (BYSECOND adds instances to a MINUTELY rule: no bound,
        // RecurrenceRuleTests.)
        for (start, refused) in [("20251029T132000Z", false), ("20251029T131900Z", true)] {
            let lines = ICS.calendar(ICS.event("d", "DTSTART:\(start)", "DURATION:PT30M", "RRULE:" + rule))
            let (result, took) = try Self.timed { try ICS.read(lines, options: options) }
            #expect(took < Self.quick)
            let message = "libical would walk more than 100000 periods of this rule to expand it; only DTSTART was used"
            let warned = result.warnings.filter { $0.id == "bad-rule" && $0.message == message }
            #expect(warned.map(\.value) == (refused ? [rule] : []), "\(result.warnings)")
            // Monday 5 January 09:00 when the rule is expanded; DTSTART alone is before the window.
            #expect(result.occurrences.count == (refused ? 0 : 1), "DTSTART \(start)")
        }
    }

    /// A series that starts after the window is not expanded at all (found
    /// by the fuzz pass: libical searched minutes for the first instance of
    /// `FREQ=MINUTELY;BYDAY=1SA` from 2035).
    @Test func aSeriesThatStartsAfterTheWindowIsNotWalked() throws {
        let options = ICS.options(from: "2026-01-05T00:00:00Z", to: "2026-01-06T00:00:00Z")
        let lines = ICS.calendar(ICS.event("late", "DTSTART:20350907T043003", "DURATION:PT1H", "RRULE:FREQ=MINUTELY;BYDAY=1SA"))
        let (result, took) = try Self.timed { try ICS.read(lines, options: options) }
        #expect(took < .seconds(2))
        #expect(result.occurrences.isEmpty)
    }

    /// The bound on a VTIMEZONE's rules (found by the fuzzer: a STANDARD
    /// observance with FREQ=SECONDLY held libical for hours and past 500 MB
    /// as it expanded the zone second by second). A rule that changes the
    /// offset 12 times in a year is used; 13 times, and the zone is ignored
    /// with a `bad-rule` warning naming it, quickly.
    @Test(arguments: [("FREQ=MONTHLY", false), ("FREQ=DAILY;INTERVAL=29", true), ("FREQ=SECONDLY;BYSETPOS=-1", true),
                      ("FREQ=MINUTELY;BYDAY=1SA", true), ("FREQ=HOURLY;BYDAY=2SU;BYMONTH=3", true)])
    func aTimeZoneRuleThatChangesTooOftenIsIgnored(_ rule: String, _ refused: Bool) throws {
        let zone = ["BEGIN:VTIMEZONE", "TZID:Fuzzy/Zone", "BEGIN:STANDARD", "DTSTART:19700101T000000",
                    "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100", "RRULE:" + rule, "END:STANDARD", "END:VTIMEZONE"]
        let lines = ICS.calendar(zone, ICS.event("z", "DTSTART;TZID=Fuzzy/Zone:20260105T090000", "DURATION:PT1H"))
        let (result, took) = try Self.timed {
            try ICS.read(lines, options: ICS.options(from: "2026-01-05T00:00:00Z", to: "2026-01-06T00:00:00Z"))
        }
        #expect(took < Self.quick)
        let message = "the VTIMEZONE \"Fuzzy/Zone\" changes its offset more than 12 times a year by this rule; the zone was ignored"
        let warned = result.warnings.filter { $0.id == "bad-rule" && $0.message == message }
        #expect(warned.map(\.value) == (refused ? [rule] : []), "\(result.warnings)")
        #expect(result.occurrences.count == 1)
        if !refused {
            // 09:00 at +01:00 is 08:00 UTC: the zone was used.
            #expect(result.occurrences.first?.range(in: SystemZone.utc).start == Instant(seconds: 1_767_600_000))
        }
    }

    /// An endless daily series from 1950, read over one day of 2026 with a
    /// small cap: one instance, and no cap was hit in the window.
    ///
    /// Importer bug: nothing is listed (27,760 instances before the window
    /// exceed the bound `4 × cap + 10,000`), with an `occurrence-cap` warning.
    @Test func endlessDailySeriesFromLongAgo() throws {
        let rows = try ICS.expand(options: ICS.options(from: "2026-01-05T00:00:00Z", to: "2026-01-06T00:00:00Z", cap: 10),
                                  ICS.event("d", "DTSTART:19500105T090000Z", "DTEND:19500105T091000Z", "RRULE:FREQ=DAILY"))
        #expect(rows == Row.series("d", [("2026-01-05T09:00:00Z", "2026-01-05T09:10:00Z")]))
    }

    /// Every minute since 2020, read over one day: 1,440 instances.
    ///
    /// Importer bug: nothing is listed (same cause; also with the CLI's
    /// default cap of 100,000).
    @Test func endlessMinutelySeriesFromYearsAgo() throws {
        let lines = ICS.calendar(ICS.event("m", "DTSTART:20200105T090000Z", "DTEND:20200105T090100Z", "RRULE:FREQ=MINUTELY"))
        let (result, took) = try Self.timed {
            try ICS.read(lines, options: ICS.options(from: "2026-01-05T00:00:00Z", to: "2026-01-06T00:00:00Z", cap: 100_000))
        }
        #expect(took < Self.quick)
        #expect(result.occurrences.count == 1440)
        #expect(result.occurrences.first?.start.wireString == "2026-01-05T00:00:00Z")
        #expect(result.occurrences.last?.end.wireString == "2026-01-06T00:00:00Z")
    }

    /// INTERVAL=2^128 does not fit any integer type: no crash, a `bad-rule`
    /// warning naming the line, the rest of the file is read. The series
    /// contributes at most its DTSTART (its second instance would be 2^128
    /// days later).
    ///
    /// Importer bug (warning id): the warnings are `parse-error` and
    /// `skipped-event`, not `bad-rule`.
    @Test func hugeInterval() throws {
        let lines = ICS.calendar(
            ICS.event("i", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z",
                      "RRULE:FREQ=DAILY;INTERVAL=340282366920938463463374607431768211456"),
            ICS.event("ok", "DTSTART:20260106T090000Z", "DTEND:20260106T100000Z"))
        let result = try ICS.read(lines)
        let rows = ICS.rows(result)
        #expect(rows.filter { $0.uid == "ok" } == [.single("ok", "2026-01-06T09:00:00Z", "2026-01-06T10:00:00Z")])
        #expect(rows.filter { $0.uid == "i" }.allSatisfy { $0.start == "2026-01-05T09:00:00Z" })
        #expect(ICS.ids(result).contains("bad-rule"))
        #expect(result.warnings.contains { $0.line == 9 && $0.property == "RRULE" })
    }

    /// INTERVAL=99999 is a valid rule (§3.3.10: INTERVAL is any positive
    /// integer); its second instance is in the 23rd century. Only DTSTART is
    /// in the window. The peer agrees.
    ///
    /// libical keeps INTERVAL in a C short, so the rule cannot be expanded:
    /// it is ignored with a `bad-rule` warning naming the line, and DTSTART
    /// (still an instance of a series) is kept.
    @Test func largeButValidInterval() throws {
        let result = try ICS.read(ICS.calendar(ICS.event("x", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z",
                                                         "RRULE:FREQ=DAILY;COUNT=2;INTERVAL=99999")))
        #expect(ICS.rows(result) == Row.series("x", [("2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z")]))
        #expect(ICS.ids(result) == ["bad-rule"])
        #expect(result.warnings.first?.line == 9)
    }

    /// UNTIL before DTSTART: the rule adds nothing, but DTSTART "defines the
    /// first instance in the recurrence set" (§3.8.5.1, §3.8.5.3), so it is
    /// listed.
    ///
    /// Peer disagreement: the peer lists nothing for this event.
    @Test func untilBeforeDtstart() throws {
        let rows = try ICS.expand(ICS.event("u", "DTSTART:20260110T090000Z", "DTEND:20260110T100000Z",
                                            "RRULE:FREQ=DAILY;UNTIL=20260105T000000Z"))
        #expect(rows == Row.series("u", [("2026-01-10T09:00:00Z", "2026-01-10T10:00:00Z")]))
    }

    // MARK: NUL bytes, long lines

    /// NUL bytes are removed (they would end libical's C strings early) and
    /// reported.
    @Test func nulBytesAreRemoved() throws {
        let bytes = ICS.bytes(Array(ICS.calendar(ICS.event("n", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z")).dropLast(2)))
            + Array("SUMMARY:Lec".utf8) + [0] + Array("ture\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let result = try ICS.read(bytes: bytes)
        #expect(ICS.rows(result) == [.single("n", "2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z")])
        #expect(result.occurrences.first?.summary == "Lecture")
        #expect(ICS.ids(result) == ["nul-byte"])
    }

    /// The NUL warning names the line where the first NUL is (issue 2: "a
    /// warning … that names the file, the line where it can be found").
    ///
    /// Importer bug: its line is nil, so the message has no line number.
    @Test func nulByteWarningNamesTheLine() throws {
        let bytes = ICS.bytes(Array(ICS.calendar(ICS.event("n", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z")).dropLast(2)))
            + Array("SUMMARY:Lec".utf8) + [0] + Array("ture\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let result = try ICS.read(bytes: bytes)
        #expect(result.warnings.first?.line == 9)
        #expect(result.warnings.first?.description.hasPrefix("test.ics:9: ") == true)
    }

    /// A 4 MB line (libical's string parser is quadratic in line length).
    @Test func veryLongLineIsReadQuickly() throws {
        let long = "DESCRIPTION:" + String(repeating: "x", count: 4_000_000)
        let lines = ICS.calendar(ICS.event("l", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z", long))
        let (result, took) = try Self.timed { try ICS.read(lines) }
        #expect(took < Self.quick)
        #expect(ICS.rows(result) == [.single("l", "2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z")])
    }

    // MARK: Warning text

    /// `file:line: PROPERTY "value": message`; without a line, `file: …`.
    @Test func warningDescriptionNamesFileAndLine() {
        let w = ImportWarning(id: "bad-value", file: "cal.ics", line: 12, property: "DTEND", value: "tomorrow", message: "not a date")
        #expect(w.description == "cal.ics:12: DTEND \"tomorrow\": not a date")
        let noLine = ImportWarning(id: "x", file: "cal.ics", line: nil, property: nil, value: nil, message: "m")
        #expect(noLine.description == "cal.ics: m")
        let long = ImportWarning(id: "x", file: "f", line: 1, property: "P", value: String(repeating: "v", count: 100), message: "m")
        #expect(long.description == "f:1: P \"" + String(repeating: "v", count: ImportWarning.valueLength) + "…\": m")
        let quoting = ImportWarning(id: "bad-value", file: "f", line: 1, property: "P", value: String(repeating: "s", count: 500),
                                    message: "Could not parse value '\(String(repeating: "s", count: 500))' for property P")
        #expect(quoting.value?.count == ImportWarning.valueLength + 1)
        #expect(!quoting.message.contains(String(repeating: "s", count: ImportWarning.valueLength + 1)), "\(quoting.message)")
    }
}

/// Reading a calendar file: the whole of it, whatever its size claims, and a
/// clear reason when it cannot be read.
@Suite struct FileBytesTests {
    @Test func aFileIsReadWhole() throws {
        let path = NSTemporaryDirectory() + "plan-filebytes-\(getpid()).ics"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = Array(String(repeating: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", count: 5_000).utf8)
        try Data(text).write(to: URL(fileURLWithPath: path))
        #expect(try ICalImporter.fileBytes(path: path) == text)
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(try ICalImporter.fileBytes(path: path) == [])
    }

    /// A /proc file says its size is 0 and still has content: what is open is
    /// read to its end. As a path, it is no calendar (a view of the running
    /// system, through a link too): refused before it is read.
    @Test func aFileLongerThanItsSizeIsReadWholeButProcIsNoInput() throws {
        let fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        let bytes = try RegularFile.readAll(fd, limit: 1 << 20, sizeHint: 0)
        #expect(String(decoding: bytes, as: UTF8.self).contains("Pid:"))
        let link = NSTemporaryDirectory() + "plan-filebytes-proc-\(getpid()).ics"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/proc/self/status")
        defer { try? FileManager.default.removeItem(atPath: link) }
        for path in ["/proc/self/status", link, "/sys/kernel/uevent_seqnum"] {
            do {
                _ = try ICalImporter.fileBytes(path: path)
                Issue.record("\(path) was read")
            } catch {
                guard case .unreadable(let file, let reason) = error else { Issue.record("\(error)"); continue }
                #expect(file == path && reason.contains("a view of the running system under /proc or /sys"), "\(reason)")
            }
        }
    }

    /// The size bound: a file of exactly `limit` bytes is read, one byte more
    /// is refused, and a device is not read.
    @Test func aFileOverTheLimitIsRefused() throws {
        let path = NSTemporaryDirectory() + "plan-filebytes-limit-\(getpid()).ics"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = Array(String(repeating: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", count: 100).utf8)
        try Data(text).write(to: URL(fileURLWithPath: path))
        #expect(try ICalImporter.fileBytes(path: path, limit: text.count) == text)
        let refused = ImportError.invalid(file: path, reason: "larger than \(text.count - 1) bytes, the most plan reads from one calendar file (export a shorter range of dates)")
        #expect(throws: refused) { _ = try ICalImporter.fileBytes(path: path, limit: text.count - 1) }
        // A device is not read at all (it could be endless, or wait): refused saying what it is.
        #expect(throws: ImportError.unreadable(file: "/dev/zero", reason: "it is a device, not a file: plan reads only regular files (save it to a file first)")) {
            _ = try ICalImporter.fileBytes(path: "/dev/zero", limit: 65_536)
        }
        #expect(ICalImporter.maxFileBytes == 100_000_000)
    }

    @Test func aFolderOrAMissingFileSaysWhy() {
        #expect(throws: ImportError.unreadable(file: "/tmp", reason: "it is a directory")) {
            _ = try ICalImporter.fileBytes(path: "/tmp")
        }
        #expect(throws: ImportError.unreadable(file: "/nonexistent/x.ics", reason: "no such file")) {
            _ = try ICalImporter.fileBytes(path: "/nonexistent/x.ics")
        }
    }
}
