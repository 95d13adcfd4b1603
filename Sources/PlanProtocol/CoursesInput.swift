import Foundation
import PlanCore
import PlanService
import PlanTimetable

/// A refused input of `plan courses` or a `courses.*` method: which field,
/// its value, and what is expected. The CLI shows the field as its option
/// (`--no-earlier`), `plan rpc` as a JSON pointer (`/noEarlier`).
package struct CoursesInputError: Error, Hashable, Sendable {
    /// The field as the RPC names it (`noEarlier`, `freeDays`, `term.start`).
    package var field: String
    package var value: String
    package var expected: String

    /// `"25:00": expected a time of day such as 09:00, …`, what `plan rpc` says beside
    /// the field's pointer.
    package var paramsMessage: String { "\"\(value)\": expected \(expected)" }

    /// `--no-earlier 25:00: expected a time of day such as 09:00, …`.
    package var optionMessage: String {
        let option = "--" + field.reduce(into: "") { out, c in
            if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
        }
        return "\(option.replacingOccurrences(of: "--free-days", with: "--free-day").replacingOccurrences(of: "--weights", with: "--weight")) \(value): expected \(expected)"
    }
}

/// The options of `plan courses build` and `courses.build` as text, checked
/// once here for both faces.
package struct BuildRequest: Sendable {
    package var top: Int?
    package var noEarlier: String?
    package var noLater: String?
    package var freeDays: [String] = []
    package var maxDays: Int?
    package var onlyOpen = false
    /// `COURSE-ID` (or `COURSE:ID`, `COURSE/ID`, `COURSE ID`).
    package var exclude: [String] = []
    /// `gpa` and `rating`, each ≥ 0, not both 0.
    package var weights: [(field: String, weight: Double)] = []
    /// 1 to 20; 5 when not given.
    package var maxCourses: Int?
    /// More than 0, at most 60.
    package var maxCredits: Double?
    /// Every combination, not the best timing of each choice of instructors.
    package var variants = false

    package init() {}

    package func options() throws(CoursesInputError) -> BuildOptions {
        var o = BuildOptions()
        if let top {
            guard (1...1000).contains(top) else { throw CoursesInputError(field: "top", value: String(top), expected: "1 to 1000") }
            o.top = top
        }
        if let maxDays {
            guard (1...7).contains(maxDays) else { throw CoursesInputError(field: "maxDays", value: String(maxDays), expected: "1 to 7") }
            o.maxDays = maxDays
        }
        o.onlyOpen = onlyOpen
        o.variants = variants
        if let maxCourses {
            guard (1...20).contains(maxCourses) else { throw CoursesInputError(field: "maxCourses", value: String(maxCourses), expected: "1 to 20") }
            o.maxCourses = maxCourses
        }
        if let maxCredits {
            guard maxCredits.isFinite, maxCredits > 0, maxCredits <= 60 else {
                throw CoursesInputError(field: "maxCredits", value: String(maxCredits), expected: "more than 0, at most 60")
            }
            o.maxCredits = maxCredits
        }
        o.noEarlier = try noEarlier.map { text throws(CoursesInputError) in try Self.minute(text, field: "noEarlier") }
        o.noLater = try noLater.map { text throws(CoursesInputError) in try Self.minute(text, field: "noLater") }
        for text in freeDays {
            guard let days = HumanInput.days(text) else {
                throw CoursesInputError(field: "freeDays", value: text, expected: "days as MO TU WE TH FR SA SU, Friday or fri, or the letters timetables print (M T W R F S U: F, TR, MWF)")
            }
            for day in days where !o.freeDays.contains(day) { o.freeDays.append(day) }
        }
        for text in exclude { o.excluded.insert(try Self.sectionRef(text, field: "exclude")) }
        var gpa: Double?, rating: Double?
        for (field, w) in weights {
            guard w.isFinite, w >= 0, w <= 1000 else {
                throw CoursesInputError(field: "weights", value: "\(field)=\(w)", expected: "a weight from 0 to 1000")
            }
            switch field.lowercased() {
            case "gpa": gpa = w
            case "rating": rating = w
            default: throw CoursesInputError(field: "weights", value: "\(field)=\(w)", expected: "the fields gpa and rating")
            }
        }
        o.gpaWeight = gpa ?? 1
        o.ratingWeight = rating ?? 1
        if o.gpaWeight == 0, o.ratingWeight == 0 {
            throw CoursesInputError(field: "weights", value: "gpa=0 rating=0", expected: "gpa and rating not both 0")
        }
        return o
    }

    static func minute(_ text: String, field: String) throws(CoursesInputError) -> Int {
        guard let m = HumanInput.clock(text, allow24: true) else {
            throw CoursesInputError(field: field, value: text, expected: "a time of day such as 09:00, 9:30, 9am or 9:30pm")
        }
        return m
    }

    /// `CMSC436-0101`, `CMSC436:0101`, `CMSC436/0101` or `CMSC436 0101`.
    static func sectionRef(_ text: String, field: String) throws(CoursesInputError) -> SectionRef {
        let t = text.trimmingCharacters(in: .whitespaces)
        for separator in [":", "/", " ", "-"] {
            if let r = t.range(of: separator, options: .backwards) {
                let course = String(t[..<r.lowerBound]), section = String(t[r.upperBound...])
                if !course.isEmpty, !section.isEmpty { return SectionRef(course: course, section: section) }
            }
        }
        throw CoursesInputError(field: field, value: text, expected: "a course and one of its sections, e.g. CMSC436-0101")
    }
}

/// What `plan courses save` and `courses.save` keep, checked once here for both faces.
package struct SaveRequest: Sendable {
    package var rank: Int
    package var name: String?
    /// `COURSE-ID`: which of the sections a build listed as identical to keep.
    package var sections: [String] = []

    package init(rank: Int) { self.rank = rank }

    package func sectionRefs() throws(CoursesInputError) -> [SectionRef] {
        guard (1...1000).contains(rank) else { throw CoursesInputError(field: "rank", value: String(rank), expected: "1 to 1000") }
        var refs: [SectionRef] = []
        for text in sections { refs.append(try BuildRequest.sectionRef(text, field: "section")) }
        return refs
    }
}

/// A catalog file named by the user (`plan courses import`, `--catalog`,
/// `courses.import`), read in any format `CatalogImport` reads.
package struct CatalogFileRequest: Sendable {
    package var path: String
    package var format = "auto"
    /// A CSV file's encoding (``CSVEncoding``): `utf8` when nil, or `latin1`.
    package var encoding: String?
    /// For a CSV or umd.io file: the term, as text.
    package var termName: String?
    package var termStart: String?
    package var termEnd: String?
    package var timeZone: String?

    package init(path: String) { self.path = path }

    /// The term the fields give; nil when none is given.
    package func term() throws(CoursesInputError) -> Term? {
        guard termName != nil || termStart != nil || termEnd != nil || timeZone != nil else { return nil }
        func date(_ text: String?, _ field: String) throws(CoursesInputError) -> LocalDate {
            guard let text else { throw CoursesInputError(field: field, value: "(missing)", expected: "a date YYYY-MM-DD with the other term fields") }
            guard let d = LocalDate(iso: text) else { throw CoursesInputError(field: field, value: text, expected: "a date YYYY-MM-DD") }
            return d
        }
        let start = try date(termStart, "termStart"), end = try date(termEnd, "termEnd")
        guard start <= end else { throw CoursesInputError(field: "termEnd", value: end.isoString, expected: "a date on or after the term's start \(start.isoString)") }
        guard let zone = timeZone, SystemZone(identifier: zone) != nil else {
            throw CoursesInputError(field: "timeZone", value: timeZone ?? "(missing)", expected: "an IANA zone such as America/New_York")
        }
        return Term(name: termName ?? "\(start.isoString) to \(end.isoString)", timeZone: zone, start: start, end: end)
    }

    /// The catalog: a missing file is ``ServiceError/unreadable(path:reason:)``,
    /// content that cannot be read ``ServiceError/refused(_:)`` naming the line or path, field and value.
    package func read() throws -> Catalog { try load().catalog }

    /// The catalog, as ``read()`` reads it, and the reader's warnings (exact duplicates merged).
    package func load() throws -> ImportedCatalog {
        guard let chosen = CatalogImport.Format(rawValue: format.lowercased()) else {
            throw CoursesInputError(field: "format", value: format, expected: "one of \(CatalogImport.Format.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let term = try term(), encoding = try CSVEncoding.chosen(encoding)
        let bytes = try BoundedRead.input(path: path, what: "catalog")
        do {
            return try CatalogImport.load(bytes, file: path, format: chosen, term: term, encoding: encoding)
        } catch {
            throw ServiceError.refused(error.description)
        }
    }
}
