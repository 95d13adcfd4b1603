import PlanCore
import PlanJSON

extension CatalogJSON {
    /// The canonical text of a catalog: the members in the schema's order
    /// (`term`: name, timeZone, start, end, holidays; a course: code, title,
    /// credits, sections; a section: id, instructors, gpa, rating, seats,
    /// meetings, needsOneOf; a meeting: days, start, end, room, kind, from, to), absent
    /// optional members left out, a one-day holiday as a date, two-space
    /// indentation with each meeting on one line, and a final newline. The same
    /// catalog gives the same bytes, and `read(write(c)) == c` for every catalog
    /// `read` accepts.
    package static func write(_ catalog: Catalog) -> [UInt8] {
        Array(node(catalog).prettyText().utf8)
    }

    static func node(_ c: Catalog) -> JSONValue {
        .object([("term", node(c.term)), ("courses", .array(c.courses.map(node)))])
    }

    static func node(_ t: Term) -> JSONValue {
        .object([
            ("name", .string(t.name)),
            ("timeZone", .string(t.timeZone)),
            ("start", .string(t.start.isoString)),
            ("end", .string(t.end.isoString)),
            ("holidays", .array(t.holidays.map { h in
                h.from == h.to ? .string(h.from.isoString)
                    : .object([("from", .string(h.from.isoString)), ("to", .string(h.to.isoString))])
            })),
        ])
    }

    static func node(_ c: Course) -> JSONValue {
        .object([
            ("code", .string(c.code)),
            ("title", .string(c.title)),
            ("credits", .number(c.credits)),
            ("sections", .array(c.sections.map(node))),
        ])
    }

    static func node(_ s: Section) -> JSONValue {
        .object(omittingAbsent: [
            ("id", .string(s.id)),
            ("instructors", .array(s.instructors.map(JSONValue.string))),
            ("gpa", s.gpa.map(JSONValue.number)),
            ("rating", s.rating.map(JSONValue.number)),
            ("seats", s.seats.map(node)),
            ("meetings", .array(s.meetings.map(node))),
            ("needsOneOf", s.needsOneOf.isEmpty ? nil : .array(s.needsOneOf.map { .array($0.map(JSONValue.string)) })),
        ])
    }

    static func node(_ s: Seats) -> JSONValue {
        .object([("open", .number(s.open)), ("total", .number(s.total)), ("waitlist", .number(s.waitlist))])
    }

    static func node(_ m: Meeting) -> JSONValue {
        .object(omittingAbsent: [
            ("days", .array(m.days.map { .string($0.code) })),
            ("start", .string(CatalogRules.clockText(m.start))),
            ("end", .string(CatalogRules.clockText(m.end))),
            ("room", m.room.map(JSONValue.string)),
            ("kind", m.kind.map(JSONValue.string)),
            ("from", m.from.map { .string($0.isoString) }),
            ("to", m.to.map { .string($0.isoString) }),
        ])
    }
}
