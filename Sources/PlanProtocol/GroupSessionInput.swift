import Foundation
import PlanCore
import PlanGroups
import PlanService

/// The options of `plan group create` and `group.create` as text, checked
/// once here for both faces (errors name the field as the RPC does:
/// ``CoursesInputError``; the CLI's `--for` is the RPC's `duration`).
package struct GroupSessionInput: Sendable {
    package var title = ""
    package var course: String?
    /// When it starts: `2026-12-02T18:00` in the user's zone, or with an offset.
    package var at = ""
    /// `2h`, `90m`, `PT1H30M`.
    package var duration = ""
    package var location: String?
    /// `40.0012,-83.0153`.
    package var geo: String?
    package var notes: String?
    package var invite: [String] = []
    /// A group CalDAV calendar to PUT the session to.
    package var calendar: String?

    package init() {}

    /// The session to create, `at` read in `zone` at `now`.
    package func spec(now: Instant, zone: SystemZone) throws(CoursesInputError) -> GroupSessionSpec {
        // Refused before anything is saved or written.
        guard invite.count <= GroupSession.maxInvitees else {
            throw CoursesInputError(field: "invite", value: "\(invite.count) invitees", expected: "at most \(GroupSession.maxInvitees) invitees")
        }
        let fields: [(String, String?, Bool)] = [("title", title, false), ("course", course, false), ("location", location, false), ("notes", notes, true)]
        for (field, value, lines) in fields {
            guard let value, let problem = LineText.problem(value, lines: lines) else { continue }
            throw CoursesInputError(field: field, value: LineText.visible(value), expected: problem.expectation)
        }
        let start: Instant
        switch HumanInput.date(at, now: now, zone: zone) {
        case .instant(let i)?: start = i
        case .local(let l)?: start = zone.resolve(l)
        case .date?: throw CoursesInputError(field: "at", value: at, expected: "a date-time with its time, e.g. \(at)T18:00")
        case nil:
            let tomorrow = HumanInput.nearDays(now: now, zone: zone).tomorrow
            throw CoursesInputError(field: "at", value: at, expected: "a date-time like \(tomorrow)T18:00")
        }
        guard let length = HumanInput.duration(duration), length > 0 else {
            throw CoursesInputError(field: "duration", value: duration, expected: "a duration like 90m, 1h30m, 1.5h or PT1H30M")
        }
        let point = try geo.map { text throws(CoursesInputError) -> GeoPoint in
            let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let lat = parts[0], let lon = parts[1], (-90...90).contains(lat), (-180...180).contains(lon) else {
                throw CoursesInputError(field: "geo", value: text, expected: "latitude,longitude in degrees, e.g. 40.0012,-83.0153")
            }
            return GeoPoint(latitude: lat, longitude: lon)
        }
        return GroupSessionSpec(title: title, course: course, start: start, duration: ISODuration.wholeMinutes(length), location: location,
                                geo: point, notes: notes, invite: invite, calendarURL: calendar)
    }
}
