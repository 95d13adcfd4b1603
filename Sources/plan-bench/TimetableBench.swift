import Foundation
import PlanCore
import PlanTimetable

/// Section 4: `TimetableBuilder.build`, top 10, on seeded catalogs (``CatalogGenerator``),
/// in this process: 5, 8 and 10 courses with 10–40 sections each, 8 × 30 and 10 × 40,
/// each with scores and with every score tied (no GPA, no rating). The median of
/// several runs; where the Cartesian product is small enough (`naiveBudget`
/// combinations) also ``NaiveTimetable``, with the speed-up and whether both top-10
/// lists agree (ids, days, latest end and score).
struct TimetableBench {
    struct Row {
        var label: String
        var courses: Int
        var sections: Int
        var combinations: Double
        var seconds: Double
        var runs: Int
        var found: Int
        var best: Double?
        var naiveSeconds: Double?
        var same: Bool?
        /// Why nothing fits, when nothing does.
        var diagnosis: String?
        /// The default build: the top 10 distinct choices of instructors, each with its count of other timings.
        var choicesSeconds: Double?
    }

    let options: Options
    var rows: [Row] = []
    let top = 10
    var naiveBudget: Double { options.quick ? 2e6 : 2e8 }

    init(options: Options) { self.options = options }

    mutating func run() {
        print("4. Timetables: top \(top) of seeded catalogs (Fall 2027), seed \(options.seed)")
        let cases: [(courses: Int, sections: ClosedRange<Int>)] = options.quick
            ? [(5, 10...40), (8, 30...30)]
            : [(5, 10...40), (8, 10...40), (8, 30...30), (10, 10...40), (10, 40...40)]
        for (k, c) in cases.enumerated() {
            var generator = CatalogGenerator(seed: options.seed &+ UInt64(k))
            let scored = generator.catalog(courses: c.courses, sections: c.sections)
            for ties in [false, true] {
                rows.append(measure(ties ? CatalogGenerator.tied(scored) : scored, label: "\(c.courses) × \(c.sections.lowerBound == c.sections.upperBound ? "\(c.sections.lowerBound)" : "\(c.sections.lowerBound)–\(c.sections.upperBound)")\(ties ? ", all tied" : "")"))
                report(rows[rows.count - 1])
            }
        }
        // Crowded: the search must prove that little or nothing fits.
        let crowdedSizes = options.quick ? [6] : [6, 8, 10]
        for (k, n) in crowdedSizes.enumerated() {
            var generator = CatalogGenerator(seed: options.seed &+ 100 &+ UInt64(k), crowded: true)
            rows.append(measure(generator.catalog(courses: n, sections: 20...30), label: "\(n) × 20–30, crowded"))
            report(rows[rows.count - 1])
        }
        // More courses than times: nothing fits.
        let pigeonholes = options.quick ? [(8, 30, 7)] : [(8, 30, 7), (10, 40, 9)]
        for (n, m, t) in pigeonholes {
            var generator = CatalogGenerator(seed: options.seed &+ 200)
            rows.append(measure(generator.pigeonhole(courses: n, sections: m, times: t), label: "\(n) × \(m), \(t) times"))
            report(rows[rows.count - 1])
        }
    }

    func report(_ r: Row) {
        print("   \(r.label): \(Format.ms(r.seconds)), \(r.found) found" + (r.diagnosis.map { " (\($0))" } ?? "") + (r.naiveSeconds.map { ", naive \(Format.ms($0)), same top \(top): \(r.same == true ? "yes" : "NO")" } ?? ""))
    }

    func measure(_ catalog: Catalog, label: String) -> Row {
        let courses = catalog.courses
        // Every combination ranked (`--variants`): what the naive enumeration checks.
        var build = BuildOptions(top: top)
        build.variants = true
        let runs = options.quick ? 3 : 7
        var times: [Double] = [], choiceTimes: [Double] = []
        var result: BuildResult?
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let d = clock.measure { result = TimetableBuilder.build(catalog: catalog, courses: courses, options: build) }
            times.append(seconds(d))
            let c = clock.measure { _ = TimetableBuilder.build(catalog: catalog, courses: courses, options: BuildOptions(top: top)) }
            choiceTimes.append(seconds(c))
        }
        let naive = NaiveTimetable(catalog: catalog, courses: courses, top: top)
        var row = Row(label: label, courses: courses.count, sections: courses.reduce(0) { $0 + $1.sections.count },
                      combinations: courses.reduce(1) { $0 * Double($1.sections.count) }, seconds: medianOf(times), runs: runs,
                      found: result!.combinations.count, best: result!.combinations.first?.score,
                      diagnosis: result!.diagnosis.map { String(describing: $0) }, choicesSeconds: medianOf(choiceTimes))
        if naive.combinations <= naiveBudget {
            var entries: [NaiveTimetable.Entry] = []
            let d = clock.measure { entries = naive.run() }
            row.naiveSeconds = seconds(d)
            let got = result!.combinations
            row.same = got.count == entries.count && zip(got, entries).allSatisfy { c, e in
                c.picks.map { $0.ids[0] } == e.ids && c.daysOnCampus == e.days && c.latestEnd == e.end && abs(c.score - e.score) < 1e-9
            }
        }
        return row
    }

    func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

    func table() -> String {
        Format.table(["catalog", "sections", "combinations", "top 10", "10 choices", "runs", "found", "best", "naive", "speed-up", "same"], rows.map { r in
            [r.label, Format.count(r.sections), String(format: "%.1e", r.combinations), Format.ms(r.seconds), Format.ms(r.choicesSeconds),
             String(r.runs), String(r.found),
             r.best.map { String(format: "%.1f", $0) } ?? "-", Format.ms(r.naiveSeconds),
             Format.ratio(r.naiveSeconds.map { $0 / r.seconds }), r.same.map { $0 ? "yes" : "NO" } ?? "-"]
        })
    }

    var json: JSON {
        .object([
            ("top", .int(top)),
            ("rows", .array(rows.map { r in
                .object([("catalog", .string(r.label)), ("courses", .int(r.courses)), ("sections", .int(r.sections)),
                         ("combinations", .num(r.combinations, 0)), ("medianSeconds", .num(r.seconds, 6)), ("runs", .int(r.runs)),
                         ("found", .int(r.found)), ("bestScore", .num(r.best, 1)), ("naiveSeconds", .num(r.naiveSeconds, 4)),
                         ("sameTop", r.same.map { JSON.bool($0) } ?? .null), ("diagnosis", .str(r.diagnosis))])
            })),
        ])
    }
}
