import Foundation
import PlanCore
import PlanGroups
import PlanService

/// The options of `plan group find` and `group.find` as text, checked once
/// here for both faces (errors name the field: ``CoursesInputError``).
package struct GroupFindInput: Sendable {
    /// `me`, a file, a URL (see ``GroupMemberSource/init(_:)``).
    package var members: [String] = []
    /// `2h`, `90m`, `PT2H`.
    package var duration = ""
    /// `2026-12-01..2026-12-05` (whole days, both included), date-times, `today..fri`.
    package var within: String?
    /// `09:00-21:00`, read in each member's zone.
    package var between: String?
    /// `MO-FR`, `MO,WE,FR`, `SA-SU`.
    package var days: String?
    /// `15m`, `30m`, `1h`: must divide a day.
    package var granularity: String?
    package var minMembers: Int?
    package var top: Int?

    package init() {}

    /// The request, dates read in `zone` at `now`.
    package func request(now: Instant, zone: SystemZone) throws(CoursesInputError) -> GroupFindRequest {
        guard !members.isEmpty else { throw CoursesInputError(field: "member", value: "", expected: "at least one member: FILE.ics, an https:// URL, or me") }
        // Refused before any member is read.
        guard members.count <= GroupSearch.maxMembers else {
            throw CoursesInputError(field: "member", value: "\(members.count) members", expected: "at most \(GroupSearch.maxMembers) members")
        }
        guard let d = HumanInput.duration(duration), d > 0, d <= 86_400 else {
            throw CoursesInputError(field: "duration", value: duration, expected: "a duration like 2h, 90m or PT1H30M, at most 24h")
        }
        var r = GroupFindRequest(members: members.map(GroupMemberSource.init), duration: ISODuration.wholeMinutes(d))
        if let within { r.within = try Self.within(within, now: now, zone: zone) }
        if let between { r.between = try Self.between(between) }
        if let days { r.days = try Self.days(days) }
        if let granularity {
            guard let g = HumanInput.duration(granularity), g >= 300, g % 60 == 0, 86_400 % g == 0 else {
                throw CoursesInputError(field: "granularity", value: granularity, expected: "a grid like 15m, 30m or 1h that divides a day, at least 5m")
            }
            r.granularity = g
        }
        if let minMembers {
            guard (1...members.count).contains(minMembers) else {
                throw CoursesInputError(field: "minMembers", value: String(minMembers), expected: "1 to \(members.count) (the number of members)")
            }
            r.minMembers = minMembers
        }
        if let top {
            guard (1...100).contains(top) else { throw CoursesInputError(field: "top", value: String(top), expected: "1 to 100") }
            r.top = top
        }
        return r
    }

    /// `A..B`: a day means the whole day (its start for A, its end for B).
    static func within(_ text: String, now: Instant, zone: SystemZone) throws(CoursesInputError) -> TimeRange {
        let near = HumanInput.nearDays(now: now, zone: zone), a = near.tomorrow, b = near.tomorrow.adding(days: 4)
        let expected = "FROM..TO, e.g. \(a)..\(b) (whole days) or \(a)T12:00..\(a.adding(days: 1))T18:00, at most 366 days"
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, let a = HumanInput.date(parts[0], now: now, zone: zone), let b = HumanInput.date(parts[1], now: now, zone: zone) else {
            throw CoursesInputError(field: "within", value: text, expected: expected)
        }
        func instant(_ v: DateText.Value, end: Bool) -> Instant {
            switch v {
            case .date(let d): zone.resolve(LocalDateTime(date: end ? d.adding(days: 1) : d))
            case .local(let l): zone.resolve(l)
            case .instant(let i): i
            }
        }
        let r = TimeRange(start: instant(a, end: false), end: instant(b, end: true))
        guard r.start < r.end, r.duration <= 366 * 86_400 else { throw CoursesInputError(field: "within", value: text, expected: expected) }
        return r
    }

    /// `09:00-21:00` (see ``DayWindow/init(text:)``).
    static func between(_ text: String) throws(CoursesInputError) -> DayWindow {
        guard let w = DayWindow(text: text) else {
            throw CoursesInputError(field: "between", value: text, expected: "HH:MM-HH:MM, e.g. 09:00-21:00")
        }
        return w
    }

    /// `MO-FR` (a run, wrapping past SU: `FR-MO`), `MO,WE,FR`, or both: `MO-WE,SA`.
    static func days(_ text: String) throws(CoursesInputError) -> Set<Weekday> {
        let error = CoursesInputError(field: "days", value: text, expected: "two-letter days: MO-FR, MO,WE,FR or SA-SU")
        func day(_ s: Substring) -> Weekday? { Weekday.allCases.first { $0.code == s.trimmingCharacters(in: .whitespaces).uppercased() } }
        var out = Set<Weekday>()
        for part in text.split(separator: ",") {
            let ends = part.split(separator: "-")
            guard let first = ends.first.flatMap(day), ends.count <= 2 else { throw error }
            guard ends.count == 2 else {
                out.insert(first)
                continue
            }
            guard let last = day(ends[1]) else { throw error }
            var d = first.rawValue
            while true {
                out.insert(Weekday(rawValue: d)!)
                if d == last.rawValue { break }
                d = d % 7 + 1
            }
        }
        guard !out.isEmpty else { throw error }
        return out
    }
}
