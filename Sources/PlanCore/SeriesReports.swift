/// What `add-task` did with a repeating task.
package struct SeriesAdded: Sendable {
    package enum Status: String, Sendable {
        /// Its occurrences were placed around the plan (those in ``SeriesAdded/unfit`` could not be).
        case placed
        /// More of them fit only if the whole plan is re-made (``SeriesAdded/moves``).
        case needsReplan
        /// None of them fits: nothing saved.
        case unschedulable
    }

    package var status: Status
    package var series: TaskSeries
    /// The occurrences made now, due order.
    package var occurrences: [TaskDefinition]
    /// Their sittings, time order.
    package var sittings: [Sitting]
    /// Why each occurrence that could not be placed does not fit.
    package var unfit: [Diagnostic]
    /// Other tasks that move (a re-made plan).
    package var moves: [Move]
    /// Occurrences exist through this date; later ones are made as time passes.
    package var horizon: LocalDate
    package var saved: Bool
    /// The plan the sittings come from.
    package var plan: Plan

    package init(status: Status, series: TaskSeries, occurrences: [TaskDefinition], sittings: [Sitting], unfit: [Diagnostic],
                 moves: [Move], horizon: LocalDate, saved: Bool, plan: Plan) {
        (self.status, self.series, self.occurrences, self.sittings) = (status, series, occurrences, sittings)
        (self.unfit, self.moves, self.horizon, self.saved, self.plan) = (unfit, moves, horizon, saved, plan)
    }
}

/// A series as `plan task show` lists it: its rule, its occurrences (due order) and the
/// ones skipped.
package struct SeriesRow: Sendable {
    package var series: TaskSeries
    package var occurrences: [TaskRow]
    package var skipped: [(key: String, taskId: String)]
    /// Occurrences exist through this date.
    package var horizon: LocalDate

    package init(series: TaskSeries, occurrences: [TaskRow], skipped: [(key: String, taskId: String)], horizon: LocalDate) {
        (self.series, self.occurrences, self.skipped, self.horizon) = (series, occurrences, skipped, horizon)
    }
}

