import Foundation
import PlanCore

/// A registrar-style CSV export, one row per meeting, mapped into a catalog.
///
/// The header row names the columns (``RegistrarColumn``: matched without case,
/// spaces or punctuation, under common aliases). Needed: Course (or Subject
/// and Number), Section, Credits (or Units), Days, and Start and End times (or
/// one Time column such as `10:00-10:50am`). Read when present: Title,
/// Instructor(s) (several separated by `;` or `|`), Room (or Location; with a
/// Building column, `Building Room`), Type/Kind/Component (`LEC` is lecture,
/// `LAB` lab, `DIS` discussion…), Open / Enrolled / Capacity / Waitlist seats,
/// GPA, Rating, Start Date and End Date of the meeting (ISO or M/D/YYYY).
///
/// Days are read as `MWF`, `TR`, `TTh`, `MoWe`, `M W F`…; times as `10:00`,
/// `10:00 AM`, `1:30pm`, `1330`. Days or times that are `TBA`, `ARR`, `ONLINE`
/// or empty make a row with no meeting: its section is kept, with no set time.
/// Rows of the same course and section are one section; its title, credits,
/// GPA, rating and seats must agree from row to row. The file carries no term:
/// the caller gives it (the CLI's `--term-name --term-start --term-end --time-zone`).
/// Errors name the row's line and the column.
package enum RegistrarCSV {
    package static func read(_ bytes: [UInt8], file: String, term: Term, encoding: CSVEncoding = .utf8) throws(CatalogError) -> Catalog {
        if let p = CatalogRules.termProblem(term) {
            throw CatalogError(file: file, path: "term." + p.field, field: p.field, value: p.value, reason: p.reason)
        }
        let records = try CSVRecords.read(bytes, file: file, encoding: encoding,
                                            expected: "a header row (Course, Section, Credits, Days, Start Time, End Time…) and one row per meeting")
        let header = records[0]
        let columns = RegistrarColumn.find(in: header.fields)
        let needed: [[RegistrarColumn]] = [[.course, .number], [.section], [.credits], [.days], [.start, .time], [.end, .time]]
        for alternatives in needed where !alternatives.contains(where: { columns[$0] != nil }) {
            throw CatalogError(file: file, line: header.line, field: alternatives[0].rawValue,
                               reason: "has no \(alternatives[0].lookedFor) column; the header row has \(RegistrarColumn.shown(header.fields))")
        }
        var assembly = CatalogAssembly()
        for record in records.dropFirst() {
            let row = Row(record: record, header: header.fields, columns: columns, file: file)
            try row.check(width: header.fields.count)
            let code = try row.courseCode()
            let origin = "line \(record.line)"
            let credits = try row.credits(), section = try row.required(.section, "a section id such as 0101")
            let gpa = try row.gpa(), rating = try row.rating(), seats = try row.seats()
            let meetings = try row.meeting(term: term).map { [$0] } ?? []
            do {
                try assembly.add(code: code, title: row.cell(.title), credits: credits, section: section,
                                 instructors: row.instructors(), gpa: gpa, rating: rating, seats: seats, meetings: meetings, origin: origin)
            } catch {
                let column: RegistrarColumn = switch error.field {
                case "title": .title
                case "credits": .credits
                case "gpa": .gpa
                case "rating": .rating
                default: columns[.open] != nil ? .open : .capacity
                }
                throw row.fail(column, reason: error.reason)
            }
        }
        guard !assembly.isEmpty else {
            throw CatalogError(file: file, reason: "has a header row but no rows; expected one row per meeting")
        }
        return assembly.catalog(term: term, defaultCredits: 0)
    }
}

/// One data row of a registrar CSV, read by column role.
private struct Row {
    let record: CSVRecords.Record
    let header: [String]
    let columns: [RegistrarColumn: Int]
    let file: String

    func fail(_ column: RegistrarColumn, reason: String) -> CatalogError {
        let name = LineText.excerpt(columns[column].flatMap { $0 < header.count ? header[$0] : nil } ?? column.rawValue)
        let value = raw(column).map { "\"\(LineText.excerpt($0))\"" }
        return CatalogError(file: file, line: record.line, path: "column \"\(name)\"", field: name, value: value, reason: reason)
    }

    func check(width: Int) throws(CatalogError) {
        if record.fields.count > width, record.fields[width...].contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw CatalogError(file: file, line: record.line,
                               reason: "has \(record.fields.count) fields but the header has \(width); expected a quoted field (\"…\") around values with commas")
        }
    }

    /// The cell as written (nil when the column is absent).
    func raw(_ column: RegistrarColumn) -> String? {
        guard let i = columns[column], i < record.fields.count else { return columns[column] == nil ? nil : "" }
        return record.fields[i]
    }

    /// The cell trimmed; nil when absent or empty.
    func cell(_ column: RegistrarColumn) -> String? {
        guard let t = raw(column)?.trimmingCharacters(in: .whitespacesAndNewlines), !t.isEmpty else { return nil }
        return t
    }

    func required(_ column: RegistrarColumn, _ expected: String) throws(CatalogError) -> String {
        guard let v = cell(column) else { throw fail(column, reason: "is empty; expected \(expected)") }
        return v
    }

    func courseCode() throws(CatalogError) -> String {
        guard let subjectCell = cell(.subject) else {
            let column: RegistrarColumn = columns[.course] != nil ? .course : .number
            return try checked(try required(column, "a course code such as CMSC436"), column: column)
        }
        let numberColumn: RegistrarColumn = columns[.number] != nil ? .number : .course
        let subject = subjectCell.precomposedStringWithCompatibilityMapping
        let number = try required(numberColumn, "the course number, e.g. 436").precomposedStringWithCompatibilityMapping
        let code = number.uppercased().hasPrefix(subject.uppercased()) ? number : subject + " " + number
        return try checked(code, column: CourseCodeText.lookAlike(in: subject) != nil ? .subject : numberColumn)
    }

    /// A course code in NFKC, refused in `column` with its look-alike letter named (``CourseCodeText``).
    private func checked(_ code: String, column: RegistrarColumn) throws(CatalogError) -> String {
        do {
            return try CourseCodeText.normalized(code)
        } catch {
            throw fail(column, reason: error.reason)
        }
    }

    func number(_ column: RegistrarColumn, _ expected: String) throws(CatalogError) -> Double? {
        guard let v = cell(column) else { return nil }
        guard let x = Double(v), x.isFinite else { throw fail(column, reason: "is not a number; expected \(expected)") }
        return x
    }

    func count(_ column: RegistrarColumn) throws(CatalogError) -> Int? {
        guard let x = try number(column, "a whole number ≥ 0") else { return nil }
        guard x >= 0, x == x.rounded(), x < 1e9 else { throw fail(column, reason: "is not a whole number ≥ 0; expected a seat count") }
        return Int(x)
    }

    func credits() throws(CatalogError) -> Double {
        guard let x = try number(.credits, "a number of credits such as 3") else {
            throw fail(.credits, reason: "is empty; expected a number of credits such as 3")
        }
        if let p = CatalogRules.creditsProblem(x) { throw fail(.credits, reason: p) }
        return x
    }

    func gpa() throws(CatalogError) -> Double? {
        guard let x = try number(.gpa, "an average GPA from 0 to 4") else { return nil }
        if let p = CatalogRules.gpaProblem(x) { throw fail(.gpa, reason: p) }
        return x
    }

    func rating() throws(CatalogError) -> Double? {
        guard let x = try number(.rating, "a rating from 0 to 5") else { return nil }
        if let p = CatalogRules.ratingProblem(x) { throw fail(.rating, reason: p) }
        return x
    }

    func instructors() -> [String] {
        guard let v = cell(.instructors) else { return [] }
        return v.split(whereSeparator: { $0 == ";" || $0 == "|" || $0 == "\n" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !DayLetters.unscheduled.contains($0.uppercased()) }
    }

    /// Open seats from Open, else Capacity − Enrolled; total from Capacity, else
    /// Open + Enrolled; nil when the row gives neither open seats nor a capacity.
    func seats() throws(CatalogError) -> Seats? {
        let open = try count(.open), enrolled = try count(.enrolled), capacity = try count(.capacity)
        let waitlist = try count(.waitlist) ?? 0
        switch (open, capacity) {
        case (let o?, let c?): return Seats(open: o, total: c, waitlist: waitlist)
        case (let o?, nil): return Seats(open: o, total: o + (enrolled ?? 0), waitlist: waitlist)
        case (nil, let c?):
            guard let e = enrolled else { return nil }
            return Seats(open: max(0, c - e), total: c, waitlist: waitlist)
        case (nil, nil): return nil
        }
    }

    /// The row's meeting, or nil when its days or times are TBA, arranged or empty.
    func meeting(term: Term) throws(CatalogError) -> Meeting? {
        let daysText = raw(.days) ?? ""
        if DayLetters.isUnscheduled(daysText) { return nil }
        guard let days = DayLetters.parse(daysText) else { throw fail(.days, reason: "is not a list of days; \(DayLetters.expected), each day once") }
        let start: Int, end: Int
        let startColumn: RegistrarColumn = columns[.start] != nil ? .start : .time
        let endColumn: RegistrarColumn = columns[.end] != nil ? .end : .time
        if startColumn == .time || endColumn == .time {
            let t = raw(.time) ?? ""
            if DayLetters.isUnscheduled(t) { return nil }
            guard let r = ClockText.range(t) else {
                throw fail(.time, reason: "is not a time range; expected a range such as 10:00-10:50am or 1:00 PM - 2:15 PM")
            }
            (start, end) = r
        } else {
            let s = raw(.start) ?? "", e = raw(.end) ?? ""
            if DayLetters.isUnscheduled(s) && DayLetters.isUnscheduled(e) { return nil }
            guard let a = ClockText.parse(s) else { throw fail(.start, reason: "is not a time of day; \(ClockText.expected)") }
            guard let b = ClockText.parse(e) else { throw fail(.end, reason: "is not a time of day; \(ClockText.expected)") }
            // `1:00` to `2:15 PM`: the end's PM read onto a bare start, as in a range.
            start = a.meridiem == nil && b.meridiem == .pm && (60..<720).contains(a.minutes) && a.minutes + 720 < b.minutes
                ? a.minutes + 720 : a.minutes
            end = b.minutes
        }
        if let p = CatalogRules.timesProblem(start: start, end: end) {
            throw fail(endColumn, reason: p)
        }
        let from = try date(.startDate), to = try date(.endDate)
        if let p = CatalogRules.spanProblem(from: from, to: to, term: term) {
            throw fail(p.field == "from" ? .startDate : .endDate, reason: p.reason)
        }
        return Meeting(days: days, start: start, end: end, room: room(), kind: kind(), from: from, to: to)
    }

    func room() -> String? {
        let r = cell(.room), b = cell(.building)
        switch (b, r) {
        case (let b?, let r?): return r.uppercased().hasPrefix(b.uppercased()) ? r : b + " " + r
        case (let b?, nil): return b
        case (nil, let r?): return r
        case (nil, nil): return nil
        }
    }

    func kind() -> String? {
        guard let k = cell(.kind) else { return nil }
        return MeetingKind.normalized(k)
    }

    /// `2027-08-30`, `8/30/2027` or `08/30/27`.
    func date(_ column: RegistrarColumn) throws(CatalogError) -> LocalDate? {
        guard let v = cell(column) else { return nil }
        if let d = CatalogRules.date(v) { return d }
        let parts = v.split(separator: "/")
        if parts.count == 3, let m = Int(parts[0]), let d = Int(parts[1]), var y = Int(parts[2]), parts[2].count == 4 || parts[2].count == 2 {
            if parts[2].count == 2 { y += 2000 }
            let date = LocalDate(year: y, month: m, day: d)
            if date.isValid { return date }
        }
        throw fail(column, reason: "is not a date; expected 2027-08-30 or 8/30/2027")
    }
}
