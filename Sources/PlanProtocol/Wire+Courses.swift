import PlanService
import PlanStore
import PlanTimetable

/// The wire forms of `plan courses` results other than a build (whose form is
/// `timetable-build.schema.json`): what `--json` prints.
extension Wire {
    /// An imported catalog, in brief.
    public struct CatalogSummary: Codable, Hashable, Sendable {
        public var term: String
        public var timeZone: String
        public var start: String
        public var end: String
        public var courses: Int
        public var sections: Int
        public var source: String

        public init(_ kept: StoredCatalog) {
            let term = kept.catalog.term
            self.term = term.name
            timeZone = term.timeZone
            start = term.start.isoString
            end = term.end.isoString
            courses = kept.catalog.courses.count
            sections = kept.catalog.courses.map(\.sections.count).reduce(0, +)
            source = kept.source
        }
    }

    /// A course found by `plan courses search`.
    public struct CourseSummary: Codable, Hashable, Sendable {
        public var code: String
        public var title: String
        public var credits: Double
        public var sections: Int

        public init(_ c: Course) {
            code = c.code
            title = c.title
            credits = c.credits
            sections = c.sections.count
        }
    }

    /// One course of a timetable: the interchangeable section ids picked, as a build lists them.
    public struct PickedSections: Codable, Hashable, Sendable {
        public var course: String
        public var ids: [String]
    }

    /// A saved timetable in brief.
    public struct SavedTimetable: Codable, Hashable, Sendable {
        public var name: String
        public var term: String
        public var score: Double?
        public var inUse: Bool
        public var sections: [PickedSections]

        public init(_ kept: StoredCatalog, inUse: Bool) {
            name = kept.name
            term = kept.catalog.term.name
            score = kept.score.map { ($0 * 10).rounded() / 10 }
            self.inUse = inUse
            sections = kept.catalog.courses.map { PickedSections(course: $0.code, ids: $0.sections.map(\.id)) }
        }
    }

    /// What `plan courses use` wrote and registered.
    public struct TimetableUse: Codable, Hashable, Sendable {
        public var timetable: String
        public var calendar: String
        public var path: String
        public var events: Int
        public var unscheduled: [PickedSections]
        public var replaced: String?
        public var planZone: String?

        public init(_ used: TimetableInUse) {
            timetable = used.timetable.name
            calendar = used.calendar.name
            path = used.path
            events = used.events
            unscheduled = used.unscheduled.map { PickedSections(course: $0.course.code, ids: [$0.section.id]) }
            replaced = used.replaced
            planZone = used.planZone
        }
    }
}
