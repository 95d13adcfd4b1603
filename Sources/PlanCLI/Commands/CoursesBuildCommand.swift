import ArgumentParser
import Foundation
import PlanCore
import PlanProtocol
import PlanRender
import PlanService
import PlanTimetable

/// `plan courses build`: the best conflict-free combinations, exactly.
struct CoursesBuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build", abstract: "List the best conflict-free combinations of one section per course.",
        discussion: """
        Every combination shown picks one section of each course, with no two meetings \
        at the same time on a day both meet (date ranges and holidays honoured). They are \
        the true best, ranked by score, then fewer days on campus, then the earlier end of \
        the latest day, then section ids.

        Score of a section = (gpa weight × GPA/4 + rating weight × rating/5) / (sum of the \
        weights); a missing GPA or rating counts as the median of the same course's other \
        sections, else of its department's (codes with the same letters: CMSC of CMSC131), \
        else of the whole catalog, and is shown with a *. A combination's score is the \
        credit-weighted mean, shown 0–100.

        Examples:
          plan courses build CMSC330 CMSC351 MATH240
          plan courses build CMSC330 CMSC351 --no-earlier 10:00 --free-day FR
          plan courses build CMSC330 CMSC351 --max-days 4 --only-open
          plan courses build CMSC330 CMSC351 --around job.ics --weight gpa=2
        """)

    @Argument(help: ArgumentHelp("Course codes (CMSC436, \"MATH 240\").", valueName: "course")) var courses: [String]
    @Option(help: ArgumentHelp("Build from this catalog file instead of the imported one.", valueName: "file")) var catalog: String?
    @OptionGroup var source: CatalogInput.FormatOptions
    @Option(help: "How many combinations to show (1–1000).") var top = 10
    @Option(help: ArgumentHelp("No meeting starts before this time (09:00, 9am, 9:30am).", valueName: "time")) var noEarlier: String?
    @Option(help: ArgumentHelp("No meeting ends after this time (17:00, 5pm).", valueName: "time")) var noLater: String?
    @Option(help: ArgumentHelp("Days with no meetings: FR, Friday, fri, or the letters timetables print (F, TR, MWF); repeat or comma-separate.", valueName: "day")) var freeDay: [String] = []
    @Option(help: ArgumentHelp("At most this many days on campus a week.", valueName: "n")) var maxDays: Int?
    @Option(help: ArgumentHelp("At most this many courses (default 5, a full load; up to 20).", valueName: "n")) var maxCourses: Int?
    @Option(help: ArgumentHelp("At most this many credits in all.", valueName: "n")) var maxCredits: Double?
    @Flag(help: "Only sections with open seats.") var onlyOpen = false
    @Flag(help: "List every combination (each timing of the same instructors apart), not the best timing of each choice of instructors.")
    var variants = false
    @Option(help: ArgumentHelp("A section never to pick: COURSE-ID, e.g. CMSC436-0101; repeatable.", valueName: "section")) var exclude: [String] = []
    @Option(help: ArgumentHelp("Keep clear of this calendar's events (a job, practice); repeatable.", valueName: "file.ics")) var around: [String] = []
    @Option(help: ArgumentHelp("gpa=W or rating=W (W ≥ 0); both 1 by default.", valueName: "field=w")) var weight: [String] = []
    @OptionGroup var options: StoreOptions

    func validate() throws {
        if courses.isEmpty { throw ValidationError("name at least one course, e.g. plan courses build CMSC330 MATH240") }
    }

    /// The options as the builder takes them, checked by the protocol's one reading of them.
    func buildOptions() throws -> BuildOptions {
        var request = BuildRequest()
        request.top = top
        request.noEarlier = noEarlier
        request.noLater = noLater
        request.freeDays = freeDay
        request.maxDays = maxDays
        request.maxCourses = maxCourses
        request.maxCredits = maxCredits
        request.onlyOpen = onlyOpen
        request.variants = variants
        request.exclude = exclude
        for text in weight {
            let parts = text.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let w = Double(parts[1]) else {
                throw ValidationError("--weight \(text): expected gpa=W or rating=W with W a number from 0 to 1000")
            }
            request.weights.append((parts[0], w))
        }
        do {
            return try request.options()
        } catch {
            throw ValidationError(error.optionMessage)
        }
    }

    func run() throws {
        let buildOptions = try buildOptions()
        try withService(options) { service in
            let given = try catalog.map { try source.read($0) }
            let (result, used) = try service.buildTimetables(codes: courses, catalog: given, options: buildOptions, around: around)
            if options.json {
                print(String(decoding: TimetableBuildJSON.encode(result), as: UTF8.self))
            } else {
                show(TimetableText.build(result, catalog: used, options: buildOptions, style: Style.text), terminator: "")
            }
            if result.combinations.isEmpty {
                // The JSON error says what failed (not the add-task words of exit 3); the text above said why.
                _ = ErrorReport.shared.keep("no combination of one section per course fits: see the diagnosis")
                throw ExitCode(ExitStatus.doesNotFit.rawValue)
            }
        }
    }
}
