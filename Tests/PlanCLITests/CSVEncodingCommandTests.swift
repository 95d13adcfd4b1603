import Foundation
import Testing

/// Issue 46: a CSV file is read line by line as UTF-8 (a byte order mark
/// obeyed), through the real binary. A line that is not UTF-8 is refused by
/// its number with the way out (`--encoding latin1`), never read as Latin-1
/// behind the user's back; a UTF-16 export is read; `--encoding` takes utf8
/// or latin1 and nothing else (exit 64), and `plan rpc` reads `encoding` with
/// the same check.
@Suite(.serialized) struct CSVEncodingCommandTests {
    static func latin1(_ text: String) -> Data { Data(text.unicodeScalars.map { UInt8($0.value) }) }

    static func utf16LE(_ text: String) -> Data { Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) }

    static let catalog = """
        Course,Section,Credits,Days,Start,End,Instructor
        MATH140,0101,4,MW,10:00,10:50,Søren Halvorsen
        MATH140,0201,4,TR,11:00,11:50,José Núñez

        """

    /// A scratch folder with the catalog imported from a Latin-1 export (`--encoding latin1`).
    static func imported() throws -> (dir: URL, env: [String: String]) {
        let dir = try CoursesCommandTests.scratch()
        let env = CoursesCommandTests.environment(dir)
        let file = dir.appendingPathComponent("export.csv")
        try Self.latin1(Self.catalog).write(to: file)
        let refused = try CLIRunner.run(["courses", "import", file.path] + CoursesRatingsTests.term, environment: env)
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.stderr == "plan: \(file.path):2: not UTF-8; if the whole file is Latin-1 (Windows-1252, as Excel saves CSV), "
            + "run again with --encoding latin1\n", "\(refused.stderr)")
        let out = try CLIRunner.run(["courses", "import", file.path, "--encoding", "latin1"] + CoursesRatingsTests.term, environment: env)
        #expect(out.status == 0, "\(out)")
        return (dir, env)
    }

    @Test func aLatin1LineInAUTF8FileIsRefusedByItsNumber() throws {
        let (dir, env) = try Self.imported()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("ratings.csv")
        try (Data("Instructor,GPA\nSøren Halvorsen,3.2\n".utf8) + Self.latin1("José Núñez,2.9\n")).write(to: file)
        let out = try CLIRunner.run(["courses", "ratings", "import", file.path], environment: env)
        #expect(out.status == 65, "\(out)")
        #expect(out.stderr.hasPrefix("plan: \(file.path):3: not UTF-8; if the whole file is Latin-1"), "\(out.stderr)")
        #expect(out.stderr.contains("run again with --encoding latin1"))
        #expect(!out.stderr.contains("SÃ¸ren"))
    }

    @Test func aLatin1FileIsReadWithTheOption() throws {
        let (dir, env) = try Self.imported()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("ratings.csv")
        try Self.latin1("Instructor,GPA\nSøren Halvorsen,3.2\nJosé Núñez,2.9\n").write(to: file)
        let out = try CLIRunner.run(["courses", "ratings", "import", file.path, "--encoding", "latin1"], environment: env)
        #expect(out.status == 0, "\(out)")
        #expect(out.stdout.contains("GPA: 2 sections gained one") && out.stdout.contains("Instructors: 2 of 2 have values"), "\(out.stdout)")
        #expect(!out.stdout.contains("matched no instructor"), "Søren matches: \(out.stdout)")
    }

    @Test(arguments: [false, true])
    func aUTF16FileIsRead(bigEndian: Bool) throws {
        let (dir, env) = try Self.imported()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("ratings.csv")
        let text = "Instructor,GPA,Rating\r\nSøren Halvorsen,3.2,4.5\r\nJosé Núñez,2.9,3.1\r\n"
        let le = Self.utf16LE(text)
        let bytes = bigEndian ? Data(stride(from: 0, to: le.count, by: 2).flatMap { [le[$0 + 1], le[$0]] }) : le
        try bytes.write(to: file)
        let out = try CLIRunner.run(["courses", "ratings", "import", file.path, "--json"], environment: env)
        #expect(out.status == 0, "\(out)")
        let report = try CoursesRatingsTests.json(out.stdout)
        #expect(report["gainedGPA"] as? Int == 2 && report["gainedRating"] as? Int == 2, "\(out.stdout)")
        #expect(report["unmatchedCount"] as? Int == 0)
    }

    @Test func anUnknownEncodingIsAUsageError() throws {
        let dir = try CoursesCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = CoursesCommandTests.environment(dir)
        for args in [["courses", "ratings", "import", "Examples/ratings-coursecritique.csv", "--encoding", "utf16"],
                     ["courses", "import", "Examples/catalog-sample.csv", "--encoding", "utf16"] + CoursesRatingsTests.term] {
            let out = try CLIRunner.run(args, environment: env)
            #expect(out.status == 64, "\(args): \(out)")
            #expect(out.stderr.contains("--encoding utf16: expected one of utf8, latin1"), "\(out.stderr)")
        }
        for command in [["courses", "ratings", "import"], ["courses", "import"]] {
            let help = try CLIRunner.run(command + ["--help"], environment: env)
            #expect(help.stdout.contains("--encoding <encoding>") && help.stdout.contains("--encoding latin1"), "\(command): \(help.stdout)")
        }
    }

    @Test func rpcReadsEncodingWithTheSameCheck() throws {
        let (dir, _) = try Self.imported()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("ratings.csv")
        try Self.latin1("Instructor,GPA\nSøren Halvorsen,3.2\n").write(to: file)
        let store = dir.appendingPathComponent("plan.sqlite").path
        let requests = [
            RPCTests.request(1, "courses.ratings.import", ["path": file.path]),
            RPCTests.request(2, "courses.ratings.import", ["path": file.path, "encoding": "latin1"]),
            RPCTests.request(3, "courses.ratings.import", ["path": file.path, "encoding": "utf16"]),
        ]
        let out = try RPCTests.rpc(Data((requests.joined(separator: "\n") + "\n").utf8), store: store)
        let bodies = RPCTests.responses(out.stdout, contentLength: false)
        try #require(bodies.count == 3, "\(out)")
        #expect(bodies[0].contains("not UTF-8; if the whole file is Latin-1") && bodies[0].contains("-32004"), "\(bodies[0])")
        let joined = try #require((RPCTests.json(bodies[1]) as? [String: Any])?["result"] as? [String: Any], "\(bodies[1])")
        #expect(joined["gainedGPA"] as? Int == 1 && joined["unmatchedCount"] as? Int == 0, "\(bodies[1])")
        #expect(bodies[2].contains("-32602") && bodies[2].contains("/encoding") && bodies[2].contains("expected one of utf8, latin1"),
                "\(bodies[2])")
        try RPCTests.expectValid(RPCTests.jobs(request: requests[1], response: bodies[1]))
    }
}
