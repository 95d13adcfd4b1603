import Foundation
import Testing

/// Issue 46: an error about a file never quotes the file. A bad value is
/// named by file, line and column with a short excerpt of it (40 characters,
/// control characters shown); and nothing of `/proc` or `/sys` is read as
/// input (a process's environment holds passwords), through a link neither,
/// by the CLI or `plan rpc` (exit 66, -32001).
@Suite(.serialized) struct InputExcerptTests {
    /// A value no output may hold: it is in the environment of the child, and in the files below.
    static let marker = "MARKER-" + String(repeating: "k3y", count: 30) + "-END"

    static func run(_ args: [String], _ dir: URL, stdin: Data? = nil) throws -> CLIRunner.Output {
        try CLIRunner.run(args, stdin: stdin, environment: CoursesCommandTests.environment(dir).merging(["PLAN_TEST_SECRET": marker]) { $1 })
    }

    static func expectNoMarker(_ out: CLIRunner.Output, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!(out.stdout + out.stderr).contains(marker), "the secret was printed: \(out)", sourceLocation: sourceLocation)
        #expect(!(out.stdout + out.stderr).contains(String(marker.prefix(45))), "\(out)", sourceLocation: sourceLocation)
    }

    @Test func aBadRatingsValueIsNamedByLineWithAnExcerpt() throws {
        let dir = try CoursesCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("ratings.csv")
        try "Instructor,GPA\nAda Byron,3.1\nAl Turing,\(Self.marker)\n".write(to: file, atomically: true, encoding: .utf8)
        let out = try Self.run(["courses", "ratings", "import", file.path], dir)
        #expect(out.status == 65, "\(out)")
        #expect(out.stderr.hasPrefix("plan: \(file.path):3: column \"GPA\": \"MARKER-k3yk3y"), "\(out.stderr)")
        #expect(out.stderr.contains("…\" is not a number; expected a GPA from 0 to 4"), "\(out.stderr)")
        Self.expectNoMarker(out)

        // A file of one long line (no header plan can read) lists its columns as excerpts.
        let one = dir.appendingPathComponent("one.csv")
        try "PASSWORD=\(Self.marker)\u{1B}[2J\n".write(to: one, atomically: true, encoding: .utf8)
        let header = try Self.run(["courses", "ratings", "import", one.path], dir)
        #expect(header.status == 65 && header.stderr.contains("\(one.path):1: has no instructor column"), "\(header)")
        #expect(!header.stderr.contains("\u{1B}"))
        Self.expectNoMarker(header)
    }

    @Test func aBadCatalogCSVValueIsNamedByLineWithAnExcerpt() throws {
        let dir = try CoursesCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("export.csv")
        try "Course,Section,Credits,Days,Start,End\nCMSC 131,0101,3,\(Self.marker),10:00,10:50\n".write(to: file, atomically: true, encoding: .utf8)
        let out = try Self.run(["courses", "import", "--format", "csv", file.path] + CoursesRatingsTests.term, dir)
        #expect(out.status == 65, "\(out)")
        #expect(out.stderr.hasPrefix("plan: \(file.path):2: column \"Days\": \"MARKER-"), "\(out.stderr)")
        Self.expectNoMarker(out)
    }

    @Test func procAndSysAreRefusedAsInputThroughALinkToo() throws {
        let dir = try CoursesCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let link = dir.appendingPathComponent("grades.csv")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/proc/self/environ")
        let cases: [[String]] = [
            ["courses", "ratings", "import", "/proc/self/environ"],
            ["courses", "ratings", "import", link.path],
            ["courses", "ratings", "import", "/proc/self/environ", "--format", "json"],
            ["courses", "import", "--format", "csv", "/proc/self/environ"] + CoursesRatingsTests.term,
            ["courses", "import", link.path] + CoursesRatingsTests.term,
            ["courses", "ratings", "import", "/sys/kernel/uevent_seqnum"],
            ["events", "/proc/self/environ"],
        ]
        for args in cases {
            let out = try Self.run(args, dir)
            #expect(out.status == 66, "\(args): \(out)")
            #expect(out.stderr.contains("a view of the running system under /proc or /sys, not a file"), "\(args): \(out.stderr)")
            #expect(out.stderr.contains("copy what you need to a regular file first"), "\(args): \(out.stderr)")
            Self.expectNoMarker(out)
        }
        // The path given is named, and where it leads.
        let viaLink = try Self.run(["courses", "ratings", "import", link.path], dir)
        #expect(viaLink.stderr.contains(link.path) && viaLink.stderr.contains("it is /proc/"), "\(viaLink.stderr)")
    }

    @Test func rpcRefusesProcAndQuotesNoLine() throws {
        let dir = try CoursesCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let link = dir.appendingPathComponent("grades.csv")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/proc/self/environ")
        let secretFile = dir.appendingPathComponent("shadow-like")
        try "root:\(Self.marker):19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n".write(to: secretFile, atomically: true, encoding: .utf8)
        let store = dir.appendingPathComponent("plan.sqlite").path
        let requests = [
            RPCTests.request(1, "courses.ratings.import", ["path": "/proc/self/environ"]),
            RPCTests.request(2, "courses.ratings.import", ["path": link.path, "format": "csv"]),
            RPCTests.request(3, "courses.import", ["path": "/proc/self/environ", "format": "csv"]),
            RPCTests.request(4, "courses.ratings.import", ["path": secretFile.path]),
        ]
        let out = try RPCTests.rpc(Data((requests.joined(separator: "\n") + "\n").utf8), store: store,
                                   environment: ["PLAN_TEST_SECRET": Self.marker])
        Self.expectNoMarker(out)
        let bodies = RPCTests.responses(out.stdout, contentLength: false)
        try #require(bodies.count == 4, "\(out)")
        for body in bodies.prefix(3) {
            let error = try #require((RPCTests.json(body) as? [String: Any])?["error"] as? [String: Any], "\(body)")
            #expect(error["code"] as? Int == -32001, "\(body)")
            #expect(body.contains("a view of the running system under /proc or /sys"), "\(body)")
        }
        let shadow = try #require((RPCTests.json(bodies[3]) as? [String: Any])?["error"] as? [String: Any], "\(bodies[3])")
        #expect(shadow["code"] as? Int == -32004, "\(bodies[3])")
        #expect(!bodies[3].contains("daemon"), "only the first line's excerpt: \(bodies[3])")
    }
}
