import Foundation
import Testing

/// Issue 28: a course code in fullwidth letters is read as the ASCII code
/// (NFKC), so it is the same course as the one typed on a keyboard; one
/// that mixes Latin letters with look-alike letters of another script
/// (Cyrillic `С` U+0421, Greek `Ο` U+039F) is refused with the code point
/// named, from a JSON catalog and from a CSV export alike, by `plan courses
/// import` and by `courses.import` over `plan rpc`.
@Suite struct CourseCodeScriptTests {
    static let header = "Subject,Catalog Nbr,Section,Course Title,Units,Days,Start Time,End Time\n"
    static let term = ["--term-name", "Fall 2027", "--term-start", "2027-08-30", "--term-end", "2027-12-10",
                       "--time-zone", "America/New_York"]

    static func catalog(_ code: String) -> String {
        #"{"term": {"name": "Fall 2027", "timeZone": "America/New_York", "start": "2027-08-30", "end": "2027-12-10"}, "#
            + #""courses": [{"code": "\#(code)", "title": "Linear Algebra", "credits": 4, "sections": [{"id": "0101", "#
            + #""meetings": [{"days": ["MO"], "start": "10:00", "end": "10:50"}]}]}]}"#
    }

    /// Writes `files` in a fresh folder; runs `body` with the folder and a store in it.
    static func inFolder(_ files: [String: String], _ body: (URL, [String: String]) throws -> Void) throws {
        let dir = try StoreSafetyTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
        try body(dir, ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path])
    }

    @Test func fullwidthCodesAreReadAsASCII() throws {
        try Self.inFolder(["wide.json": Self.catalog("ＭＡＴＨ２４０"), "wide.csv": Self.header + "ＭＡＴＨ,２４１,0101,Calculus,4,M,10:00 AM,10:50 AM\n"]) { dir, env in
            for (args, code) in [(["courses", "import", dir.appendingPathComponent("wide.json").path], "MATH240"),
                                 (["courses", "import", dir.appendingPathComponent("wide.csv").path] + Self.term, "MATH 241")] {
                let out = try CLIRunner.run(args, environment: env)
                #expect(out.status == 0, "\(out.stderr)")
                let search = try CLIRunner.run(["courses", "search", "MATH24", "--json"], environment: env)
                #expect(search.stdout.contains(#""code":"\#(code)""#), "\(search.stdout)\(search.stderr)")
                #expect(!search.stdout.contains("ＭＡＴＨ"), "\(search.stdout)")
            }
        }
    }

    @Test(arguments: [
        ("\u{0421}MSC131", "U+0421 (CYRILLIC CAPITAL LETTER ES)"),
        ("CMS\u{0421}131", "U+0421 (CYRILLIC CAPITAL LETTER ES)"),
        ("PHYS1\u{039F}1", "U+039F (GREEK CAPITAL LETTER OMICRON)"),
    ])
    func lookAlikeLettersAreRefusedWithTheCodePointNamed(code: String, named: String) throws {
        let subject = String(code.prefix(4)), number = String(code.dropFirst(4))
        try Self.inFolder(["mixed.json": Self.catalog(code), "mixed.csv": Self.header + "\(subject),\(number),0101,Linear Algebra,4,M,10:00 AM,10:50 AM\n"]) { dir, env in
            for (args, place) in [(["courses", "import", dir.appendingPathComponent("mixed.json").path], "courses[0].code: \"\(code)\" "),
                                  (["courses", "import", dir.appendingPathComponent("mixed.csv").path] + Self.term, "mixed.csv:2: column ")] {
                let out = try CLIRunner.run(args, environment: env)
                #expect(out.status == 65, "\(out.stderr)")
                #expect(out.stderr.contains(place) && out.stderr.contains("mixes Latin letters with \(named)"), "\(out.stderr)")
            }
            let request = RPCTests.request(1, "courses.import", ["path": dir.appendingPathComponent("mixed.json").path]) + "\n"
            let rpc = try RPCTests.rpc(Data(request.utf8), store: env["PLAN_STORE"]!, extra: ["--once"])
            #expect(rpc.stdout.contains("mixes Latin letters with \(named)"), "\(rpc.stdout)")
            #expect(!rpc.stdout.contains(#""result""#), "\(rpc.stdout)")
        }
    }
}
