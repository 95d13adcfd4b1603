import PlanCore

/// The best combinations found, best first, with the medians used for missing values.
package struct BuildResult: Hashable, Sendable {
    package var combinations: [Combination]
    /// The medians of the known values over the whole catalog, used for sections without one
    /// (nil when no section of the catalog has that value).
    package var filledGPA: Double?
    package var filledRating: Double?
    /// True when some section of a returned combination had its GPA or rating filled in.
    package var usedFilled: Bool
    /// The fields scores are made of: `gpa`, `rating`, both, or none when no section of the
    /// catalog has either (then every score is 0 and the order is fewer days, earlier end, ids).
    package var scoredBy: [String] = []
    /// Why nothing fits, when `combinations` is empty.
    package var diagnosis: BuildDiagnosis?

    package init(combinations: [Combination], filledGPA: Double?, filledRating: Double?, usedFilled: Bool, diagnosis: BuildDiagnosis?) {
        self.combinations = combinations
        self.filledGPA = filledGPA
        self.filledRating = filledRating
        self.usedFilled = usedFilled
        self.diagnosis = diagnosis
    }
}

/// One conflict-free choice: one pick per course, in the order of the courses asked for.
package struct Combination: Hashable, Sendable {
    /// 1 for the best.
    package var rank: Int
    /// The credit-weighted mean of the sections' scores, 0–100 (not rounded; show one decimal).
    package var score: Double
    package var picks: [Pick]
    /// Distinct weekdays with a meeting.
    package var daysOnCampus: Int
    /// The latest end of any meeting, minutes after midnight (0 when nothing meets).
    package var latestEnd: Int
    /// Of a distinct choice: how many other timings of the same instructors fit (nil when every
    /// combination is listed, `--variants`); ``TimetableBuilder/variantCap`` − 1 means at least that many.
    package var otherTimings: Int?
    /// The share of the score that rests on filled values, 0–1 (credit-weighted over the
    /// picks, by the weights of the fields filled); above one half the choice is flagged.
    package var filledShare: Double = 0

    /// True when most of the score rests on values filled with medians.
    package var mostlyFilled: Bool { filledShare > 0.5 }

    package init(rank: Int, score: Double, picks: [Pick], daysOnCampus: Int, latestEnd: Int, otherTimings: Int? = nil) {
        self.rank = rank
        self.score = score
        self.picks = picks
        self.daysOnCampus = daysOnCampus
        self.latestEnd = latestEnd
        self.otherTimings = otherTimings
    }
}

/// The section chosen for one course, with the sections interchangeable with it
/// (same meetings, instructors, GPA and rating), ids in order.
package struct Pick: Hashable, Sendable {
    package var course: Course
    /// At least one; `sections[0]` has the smallest id.
    package var sections: [Section]
    /// This section's score 0–1, and the medians that stood in for its GPA / rating when not known.
    package var score: Double
    package var gpaFill: FilledValue?
    package var ratingFill: FilledValue?

    package init(course: Course, sections: [Section], score: Double, gpaFill: FilledValue? = nil, ratingFill: FilledValue? = nil) {
        self.course = course
        self.sections = sections
        self.score = score
        self.gpaFill = gpaFill
        self.ratingFill = ratingFill
    }

    package var ids: [String] { sections.map(\.id) }
    package var filledGPA: Bool { gpaFill != nil }
    package var filledRating: Bool { ratingFill != nil }
}

/// A median that stood in for a missing GPA or rating, and whose: the course's other
/// sections, its department's, or the whole catalog's (the first that has a value).
package struct FilledValue: Hashable, Sendable {
    package enum Source: String, Hashable, Sendable { case course, department, catalog }
    package var value: Double
    package var source: Source

    package init(value: Double, source: Source) {
        self.value = value
        self.source = source
    }
}

/// Why no combination fits, named as precisely as the search can.
package enum BuildDiagnosis: Hashable, Sendable {
    /// Every section of this course is ruled out by the options; `reasons` says by which
    /// and how many sections each rules out (one reason per section: the first that applies,
    /// in the order noEarlier, noLater, freeDay, onlyOpen, excluded, around).
    case courseRuledOut(course: String, reasons: [OptionReason])
    /// The course has no sections at all in the catalog.
    case noSections(course: String)
    /// The course's sections need linked ones (``LinkedSections``) and no way to take one is
    /// left: `reasons` as for ``courseRuledOut(course:reasons:)`` (the sections the options
    /// rule out), `clashing` the ways left whose parts clash with each other.
    case noWayToTake(course: String, reasons: [OptionReason], clashing: Int)
    /// Every remaining section of `first` clashes with every remaining section of `second`;
    /// `example` is one clash (the first section pair in id order).
    case pairClash(first: String, second: String, example: Clash)
    /// Combinations exist but none keeps to `--max-days`: the fewest days any needs.
    case maxDays(limit: Int, fewestPossible: Int)
    /// No two courses clash outright, but these together (a smallest such set found) cannot all be taken.
    case setClash(courses: [String])
}

/// How many sections of a course one option rules out.
package struct OptionReason: Hashable, Sendable {
    package enum Option: String, Hashable, Sendable { case noEarlier, noLater, freeDay, onlyOpen, excluded, around }
    package var option: Option
    package var sections: Int

    package init(option: Option, sections: Int) {
        self.option = option
        self.sections = sections
    }
}

/// Two meetings at the same time on a date both meet.
package struct Clash: Hashable, Sendable {
    package var first: SectionRef
    package var second: SectionRef
    /// A date on which both meet and overlap.
    package var date: LocalDate
    package var day: Weekday

    package init(first: SectionRef, second: SectionRef, date: LocalDate, day: Weekday) {
        self.first = first
        self.second = second
        self.date = date
        self.day = day
    }
}
