import Foundation
import PlanCore
import PlanTimetable

/// Section "term": a large university's term through the real `plan` binary, each step a
/// new process — `plan courses import` of 4,000 courses / 7,000 sections (plan's JSON,
/// written by ``TermCatalogGenerator``), `plan courses ratings import` of a ratings export
/// joined by instructor name, and `plan courses build` of 6 courses (the default: the top
/// 10 distinct choices of instructors) — with wall time and peak memory of each.
struct TermCatalogBench {
    let options: Options
    let plan: [String]
    var steps: [BenchStep] = []
    var catalogBytes = 0
    var ratingsRows = 0

    init(options: Options, plan: [String]) {
        self.options = options
        self.plan = plan
    }

    mutating func run() {
        print("10. A term of a large university: 4,000 courses, 7,000 sections, each step a plan process")
        var generator = TermCatalogGenerator(seed: options.seed)
        let (catalog, instructors) = generator.catalog()
        let ratings = generator.ratingsCSV(catalog, instructors: instructors)
        ratingsRows = ratings.split(separator: "\n").count - 1
        let dir = options.freshFolder("term")
        let catalogPath = dir + "/term.json", ratingsPath = dir + "/ratings.csv"
        let bytes = CatalogJSON.write(catalog)
        catalogBytes = bytes.count
        guard FileManager.default.createFile(atPath: catalogPath, contents: Data(bytes)),
              FileManager.default.createFile(atPath: ratingsPath, contents: Data(ratings.utf8)) else {
            print("   cannot write \(dir): skipped")
            return
        }
        // Six intro courses of different departments with three sections or more.
        var picked: [String] = [], departments = Set<String>()
        for c in catalog.courses where c.sections.count >= 3 {
            let department = String(c.code.prefix { $0.isLetter })
            if departments.insert(department).inserted { picked.append(c.code) }
            if picked.count == 6 { break }
        }
        var env = ProcessInfo.processInfo.environment
        env["PLAN_STORE"] = dir + "/plan.sqlite"
        env["PLAN_NOW"] = "2027-08-01T09:00:00-04:00"
        let jobs: [(String, [String])] = [
            ("import", ["courses", "import", catalogPath]),
            ("ratings join", ["courses", "ratings", "import", ratingsPath]),
            ("build of 6", ["courses", "build", "--max-courses", "6"] + picked),
        ]
        for (label, args) in jobs {
            let r = Child.run(plan + args, environment: env, capture: true)
            // The first line, and for the join the line that counts what the sections gained.
            let lines = r.stdout.split(separator: "\n").map(String.init)
            let first = ([lines.first] + [lines.first { $0.contains("gained") }]).compactMap { $0 }.joined(separator: " ")
            let note = r.status == 0 ? first : "exit \(r.status): " + (r.stderr.split(separator: "\n").first.map(String.init) ?? "")
            steps.append(BenchStep(label: label, run: r, note: note))
            print("   \(label): \(Format.ms(r.seconds)), peak \(Format.mb(r.peakRSS)); \(note)")
        }
    }

    func table() -> String {
        Format.table(["step", "wall", "CPU", "peak memory", "what plan said"], steps.map { s in
            [s.label, Format.ms(s.run.seconds), Format.ms(s.run.cpuSeconds), Format.mb(s.run.peakRSS), String(s.note.prefix(90))]
        })
    }

    var json: JSON {
        .object([
            ("catalogBytes", .int(catalogBytes)), ("ratingsRows", .int(ratingsRows)),
            ("steps", .array(steps.map(\.json))),
        ])
    }
}
