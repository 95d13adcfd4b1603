import PlanCore
import PlanStore

extension PlanService {
    /// How the stored plan spreads its work over the days (``PlanSpread``):
    /// the stored sittings of the tasks still to plan (those not past due),
    /// measured against their windows from `now`, the policy and the busy
    /// time of the registered calendars over the planning window (the same
    /// busy time `plan add-task` plans around). Changes no task or sitting.
    package func spread() throws -> PlanSpread {
        try withStoredPlan { sittings, i in
            PlanSpread(sittings: sittings, tasks: i.input.tasks, policy: i.input.policy, busy: i.busy, now: now)
        }
    }

    /// The busiest day of the stored plan's coming fortnight and the least any plan of the same work
    /// could have (``FortnightLoad``), from the same sittings, tasks and busy time as ``spread()``.
    package func load() throws -> FortnightLoad {
        try withStoredPlan { sittings, i in
            FortnightLoad(sittings: sittings, tasks: i.input.tasks, scheduler: i.input.scheduler, busy: i.busy)
        }
    }

    /// `body` over the stored sittings and the planning inputs (tasks still to plan, policy, busy time).
    private func withStoredPlan<T>(_ body: ([Sitting], PlanningInputs) throws -> T) throws -> T {
        try guarded {
            try prefetchSubscriptions()
            // A write transaction: reading busy time may fill the store's cache.
            return try store.write { t in
                let i = try inputs(t, settings: try settings(t))
                return try body(try t.sittings(), i)
            }
        }
    }
}
