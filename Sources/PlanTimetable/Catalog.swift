import PlanCore

/// A term's course catalog: the term's calendar and the courses offered in it,
/// each with its sections. Read from `catalog.schema.json` documents (and the
/// other formats `plan courses import` accepts) by the protocol module; this
/// module only reasons about it.
package struct Catalog: Hashable, Sendable {
    package var term: Term
    package var courses: [Course]

    package init(term: Term, courses: [Course]) {
        self.term = term
        self.courses = courses
    }

    /// The course with this code (codes compare without case and spaces: `cmsc 436` is `CMSC436`).
    package func course(_ code: String) -> Course? {
        let key = Course.key(code)
        return courses.first { Course.key($0.code) == key }
    }
}

/// The first and last day of classes, the zone meeting times are read in, and
/// the days without classes.
package struct Term: Hashable, Sendable {
    package var name: String
    /// An IANA zone identifier (`America/New_York`).
    package var timeZone: String
    package var start: LocalDate
    package var end: LocalDate
    /// Holidays and breaks: single days are spans of one day.
    package var holidays: [DateSpan]

    package init(name: String, timeZone: String, start: LocalDate, end: LocalDate, holidays: [DateSpan] = []) {
        self.name = name
        self.timeZone = timeZone
        self.start = start
        self.end = end
        self.holidays = holidays
    }

    /// The name as a file or timetable name: `Fall 2027` → `fall-2027`.
    package var slug: String {
        let parts = name.lowercased().split { !($0.isLetter || $0.isNumber) }
        return parts.isEmpty ? "timetable" : parts.joined(separator: "-")
    }

    /// True when `date` is a class day: inside the term and in no holiday or break.
    package func isClassDay(_ date: LocalDate) -> Bool {
        date >= start && date <= end && !holidays.contains { $0.contains(date) }
    }
}

/// The dates `from` through `to`, both included.
package struct DateSpan: Hashable, Sendable {
    package var from: LocalDate
    package var to: LocalDate

    package init(from: LocalDate, to: LocalDate) {
        self.from = from
        self.to = to
    }

    package init(day: LocalDate) { self.init(from: day, to: day) }

    package func contains(_ date: LocalDate) -> Bool { from <= date && date <= to }
}

package struct Course: Hashable, Sendable {
    package var code: String
    package var title: String
    package var credits: Double
    package var sections: [Section]

    package init(code: String, title: String, credits: Double, sections: [Section]) {
        self.code = code
        self.title = title
        self.credits = credits
        self.sections = sections
    }

    /// The form codes are compared in: upper case, no spaces or dashes.
    package static func key(_ code: String) -> String {
        String(code.uppercased().filter { !$0.isWhitespace && $0 != "-" })
    }
}

package struct Section: Hashable, Sendable {
    package var id: String
    package var instructors: [String]
    /// Average grade of past students, 0–4; nil when unknown.
    package var gpa: Double?
    /// Instructor rating, 0–5; nil when unknown.
    package var rating: Double?
    package var seats: Seats?
    /// Empty for an online or arranged section (no set time).
    package var meetings: [Meeting]
    /// Linked sections: lists of ids of other sections of the course, one of each to be taken
    /// with this one (a lecture's discussions, its labs). A section some list names is taken
    /// only that way (``LinkedSections``). Empty for a section taken on its own.
    package var needsOneOf: [[String]]

    package init(id: String, instructors: [String] = [], gpa: Double? = nil, rating: Double? = nil, seats: Seats? = nil, meetings: [Meeting] = [],
                 needsOneOf: [[String]] = []) {
        self.id = id
        self.instructors = instructors
        self.gpa = gpa
        self.rating = rating
        self.seats = seats
        self.meetings = meetings
        self.needsOneOf = needsOneOf
    }
}

package struct Seats: Hashable, Sendable {
    package var open: Int
    package var total: Int
    package var waitlist: Int

    package init(open: Int, total: Int, waitlist: Int = 0) {
        self.open = open
        self.total = total
        self.waitlist = waitlist
    }
}

/// One weekly meeting of a section: wall-clock times in the term's zone,
/// half-open (`10:00`–`10:50` and `10:50`–`11:40` do not clash).
package struct Meeting: Hashable, Sendable {
    package var days: [Weekday]
    /// Minutes after midnight.
    package var start: Int
    package var end: Int
    package var room: String?
    /// `lecture`, `lab`, `discussion`, …
    package var kind: String?
    /// The dates it runs, when not the whole term (a half-term section, a lab from week 3).
    package var from: LocalDate?
    package var to: LocalDate?

    package init(days: [Weekday], start: Int, end: Int, room: String? = nil, kind: String? = nil, from: LocalDate? = nil, to: LocalDate? = nil) {
        self.days = days
        self.start = start
        self.end = end
        self.room = room
        self.kind = kind
        self.from = from
        self.to = to
    }

    /// The dates this meeting runs in `term`: its own range clipped to the term.
    package func span(in term: Term) -> DateSpan {
        DateSpan(from: max(from ?? term.start, term.start), to: min(to ?? term.end, term.end))
    }
}
