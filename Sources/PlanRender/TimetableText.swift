import PlanCore
import PlanTimetable

/// Course timetables as text: the combinations of `plan courses build`, why
/// none fits, saved timetables and course search results.
package enum TimetableText {
    /// `10:00`.
    package static func clock(_ minute: Int) -> String {
        let h = minute / 60, m = minute % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }

    /// `MW 10:00–10:50 lecture IRB 0324`, the days as `M T W R F S U`, as
    /// registrars write them; a date range when it is not the whole term.
    package static func meeting(_ m: Meeting, term: Term) -> String {
        var s = m.days.sorted().map { day in
            switch day {
            case .monday: "M"
            case .tuesday: "T"
            case .wednesday: "W"
            case .thursday: "R"
            case .friday: "F"
            case .saturday: "S"
            case .sunday: "U"
            }
        }.joined()
        s += " \(clock(m.start))–\(clock(m.end))"
        if let kind = m.kind { s += " \(TerminalText.label(kind))" }
        if let room = m.room { s += " \(TerminalText.label(room))" }
        let span = m.span(in: term)
        if span.from != term.start || span.to != term.end { s += " (\(span.from.isoString)…\(span.to.isoString))" }
        return s
    }

    /// Meetings of a section, or `no set time` when it has none.
    package static func meetings(_ section: Section, term: Term) -> String {
        section.meetings.isEmpty ? "no set time" : section.meetings.map { meeting($0, term: term) }.joined(separator: "; ")
    }

    /// `3/40 open`, `full (5 waitlisted)`, or nothing when unknown.
    package static func seats(_ seats: Seats?) -> String {
        guard let seats else { return "" }
        if seats.open > 0 { return "\(seats.open)/\(seats.total) open" }
        return seats.waitlist > 0 ? "full (\(seats.waitlist) waitlisted)" : "full"
    }

    static func number(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((value * scale).rounded())
        let whole = scaled / Int64(scale), frac = abs(scaled % Int64(scale))
        guard decimals > 0 else { return "\(whole)" }
        var f = String(frac)
        while f.count < decimals { f = "0" + f }
        return "\(scaled < 0 && whole == 0 ? "-" : "")\(whole).\(f)"
    }

    /// A score 0–100 with one decimal.
    package static func score(_ s: Double) -> String { number(s, decimals: 1) }

    /// One pick's line: course, section ids, meetings, instructors, GPA, rating, seats.
    static func pickLine(_ p: Pick, term: Term) -> String {
        let section = p.sections[0]
        var cells = ["\(TerminalText.label(p.course.code)) \(p.ids.map(TerminalText.label).joined(separator: "/"))", meetings(section, term: term)]
        if !section.instructors.isEmpty { cells.append(section.instructors.map(TerminalText.label).joined(separator: ", ")) }
        func filled(_ f: FilledValue, decimals: Int) -> String {
            "\(number(f.value, decimals: decimals))* (\(f.source == .course ? "course" : f.source == .department ? "department" : "catalog") median)"
        }
        if let g = section.gpa { cells.append("GPA \(number(g, decimals: 2))") } else if let f = p.gpaFill { cells.append("GPA " + filled(f, decimals: 2)) }
        if let r = section.rating { cells.append("rating \(number(r, decimals: 1))") } else if let f = p.ratingFill { cells.append("rating " + filled(f, decimals: 1)) }
        let seat = seats(section.seats)
        if !seat.isEmpty { cells.append(seat) }
        return cells.joined(separator: " · ")
    }

    /// `Mon–Thu` style list of the days a combination meets.
    static func days(_ picks: [Pick]) -> String {
        let days = Set(picks.flatMap { $0.sections[0].meetings.flatMap(\.days) }).sorted()
        return days.map(\.shortName).joined(separator: " ")
    }

    /// The result of a build: each combination with its score, days and
    /// sections; a note on filled-in medians; how to keep one. When nothing
    /// fits, why (see ``diagnosis(_:options:catalog:)``).
    package static func build(_ result: BuildResult, catalog: Catalog, options: BuildOptions, style: TextStyle = .plain) -> String {
        guard !result.combinations.isEmpty else {
            return diagnosis(result.diagnosis, options: options, catalog: catalog) + "\n"
        }
        let codes = result.combinations[0].picks.map { TerminalText.label($0.course.code) }
        let n = result.combinations.count
        let distinct = !options.variants
        var out = distinct ? (n == 1 ? "The best choice of instructors" : "The best \(n) choices of instructors")
            : (n == 1 ? "The best conflict-free combination" : "The best \(n) conflict-free combinations")
        out += " for \(list(codes)) (\(TerminalText.label(catalog.term.name)))" + (distinct ? ", each at its best timing:\n" : ":\n")
        let scored = !result.scoredBy.isEmpty
        if !scored && result.filledGPA == nil && result.filledRating == nil {
            out += "No section in this catalog has a GPA or rating, so there is no score: choices are ranked by fewer days on campus, "
                + "then the earlier end of the day. Grades or ratings can be joined on: plan courses ratings import FILE\n"
        } else if !scored {
            let (missing, weight, known) = result.filledGPA == nil ? ("GPA", "rating", "ratings") : ("rating", "gpa", "GPAs")
            out += "No score: the catalog has no \(missing), and --weight \(weight)=0 leaves out its \(known); "
                + "choices are ranked by fewer days on campus, then the earlier end of the day.\n"
        } else if result.filledGPA == nil || result.filledRating == nil {
            out += "No section in this catalog has a\(result.filledGPA == nil ? " GPA" : " rating"): scores are \(result.filledGPA == nil ? "ratings" : "GPAs") alone.\n"
        }
        for c in result.combinations {
            let days = days(c.picks)
            out += style.bold("#\(c.rank)" + (scored ? "  score \(score(c.score))" : ""))
            out += "  \(c.daysOnCampus) day\(c.daysOnCampus == 1 ? "" : "s")\(days.isEmpty ? "" : " (\(days))")"
            if c.latestEnd > 0 { out += ", done by \(clock(c.latestEnd))" }
            if let others = c.otherTimings, others > 0 {
                out += "; \(others >= TimetableBuilder.variantCap - 1 ? "\(others)+" : String(others)) other timing\(others == 1 ? "" : "s") or room\(others == 1 ? "" : "s")"
            }
            if c.mostlyFilled { out += "; mostly filled-in values (\(Int((c.filledShare * 100).rounded()))% of the score)" }
            out += "\n"
            for p in c.picks { out += "    " + pickLine(p, term: catalog.term) + "\n" }
        }
        if result.usedFilled {
            out += "\n* not known for that section: the median of the course's other sections, else of its department's, "
                + "else of the whole catalog, as marked.\n"
        }
        out += "\nKeep one: plan courses save 1 --name \(TerminalText.label(catalog.term.slug))\n"
        if distinct && result.combinations.contains(where: { ($0.otherTimings ?? 0) > 0 }) {
            out += "Every timing of these instructors: the same command with --variants\n"
        }
        return out
    }

    /// Why no combination fits, naming the courses, sections and options, and what to change.
    package static func diagnosis(_ d: BuildDiagnosis?, options: BuildOptions, catalog: Catalog) -> String {
        let term = TerminalText.label(catalog.term.name)
        switch d {
        case nil:
            return "No combination fits."
        case .noSections(let code):
            let course = TerminalText.label(code)
            return "No combination fits: \(course) has no sections in the catalog of \(term). Leave it out of the build."
        case .courseRuledOut(let code, let reasons):
            let course = TerminalText.label(code)
            let parts = reasons.map { "\($0.sections) by \(option($0.option, options))" }
            let total = reasons.map(\.sections).reduce(0, +)
            return "No combination fits: every section of \(course) is ruled out (\(total) section\(total == 1 ? "" : "s"): "
                + parts.joined(separator: ", ") + "). Relax "
                + (reasons.count == 1 ? "that option" : "those options") + " or leave \(course) out."
        case .noWayToTake(let code, let reasons, let clashing):
            let course = TerminalText.label(code)
            var parts = reasons.map { "\($0.sections) section\($0.sections == 1 ? "" : "s") ruled out by \(option($0.option, options))" }
            if clashing > 0 { parts.append("\(clashing) way\(clashing == 1 ? "" : "s") whose sections clash with each other") }
            return "No combination fits: no way to take \(course) is left (a section of it is taken with one of each of its linked sections"
                + (parts.isEmpty ? ")" : "; " + parts.joined(separator: ", ") + ")")
                + (reasons.isEmpty ? ". Leave \(course) out, or ask the department." : ". Relax " + (reasons.count == 1 ? "that option" : "those options") + " or leave \(course) out.")
        case .pairClash(let a, let b, let example):
            let first = TerminalText.label(a), second = TerminalText.label(b)
            var s = "No combination fits: every section of \(first) clashes with every section of \(second)"
            if let when = clashTime(example, catalog: catalog) {
                s += " (e.g. \(first) \(TerminalText.label(example.first.section)) and \(second) \(TerminalText.label(example.second.section)) both meet on \(example.day.shortName) \(example.date.isoString), \(when))"
            }
            return s + ". Take one of them another term, or drop an option that removes sections (\(optionsInUse(options)))."
        case .maxDays(let limit, let fewest):
            return "No combination fits in \(limit) day\(limit == 1 ? "" : "s") on campus (--max-days \(limit)): these courses need at least \(fewest). Use --max-days \(fewest)."
        case .setClash(let courses):
            return "No combination fits: \(list(courses.map(TerminalText.label))) cannot all be taken together, though each pair can. Leave one of them out."
        }
    }

    static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }

    /// The options given, for a message (`none` when none).
    static func optionsInUse(_ o: BuildOptions) -> String {
        var used: [String] = []
        if o.noEarlier != nil { used.append(option(.noEarlier, o)) }
        if o.noLater != nil { used.append(option(.noLater, o)) }
        if !o.freeDays.isEmpty { used.append(option(.freeDay, o)) }
        if o.onlyOpen { used.append(option(.onlyOpen, o)) }
        if !o.excluded.isEmpty { used.append(option(.excluded, o)) }
        if !o.around.isEmpty { used.append(option(.around, o)) }
        return used.isEmpty ? "none given" : used.joined(separator: ", ")
    }

    static func option(_ option: OptionReason.Option, _ o: BuildOptions) -> String {
        switch option {
        case .noEarlier: "--no-earlier \(o.noEarlier.map(clock) ?? "")"
        case .noLater: "--no-later \(o.noLater.map(clock) ?? "")"
        case .freeDay: "--free-day \(o.freeDays.map(\.code).joined(separator: ","))"
        case .onlyOpen: "--only-open"
        case .excluded: "--exclude"
        case .around: "--around"
        }
    }

    /// `10:00–10:50 and 10:30–11:45`: the two clashing meetings' times on that day.
    static func clashTime(_ c: Clash, catalog: Catalog) -> String? {
        func meetings(_ ref: SectionRef) -> [Meeting] {
            // A bundle of linked sections (`AL1+AD2`) meets when its parts meet.
            let sections = catalog.course(ref.course)?.sections ?? []
            let parts = sections.contains { $0.id == ref.section } ? [ref.section] : ref.section.split(separator: "+").map(String.init)
            return sections.filter { parts.contains($0.id) }.flatMap(\.meetings).filter { $0.days.contains(c.day) }
        }
        for a in meetings(c.first) {
            for b in meetings(c.second) where a.start < b.end && b.start < a.end {
                return "\(clock(a.start))–\(clock(a.end)) and \(clock(b.start))–\(clock(b.end))"
            }
        }
        return nil
    }

    /// A saved timetable: its name, term, score and each course's section and meetings.
    package static func timetable(_ name: String, catalog: Catalog, score: Double?, inUse: Bool, style: TextStyle = .plain) -> String {
        var out = style.bold(TerminalText.label(name)) + "  \(TerminalText.label(catalog.term.name))"
        if let score { out += "  score \(self.score(score))" }
        if inUse { out += "  (the class calendar now)" }
        out += "\n"
        for course in catalog.courses {
            guard let section = course.sections.first else { continue }
            var cells = ["\(TerminalText.label(course.code)) \(course.sections.map { TerminalText.label($0.id) }.joined(separator: "/"))", TerminalText.label(course.title),
                         meetings(section, term: catalog.term)]
            if !section.instructors.isEmpty { cells.append(section.instructors.map(TerminalText.label).joined(separator: ", ")) }
            out += "    " + cells.joined(separator: " · ") + "\n"
        }
        return out
    }

    /// Courses found by `plan courses search`.
    package static func courses(_ found: [Course], query: String) -> String {
        guard !found.isEmpty else { return "No course matches \"\(TerminalText.label(query))\". Search by code (CMSC4), several codes (CMSC330 MATH240), words of the title, or an instructor's name.\n" }
        return found.map { c in
            let sections = c.sections.count
            return "\(TerminalText.label(c.code))  \(TerminalText.label(c.title))  \(TimetableText.number(c.credits, decimals: c.credits == c.credits.rounded() ? 0 : 1)) credit\(c.credits == 1 ? "" : "s"), "
                + "\(sections) section\(sections == 1 ? "" : "s")\n"
        }.joined()
    }
}
