import Foundation
import PlanCore
import PlanICal
import Testing

/// How a file is laid out (RFC 5545 §3.1, §3.4): bare VEVENTs, several
/// VCALENDARs, line endings, folding, text encodings.
@Suite struct FileStructureTests {
    static let two = [
        Row.single("a", "2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z"),
        Row.single("b", "2026-01-06T08:00:00Z", "2026-01-06T09:00:00Z", tzid: "Europe/Berlin"),
    ]

    /// VEVENTs with no VCALENDAR around them (the peer wraps them in one).
    @Test func bareVevents() throws {
        let lines = ICS.event("a", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z")
            + ICS.event("b", "DTSTART;TZID=Europe/Berlin:20260106T090000", "DTEND;TZID=Europe/Berlin:20260106T100000")
        let result = try ICS.read(lines)
        #expect(ICS.rows(result) == Self.two)
        #expect(result.eventCount == 2)
    }

    /// Several VCALENDARs in one file: all are read; each one's
    /// X-WR-TIMEZONE applies to its own events only.
    @Test func severalVcalendars() throws {
        let lines = ICS.calendar(ICS.event("a", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z"))
            + ICS.calendar(header: ["X-WR-TIMEZONE:Europe/Berlin"], ICS.event("b", "DTSTART:20260106T090000", "DTEND:20260106T100000"))
            + ICS.calendar(ICS.event("c", "DTSTART:20260107T090000", "DTEND:20260107T100000"))
        let result = try ICS.read(lines)
        #expect(result.warnings.isEmpty)
        #expect(ICS.rows(result) == Self.two + [.single("c", "2026-01-07T09:00:00", "2026-01-07T10:00:00")])
    }

    static let body = ICS.calendar(
        ICS.event("a", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z"),
        ICS.event("b", "DTSTART;TZID=Europe/Berlin:20260106T090000", "DTEND;TZID=Europe/Berlin:20260106T100000"))

    @Test(arguments: ["CRLF", "LF", "mixed", "CR", "no final newline"])
    func lineEndings(_ style: String) throws {
        let bytes: [UInt8] = switch style {
        case "CRLF": Array(Self.body.joined(separator: "\r\n").utf8) + [13, 10]
        case "LF": Array(Self.body.joined(separator: "\n").utf8) + [10]
        // Old Mac files end lines with a lone CR. §3.1 asks for CRLF, so this
        // is leniency (the peer cannot read such a file at all).
        case "CR": Array(Self.body.joined(separator: "\r").utf8) + [13]
        case "mixed": Array(Self.body.enumerated().map { i, l in l + (i % 2 == 0 ? "\r\n" : "\n") }.joined().utf8)
        default: Array(Self.body.joined(separator: "\r\n").utf8)
        }
        let result = try ICS.read(bytes: bytes)
        #expect(result.warnings.isEmpty)
        #expect(ICS.rows(result) == Self.two)
    }

    /// §3.1: a CRLF followed by a space or a tab continues the line, anywhere
    /// — inside a parameter, inside a value, and inside a multi-octet UTF-8
    /// character ("Ü" is C3 9C: the fold falls between the two octets).
    ///
    /// Peer disagreement: the peer decodes before unfolding and turns the
    /// split "Ü" into two U+FFFD; §3.1 says "implementations need to unfold
    /// lines in such a way to properly restore the original sequence".
    @Test func foldedLines() throws {
        var bytes = Array(ICS.text(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x", "BEGIN:VEVENT", "UID:f",
                                    "DTSTART;TZID=Europe/Ber", " lin:20260105T090000",
                                    "DTEND;TZID=Europe/Berlin:2026010", "\t5T100000",
                                    "DESCRIPTION:a long", "  description"]).utf8)
        bytes += Array("SUMMARY:Vorlesung ".utf8) + [0xC3, 13, 10, 0x20, 0x9C] + Array("bung\r\n".utf8)
        bytes += Array(ICS.text(["END:VEVENT", "END:VCALENDAR"]).utf8)
        let result = try ICS.read(bytes: bytes)
        #expect(result.warnings.isEmpty)
        #expect(ICS.rows(result) == [.single("f", "2026-01-05T08:00:00Z", "2026-01-05T09:00:00Z", tzid: "Europe/Berlin")])
        #expect(result.occurrences.first?.summary == "Vorlesung Übung")
    }

    /// Bytes that are not UTF-8 (Latin-1 "é", "ü") do not stop the import:
    /// the event is read and each bad byte becomes U+FFFD (as the peer does).
    @Test func bytesThatAreNotUtf8() throws {
        var bytes = Array(ICS.text(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x", "BEGIN:VEVENT", "UID:l",
                                    "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z"]).utf8)
        bytes += Array("SUMMARY:Caf".utf8) + [0xE9] + Array(" m".utf8) + [0xFC] + Array("de\r\n".utf8)
        bytes += Array(ICS.text(["END:VEVENT", "END:VCALENDAR"]).utf8)
        let result = try ICS.read(bytes: bytes)
        #expect(ICS.rows(result) == [.single("l", "2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z")])
        #expect(result.occurrences.first?.summary == "Caf\u{FFFD} m\u{FFFD}de")
    }

    /// A UTF-8 byte-order mark before BEGIN:VCALENDAR is skipped.
    @Test func byteOrderMark() throws {
        let result = try ICS.read(bytes: [0xEF, 0xBB, 0xBF] + ICS.bytes(Self.body))
        #expect(result.warnings.isEmpty)
        #expect(ICS.rows(result) == Self.two)
    }

    /// Reading a file from disk gives what reading its bytes gives; a missing
    /// path is `unreadable`.
    @Test func importFileAndMissingPath() throws {
        let path = "/tmp/plan-importer-test-\(UInt32.random(in: 0...UInt32.max)).ics"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(ICS.bytes(Self.body))))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try ICalImporter.importFile(path: path, options: ICS.options())
        #expect(ICS.rows(result) == Self.two)
        #expect(result.occurrences.allSatisfy { $0.source == path })
        do {
            _ = try ICalImporter.importFile(path: path + ".missing", options: ICS.options())
            Issue.record("a missing file was read")
        } catch {
            guard case .unreadable(let file, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(file == path + ".missing")
        }
    }
}
