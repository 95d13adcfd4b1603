import Foundation
import Testing

/// Issue 46: a ratings file of thousands of names the catalog does not know
/// is reported by its count and the first 20 names, in text, `--json` and
/// `plan rpc` alike, never printed whole.
@Suite(.serialized) struct RatingsNameListTests {
    @Test func unmatchedNamesAreCappedAndCounted() throws {
        let dir = try CoursesCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = CoursesCommandTests.environment(dir)
        let imported = try CLIRunner.run(["courses", "import", "Examples/catalog-umdio-nested.json"] + CoursesRatingsTests.term, environment: env)
        #expect(imported.status == 0, "\(imported)")
        let file = dir.appendingPathComponent("many.csv")
        let names = (0..<5_000).map { "Nobody Number\(String(format: "%04d", $0))" }
        try ("Instructor,GPA\n" + names.map { "\($0),3.0\n" }.joined()).write(to: file, atomically: true, encoding: .utf8)

        let text = try CLIRunner.run(["courses", "ratings", "import", file.path], environment: env)
        #expect(text.status == 0, "\(text)")
        let line = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("Names in the file that matched no instructor") })
        #expect(line == "Names in the file that matched no instructor (5,000): " + names.prefix(20).joined(separator: "; ")
            + " … and 4,980 more not matched", "\(line)")
        #expect(!text.stdout.contains(names[20]))
        #expect(text.stdout.utf8.count < 2_000, "\(text.stdout.utf8.count) bytes")

        let json = try CLIRunner.run(["courses", "ratings", "import", file.path, "--json"], environment: env)
        let report = try CoursesRatingsTests.json(json.stdout)
        #expect(report["unmatched"] as? [String] == Array(names.prefix(20)))
        #expect(report["unmatchedCount"] as? Int == 5_000 && report["ambiguousCount"] as? Int == 0, "\(json.stdout)")
        try RPCTests.expectValid([("urn:plan:schema:methods:courses.ratings.import.result", json.stdout)])

        let request = RPCTests.request(1, "courses.ratings.import", ["path": file.path])
        let rpc = try RPCTests.rpc(Data((request + "\n").utf8), store: dir.appendingPathComponent("plan.sqlite").path)
        let body = try #require(RPCTests.responses(rpc.stdout, contentLength: false).first, "\(rpc)")
        let result = try #require((RPCTests.json(body) as? [String: Any])?["result"] as? [String: Any], "\(body)")
        #expect((result["unmatched"] as? [String])?.count == 20 && result["unmatchedCount"] as? Int == 5_000, "\(body.prefix(500))")
        try RPCTests.expectValid(RPCTests.jobs(request: request, response: body))
    }
}
