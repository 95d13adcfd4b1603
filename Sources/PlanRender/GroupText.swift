import PlanCore
import PlanGroups

/// Study groups as text: the times found, and the sessions.
package enum GroupText {
    /// `Wed 2026-12-02 18:00–20:00` (the end's day too when it is another).
    package static func range(_ r: TimeRange, _ zone: some UTCOffsetProvider) -> String {
        let a = zone.local(r.start), b = zone.local(r.end)
        let end = a.date == b.date || (b.secondOfDay == 0 && b.date == a.date.adding(days: 1))
            ? (b.secondOfDay == 0 && b.date != a.date ? "24:00" : b.hhmm) : TimeText.dayAndTime(r.end, zone)
        return "\(TimeText.day(a.date)) \(a.hhmm)–\(end)"
    }

    /// The slots of `plan group find`, best first: each in the user's zone,
    /// then in each member's zone that differs; who cannot come; which of the
    /// user's sittings would move.
    package static func found(_ search: GroupSearch, _ slots: [GroupSlot], zone: SystemZone, style: TextStyle = .plain) -> String {
        let names = search.members.map { TerminalText.label($0.name) }
        let a = zone.local(search.within.start), b = zone.local(search.within.end)
        let last = b.date.adding(days: -1)
        let days = a.secondOfDay != 0 || b.secondOfDay != 0 ? range(search.within, zone)
            : last == a.date ? TimeText.day(a.date) : "\(TimeText.day(a.date)) … \(TimeText.day(last))"
        var out = "\(ISODuration.humanString(search.duration)) for \(names.joined(separator: ", ")), \(days) (\(zone.identifier)):\n"
        if slots.isEmpty {
            return out + "  no time on the grid suits \(search.minMembers) or more of them; search a longer window (--within), "
                + "a wider day (--between), more days (--days) or fewer members (--min-members)\n"
        }
        let otherZones = Set(search.members.map(\.zone.identifier)).subtracting([zone.identifier])
        for (n, slot) in slots.enumerated() {
            let cannot = slot.busy.map { slot.outsideHours.contains($0) ? "\(names[$0]) (outside their hours)" : names[$0] }
            let who = slot.everyone ? style.green("everyone can come")
                : "\(slot.free.count) of \(names.count) can come; \(cannot.joined(separator: ", ")) cannot"
            out += "\(n + 1). \(style.bold(range(slot.range, zone)))  \(who)\n"
            for z in otherZones.sorted() {
                let members = search.members.filter { $0.zone.identifier == z }.map { TerminalText.label($0.name) }
                out += "     \(range(slot.range, search.members.first { $0.zone.identifier == z }!.zone)) \(z) (\(members.joined(separator: ", ")))\n"
            }
            for d in slot.displaced {
                let pieces = d.pieces.map { "\(TerminalText.label($0.label)) \(range($0.range, zone))" }.joined(separator: "; ")
                out += "     \(names[d.member]): would move \(pieces)\n"
            }
        }
        return out
    }

    /// One line of who answered what: `going 2 (Ada Byron, bob@x.edu) · invited 1 (cy@y.edu) · declined 0`.
    package static func answers(_ s: GroupSession) -> String {
        func part(_ label: String, _ status: Participation) -> String {
            let people = s.people(status).map { TerminalText.label($0.displayName) }
            return people.isEmpty ? "\(label) 0" : "\(label) \(people.count) (\(people.joined(separator: ", ")))"
        }
        var parts = [part("going", .accepted), part("invited", .needsAction), part("declined", .declined)]
        if !s.people(.tentative).isEmpty { parts.insert(part("maybe", .tentative), at: 2) }
        return parts.joined(separator: " · ")
    }

    /// The sessions of `plan group list`.
    package static func sessions(_ sessions: [GroupSession], me: String?, zone: SystemZone, style: TextStyle = .plain) -> String {
        if sessions.isEmpty { return "No study-group sessions. Propose one with `plan group create TITLE --at … --for 2h --invite …`.\n" }
        var out = ""
        for s in sessions {
            var flags: [String] = []
            if s.cancelled { flags.append("cancelled") } else if s.isEmpty { flags.append("empty") }
            let state = flags.isEmpty ? "" : "  " + style.red("[\(flags.joined(separator: ", "))]")
            out += "\(style.bold(TerminalText.label(s.id)))  \(range(s.range, zone))  \(TerminalText.label(s.title))\(s.course.map { " (\(TerminalText.label($0)))" } ?? "")\(state)\n"
            if let l = s.location { out += "    where: \(TerminalText.label(l))\(s.geo.map { " (\($0.latitude), \($0.longitude))" } ?? "")\n" }
            out += "    \(answers(s))\n"
            if let me, !s.cancelled {
                let mine = s.status(of: me)
                let role = s.organizer.sameAddress(me) ? " (organizer)" : ""
                let word = switch mine {
                case .accepted?: "you are going"
                case .declined?: "you are not going"
                case .tentative?: "you might go"
                case .needsAction?: "you have not answered (`plan group join \(TerminalText.label(s.id))`)"
                case nil: s.isOnCalendar ? "you are not in it yet (`plan group join \(TerminalText.label(s.id))`)" : "you are not invited"
                }
                out += "    \(word)\(role)\n"
            }
            if let url = s.calendarURL { out += "    group calendar: \(TerminalText.label(url))\(s.isOnCalendar ? "" : " (not written there)")\n" }
        }
        return out
    }
}
