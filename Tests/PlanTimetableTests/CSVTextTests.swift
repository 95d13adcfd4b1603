import Testing
@testable import PlanTimetable

/// A CSV file's bytes become text line by line (``CSVText``): UTF-8 by
/// default, a byte order mark obeyed (UTF-8's skipped, UTF-16's in either
/// order decoded), Latin-1 only when asked for, and a line in no encoding
/// refused by its number with the way out, never read as Latin-1 behind the
/// user's back.
@Suite struct CSVTextTests {
    static func decode(_ bytes: [UInt8], _ encoding: CSVEncoding = .utf8) throws(CSVRecords.Problem) -> String {
        try CSVText.decode(bytes, as: encoding)
    }

    static func problem(_ bytes: [UInt8], _ encoding: CSVEncoding = .utf8) -> CSVRecords.Problem? {
        do {
            _ = try decode(bytes, encoding)
            return nil
        } catch {
            return error
        }
    }

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) + text.utf16.flatMap { u in
            bigEndian ? [UInt8(u >> 8), UInt8(u & 0xFF)] : [UInt8(u & 0xFF), UInt8(u >> 8)]
        }
    }

    @Test func utf8IsReadAndItsByteOrderMarkSkipped() throws {
        let text = "Instructor,GPA\r\nSøren Halvorsen,3.2\n"
        #expect(try Self.decode(Array(text.utf8)) == text)
        #expect(try Self.decode([0xEF, 0xBB, 0xBF] + Array(text.utf8)) == text)
        #expect(try Self.decode([0xEF, 0xBB, 0xBF] + Array(text.utf8), .latin1) == text, "the mark wins over the choice")
        #expect(try Self.decode([]) == "")
    }

    /// One Latin-1 byte on line 3 does not turn line 2's correct UTF-8 into mojibake: line 3 is refused.
    @Test(arguments: ["\n", "\r\n", "\r"])
    func aLineThatIsNotUTF8IsRefusedByItsNumber(breakText: String) throws {
        let bytes = Array("Instructor,GPA\(breakText)Søren Halvorsen,3.2\(breakText)Jos".utf8) + [0xE9] + Array(",3.0\(breakText)".utf8)
        let p = try #require(Self.problem(bytes))
        #expect(p.line == 3)
        #expect(p.reason.hasPrefix("not UTF-8; if the whole file is Latin-1"), "\(p.reason)")
        #expect(p.reason.contains("run again with --encoding latin1"))
    }

    @Test func aSequenceCutByALineBreakIsThatLinesFault() throws {
        let p = try #require(Self.problem(Array("a,b\nc".utf8) + [0xC3] + Array("\nd\n".utf8)))
        #expect(p.line == 2)
        #expect(Self.problem(Array("a\n".utf8) + [0xF0, 0x9F, 0x98])?.line == 2, "a sequence cut at the end of the file")
    }

    @Test func latin1IsReadWhenAskedForWithWindowsLetters() throws {
        let bytes: [UInt8] = Array("Instructor,GPA\nS".utf8) + [0xF8] + Array("ren,3.2\n".utf8) + [0x93, 0x80, 0x94, 0x81]
        #expect(try Self.decode(bytes, .latin1) == "Instructor,GPA\nSøren,3.2\n\u{201C}€\u{201D}\u{81}")
        #expect(try Self.decode(Array(0x20...0x7E), .latin1) == String(decoding: Array(0x20...0x7E), as: UTF8.self))
    }

    @Test(arguments: [false, true])
    func utf16IsReadByItsByteOrderMark(bigEndian: Bool) throws {
        let text = "Instructor,GPA\r\nSøren Halvorsen,3.2\n😀 Emoji,4\n"
        #expect(try Self.decode(Self.utf16(text, bigEndian: bigEndian)) == text)
        #expect(try Self.decode(Self.utf16(text, bigEndian: bigEndian), .latin1) == text, "the mark wins over the choice")
    }

    @Test func brokenUTF16IsRefusedByItsLine() throws {
        var lone = Self.utf16("a,b\nc,d\n", bigEndian: false)
        lone += [0x00, 0xD8, 0x41, 0x00]  // a high surrogate, then "A"
        let p = try #require(Self.problem(lone))
        #expect(p.line == 3 && p.reason.contains("is not UTF-16 little-endian"), "\(p)")
        let odd = try #require(Self.problem(Self.utf16("a,b\n", bigEndian: true) + [0x00]))
        #expect(odd.reason.contains("half a character"), "\(odd)")
    }

    /// Linear: a file at the ratings limit decodes in one pass, in either encoding.
    @Test func aLargeFileIsDecodedInOnePass() throws {
        let line = Array("Halvorsen Søren,3.2,4.1,some words of a course title\n".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(RatingsFile.maxBytes)
        while bytes.count + line.count <= RatingsFile.maxBytes { bytes += line }
        let start = ContinuousClock.now
        #expect(try Self.decode(bytes).utf8.count == bytes.count)
        #expect(try Self.decode(bytes, .latin1).unicodeScalars.count == bytes.count)
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    @Test(arguments: [
        ("utf8", CSVEncoding.utf8), ("UTF-8", .utf8), ("latin1", .latin1), ("Latin-1", .latin1),
        ("ISO-8859-1", .latin1), ("windows-1252", .latin1), ("cp1252", .latin1),
    ])
    func encodingsByName(text: String, encoding: CSVEncoding) {
        #expect(CSVEncoding(text: text) == encoding)
    }

    @Test func otherNamesAreNone() {
        for text in ["utf16", "ascii", "", "ebcdic"] { #expect(CSVEncoding(text: text) == nil, "\(text)") }
        #expect(CSVEncoding.names == "utf8, latin1")
    }

    /// Through the ratings reader: a UTF-16 export no longer reads as "6 fields".
    @Test func aUTF16RatingsFileReads() throws {
        let bytes = Self.utf16("Instructor,GPA\nSøren Halvorsen,3.2\n", bigEndian: false)
        #expect(try RatingsFile.read(bytes, file: "r.csv") == [RatingRow(instructor: "Søren Halvorsen", gpa: 3.2)])
        let latin = Array("Instructor,GPA\nS".utf8) + [0xF8] + Array("ren Halvorsen,3.2\n".utf8)
        #expect(try RatingsFile.read(latin, file: "r.csv", encoding: .latin1) == [RatingRow(instructor: "Søren Halvorsen", gpa: 3.2)])
        #expect(throws: CatalogError.self) { try RatingsFile.read(latin, file: "r.csv") }
    }
}
