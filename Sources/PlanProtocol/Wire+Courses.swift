import PlanService
import PlanStore
import PlanTimetable

/// The wire forms of `plan courses` results other than a build (whose form is
/// `timetable-build.schema.json`): what `--json` prints.
extension Wire {
    /// An imported catalog, in brief.
    package struct CatalogSummary: Codable, Hashable, Sendable {
        package var term: String
        package var timeZone: String
        package var start: String
        package var end: String
        package var courses: Int
        package var sections: Int
        package var source: String
        /// What the reader merged or noticed without failing, one sentence each (file first).
        package var warnings: [String]

        package init(_ kept: StoredCatalog, warnings: [CatalogWarning] = []) {
            let term = kept.catalog.term
            self.term = term.name
            timeZone = term.timeZone
            start = term.start.isoString
            end = term.end.isoString
            courses = kept.catalog.courses.count
            sections = kept.catalog.courses.map(\.sections.count).reduce(0, +)
            source = kept.source
            self.warnings = warnings.map(\.description)
        }
    }

    /// A course found by `plan courses search`.
    package struct CourseSummary: Codable, Hashable, Sendable {
        package var code: String
        package var title: String
        package var credits: Double
        package var sections: Int

        package init(_ c: Course) {
            code = c.code
            title = c.title
            credits = c.credits
            sections = c.sections.count
        }
    }

    /// One course of a timetable: the interchangeable section ids picked, as a build lists them.
    package struct PickedSections: Codable, Hashable, Sendable {
        package var course: String
        package var ids: [String]
    }

    /// A saved timetable in brief.
    package struct SavedTimetable: Codable, Hashable, Sendable {
        package var name: String
        package var term: String
        package var score: Double?
        package var inUse: Bool
        package var sections: [PickedSections]
        /// Of `courses.save`: sections the build listed as identical to a kept one (another id
        /// only), left out; absent when there were none.
        package var identical: [PickedSections]?

        package init(_ kept: StoredCatalog, inUse: Bool, identical: [SectionRef] = []) {
            name = kept.name
            term = kept.catalog.term.name
            score = kept.score.map { ($0 * 10).rounded() / 10 }
            self.inUse = inUse
            sections = kept.catalog.courses.map { PickedSections(course: $0.code, ids: $0.sections.map(\.id)) }
            let left = kept.catalog.courses.compactMap { c -> PickedSections? in
                let ids = identical.filter { $0.course == Course.key(c.code) }.map(\.section)
                return ids.isEmpty ? nil : PickedSections(course: c.code, ids: ids)
            }
            self.identical = left.isEmpty ? nil : left
        }
    }

    /// What `plan courses use` wrote and registered.
    package struct TimetableUse: Codable, Hashable, Sendable {
        package var timetable: String
        package var calendar: String
        package var path: String
        package var events: Int
        package var unscheduled: [PickedSections]
        package var replaced: String?
        package var planZone: String?
        /// The tasks whose sittings moved off the new classes.
        package var moved: [String]

        package init(_ used: TimetableInUse) {
            timetable = used.timetable.name
            calendar = used.calendar.name
            path = used.path
            events = used.events
            unscheduled = used.unscheduled.map { PickedSections(course: $0.course.code, ids: [$0.section.id]) }
            replaced = used.replaced
            planZone = used.planZone
            moved = used.replanned?.moves.map(\.taskId) ?? []
        }
    }
}
