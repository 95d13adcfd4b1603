import Foundation
import PlanCore
import PlanICal
import PlanStore
import PlanTimetable

/// What `plan courses use` did.
package struct TimetableInUse: Sendable {
    package var timetable: StoredCatalog
    package var calendar: CalendarSource
    /// The file written.
    package var path: String
    /// VEVENTs written (one per section meeting that happens in the term).
    package var events: Int
    /// Sections with no set time (online, arranged): kept in the timetable, not in the calendar.
    package var unscheduled: [(course: Course, section: Section)]
    /// The timetable calendar this one replaced, if another was in use.
    package var replaced: String?
    /// The plan's own zone when it is not the term's: sittings are planned and shown in it.
    package var planZone: String?
    /// The plan re-fitted around the new classes (sittings that now collide moved, as `plan replan` moves them).
    package var replanned: Replanned?
    package var warnings: [ImportWarning] = []
}

/// What `plan courses save` kept: one exact section per course, and the sections the
/// build listed beside each as identical (same times, rooms, instructors and values; another
/// id) that were left out.
package struct SavedChoice: Sendable {
    package var kept: StoredCatalog
    package var identical: [SectionRef]
}

extension PlanService {
    /// The settings key naming the calendar a timetable was last written to by `use`.
    static let timetableCalendarKey = "timetableCalendar"
    /// The settings key keeping the courses the last build was asked for.
    static let lastBuildKey = "lastCourseBuild"

    // MARK: Catalog

    /// Keeps `catalog` as the term's catalog (replacing the one before) and
    /// forgets the last build, which came from the old one. Saved timetables stay.
    package func importCatalog(_ catalog: Catalog, source: String) throws -> StoredCatalog {
        try guarded {
            try store.write { t in
                let kept = StoredCatalog(name: catalog.term.name, catalog: catalog, source: source, saved: now)
                try Self.keepAsTheCatalog(kept, t)
                return kept
            }
        }
    }

    /// `kept` becomes the term's catalog; the last build, made from the one before, is forgotten.
    static func keepAsTheCatalog(_ kept: StoredCatalog, _ t: StoreTransaction) throws {
        try t.removeCatalogs(.imported)
        try t.removeCatalogs(.build)
        try t.setSetting(lastBuildKey, nil)
        try t.putCatalog(kept, as: .imported)
    }

    /// The imported catalog; refused with what to do when there is none.
    package func catalog() throws -> StoredCatalog {
        try guarded {
            guard let kept = try store.read({ try $0.catalogs(.imported) }).first else {
                throw ServiceError.refused("no course catalog yet: import one with `plan courses import FILE` (see `plan courses import --help` for the formats), or give --catalog FILE")
            }
            return kept
        }
    }

    // MARK: Building

    /// The top combinations of `codes` in `catalog` (the imported one when nil),
    /// kept as the last build so `saveTimetable(rank:name:)` can keep one.
    /// `around` names .ics files whose busy events the sections must keep clear of.
    package func buildTimetables(codes: [String], catalog given: Catalog?, options: BuildOptions, around: [String]) throws -> (BuildResult, Catalog) {
        try guarded {
            let catalog = try given ?? self.catalog().catalog
            let courses = try Self.resolve(codes, in: catalog)
            try Self.refuseWhatCannotApply(options, courses: courses)
            var options = options
            for path in around { options.around += try keepClear(path: path, term: catalog.term) }
            let result = TimetableBuilder.build(catalog: catalog, courses: courses, options: options)
            try store.write { t in
                try t.removeCatalogs(.build)
                try t.setSetting(Self.lastBuildKey, courses.map(\.code).joined(separator: " "))
                for c in result.combinations {
                    let picked = Catalog(term: catalog.term, courses: c.picks.map { p in
                        var course = p.course
                        course.sections = p.sections
                        return course
                    })
                    try t.putCatalog(StoredCatalog(name: String(c.rank), catalog: picked, source: courses.map(\.code).joined(separator: " "),
                                                   saved: now, score: c.score), as: .build)
                }
            }
            return (result, catalog)
        }
    }

    /// Refuses a build beyond the load limits (`--max-courses`, default 5;
    /// `--max-credits`) and options that cannot apply to these courses:
    /// `--only-open` when none of their sections has seat counts, `--exclude`
    /// of a section they do not have. Each message names the option, the
    /// value and what to do.
    static func refuseWhatCannotApply(_ options: BuildOptions, courses: [Course]) throws {
        if courses.count > options.maxCourses {
            throw ServiceError.refused("\(courses.count) courses is more than --max-courses \(options.maxCourses)\(options.maxCourses == BuildOptions().maxCourses ? " (the default: a full load)" : ""): "
                                       + "leave some out, or give --max-courses \(courses.count) to build them anyway")
        }
        let credits = courses.reduce(0) { $0 + $1.credits }
        if let limit = options.maxCredits, credits > limit {
            throw ServiceError.refused("these courses are \(Self.credits(credits)) credits, more than --max-credits \(Self.credits(limit)): leave some out, or raise --max-credits")
        }
        if options.onlyOpen, !courses.contains(where: { $0.sections.contains { $0.seats != nil } }) {
            throw ServiceError.refused("--only-open: the catalog gives no seat counts for \(courses.map(\.code).joined(separator: ", ")), "
                                       + "so open and full sections cannot be told apart; leave --only-open out")
        }
        for ref in options.excluded.sorted() {
            guard let course = courses.first(where: { Course.key($0.code) == ref.course }) else {
                throw ServiceError.refused("--exclude \(ref.course)-\(ref.section): \(ref.course) is not among the courses asked for "
                                           + "(\(courses.map(\.code).joined(separator: ", ")))")
            }
            guard course.sections.contains(where: { $0.id == ref.section }) else {
                let ids = course.sections.map(\.id)
                throw ServiceError.refused("--exclude \(course.code)-\(ref.section): \(course.code) has no section \(ref.section) (it has "
                                           + "\(ids.prefix(12).joined(separator: ", "))\(ids.count > 12 ? ", …" : ""))")
            }
        }
    }

    /// `4`, `3.5`.
    static func credits(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    /// The catalog's courses for `codes`, in the order given, each once; an
    /// unknown code is refused with the nearest codes and how to search.
    static func resolve(_ codes: [String], in catalog: Catalog) throws -> [Course] {
        var out: [Course] = []
        for code in codes {
            guard let course = catalog.course(code) else {
                let near = CourseSearch.near(code, in: catalog).prefix(3).map(\.code)
                throw ServiceError.refused("no course \"\(code)\" in the catalog of \(catalog.term.name)"
                    + (near.isEmpty ? "" : "; did you mean \(near.joined(separator: ", "))?")
                    + " Find courses with `plan courses search WORDS`.")
            }
            if !out.contains(where: { Course.key($0.code) == Course.key(course.code) }) { out.append(course) }
        }
        return out
    }

    /// The busy events of the calendar at `path` during `term`, as wall-clock
    /// blocks in the term's zone cut at midnight. Free (TRANSPARENT),
    /// cancelled and all-day events do not count: an all-day "exam week" does
    /// not rule a section out.
    func keepClear(path: String, term: Term) throws -> [KeepClear] {
        guard let zone = SystemZone(identifier: term.timeZone) else {
            throw ServiceError.refused("the catalog's time zone \"\(term.timeZone)\" is not one this system knows")
        }
        let content = try FileFeed(path: Self.absolutePath(path)).read()
        let window = TimeRange(start: zone.resolve(LocalDateTime(date: term.start)), end: zone.resolve(LocalDateTime(date: term.end.adding(days: 1))))
        let result = try ICalImporter.importData(content.bytes, label: content.label,
                                                 options: ImportOptions(window: window, floatingZone: zone))
        var out: [KeepClear] = []
        for o in result.occurrences where !o.transparent && !o.isCancelled && !o.isAllDay {
            let range = o.range(in: zone)
            var from = zone.local(range.start)
            let to = zone.local(range.end)
            // One block per local date the event touches (bounded by the term's window).
            while from < to, from.date <= term.end {
                let endOfDay = from.date < to.date ? 1440 : to.secondOfDay / 60 + (to.secondOfDay % 60 == 0 ? 0 : 1)
                let start = from.secondOfDay / 60
                if endOfDay > start { out.append(KeepClear(date: from.date, start: start, end: endOfDay, label: o.summary ?? o.uid)) }
                from = LocalDateTime(date: from.date.adding(days: 1))
            }
        }
        return out
    }

    // MARK: Saved timetables

    /// Keeps combination `rank` of the last build as a timetable named `name`
    /// (default: the term's name as a slug, numbered when taken). An existing
    /// name is refused, not overwritten. Of sections the build listed together as
    /// identical, the one named in `sections` is kept (default: the first by id): the
    /// timetable records the section the student registers for.
    package func saveTimetable(rank: Int, name: String?, sections: [SectionRef] = []) throws -> SavedChoice {
        try guarded {
            try store.write { t in
                let builds = try t.catalogs(.build)
                guard !builds.isEmpty else {
                    if let last = try t.setting(Self.lastBuildKey) {
                        throw ServiceError.refused("the last build (\(last)) found no combination that fits: build again with other courses or options, then save one")
                    }
                    throw ServiceError.refused("nothing built yet: run `plan courses build COURSE…` first, then save one of the combinations it lists")
                }
                guard var kept = builds.first(where: { $0.name == String(rank) }) else {
                    throw ServiceError.refused("the last build listed combinations 1–\(builds.count); there is no #\(rank)")
                }
                let identical = try Self.keepOneSection(of: &kept.catalog, named: sections, rank: rank)
                let taken = Set(try t.catalogs(.timetable).map { $0.name.lowercased() })
                if let name {
                    let trimmed = name.trimmingCharacters(in: .whitespaces)
                    guard !trimmed.isEmpty, !trimmed.contains("/") else { throw ServiceError.refused("a timetable name must not be empty or contain \"/\": \"\(name)\"") }
                    guard !taken.contains(trimmed.lowercased()) else {
                        throw ServiceError.refused("a timetable named \"\(trimmed)\" is saved already: choose another --name, or `plan courses remove \(trimmed)` first")
                    }
                    kept.name = trimmed
                } else {
                    let base = kept.catalog.term.slug
                    kept.name = base
                    var n = 2
                    while taken.contains(kept.name.lowercased()), n <= taken.count + 2 {
                        kept.name = "\(base)-\(n)"
                        n += 1
                    }
                }
                kept.saved = now
                try t.putCatalog(kept, as: .timetable)
                return SavedChoice(kept: kept, identical: identical)
            }
        }
    }

    /// Leaves one section per course of a built combination: the one `named` gives for that
    /// course, else the first. Returns the ones left out. A named section that is not one of
    /// the combination's, or a course not in it, is refused with the ones that can be named.
    static func keepOneSection(of catalog: inout Catalog, named: [SectionRef], rank: Int) throws -> [SectionRef] {
        for ref in named where !catalog.courses.contains(where: { Course.key($0.code) == ref.course }) {
            throw ServiceError.refused("--section \(ref.course)-\(ref.section): combination #\(rank) has no course \(ref.course); "
                                       + "its courses are \(catalog.courses.map(\.code).joined(separator: ", "))")
        }
        var leftOut: [SectionRef] = []
        for k in catalog.courses.indices {
            let course = catalog.courses[k]
            let ids = course.sections.map(\.id)
            var keep = 0
            if let ref = named.last(where: { $0.course == Course.key(course.code) }) {
                guard let at = ids.firstIndex(of: ref.section) else {
                    throw ServiceError.refused("--section \(course.code)-\(ref.section): combination #\(rank) has \(course.code) "
                                               + (ids.count == 1 ? "section \(ids[0]) only" : "sections \(ids.joined(separator: ", ")), identical but for their ids; name one of them"))
                }
                keep = at
            }
            guard ids.count > 1 else { continue }
            leftOut += ids.indices.filter { $0 != keep }.map { SectionRef(course: course.code, section: ids[$0]) }
            catalog.courses[k].sections = [course.sections[keep]]
        }
        return leftOut
    }

    /// The name of the timetable `use` last made the class calendar, while that calendar is registered.
    package func timetableInUse() throws -> String? {
        try guarded {
            try store.read { t in
                guard let name = try t.setting(Self.timetableCalendarKey),
                      try t.calendars().contains(where: { $0.name.lowercased() == name.lowercased() }) else { return nil }
                return name
            }
        }
    }

    package func savedTimetables() throws -> [StoredCatalog] {
        try guarded { try store.read { try $0.catalogs(.timetable) } }
    }

    package func timetable(named name: String) throws -> StoredCatalog {
        try guarded {
            guard let kept = try store.read({ try $0.catalogs(.timetable, named: name) }).first else {
                throw ServiceError.notFound(kind: "timetable", name: name)
            }
            return kept
        }
    }

    package func removeTimetable(named name: String) throws {
        try guarded {
            try store.write { t in
                guard try !t.catalogs(.timetable, named: name).isEmpty else { throw ServiceError.notFound(kind: "timetable", name: name) }
                try t.removeCatalogs(.timetable, named: name)
            }
        }
    }

    /// Writes timetable `name` as a class calendar to `out` (default: beside
    /// the store, `timetables/NAME.ics`) and registers it as a calendar source
    /// (under the timetable's name), so the next plan keeps clear of it. A
    /// timetable calendar registered by an earlier `use` is unregistered (its
    /// file is left), so only one timetable is the class schedule at a time.
    /// The plan is then re-fitted around the new classes in the same
    /// transaction: sittings that now collide move, as `plan replan` moves them.
    package func useTimetable(named name: String, out: String?) throws -> TimetableInUse {
        try guarded {
            try prefetchSubscriptions()
            let planZone = try self.settings().timeZone
            let kept = try timetable(named: name)
            let path = Self.absolutePath(out ?? ((store.path as NSString).deletingLastPathComponent as NSString)
                .appendingPathComponent("timetables/\(kept.name).ics"))
            let (classes, unscheduled) = try Self.weeklyClasses(kept)
            let text = try ICalExporter.classes(classes, timeZone: kept.catalog.term.timeZone, name: "\(kept.name) (\(kept.catalog.term.name))", stamp: now)
            let dir = (path as NSString).deletingLastPathComponent
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            } catch {
                throw ServiceError.cannotWrite(path: path, reason: error.localizedDescription)
            }
            return try store.write { t in
                let previous = try t.setting(Self.timetableCalendarKey)
                let registered = try t.calendars()
                var replaced: String?
                if let previous, registered.contains(where: { $0.name.lowercased() == previous.lowercased() }) {
                    try t.removeCalendar(named: previous)
                    if previous.lowercased() != kept.name.lowercased() { replaced = previous }
                }
                if registered.contains(where: { $0.name.lowercased() == kept.name.lowercased() && $0.name.lowercased() != previous?.lowercased() }) {
                    throw ServiceError.refused("a calendar named \"\(kept.name)\" is registered already (not by `plan courses use`): `plan calendar remove \(kept.name)` first")
                }
                // The file last: a refused registration leaves no file changed. It is
                // read again as a calendar, so only a regular file will do.
                try FileOutput.write(text, to: path, streams: false)
                let (source, _) = try register(path: path, name: kept.name, t)
                try t.setSetting(Self.timetableCalendarKey, source.name)
                let (replanned, warnings) = try replan(t, dryRun: false, compact: false)
                return TimetableInUse(timetable: kept, calendar: source, path: path, events: classes.count,
                                      unscheduled: unscheduled, replaced: replaced,
                                      planZone: planZone == kept.catalog.term.timeZone ? nil : planZone,
                                      replanned: replanned, warnings: warnings)
            }
        }
    }

    /// One weekly class per section meeting that happens in the term; the
    /// sections with no meeting at all, apart.
    static func weeklyClasses(_ kept: StoredCatalog) throws -> ([WeeklyClass], [(course: Course, section: Section)]) {
        let term = kept.catalog.term
        guard let zone = SystemZone(identifier: term.timeZone) else {
            throw ServiceError.refused("the timetable's time zone \"\(term.timeZone)\" is not one this system knows")
        }
        var classes: [WeeklyClass] = []
        var unscheduled: [(course: Course, section: Section)] = []
        for course in kept.catalog.courses {
            // Interchangeable sections share their meetings: the first stands for them all.
            guard let section = course.sections.first else { continue }
            let ids = course.sections.map(\.id).joined(separator: "/")
            if section.meetings.isEmpty { unscheduled.append((course, section)) }
            for (i, m) in section.meetings.enumerated() {
                guard let dates = m.dates(in: term) else { continue }
                func at(_ date: LocalDate, _ minute: Int) -> LocalDateTime {
                    LocalDateTime(secondsSinceEpoch: date.daysSinceEpoch * 86_400 + Int64(minute) * 60)
                }
                var description = "\(course.title), section \(ids)"
                if !section.instructors.isEmpty { description += "\nInstructor: \(section.instructors.joined(separator: ", "))" }
                classes.append(WeeklyClass(
                    uid: "\(term.slug)-\(Course.key(course.code))-\(section.id)-\(i + 1)@plan",
                    summary: "\(course.code) \(m.kind.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? "Class")",
                    location: m.room, description: description, categories: [course.code],
                    start: at(dates.first, m.start), end: at(dates.first, m.end), days: m.days.sorted(),
                    until: zone.resolve(at(dates.last, m.start)), skipped: dates.skipped.map { at($0, m.start) }))
            }
        }
        return (classes, unscheduled)
    }
}
