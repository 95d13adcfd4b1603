import PlanCore
import PlanJSON

/// Gathers courses and sections from formats that spread them over rows or
/// records (a CSV row per meeting, a umd.io record per section): courses and
/// sections in the order first seen, meetings appended (an identical meeting
/// given twice counts once), instructors merged. A course's title and credits
/// and a section's GPA, rating and seats may be repeated on every row, but a
/// different value is a ``Conflict`` naming where the first one came from.
struct CatalogAssembly {
    /// A value given twice, differently: `field` is `title`, `credits`, `gpa`, `rating` or `seats`.
    struct Conflict: Error, Hashable, Sendable {
        var field: String
        var reason: String
    }

    /// One value and where it came from (`line 3`, `sections[2]`).
    private struct Known<T: Equatable> {
        var value: T
        var origin: String
    }

    private struct SectionDraft {
        var id: String
        var instructors: [String] = []
        var gpa: Known<Double>?
        var rating: Known<Double>?
        var seats: Known<Seats>?
        var meetings: [Meeting] = []
    }

    private struct CourseDraft {
        var code: String
        var title: Known<String>?
        var credits: Known<Double>?
        var sections: [SectionDraft] = []
        var sectionIndex: [String: Int] = [:]
    }

    private var courses: [CourseDraft] = []
    private var courseIndex: [String: Int] = [:]

    /// Adds what one row or record says about a course and one of its sections.
    mutating func add(code: String, title: String?, credits: Double?, section id: String, instructors: [String],
                      gpa: Double?, rating: Double?, seats: Seats?, meetings: [Meeting], origin: String) throws(Conflict) {
        let key = Course.key(code)
        let c: Int
        if let i = courseIndex[key] {
            c = i
        } else {
            c = courses.count
            courseIndex[key] = c
            courses.append(CourseDraft(code: code))
        }
        try Self.merge(&courses[c].title, title, field: "title", origin: origin, show: { "\"\(LineText.excerpt($0))\"" })
        try Self.merge(&courses[c].credits, credits, field: "credits", origin: origin, show: { JSONValue.number($0).text })
        let s: Int
        if let i = courses[c].sectionIndex[id] {
            s = i
        } else {
            s = courses[c].sections.count
            courses[c].sectionIndex[id] = s
            courses[c].sections.append(SectionDraft(id: id))
        }
        try Self.merge(&courses[c].sections[s].gpa, gpa, field: "gpa", origin: origin, show: { JSONValue.number($0).text })
        try Self.merge(&courses[c].sections[s].rating, rating, field: "rating", origin: origin, show: { JSONValue.number($0).text })
        try Self.merge(&courses[c].sections[s].seats, seats, field: "seats", origin: origin,
                       show: { "\($0.open) open of \($0.total), \($0.waitlist) waiting" })
        for name in instructors where !courses[c].sections[s].instructors.contains(name) {
            courses[c].sections[s].instructors.append(name)
        }
        for m in meetings where !courses[c].sections[s].meetings.contains(m) {
            courses[c].sections[s].meetings.append(m)
        }
    }

    private static func merge<T: Equatable>(_ known: inout Known<T>?, _ value: T?, field: String, origin: String,
                                            show: (T) -> String) throws(Conflict) {
        guard let value else { return }
        guard let k = known else {
            known = Known(value: value, origin: origin)
            return
        }
        if k.value != value {
            throw Conflict(field: field, reason: "differs from the \(field) given on \(k.origin) (\(show(k.value))); expected the same \(field) on every row of the course or section")
        }
    }

    /// The catalog: a course without a title gets an empty one, without credits `defaultCredits`.
    func catalog(term: Term, defaultCredits: Double) -> Catalog {
        Catalog(term: term, courses: courses.map { c in
            Course(code: c.code, title: c.title?.value ?? "", credits: c.credits?.value ?? defaultCredits,
                   sections: c.sections.map { s in
                       Section(id: s.id, instructors: s.instructors, gpa: s.gpa?.value, rating: s.rating?.value,
                               seats: s.seats?.value, meetings: s.meetings)
                   })
        })
    }

    var isEmpty: Bool { courses.isEmpty }
}
