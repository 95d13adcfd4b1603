import PlanCore
import PlanStore

extension PlanService {
    /// How the stored plan spreads its work over the days (``PlanSpread``):
    /// the stored sittings of the tasks still to plan (those not past due),
    /// measured against their windows from `now`, the policy and the busy
    /// time of the registered calendars over the planning window (the same
    /// busy time `plan add-task` plans around). Changes no task or sitting.
    package func spread() throws -> PlanSpread {
        try guarded {
            try prefetchSubscriptions()
            // A write transaction: reading busy time may fill the store's cache.
            return try store.write { t in
                let i = try inputs(t, settings: try settings(t))
                return PlanSpread(sittings: try t.sittings(), tasks: i.input.tasks, policy: i.input.policy,
                                  busy: i.busy, now: now)
            }
        }
    }
}

extension PlanService {
    /// The busiest day of the stored plan's coming fortnight and the least any plan of the same work
    /// could have (``FortnightLoad``): the stored sittings of the tasks still to plan, against the busy
    /// time `plan add-task` plans around. Changes no task or sitting.
    package func load() throws -> FortnightLoad {
        try guarded {
            try prefetchSubscriptions()
            // A write transaction: reading busy time may fill the store's cache.
            return try store.write { t in
                let i = try inputs(t, settings: try settings(t))
                return FortnightLoad(sittings: try t.sittings(), tasks: i.input.tasks, scheduler: i.input.scheduler, busy: i.busy)
            }
        }
    }
}
