import PlanCore
import PlanService

extension Wire {
    /// A series as `series.add` and `series.get` (`plan add-task --every …`, `plan task show
    /// SERIES`) give it: its id, its rule in words and in fields, and how far its
    /// occurrences are made.
    package struct Series: Codable, Hashable, Sendable {
        package var id: String
        package var title: String
        package var project: String?
        /// `every`, `each`, `before` or `afterClass`.
        package var kind: String
        /// The rule as given: `week`, `MO,WE`; the unit of a habit; the class's name.
        package var rule: String
        /// The rule in words (what the text face prints).
        package var repeats: String
        package var estimate: String
        package var from: String?
        package var until: String?
        package var count: Int?
        /// Occurrences exist through this date.
        package var madeThrough: String

        package init(_ s: TaskSeries, horizon: LocalDate) {
            id = s.id
            title = s.template.title
            project = s.template.project
            kind = switch s.kind {
            case .every: "every"
            case .each: "each"
            case .beforeClass: "before"
            case .afterClass: "afterClass"
            }
            rule = s.ruleText
            repeats = s.words
            estimate = ISODuration.format(s.template.estimate)
            from = s.from?.isoString
            until = s.until?.isoString
            count = s.count
            madeThrough = horizon.isoString
        }
    }

    /// The result of adding a repeating task (`series.add`, `plan add-task --every … --json`).
    package struct SeriesAdded: Codable, Hashable, Sendable {
        /// `scheduled` (each occurrence that fits placed), `needsReplan` or `unschedulable` (none fits; nothing saved).
        package var status: String
        package var saved: Bool
        package var series: Series
        /// The occurrences made, due order: id, due, and whether it fits.
        package var occurrences: [SeriesOccurrence]
        package var sittings: [Sitting]
        /// Why each occurrence that does not fit does not.
        package var diagnostics: [Diagnostic]
        package var moves: [TaskMove]?

        package init(_ a: PlanCore.SeriesAdded, zone: some UTCOffsetProvider) {
            status = switch a.status {
            case .placed: "scheduled"
            case .needsReplan: "needsReplan"
            case .unschedulable: "unschedulable"
            }
            saved = a.saved
            series = Series(a.series, horizon: a.horizon)
            let unfit = Set(a.unfit.map(\.taskId))
            occurrences = a.occurrences.map {
                SeriesOccurrence(id: $0.id, due: wireString($0.due.instant(in: zone, endOfDay: true), in: zone), fits: !unfit.contains($0.id))
            }
            sittings = a.sittings.map { Sitting($0, zone: zone) }
            diagnostics = a.unfit.map { Diagnostic($0, zone: zone) }
            moves = a.moves.isEmpty ? nil : a.moves.map { TaskMove($0, zone: zone) }
        }
    }

    /// One occurrence made.
    package struct SeriesOccurrence: Codable, Hashable, Sendable {
        package var id: String
        package var due: String
        package var fits: Bool
    }

    /// A series with its occurrences (`series.get`, `plan task show SERIES --json`).
    package struct SeriesShown: Codable, Hashable, Sendable {
        package var series: Series
        package var occurrences: [StoredTask]
        /// The ids the skipped occurrences had.
        package var skipped: [String]

        package init(_ r: SeriesRow, zone: some UTCOffsetProvider) {
            series = Series(r.series, horizon: r.horizon)
            occurrences = r.occurrences.map { StoredTask($0, zone: zone) }
            skipped = r.skipped.map(\.taskId)
        }
    }
}

extension Wire {
    /// What ending a series did (`series.remove`, `plan task remove SERIES --json`).
    package struct SeriesRemovedResult: Codable, Hashable, Sendable {
        package var series: String
        package var removed: [String]
        /// With `from`: the series' last possible due date; absent: the series is gone.
        package var endsOn: String?

        package init(_ r: SeriesRemoved) {
            series = r.series
            removed = r.removed
            endsOn = r.endsOn?.isoString
        }
    }
}

extension Wire {
    /// What skipping an occurrence did (`series.skip`, `plan done OCCURRENCE --skip --json`).
    package struct SeriesSkipped: Codable, Hashable, Sendable {
        /// The occurrence's id (also when it was named by its title).
        package var skipped: String
        /// The id of its series.
        package var series: String

        package init(skipped: String, series: String) {
            self.skipped = skipped
            self.series = series
        }
    }
}
