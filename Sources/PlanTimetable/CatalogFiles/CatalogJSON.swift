import Foundation
import PlanCore

/// plan's own catalog format, `Schemas/catalog.schema.json`: read with every
/// field checked at the edge, written canonically (``write(_:)``).
package enum CatalogJSON {
    /// Reads a catalog document. Every problem is a ``CatalogError`` naming
    /// `file`, the JSON path, the field and the value: times `HH:MM` with end
    /// after start, ISO dates, a known IANA zone, term start ≤ end, holiday
    /// from ≤ to, GPA 0–4, rating 0–5, seat counts whole and ≥ 0, days `MO`…`SU`
    /// (at least one, none twice), no course code twice (compared as
    /// ``Course/key(_:)``), no section id twice in a course, a meeting's
    /// `from`/`to` in order and reaching into the term, linked sections as
    /// ``LinkedSections/problem(_:)`` allows. Members not in the
    /// schema are ignored (later versions may add some).
    package static func read(_ bytes: [UInt8], file: String) throws(CatalogError) -> Catalog {
return try read(CatalogCursor(parsing: bytes, file: file))
    }

    static func read(_ doc: CatalogCursor) throws(CatalogError) -> Catalog {
        guard case .object = doc.node else {
            throw CatalogError(file: doc.file, value: doc.node.typeName, reason: "is not a catalog; expected an object with \"term\" and \"courses\"")
        }
        let term = try readTerm(try doc.required("term", "the term: {name, timeZone, start, end, holidays}"))
        var courses: [Course] = []
        var seen: [String: Int] = [:]
        for c in try doc.required("courses", "an array of courses").items("courses") {
            let course = try readCourse(c, term: term)
            let key = Course.key(course.code)
            if let first = seen[key] {
                throw try c.required("code", "").fail("is the code of courses[\(first)] too; expected each course once")
            }
            seen[key] = courses.count
            courses.append(course)
        }
        return Catalog(term: term, courses: courses)
    }

    static func readTerm(_ t: CatalogCursor) throws(CatalogError) -> Term {
        try t.object("the term: {name, timeZone, start, end, holidays}")
        let name = try t.required("name", "the term's name").text("the term's name, e.g. Fall 2027")
        let zone = try t.required("timeZone", "an IANA time zone")
        let zoneID = try zone.string("an IANA time zone such as America/New_York")
        if let p = CatalogRules.zoneProblem(zoneID) { throw zone.fail(p) }
        let start = try date(try t.required("start", "the first day of classes"))
        let endAt = try t.required("end", "the last day of classes")
        let end = try date(endAt)
        guard start <= end else { throw endAt.fail("is before the term's start \(start.isoString); expected start ≤ end") }
        var holidays: [DateSpan] = []
        for h in try t.child("holidays")?.items("dates or {from, to} spans") ?? [] {
            if case .object = h.node {
                let from = try date(try h.required("from", "the first day off"))
                let toAt = try h.required("to", "the last day off")
                let to = try date(toAt)
                guard from <= to else { throw toAt.fail("is before its from \(from.isoString); expected from ≤ to") }
                holidays.append(DateSpan(from: from, to: to))
            } else {
                holidays.append(DateSpan(day: try date(h)))
            }
        }
        return Term(name: name, timeZone: zoneID, start: start, end: end, holidays: holidays)
    }

    static func readCourse(_ c: CatalogCursor, term: Term) throws(CatalogError) -> Course {
        try c.object("a course: {code, title, credits, sections}")
        let code = try c.required("code", "the course code").courseCode("a course code such as CMSC436")
        let title = try c.required("title", "the course title").string("the course title")
        let creditsAt = try c.required("credits", "the number of credits")
        let credits = try creditsAt.double("a number of credits")
        if let p = CatalogRules.creditsProblem(credits) { throw creditsAt.fail(p) }
        var sections: [Section] = []
        var seen: [String: Int] = [:]
        let cursors = try c.required("sections", "an array of sections").items("sections")
        for s in cursors {
            let section = try readSection(s, term: term)
            if let first = seen[section.id] {
                throw try s.required("id", "").fail("is the id of sections[\(first)] too; expected each section id once in a course")
            }
            seen[section.id] = sections.count
            sections.append(section)
        }
        let course = Course(code: code, title: title, credits: credits, sections: sections)
        if let p = LinkedSections.problem(course) {
            let at = cursors[p.section].child("needsOneOf")
            throw CatalogError(file: c.file, path: (at?.path ?? cursors[p.section].path) + (p.list.map { "[\($0)]" } ?? ""),
                               field: "needsOneOf", value: p.value, reason: p.reason)
        }
        return course
    }

    static func readSection(_ s: CatalogCursor, term: Term) throws(CatalogError) -> Section {
        try s.object("a section: {id, instructors, gpa?, rating?, seats?, meetings}")
        let id = try s.required("id", "the section id").text("a section id such as 0101")
        var instructors: [String] = []
        for i in try s.child("instructors")?.items("instructor names") ?? [] {
            instructors.append(try i.text("an instructor's name"))
        }
        var gpa: Double?
        if let g = s.child("gpa") {
            let x = try g.double("an average GPA from 0 to 4")
            if let p = CatalogRules.gpaProblem(x) { throw g.fail(p) }
            gpa = x
        }
        var rating: Double?
        if let r = s.child("rating") {
            let x = try r.double("a rating from 0 to 5")
            if let p = CatalogRules.ratingProblem(x) { throw r.fail(p) }
            rating = x
        }
        var seats: Seats?
        if let st = s.child("seats") {
            try st.object("seats: {open, total, waitlist}")
            seats = Seats(open: try st.required("open", "the open seats").count("open seats, a whole number ≥ 0"),
                          total: try st.required("total", "the seats in all").count("seats in all, a whole number ≥ 0"),
                          waitlist: try st.child("waitlist")?.count("the waitlist, a whole number ≥ 0") ?? 0)
        }
        var meetings: [Meeting] = []
        for m in try s.child("meetings")?.items("meetings") ?? [] {
            meetings.append(try readMeeting(m, term: term))
        }
        var needs: [[String]] = []
        for list in try s.child("needsOneOf")?.items("lists of section ids, e.g. [[\"AD1\", \"AD2\"], [\"AYA\"]]") ?? [] {
            needs.append(try list.items("section ids of the course").map { i throws(CatalogError) in try i.text("a section id of the course") })
        }
        return Section(id: id, instructors: instructors, gpa: gpa, rating: rating, seats: seats, meetings: meetings, needsOneOf: needs)
    }

    static func readMeeting(_ m: CatalogCursor, term: Term) throws(CatalogError) -> Meeting {
        try m.object("a meeting: {days, start, end, room?, kind?, from?, to?}")
        let daysAt = try m.required("days", "the days it meets")
        var days: [Weekday] = []
        let dayItems = try daysAt.items("days, each one of MO, TU, WE, TH, FR, SA, SU")
        guard !dayItems.isEmpty else { throw daysAt.fail("is empty; expected at least one day of MO, TU, WE, TH, FR, SA, SU") }
        for d in dayItems {
            guard let day = Weekday(code: try d.string(CatalogRules.expectedDay)) else { throw d.fail("is not a day; \(CatalogRules.expectedDay)") }
            guard !days.contains(day) else { throw d.fail("is given twice; expected each day once") }
            days.append(day)
        }
        let start = try clock(try m.required("start", "the start time HH:MM"))
        let endAt = try m.required("end", "the end time HH:MM")
        let end = try clock(endAt)
        if let p = CatalogRules.timesProblem(start: start, end: end) { throw endAt.fail(p) }
        let room = try m.child("room")?.string("the room")
        let kind = try m.child("kind")?.string("the kind: lecture, lab, discussion…")
        let fromAt = m.child("from"), toAt = m.child("to")
        let from = try fromAt.map { c throws(CatalogError) in try date(c) }
        let to = try toAt.map { c throws(CatalogError) in try date(c) }
        if let p = CatalogRules.spanProblem(from: from, to: to, term: term) {
            let at = (p.field == "from" ? fromAt : toAt) ?? m
            throw at.fail(p.reason)
        }
        return Meeting(days: days, start: start, end: end, room: room, kind: kind, from: from, to: to)
    }

    static func date(_ c: CatalogCursor) throws(CatalogError) -> LocalDate {
        guard let d = CatalogRules.date(try c.string(CatalogRules.expectedDate)) else {
            throw c.fail("is not a date; \(CatalogRules.expectedDate)")
        }
        return d
    }

    static func clock(_ c: CatalogCursor) throws(CatalogError) -> Int {
        guard let t = CatalogRules.clock(try c.string(CatalogRules.expectedClock)) else {
            throw c.fail("is not a time of day; \(CatalogRules.expectedClock)")
        }
        return t
    }
}
