import Foundation
import PlanCore

/// A dump of the umd.io v1 course API (`https://api.umd.io/v1/courses/sections`),
/// mapped into a catalog: an array of records, or an object
/// `{"courses": [...], "sections": [...]}`. Course records (`/v1/courses`:
/// `course_id`, `name`, `credits`, `dept_id`…) give titles and credits and may
/// carry their section records in `sections` (umd.io's own dump,
/// `/v1/courses?expand=sections`); section ids there (strings, without
/// `expand`) carry no times and are ignored. In an array, an item with
/// `course_id` and no `section_id` is a course record, any other a section
/// record; the two may be mixed.
///
/// A section record given twice exactly alike (the same JSON value, members
/// in any order) is kept once, with a `duplicate-sections` warning naming the
/// first such pair; two different records for one section are refused,
/// naming both places.
///
/// A section record: `section_id` (`CMSC131-0101`; its course and number also
/// from `course` and `number` when present), `instructors`, `seats` (the
/// total), `open_seats`, `waitlist` — umd.io writes these counts as strings
/// (`"07"`), numbers are read too — and `meetings`, each `days` (`MWF`,
/// `TuTh`), `start_time` / `end_time` (`10:00am`), `building`, `room` and
/// `classtype` (`Lecture`, `Discussion`, `Lab`, or empty). A meeting with empty
/// or `TBA` days or times is an online or arranged one: its section is kept
/// with no meeting. umd.io repeats some meetings; a repeat counts once. Other
/// fields (`semester`…) are ignored. umd.io has no grades or ratings and no
/// term dates: the caller gives the term. A course with no course record has
/// an empty title and 3 credits (umd.io's usual), so such courses weigh alike.
package enum UMDIOSections {
    package static let defaultCredits = 3.0

    package static func read(_ bytes: [UInt8], file: String, term: Term) throws(CatalogError) -> Catalog {
        try load(bytes, file: file, term: term).catalog
    }

    /// The catalog and the duplicates merged on the way.
    package static func load(_ bytes: [UInt8], file: String, term: Term) throws(CatalogError) -> ImportedCatalog {
        if let p = CatalogRules.termProblem(term) {
            throw CatalogError(file: file, path: "term." + p.field, field: p.field, value: p.value, reason: p.reason)
        }
        return try read(CatalogCursor(parsing: bytes, file: file), term: term)
    }

    /// Titles and credits by course key, and the section records in document order.
    private struct Records {
        var courseInfo: [String: (title: String?, credits: Double?)] = [:]
        var sections: [CatalogCursor] = []

        /// A course record: its title and credits, and the section records nested in it.
        mutating func addCourse(_ c: CatalogCursor) throws(CatalogError) {
            try c.object("a course record: {course_id, name, credits}")
            let id = try c.required("course_id", "the course id, e.g. CMSC131").courseCode("a course id such as CMSC131")
            let title = try c.child("name")?.string("the course name")
            let credits = try c.child("credits").map { x throws(CatalogError) in try UMDIOSections.credits(x) }
            courseInfo[Course.key(id)] = (title, credits)
            for s in try c.child("sections")?.items("sections") ?? [] {
                if case .object = s.node { sections.append(s) }
            }
        }

        /// An array item: a course record when it has `course_id` and no `section_id`.
        mutating func addItem(_ item: CatalogCursor) throws(CatalogError) {
            if item.node["course_id"] != nil, item.node["section_id"] == nil {
                try addCourse(item)
            } else {
                sections.append(item)
            }
        }
    }

    static func read(_ doc: CatalogCursor, term: Term) throws(CatalogError) -> ImportedCatalog {
        var records = Records()
        switch doc.node {
        case .array:
            for item in try doc.items("course or section records") { try records.addItem(item) }
        case .object:
            for c in try doc.child("courses")?.items("course records") ?? [] { try records.addCourse(c) }
            records.sections += try doc.child("sections")?.items("section records") ?? []
        default:
            throw CatalogError(file: doc.file, value: doc.node.typeName,
                               reason: "is not a umd.io dump; expected an array of course or section records, "
                                   + "or {\"courses\": [...], \"sections\": [...]}")
        }
        var assembly = CatalogAssembly()
        var seen: [String: CatalogCursor] = [:]
        var duplicates: [(key: String, first: String, again: String)] = []
        for s in records.sections {
            let (course, number) = try ids(s)
            let key = Course.key(course) + "-" + number
            if let first = seen[key] {
                guard first.node == s.node else {
                    throw try s.required("section_id", "")
                        .fail("is the section of \(first.path) too, with other values; expected each section once (an exact duplicate is merged)")
                }
                duplicates.append((key, first.path, s.path))
                continue
            }
            seen[key] = s
            let info = records.courseInfo[Course.key(course)]
            var instructors: [String] = []
            for i in try s.child("instructors")?.items("instructor names") ?? [] {
                let name = try i.string("an instructor's name").trimmingCharacters(in: .whitespaces)
                if !name.isEmpty && !instructors.contains(name) { instructors.append(name) }
            }
            var meetings: [Meeting] = []
            for m in try s.child("meetings")?.items("meetings") ?? [] {
                if let meeting = try Self.meeting(m) { meetings.append(meeting) }
            }
            let seats = try seats(s)
            do {
                try assembly.add(code: course, title: info?.title, credits: info?.credits, section: number, instructors: instructors,
                                 gpa: nil, rating: nil, seats: seats, meetings: meetings, origin: s.path)
            } catch {
                throw s.fail(error.reason)
            }
        }
        var warnings: [CatalogWarning] = []
        if let d = duplicates.first {
            let n = duplicates.count
            warnings.append(CatalogWarning(id: "duplicate-sections", file: doc.file,
                                           message: "\(n) exact duplicate section record\(n == 1 ? "" : "s") merged (each kept once), "
                                               + "e.g. \(d.key) at \(d.first) and \(d.again)"))
        }
        return ImportedCatalog(catalog: assembly.catalog(term: term, defaultCredits: defaultCredits), warnings: warnings)
    }

    /// The course and the section number: from `course` and `number`, else from `section_id` (`CMSC131-0101`).
    static func ids(_ s: CatalogCursor) throws(CatalogError) -> (course: String, number: String) {
        try s.object("a section record: {section_id, course, instructors, seats, open_seats, waitlist, meetings}")
        let sidAt = s.child("section_id")
        let sid = try sidAt?.courseCode("a section id such as CMSC131-0101")
        let course = try s.child("course")?.courseCode("a course id such as CMSC131")
        let number = try s.child("number")?.text("a section number such as 0101")
        var split: (String, String)?
        if let sid, let dash = sid.lastIndex(of: "-") {
            let c = sid[..<dash].trimmingCharacters(in: .whitespaces)
            let n = sid[sid.index(after: dash)...].trimmingCharacters(in: .whitespaces)
            if !c.isEmpty && !n.isEmpty { split = (c, n) }
        }
        if let c = course ?? split?.0, let n = number ?? split?.1 { return (c, n) }
        if let sidAt { throw sidAt.fail("is not COURSE-NUMBER; expected a section id such as CMSC131-0101") }
        throw CatalogError(file: s.file, path: s.path + ".section_id", field: "section_id",
                           reason: "is missing; expected a section id such as CMSC131-0101")
    }

    /// umd.io's counts: `"40"`, `"07"` or a number.
    static func count(_ c: CatalogCursor) throws(CatalogError) -> Int {
        if case .string(let s) = c.node {
            let t = s.trimmingCharacters(in: .whitespaces)
            guard !t.isEmpty, t.count < 10, t.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(t) else {
                throw c.fail("is not a seat count; expected a whole number ≥ 0 such as \"40\"")
            }
            return n
        }
        return try c.count("a seat count, a whole number ≥ 0")
    }

    static func seats(_ s: CatalogCursor) throws(CatalogError) -> Seats? {
        let total = try s.child("seats").map { x throws(CatalogError) in try count(x) }
        let open = try s.child("open_seats").map { x throws(CatalogError) in try count(x) }
        let waitlist = try s.child("waitlist").map { x throws(CatalogError) in try count(x) } ?? 0
        guard total != nil || open != nil else { return nil }
        return Seats(open: open ?? total ?? 0, total: total ?? open ?? 0, waitlist: waitlist)
    }

    /// `"3"`, `3`, or a range `"1-3"` (its lower end).
    static func credits(_ c: CatalogCursor) throws(CatalogError) -> Double {
        let x: Double?
        switch c.node {
        case .number(let n): x = Double(n)
        case .string(let s): x = s.split(separator: "-").first.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        default: x = nil
        }
        guard let x, CatalogRules.creditsProblem(x) == nil else { throw c.fail("is not a number of credits; expected \"3\" or \"1-3\"") }
        return x
    }

    static func meeting(_ m: CatalogCursor) throws(CatalogError) -> Meeting? {
        try m.object("a meeting: {days, start_time, end_time, building, room, classtype}")
        let daysAt = m.child("days")
        let daysText = try daysAt?.string("days such as MWF or TuTh") ?? ""
        let startAt = m.child("start_time"), endAt = m.child("end_time")
        let startText = try startAt?.string(ClockText.expected) ?? ""
        let endText = try endAt?.string(ClockText.expected) ?? ""
        if DayLetters.isUnscheduled(daysText) || (DayLetters.isUnscheduled(startText) && DayLetters.isUnscheduled(endText)) { return nil }
        guard let days = DayLetters.parse(daysText) else { throw (daysAt ?? m).fail("is not a list of days; \(DayLetters.expected)") }
        guard let a = ClockText.parse(startText) else { throw (startAt ?? m).fail("is not a time of day; \(ClockText.expected)") }
        guard let b = ClockText.parse(endText) else { throw (endAt ?? m).fail("is not a time of day; \(ClockText.expected)") }
        if let p = CatalogRules.timesProblem(start: a.minutes, end: b.minutes) { throw (endAt ?? m).fail(p) }
        let building = try m.child("building")?.string("the building").trimmingCharacters(in: .whitespaces) ?? ""
        let roomNumber = try m.child("room")?.string("the room").trimmingCharacters(in: .whitespaces) ?? ""
        let room = [building, roomNumber].filter { !$0.isEmpty }.joined(separator: " ")
        let classType = try m.child("classtype")?.string("the class type") ?? ""
        let kind = MeetingKind.normalized(classType)
        return Meeting(days: days, start: a.minutes, end: b.minutes, room: room.isEmpty ? nil : room, kind: kind)
    }
}
