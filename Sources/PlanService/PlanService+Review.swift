import PlanCore
import PlanStore

extension PlanService {
    /// `plan review`: the days `from` … `through` (default: the seven days before today) looked
    /// back on, and how long each project's and series' finished work took (``Review``).
    /// Refused when `through` is before `from` or the stretch is longer than ``maxReviewDays``.
    package func review(from: LocalDate? = nil, through: LocalDate? = nil) throws -> Review {
        try guarded {
            try store.read { t in
                let zone = try settings(t).zone
                let today = zone.local(now).date
                let last = through ?? (from.map { $0.adding(days: 6) } ?? today.adding(days: -1))
                let first = from ?? last.adding(days: -6)
                guard first <= last else {
                    throw InputError("to", "\(last.isoString) is before --from \(first.isoString)")
                }
                guard last.daysSinceEpoch - first.daysSinceEpoch < Self.maxReviewDays else {
                    throw InputError("to", "\(first.isoString) … \(last.isoString) is longer than \(Self.maxReviewDays) days, the most a review covers")
                }
                let range = TimeRange(start: zone.resolve(LocalDateTime(date: first)),
                                      end: zone.resolve(LocalDateTime(date: last.adding(days: 1))))
                return Review.make(from: first, through: last, range: range, now: now, tasks: try t.tasks().map(\.task),
                                   sittings: try t.sittings(), series: try t.seriesLinks().mapValues(\.seriesId),
                                   progress: try t.progress())
            }
        }
    }

    /// The longest stretch `plan review` covers: a year.
    package static let maxReviewDays: Int64 = 366
}
