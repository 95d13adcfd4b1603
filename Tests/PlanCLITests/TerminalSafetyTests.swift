import Foundation
import Testing

/// Hostile and wide text through the real binary: a task titled with a
/// screen clear, a bell and a carriage return (refused, the refusal showing
/// them), one with a right-to-left override, CJK and emoji, and a calendar
/// whose SUMMARY and LOCATION carry escape sequences. Nothing the terminal
/// would act on reaches stdout or stderr, and the week grid's columns stay
/// where they are.
@Suite(.serialized) struct TerminalSafetyTests {
    static let hostileTitle = "世界 😀 \u{1B}[2J\u{07}Essay\rover \u{202E}txt"
    /// No control character, but a right-to-left override: kept, and shown inert.
    static let wideTitle = "世界 😀 Essay over \u{202E}txt"

    /// A calendar with escape sequences (CSI, OSC with BEL, a C1 CSI) in SUMMARY and LOCATION.
    static let hostileCalendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//plan tests//hostile//EN\r
        BEGIN:VEVENT\r
        UID:hostile-1@example.edu\r
        DTSTAMP:20260801T000000Z\r
        DTSTART;TZID=America/New_York:20261124T100000\r
        DTEND;TZID=America/New_York:20261124T113000\r
        SUMMARY:\u{1B}[31mRED\u{1B}]0;pwned\u{07} \u{9B}2J 歴史 lecture\r
        LOCATION:\u{1B}[1A\u{08}Room 1\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:hostile-2@example.edu\r
        DTSTAMP:20260801T000000Z\r
        DTSTART;TZID=America/New_York:20261125T090000\r
        DTEND;TZID=America/New_York:20261125T103000\r
        SUMMARY:שלום seminar 👩‍💻\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    /// What a terminal acts on: C0 controls but the newline, DEL, C1, and the bidi embeddings and overrides.
    static func acting(_ s: String) -> [Unicode.Scalar] {
        s.unicodeScalars.filter { u in
            (u.value < 0x20 && u != "\n") || (0x7F...0x9F).contains(u.value) || (0x202A...0x202E).contains(u.value)
                || (0x2066...0x2067).contains(u.value)
        }
    }

    /// Terminal cells, worked out here apart from plan's own: wide East Asian and emoji 2, marks and format 0.
    static func cells(_ line: Substring) -> [Int] {
        var col = 0, rules: [Int] = []
        for c in line {
            if c == "│" { rules.append(col) }
            let u = c.unicodeScalars.first!
            switch u.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: continue
            default: break
            }
            let wide = u.properties.isEmojiPresentation || [0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
                                                             0xFF00...0xFF60, 0x20000...0x3FFFD].contains { $0.contains(u.value) }
            col += wide ? 2 : 1
        }
        return rules
    }

    @Test func nothingFromTheDataReachesTheTerminalAndColumnsHold() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let calendar = dir.appendingPathComponent("hostile.ics")
        try Self.hostileCalendar.write(to: calendar, atomically: true, encoding: .utf8)
        let env = ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path, "PLAN_NOW": "2026-11-23T08:00:00-05:00", "COLUMNS": "100"]

        var runs: [(String, CLIRunner.Output)] = []
        func run(_ args: [String]) throws -> CLIRunner.Output {
            let out = try CLIRunner.run(args, environment: env)
            runs.append((args.joined(separator: " "), out))
            return out
        }
        // A title or note with a control character is refused where it enters, the value shown inert.
        let refused = try run(["add-task", Self.hostileTitle, "--id", "essay", "--estimate", "3h", "--due", "2026-11-27"])
        #expect(refused.status == 65 && refused.stderr == "plan: title \"世界 😀 ␛[2J␇Essay␍over <U+202E>txt\": expected one line of text "
                    + "without control characters (U+001B at character 6)\n", "\(refused.stderr)")
        let notes = try run(["add-task", Self.wideTitle, "--estimate", "3h", "--due", "2026-11-27", "--notes", "see \u{1B}]8;;http://x\u{1B}\\link"])
        #expect(notes.status == 65 && notes.stderr.contains("--notes \"see ␛]8;;http://x␛\\link\""), "\(notes.stderr)")
        let added = try run(["add-task", Self.wideTitle, "--id", "essay", "--estimate", "3h", "--due", "2026-11-27",
                             "--notes", "see\nthe link", "--calendar", calendar.path])
        #expect(added.status == 0, "\(added.stderr)")
        let events = try run(["events", calendar.path, "--from", "2026-11-23", "--to", "2026-11-30"])
        // The escapes are shown, not acted on: ESC as ␛, the C1 CSI by its code point.
        #expect(events.stdout.contains("␛[31mRED␛]0;pwned␇ <U+009B>2J 歴史 lecture"), "\(events.stdout)")
        #expect(events.stdout.contains("\u{2068}שלום seminar 👩‍💻\u{2069}"))
        _ = try run(["tasks"])
        let shown = try run(["task", "show", "essay"])
        #expect(shown.stdout.contains("世界 😀 Essay over <U+202E>txt"), "\(shown.stdout)")
        _ = try run(["agenda", "--days", "3"])
        _ = try run(["replan", "--dry-run"])
        let week = try run(["week"])
        // An error that quotes the value, and a usage error that does.
        let unknown = try run(["task", "show", "\u{1B}]0;title\u{07}"])
        #expect(unknown.status == 65 && unknown.stderr.contains("␛]0;title␇"), "\(unknown.stderr)")
        let usage = try run(["events", calendar.path, "--from", "\u{1B}[2Jsoon"])
        #expect(usage.status == 64 && usage.stderr.contains("␛[2Jsoon"), "\(usage.stderr)")

        for (what, out) in runs {
            #expect(Self.acting(out.stdout).isEmpty, "plan \(what): stdout has \(Self.acting(out.stdout).map { String($0.value, radix: 16) })")
            #expect(Self.acting(out.stderr).isEmpty, "plan \(what): stderr has \(Self.acting(out.stderr).map { String($0.value, radix: 16) })")
        }

        // The week grid: every line's column rules where the header's are.
        let lines = week.stdout.split(separator: "\n")
        let header = Self.cells(lines[1])
        #expect(header.count == 5)
        let grid = lines.dropFirst(2).filter { $0.contains("│") }
        #expect(grid.count > 4)
        for line in grid { #expect(Self.cells(line) == header, "\(line)") }
        #expect(week.stdout.contains("▸ 世界 😀 Essay") && week.stdout.contains("\u{2068}שלום seminar 👩‍💻\u{2069}"), "\(week.stdout)")
    }
}
