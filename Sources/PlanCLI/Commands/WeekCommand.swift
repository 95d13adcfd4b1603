import ArgumentParser
import Foundation
import PlanCore
import PlanImage
import PlanProtocol
import PlanRender
import PlanService

struct WeekCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "week",
        abstract: "The week as a grid: days across, hours down; or as a picture (SVG, PNG).",
        discussion: """
        Classes (the registered calendars' busy and tentative events) and planned study \
        sittings, one colour per course or project. Hours are trimmed to what happens; \
        Saturday and Sunday show only when something is on them. All-day events and the \
        courses of the timetable in use that meet at no set time are listed under the grid.

          plan week --from 2026-11-23 --calendar Examples/fall-2026-classes.ics
          plan week --svg week.svg --png week.png --size 1200x800

        The grid fits $COLUMNS (else the terminal's width, else 80). Exit codes: 64 a bad \
        option; 66 a calendar cannot be read; 73 a picture cannot be written.
        """)

    @Option(help: ArgumentHelp("First day. Default: the Monday of this week.", valueName: "date"))
    var from: String?
    @Option(help: ArgumentHelp("Number of days, 1–31.", valueName: "n"))
    var days = 7
    @Option(help: ArgumentHelp("IANA time zone to draw in. Default: the store's (plan policy set --tz), else $TZ, else the system's.", valueName: "zone"))
    var tz: String?
    @Option(help: ArgumentHelp("Also show this .ics file's events, for this view only (repeatable).", valueName: "file.ics"))
    var calendar: [String] = []
    @Flag(help: "Calendar events only: leave out the planned sittings.")
    var onlyClasses = false
    @Option(help: ArgumentHelp("Write the week as an SVG picture to this file.", valueName: "file.svg"))
    var svg: String?
    @Option(help: ArgumentHelp("Write the week as a PNG picture (rendered from the SVG by librsvg) to this file.", valueName: "file.png"))
    var png: String?
    @Option(help: ArgumentHelp("Size of the picture in pixels, WIDTHxHEIGHT, each 200–8000.", valueName: "WxH"))
    var size = "1000x650"
    @OptionGroup var options: StoreOptions

    func validate() throws {
        if !(1...31).contains(days) { throw ValidationError("--days \(days): must be between 1 and 31") }
        _ = try pictureSize()
        if let tz { _ = try resolveZone(tz) }
    }

    /// `--size` read: `1200x800` (or `1200×800`).
    func pictureSize() throws -> (width: Int, height: Int) {
        let parts = size.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (200...8000).contains(w), (200...8000).contains(h) else {
            throw ValidationError("--size \(size): expected WIDTHxHEIGHT in pixels, each 200–8000, like 1200x800")
        }
        return (w, h)
    }

    func run() throws {
        try withService(options) { service in
            let zone = try tz.map(resolveZone) ?? service.zone()
            let today = zone.local(service.now).date
            let first = try from.map { try day($0, option: "--from", now: service.now, zone: zone) }
                ?? today.adding(days: 1 - today.isoWeekday)
            let gathered = try service.week(from: first, days: days, zone: zone.identifier, extraCalendars: calendar,
                                            onlyClasses: onlyClasses)
            printWarnings(gathered.warnings)
            let layout = WeekLayout(gathered.input)
            if svg != nil || png != nil {
                let (w, h) = try pictureSize()
                let picture = WeekSVG.render(layout, width: w, height: h)
                if let svg {
                    try FileOutput.write(picture, to: svg)
                    say("Wrote \(svg) (\(w)×\(h)).")
                }
                if let png {
                    let bytes: [UInt8]
                    do {
                        bytes = try PNGImage.render(svg: picture, width: w, height: h)
                    } catch {
                        // Nothing to draw with here: the PNG cannot be made, and the message says what to install.
                        if case .unavailable? = error as? ImageError { throw ServiceError.cannotWrite(path: png, reason: "\(error)") }
                        throw ServiceError.unexpected(detail: "\(error)")
                    }
                    try FileOutput.write(Data(bytes), to: png)
                    say("Wrote \(png) (\(w)×\(h)).")
                }
                return
            }
            if options.json {
                print(WeekJSON.text(layout))
            } else {
                show(WeekText.render(layout, width: terminalWidth(), style: Style.text), terminator: "")
            }
        }
    }
}

/// `$COLUMNS`, else the width of the terminal on stdout, else 80.
func terminalWidth() -> Int {
    if let c = ProcessInfo.processInfo.environment["COLUMNS"], let n = Int(c), n > 0 { return min(n, 1000) }
    var size = winsize()
    if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    return 80
}
