import PlanCore

/// What a student asks of a timetable beyond "one section of each course, no clashes".
package struct BuildOptions: Hashable, Sendable {
    /// How many combinations to return (the true best, not a sample).
    package var top: Int
    /// No meeting starts before this minute of the day.
    package var noEarlier: Int?
    /// No meeting ends after this minute of the day.
    package var noLater: Int?
    /// Days with no meeting at all.
    package var freeDays: [Weekday]
    /// At most this many distinct weekdays on campus.
    package var maxDays: Int?
    /// Only sections with at least one open seat (a section with no seat figures is kept).
    package var onlyOpen: Bool
    /// Sections never to pick.
    package var excluded: Set<SectionRef>
    /// Time to keep clear (a job, a team practice), as wall-clock blocks in the term's zone.
    package var around: [KeepClear]
    /// The weights of the score: `gpa` and `rating`, both ≥ 0, not both 0.
    package var gpaWeight: Double
    package var ratingWeight: Double
    /// At most this many courses in one build (a full load is 4–6; the default is 5).
    package var maxCourses = 5
    /// At most this many credits in all, when set.
    package var maxCredits: Double?
    /// List every combination (each timing of the same instructors apart) instead of the
    /// best timing of each distinct choice of instructors.
    package var variants = false

    package init(top: Int = 10, noEarlier: Int? = nil, noLater: Int? = nil, freeDays: [Weekday] = [], maxDays: Int? = nil,
                onlyOpen: Bool = false, excluded: Set<SectionRef> = [], around: [KeepClear] = [],
                gpaWeight: Double = 1, ratingWeight: Double = 1) {
        self.top = top
        self.noEarlier = noEarlier
        self.noLater = noLater
        self.freeDays = freeDays
        self.maxDays = maxDays
        self.onlyOpen = onlyOpen
        self.excluded = excluded
        self.around = around
        self.gpaWeight = gpaWeight
        self.ratingWeight = ratingWeight
    }
}

/// One section of one course (`CMSC436` `0101`); the course by ``Course/key(_:)``.
package struct SectionRef: Hashable, Sendable, Comparable {
    package var course: String
    package var section: String

    package init(course: String, section: String) {
        self.course = Course.key(course)
        self.section = section
    }

    package static func < (a: SectionRef, b: SectionRef) -> Bool { (a.course, a.section) < (b.course, b.section) }
}

/// Busy wall-clock time on one date, in the term's zone (an `--around` event, cut at midnight).
package struct KeepClear: Hashable, Sendable {
    package var date: LocalDate
    /// Minutes after midnight, half-open; `end` may be 1440.
    package var start: Int
    package var end: Int
    /// What it is, for messages (`Team practice`).
    package var label: String

    package init(date: LocalDate, start: Int, end: Int, label: String) {
        self.date = date
        self.start = start
        self.end = end
        self.label = label
    }
}
