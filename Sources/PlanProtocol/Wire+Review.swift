import PlanCore

extension Wire {
    /// `plan review --json` and `plan.review`: a stretch of days looked back on, and how long
    /// finished work took per project and per series.
    package struct Review: Codable, Hashable, Sendable {
        package struct Part: Codable, Hashable, Sendable {
            package var id: String
            package var title: String
            package var planned: String
            package var done: String
            package var missed: String
        }

        /// One project's or series' finished tasks: `ratio` is the median of time recorded ÷ estimate
        /// over them, present from 3 finished tasks on.
        package struct Ratio: Codable, Hashable, Sendable {
            package var project: String?
            package var series: String?
            package var finished: Int
            package var estimated: String
            package var spent: String
            package var ratio: Double?
            /// Whether new work of it is planned for the estimate times `ratio` (outside 0.9–1.1, learning on).
            package var adjusts: Bool
        }

        package var from: String
        package var to: String
        package var planned: String
        package var done: String
        package var missed: String
        package var tasks: [Part]
        package var projects: [Ratio]
        package var series: [Ratio]

        package init(_ r: PlanCore.Review, learning: Bool) {
            let f = ISODuration.format
            from = r.from.isoString
            to = r.through.isoString
            planned = f(r.planned)
            done = f(r.done)
            missed = f(r.missed)
            tasks = r.tasks.map { Part(id: $0.id, title: $0.title, planned: f($0.planned), done: f($0.done), missed: f($0.missed)) }
            func ratio(_ g: PlanCore.Review.Group) -> Ratio {
                Ratio(project: g.kind == .project ? g.name : nil, series: g.kind == .series ? g.name : nil, finished: g.finished,
                      estimated: f(g.estimated), spent: f(g.spent), ratio: g.ratio.map { ($0.ratio * 1000).rounded() / 1000 },
                      adjusts: learning && g.ratio?.adjusts == true)
            }
            projects = r.groups.filter { $0.kind == .project }.map(ratio)
            series = r.groups.filter { $0.kind == .series }.map(ratio)
        }
    }
}
