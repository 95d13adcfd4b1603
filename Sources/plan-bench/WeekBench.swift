import Foundation
import PlanCore
import PlanRender

/// Section 5: the week grid of `plan week` — `WeekLayout` (days, trimmed hours,
/// lanes) and `WeekText` (the terminal grid at 120 columns) — for a seeded
/// calendar of 10,000 events, all in the week shown (the worst case: every
/// event is laid out), in this process; the median of several runs.
struct WeekBench {
    let options: Options
    var events: Int { options.quick ? 1_000 : 10_000 }
    var seconds: Double = 0
    var layoutSeconds: Double = 0
    var runs = 0
    var blocks = 0
    var lanes = 0

    init(options: Options) { self.options = options }

    static let zone = SystemZone(identifier: "America/New_York")!
    static let monday = LocalDate(year: 2027, month: 3, day: 8)

    /// `count` events over Mon–Sun, 07:00–21:00, 50 minutes to 3 hours, in 40 courses.
    static func items(_ count: Int, seed: UInt64) -> [WeekInput.Item] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { i in
            let day = monday.adding(days: random.int(0...6))
            let start = zone.resolve(LocalDateTime(date: day, hour: random.int(7...20), minute: random.pick([0, 10, 30, 45])))
            let course = "BENCH \(100 + random.int(0...39))"
            return WeekInput.Item(kind: random.chance(20) ? .sitting : .event, range: TimeRange(start: start, end: start + Int64(random.pick([50, 75, 90, 180])) * 60),
                                  group: course, title: "Event \(i) of a long generated week", room: "Hall \(random.int(1...300))",
                                  tentative: random.chance(5), origin: "bench", detail: String(i))
        }
    }

    mutating func run() {
        print("5. Week grid: \(Format.count(events)) events in one week, layout and text at 120 columns, seed \(options.seed)")
        let input = WeekInput(first: Self.monday, days: 7, zone: Self.zone, items: Self.items(events, seed: options.seed))
        var totals: [Double] = [], layouts: [Double] = []
        let started = Child.monotonicSeconds()
        repeat {
            let t0 = Child.monotonicSeconds()
            let layout = WeekLayout(input)
            let t1 = Child.monotonicSeconds()
            let text = WeekText.render(layout, width: 120)
            let t2 = Child.monotonicSeconds()
            layouts.append(t1 - t0)
            totals.append(t2 - t0)
            blocks = layout.blocks.count
            lanes = layout.blocks.map(\.lanes).max() ?? 0
            precondition(!text.isEmpty)
        } while totals.count < 5 || (totals.count < 31 && Child.monotonicSeconds() - started < 2)
        runs = totals.count
        seconds = medianOf(totals)
        layoutSeconds = medianOf(layouts)
        print(String(format: "   %@ blocks, up to %d lanes: %.1f ms (layout %.1f ms), median of %d", Format.count(blocks), lanes,
                     seconds * 1000, layoutSeconds * 1000, runs))
    }

    func table() -> String {
        "| week grid | events | blocks | most lanes | layout + text | layout alone |\n|---|---|---|---|---|---|\n"
            + String(format: "| 7 days, 120 columns | %@ | %@ | %d | %.1f ms | %.1f ms |", Format.count(events), Format.count(blocks), lanes,
                     seconds * 1000, layoutSeconds * 1000)
    }

    var json: JSON {
        .object([("events", .int(events)), ("blocks", .int(blocks)), ("lanes", .int(lanes)), ("medianSeconds", .num(seconds, 6)),
                 ("layoutMedianSeconds", .num(layoutSeconds, 6)), ("runs", .int(runs))])
    }
}
