import PlanCore

/// Sections of one course that are interchangeable — the same meetings (weekdays,
/// start, end, dates clipped to the term, room and kind), the same instructors (in any
/// order), the same gpa and rating as written (missing equals missing) — taken as one
/// choice, so no combination is listed twice. They differ in nothing a student sees but
/// their ids; sections in different rooms are never one group (the room is where the
/// student goes), and `plan courses save` keeps exactly one of a group.
///
/// Invariants: `sections` is non-empty and sorted by id (`String <`, catalog order
/// between equal ids); all of them passed the options; `meetings` are the ones that take
/// place, shared by all of them (same meetings give the same active meetings).
struct SectionGroup {
    var sections: [Section]
    /// Catalog position of `sections[0]` (the tie-break between equal ids).
    var position: Int
    var meetings: [ActiveMeeting]
    /// Weekdays with a meeting (bit `rawValue - 1`).
    var days: UInt8
    /// The latest end of a meeting, minutes after midnight; 0 when none takes place.
    var latestEnd: Int

    /// What makes two sections interchangeable.
    struct Key: Hashable {
        struct MeetingKey: Hashable, Comparable {
            var days: UInt8, start: Int, end: Int, from: Int64, to: Int64
            var room: String, kind: String
            static func < (a: MeetingKey, b: MeetingKey) -> Bool {
                (a.days, a.start, a.end, a.from, a.to, a.room) < (b.days, b.start, b.end, b.from, b.to, b.room)
                    || ((a.days, a.start, a.end, a.from, a.to, a.room) == (b.days, b.start, b.end, b.from, b.to, b.room) && a.kind < b.kind)
            }
        }
        var meetings: [MeetingKey]
        var instructors: [String]
        var gpa: Double?
        var rating: Double?

        init(_ section: Section, term: Term) {
            meetings = section.meetings.map { m in
                let span = m.span(in: term)
                return MeetingKey(days: TermDays.mask(m.days), start: m.start, end: m.end,
                                  from: span.from.daysSinceEpoch, to: span.to.daysSinceEpoch,
                                  room: m.room ?? "", kind: m.kind ?? "")
            }.sorted()
            instructors = section.instructors.sorted()
            gpa = section.gpa
            rating = section.rating
        }
    }
}

/// One requested course after the options: its interchangeable groups in order of
/// their first id, and how many sections each option ruled out. The sections a student
/// picks are the course's ways to take one (``LinkedSections``): a section alone, or a
/// bundle of a section and its linked ones, all parts kept by the options and not clashing
/// with each other.
struct PreparedCourse {
    var course: Course
    var groups: [SectionGroup]
    /// Sections ruled out, by the first option that rules each out.
    var ruledOut: [OptionReason.Option: Int]
    /// Ways to take a linked section that the options left but whose parts clash with each other.
    var clashingBundles = 0

    init(_ course: Course, term: Term, calendar: TermDays, filter: SectionFilter) {
        self.course = course
        ruledOut = [:]
        var byKey: [SectionGroup.Key: Int] = [:]
        var groups: [SectionGroup] = []
        var positions: [[Int]] = []
        let active = course.sections.map { $0.meetings.compactMap { ActiveMeeting($0, term: term, days: calendar) } }
        var kept = [Bool](repeating: true, count: course.sections.count)
        for (k, section) in course.sections.enumerated() {
            if let option = filter.ruledOut(course: course, section: section, meetings: active[k]) {
                ruledOut[option, default: 0] += 1
                kept[k] = false
            }
        }
        let linked = LinkedSections.hasLinks(course)
        let ways = linked ? LinkedSections.ways(course, kept: { kept[$0] }) : course.sections.indices.filter { kept[$0] }.map { [$0] }
        for (position, parts) in ways.enumerated() {
            if parts.count > 1, Self.partsClash(parts.map { active[$0] }, calendar) {
                clashingBundles += 1
                continue
            }
            let section = parts.count == 1 ? course.sections[parts[0]] : LinkedSections.bundle(parts.map { course.sections[$0] })
            let active = parts.flatMap { active[$0] }
            let key = SectionGroup.Key(section, term: term)
            if let k = byKey[key] {
                groups[k].sections.append(section)
                positions[k].append(position)
            } else {
                byKey[key] = groups.count
                groups.append(SectionGroup(sections: [section], position: position, meetings: active,
                                           days: active.reduce(0) { $0 | $1.days },
                                           latestEnd: active.map(\.end).max() ?? 0))
                positions.append([position])
            }
        }
        for k in groups.indices {
            let order = groups[k].sections.indices.sorted { a, b in
                let (x, y) = (groups[k].sections[a].id, groups[k].sections[b].id)
                return x != y ? x < y : positions[k][a] < positions[k][b]
            }
            groups[k].sections = order.map { groups[k].sections[$0] }
            groups[k].position = positions[k][order[0]]
        }
        self.groups = groups.sorted { a, b in
            a.sections[0].id != b.sections[0].id ? a.sections[0].id < b.sections[0].id : a.position < b.position
        }
    }

    /// All its sections, in catalog order, whether or not the options kept them.
    var sectionCount: Int { course.sections.count }

    /// True when a meeting of one part clashes with a meeting of another on a date both meet.
    static func partsClash(_ parts: [[ActiveMeeting]], _ calendar: TermDays) -> Bool {
        for a in parts.indices {
            for b in parts.indices where b > a {
                for m in parts[a] where parts[b].contains(where: { m.firstClash(with: $0, calendar) != nil }) { return true }
            }
        }
        return false
    }
}
