import ArgumentParser
import Foundation
import PlanCore
import PlanProtocol
import PlanRender
import PlanService
import PlanStore
import PlanTimetable

struct CoursesSaveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "save", abstract: "Keep combination N of the last build as a timetable.",
        discussion: """
            Saved timetables stay when you build again or import a new catalog. A timetable keeps one section \
            per course, the one you register for: where the build listed identical sections together \
            (0103/0104: same times, rooms and instructor), the first is kept unless --section names another.

            Example: plan courses save 2 --name fall-2027 --section CMSC131-0104
            """)
    @Argument(help: ArgumentHelp("Its rank in the last `plan courses build`.", valueName: "n")) var rank: Int
    @Option(help: "Its name. Default: the term's name (fall-2027), numbered when taken.") var name: String?
    @Option(help: ArgumentHelp("The section you register for, of ones the build listed together: COURSE-ID, e.g. CMSC131-0104; repeatable.",
                               valueName: "section")) var section: [String] = []
    @OptionGroup var options: StoreOptions

    func run() throws {
        var request = SaveRequest(rank: rank)
        request.name = name
        request.sections = section
        let refs: [SectionRef]
        do {
            refs = try request.sectionRefs()
        } catch {
            throw ValidationError(error.optionMessage)
        }
        try withService(options) { service in
            let saved = try service.saveTimetable(rank: rank, name: name, sections: refs)
            let kept = saved.kept
            let wire = Wire.SavedTimetable(kept, inUse: false, identical: saved.identical)
            confirm(options.json, wire) {
                var text = "Saved timetable \"\(kept.name)\" (score \(TimetableText.score(kept.score ?? 0))): "
                    + wire.sections.map { "\($0.course) \($0.ids.joined(separator: "/"))" }.joined(separator: ", ") + ".\n"
                for other in wire.identical ?? [] {
                    let keptId = wire.sections.first { $0.course == other.course }?.ids.first ?? ""
                    text += "  \(other.course): kept \(keptId); \(other.ids.joined(separator: ", ")) \(other.ids.count == 1 ? "is" : "are") identical but for the id. "
                        + "To keep \(other.ids[0]): plan courses remove \(kept.name), then plan courses save \(rank) --section \(other.course)-\(other.ids[0])\n"
                }
                return text + "Next: plan courses use \(kept.name)   (writes it as your class calendar)\n"
            }
        }
    }
}

struct CoursesSavedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "saved", abstract: "List saved timetables.")
    @OptionGroup var options: StoreOptions

    func run() throws {
        try withService(options) { service in
            let all = try service.savedTimetables()
            let inUse = try service.timetableInUse()
            emit(options.json, all.map { Wire.SavedTimetable($0, inUse: $0.name.lowercased() == inUse?.lowercased()) }) {
                all.isEmpty ? "No saved timetables. Build one with `plan courses build COURSE…`, then `plan courses save N`.\n"
                    : all.map {
                        TimetableText.timetable($0.name, catalog: $0.catalog, score: $0.score,
                                                inUse: $0.name.lowercased() == inUse?.lowercased(), style: Style.text)
                    }.joined(separator: "\n")
            }
        }
    }
}

struct CoursesShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a saved timetable.")
    @Argument(help: "Its name (see `plan courses saved`).", completion: StoreCompletions.timetables) var name: String
    @OptionGroup var options: StoreOptions

    func run() throws {
        try withService(options) { service in
            let kept = try service.timetable(named: name)
            let inUse = try service.timetableInUse()?.lowercased() == kept.name.lowercased()
            emit(options.json, Wire.SavedTimetable(kept, inUse: inUse)) {
                TimetableText.timetable(kept.name, catalog: kept.catalog, score: kept.score, inUse: inUse, style: Style.text)
            }
        }
    }
}

struct CoursesRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Forget a saved timetable (a calendar written from it stays registered; see `plan calendar remove`).")
    @Argument(help: "Its name (see `plan courses saved`).", completion: StoreCompletions.timetables) var name: String
    @OptionGroup var options: StoreOptions

    func run() throws {
        try withService(options) { service in
            try service.removeTimetable(named: name)
            confirm(options.json, ["removed": name]) { "Removed timetable \"\(TerminalText.label(name))\".\n" }
        }
    }
}

struct CoursesUseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "use", abstract: "Write a saved timetable as your class calendar (.ics) and plan around it.",
        discussion: """
        One event per section meeting, repeating weekly from the first to the last day of \
        classes, holidays and breaks left out, room as the location and instructor in the \
        description. The file is registered as a calendar, so `plan add-task` plans around it \
        at once; a timetable used before is unregistered (its file stays).
        """)
    @Argument(help: "Its name (see `plan courses saved`).", completion: StoreCompletions.timetables) var name: String
    @Option(help: ArgumentHelp("Where to write it. Default: timetables/NAME.ics beside the store.", valueName: "file.ics")) var out: String?
    @OptionGroup var options: StoreOptions

    func run() throws {
        try withService(options) { service in
            let used = try service.useTimetable(named: name, out: out)
            printWarnings(used.warnings)
            let zone = try service.zone()
            confirm(options.json, Wire.TimetableUse(used)) {
                var s = "Wrote \(used.events) weekly class\(used.events == 1 ? "" : "es") of \"\(used.timetable.name)\" to \(used.path)\n"
                s += "and registered it as calendar \"\(used.calendar.name)\""
                s += used.replaced.map { ", replacing \"\($0)\".\n" } ?? ".\n"
                for u in used.unscheduled {
                    s += "  \(u.course.code) \(u.section.id) (\(u.course.title)) has no set time: not in the calendar.\n"
                }
                if let planZone = used.planZone {
                    let termZone = used.timetable.catalog.term.timeZone
                    s += "Note: your plan's time zone is \(planZone), the classes' is \(termZone); if you live there: plan policy set --tz \(termZone)\n"
                }
                // The study plan around the new classes: what collided moved, said as `plan replan` says it.
                if let r = used.replanned, !r.moves.isEmpty || !r.plan.diagnostics.isEmpty {
                    s += "Your plan around these classes: " + r.text(zone: zone, style: Style.text)
                } else if used.replanned?.kept ?? 0 > 0 {
                    s += "Your plan: no study sitting collides with these classes.\n"
                }
                s += "Next: plan add-task \"Problem set 1\" --estimate 3h --due fri --project \(used.timetable.catalog.courses.first?.code ?? "COURSE")\n"
                return s
            }
        }
    }
}
