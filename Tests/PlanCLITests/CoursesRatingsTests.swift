import Foundation
import Testing

/// `plan courses import` of umd.io's nested dump and `plan courses ratings
/// import` of the ratings examples, through the real binary: the report, the
/// values `plan courses build` then ranks by (known, not filled in), and bad
/// files refused with the line and column, changing nothing.
@Suite(.serialized) struct CoursesRatingsTests {
    static let term = ["--term-name", "Fall 2027", "--term-start", "2027-08-30", "--term-end", "2027-12-10", "--time-zone", "America/New_York"]

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func ratingsJoinOntoTheNestedDump() throws {
        let dir = try CoursesCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = CoursesCommandTests.environment(dir)
        func plan(_ args: [String], _ status: Int32) throws -> CLIRunner.Output {
            let out = try CLIRunner.run(args, environment: env)
            #expect(out.status == status, "plan \(args.joined(separator: " ")): \(out.stderr)")
            return out
        }

        let early = try plan(["courses", "ratings", "import", "Examples/ratings-coursecritique.csv"], 65)
        #expect(early.stderr.contains("run `plan courses import FILE` first"), "\(early.stderr)")

        let imported = try plan(["courses", "import", "Examples/catalog-umdio-nested.json"] + Self.term, 0)
        #expect(imported.stdout.hasPrefix("Imported Fall 2027: 4 courses, 7 sections"))
        #expect(imported.stderr == "plan: warning: Examples/catalog-umdio-nested.json: 1 exact duplicate section record merged (each kept once), "
            + "e.g. CMSC132-0101 at [1].sections[0] and [5].sections[0]\n")
        let asJSON = try Self.json(try plan(["courses", "import", "Examples/catalog-umdio-nested.json", "--json"] + Self.term, 0).stdout)
        #expect((asJSON["warnings"] as? [String])?.count == 1)

        let critique = try plan(["courses", "ratings", "import", "Examples/ratings-coursecritique.csv"], 0)
        #expect(critique.stdout == """
            Joined Examples/ratings-coursecritique.csv onto Fall 2027: 9 rows read, 1 without a name or a value.
              GPA: 6 sections gained one, 0 replaced.
              Rating: 0 sections gained one, 0 replaced.
              Instructors: 6 of 7 have values from the file, 1 still none.
            Names in the file that matched no instructor (1): Whitfield, Anna
            Next: plan courses build COURSE… ranks sections with these values.

            """)
        let terp = try Self.json(try plan(["courses", "ratings", "import", "Examples/ratings-planetterp.json", "--json"], 0).stdout)
        #expect(terp["gainedRating"] as? Int == 6 && terp["replacedGPA"] as? Int == 0)
        #expect(terp["unmatched"] as? [String] == ["Hannah Lindqvist"])

        // The build ranks by the joined values: known, not the catalog's median filled in.
        let built = try plan(["courses", "build", "CMSC216", "CMSC132"], 0).stdout
        #expect(built.contains("Mei-Lin Chao, Thomas Reinholt · GPA 2.81 · rating 3.1 ·"), "the mean of two instructors: \(built)")
        #expect(built.contains("Justin Okafor-Wyss · GPA 3.05 · rating 4.3"), "\(built)")
        #expect(!built.contains("*"), "nothing filled in: \(built)")

        // A bad number: exit 65 naming the line and the column, and nothing changes.
        let bad = dir.appendingPathComponent("bad.csv")
        try "Instructor,GPA\nElena Marquez,1.0\nThomas Reinholt,three\n".write(to: bad, atomically: true, encoding: .utf8)
        let refused = try plan(["courses", "ratings", "import", bad.path], 65)
        #expect(refused.stderr == "plan: \(bad.path):3: column \"GPA\": \"three\" is not a number; expected a GPA from 0 to 4 such as 3.12, or blank\n")
        #expect(try plan(["courses", "build", "CMSC216", "CMSC132"], 0).stdout == built)
        _ = try plan(["courses", "save", "1"], 0)
        // A join forgets the last build, ranked on the values before it.
        _ = try plan(["courses", "ratings", "import", "Examples/ratings-planetterp.json"], 0)
        #expect(try plan(["courses", "save", "1"], 65).stderr.contains("nothing built yet"))
        let usage = try plan(["courses", "ratings", "import", bad.path, "--map", "GPA=grade"], 64)
        #expect(usage.stderr.contains("--map GPA=grade: expected one of the fields instructor, first, last, course, gpa, rating"))
        _ = try plan(["courses", "ratings", "import", dir.appendingPathComponent("none.csv").path], 66)
    }

    @Test func theResultFollowsItsSchema() throws {
        let dir = try CoursesCommandTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = CoursesCommandTests.environment(dir)
        var jobs: [(String, String)] = []
        let imported = try CLIRunner.run(["courses", "import", "Examples/catalog-umdio-nested.json", "--json"] + Self.term, environment: env)
        jobs.append(("urn:plan:schema:methods:courses.import.result", imported.stdout))
        for file in ["Examples/ratings-coursecritique.csv", "Examples/ratings-planetterp.json"] {
            let out = try CLIRunner.run(["courses", "ratings", "import", file, "--json"], environment: env)
            #expect(out.status == 0, "\(file): \(out.stderr)")
            jobs.append(("urn:plan:schema:methods:courses.ratings.import.result", out.stdout))
        }
        try RPCTests.expectValid(jobs)
    }
}
