import Foundation
import PlanCore
import PlanGroups
import PlanICal
import PlanStore

extension PlanService {
    /// The session as an iTIP message carries it (DTSTAMP: the session's stamp).
    static func invitation(_ s: GroupSession) -> Invitation {
        Invitation(uid: s.uid, sequence: s.sequence, stamp: s.stamp, range: s.range, summary: s.title, location: s.location,
                   geo: s.geo, description: s.notes, categories: s.course.map { [$0] } ?? [], organizer: s.organizer,
                   attendees: s.attendees, cancelled: s.cancelled)
    }

    /// The session an invitation (or a group calendar's member) describes, with
    /// `id` and where it is kept: the organizer's own answer read from the
    /// ATTENDEEs (ACCEPTED when it names none), the others as its invitees.
    static func session(_ inv: Invitation, id: String, cancelled: Bool, calendarURL: String?, calendarPath: String?,
                        calendarETag: String?) -> GroupSession {
        GroupSession(
            id: id, uid: inv.uid, sequence: inv.sequence, title: inv.summary, course: inv.categories.first, range: inv.range,
            location: inv.location, geo: inv.geo, notes: inv.description, organizer: inv.organizer,
            organizerStatus: inv.attendees.first { inv.organizer.sameAddress($0.user.email) }?.status ?? .accepted,
            attendees: inv.attendees.filter { !inv.organizer.sameAddress($0.user.email) },
            calendarURL: calendarURL, cancelled: cancelled, stamp: inv.stamp, calendarPath: calendarPath, calendarETag: calendarETag)
    }

    /// Writes one iMIP message (`.eml`) per recipient into `mailDir`
    /// (created when missing) and returns their paths; none without a
    /// folder. A failure removes the files already written.
    func writeMessages(_ method: SchedulingMethod, _ s: GroupSession, from sender: CalendarUser? = nil, to recipients: [CalendarUser],
                       mailDir: String?, t: StoreTransaction) throws -> [String] {
        guard let mailDir, !recipients.isEmpty else { return [] }
        // Each message lists everyone: n messages of n names. A session read
        // from a group calendar may list more than `--invite` allows.
        guard recipients.count <= GroupSession.maxInvitees else { throw Self.tooManyRecipients(s, recipients.count) }
        // Every address was checked where it came in; one kept by an older plan is checked here, before it reaches a header.
        for u in recipients + [sender ?? s.organizer] {
            if let problem = MailAddress.problem(u.email) {
                throw ServiceError.refused("\"\(s.title)\": \(LineText.excerpt(u.email)) is not one mail address (\(problem)); no message written")
            }
        }
        let dir = Self.absolutePath(mailDir)
        let zone = try self.settings(t).zone
        let calendar = ICalExporter.scheduling(method, Self.invitation(s))
        var written: [String] = []
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for r in recipients {
                let from = sender ?? s.organizer
                // An answer is dated now (its DTSTAMP is the session's version it answers).
                let mail = MailMessage(from: from, to: r, subject: Self.subject(method, s, zone: zone), date: method == .reply ? now : s.stamp,
                                       messageId: Self.messageId(method, s, to: r, from: from), text: Self.mailText(method, s, zone: zone),
                                       method: method, calendar: calendar)
                // An answer is named by who answers and how (a later answer of another kind is a file of its own).
                let who = method == .reply ? (s.attendees.first.map { $0.status.rawValue.lowercased() + "-" } ?? "") + Self.safe(from.email) : Self.safe(r.email)
                let path = (dir as NSString).appendingPathComponent("\(s.id)-\(method.rawValue.lowercased())-\(s.sequence)-\(who).eml")
                // Through a partial file renamed into place: one a killed plan left is swept by the next.
                try FileOutput.write(mail.eml, to: path, streams: false)
                written.append(path)
            }
        } catch {
            for p in written { try? FileManager.default.removeItem(atPath: p) }
            if let e = error as? ServiceError { throw e }
            throw ServiceError.cannotWrite(path: dir, reason: (error as NSError).localizedDescription)
        }
        return written
    }

    /// Why no message is written about a session with `count` invitees (over ``GroupSession/maxInvitees``).
    static func tooManyRecipients(_ s: GroupSession, _ count: Int) -> ServiceError {
        .refused("\"\(s.title)\" has \(count) invitees: plan writes messages to at most \(GroupSession.maxInvitees)")
    }

    /// Letters, digits, `.`, `-`, `_` and `=` for `@`: a file name and a Message-ID part.
    static func safe(_ s: String) -> String {
        String(s.map { c -> Character in
            if c == "@" { return "=" }
            return c.isASCII && (c.isLetter || c.isNumber || c == "." || c == "-" || c == "_") ? c : "-"
        })
    }

    static func messageId(_ method: SchedulingMethod, _ s: GroupSession, to r: CalendarUser, from: CalendarUser? = nil) -> String {
        let sender = from ?? s.organizer
        let domain = sender.email.split(separator: "@").last.map(String.init) ?? "plan"
        let party = method == .reply ? sender.email : r.email
        return "\(safe(s.id)).\(s.sequence).\(method.rawValue.lowercased()).\(safe(party))@\(safe(domain))"
    }

    static func subject(_ method: SchedulingMethod, _ s: GroupSession, zone: SystemZone) -> String {
        let when = when(s.range, zone: zone)
        return switch method {
        case .request: "Invitation: \(s.title) @ \(when)"
        case .cancel: "Cancelled: \(s.title) @ \(when)"
        case .reply: "\(s.attendees.first?.status == .accepted ? "Accepted" : s.attendees.first?.status == .tentative ? "Maybe" : "Declined"): \(s.title) @ \(when)"
        }
    }

    /// `Wed 2 Dec 2026, 18:00–20:00 (America/New_York)`.
    static func when(_ r: TimeRange, zone: SystemZone) -> String {
        let a = zone.local(r.start), b = zone.local(r.end)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func day(_ l: LocalDateTime) -> String {
            "\(Weekday.allCases[l.date.isoWeekday - 1].shortName) \(l.date.day) \(months[l.date.month - 1]) \(l.date.year)"
        }
        let end = a.date == b.date ? b.hhmm : day(b) + " " + b.hhmm
        return "\(day(a)), \(a.hhmm)–\(end) (\(zone.identifier))"
    }

    /// The message's words for people (the calendar part carries the rest).
    static func mailText(_ method: SchedulingMethod, _ s: GroupSession, zone: SystemZone) -> String {
        let who = s.organizer.displayName
        var lines: [String]
        switch method {
        case .cancel:
            lines = ["\(who) has cancelled \"\(s.title)\"\(s.course.map { " (\($0))" } ?? "").", "", "It was: \(when(s.range, zone: zone))"]
        case .reply:
            let answerer = s.attendees.first
            let verb = answerer?.status == .accepted ? "will come to" : answerer?.status == .tentative ? "might come to" : "will not come to"
            lines = ["\(answerer?.user.displayName ?? "An invitee") \(verb) \"\(s.title)\"\(s.course.map { " (\($0))" } ?? "").", "",
                     "When:  \(when(s.range, zone: zone))"]
        case .request:
            lines = ["\(who) invites you to a study session: \"\(s.title)\"\(s.course.map { " (\($0))" } ?? "").", "",
                     "When:  \(when(s.range, zone: zone))"]
        }
        if let l = s.location { lines.append("Where: \(l)") }
        if let g = s.geo { lines.append("Map:   geo:\(g.latitude),\(g.longitude)") }
        if let n = s.notes { lines += ["", n] }
        if method != .reply { lines += ["", "Who:   " + ([who + " (organizer)"] + s.attendees.map(\.user.displayName)).joined(separator: ", ")] }
        if method == .request {
            lines += ["", "Accept or decline in your mail or calendar app; the answer goes back to \(s.organizer.email)."]
        }
        if method == .reply {
            lines += ["", "Apply it with: plan group reply THIS-FILE.eml (or your calendar app does it for you)."]
        }
        lines += ["", "-- ", "Written by plan (plan group \(method == .cancel ? "cancel" : method == .reply ? "reply" : "create"))."]
        return lines.joined(separator: "\n") + "\n"
    }
}
