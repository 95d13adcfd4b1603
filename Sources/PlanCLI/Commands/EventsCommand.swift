import ArgumentParser
import Foundation
import PlanCore
import PlanDAV
import PlanICal
import PlanProtocol
import PlanRender
import PlanService

/// `plan events`: what a calendar file really contains, occurrence by occurrence.
struct EventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "List every event occurrence in .ics files between two dates.",
        discussion: """
        Expands recurring events (RRULE, RDATE, EXDATE, EXRULE, moved and cancelled \
        instances) exactly as they appear in a calendar app, and prints them day by day, \
        or as JSON with --json.

        Marks in the agenda: [free] the event is TRANSPARENT (does not block time), \
        [tentative] STATUS:TENTATIVE, [cancelled] STATUS:CANCELLED.

        Problems the reader recovered from are printed on stderr as \
        FILE:LINE: PROPERTY "value": what happened.

        Examples:
          plan events Examples/fall-2026-classes.ics --from 2026-11-23 \\
              --to 2026-11-30 --tz America/New_York
          plan events work.ics personal.ics --from 2026-12-01 --to 2027-01-01 --json
          plan events webcal://example.edu/cal/fall.ics

        A published calendar's URL (https://, webcal://) is read once and not kept; \
        `plan calendar add URL` keeps it.

        Exit codes: 0 ok; 65 a file has nothing readable; 66 a file is missing or unreadable; 64 bad options.
        """
    )

    @Argument(help: ArgumentHelp("The .ics files to read, or published calendars' https:// or webcal:// URLs (as `plan calendar add` takes them).", valueName: "file.ics|URL"))
    var files: [String]

    @Option(help: ArgumentHelp("First day (or date-time) to show, inclusive: YYYY-MM-DD[THH:MM[:SS][Z|±HH:MM]]. Default: today.", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("End of the range, exclusive, same forms as --from. Default: 7 days after --from.", valueName: "date"))
    var to: String?

    @Option(help: ArgumentHelp("IANA time zone for --from/--to, floating times, all-day dates and the agenda. Default: $TZ, else the system zone.", valueName: "zone"))
    var tz: String?

    @Flag(help: "Print a JSON array of occurrences instead of the agenda.")
    var json = false

    @Option(help: ArgumentHelp("Keep at most this many occurrences per recurring series.", valueName: "n"))
    var maxPerSeries = 100_000

    @Flag(help: "Allow a plain http:// URL to another machine (sent unencrypted, without credentials).")
    var insecure = false

    @OptionGroup var server: ServerOptions

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one .ics file") }
        if maxPerSeries < 1 { throw ValidationError("--max-per-series must be at least 1") }
    }

    func run() throws {
        let zone = try resolveZone(tz)
        let window = try resolveWindow(zone: zone)
        let options = ImportOptions(window: window, floatingZone: zone, maxOccurrencesPerSeries: maxPerSeries)

        var tables: [OccurrenceTable] = []
        var exit: ExitCode?
        for file in files {
            do {
                let result: ImportTable
                if SubscriptionURL.looksLikeURL(file) {
                    printVerbose("read published calendar \(SubscriptionURL.hidingCredentials(in: file))")
                    result = try Self.importURL(file, options: options, insecure: insecure,
                                                environment: server.environment(ProcessInfo.processInfo.environment))
                } else {
                    printVerbose("read calendar file \(file)")
                    result = try ICalImporter.importTable(path: file, options: options)
                }
                printWarnings(result.warnings)
                tables.append(result.occurrences)
            } catch {
                // An unreadable file's status wins over an unusable one's.
                let status = failure(.calendar(error))
                if exit == nil || status == PlanExit.noInput { exit = status }
            }
        }
        if files.count == 1, let only = tables.first {
            // One file: its occurrences are in order already; written as they are read.
            output(only, window: window, zone: zone, withSource: false)
        } else if !tables.isEmpty {
            var all: [Occurrence] = []
            for t in tables { all += t }
            // Each start read once (not once per comparison).
            let starts = all.map { $0.start.instant(in: zone) }
            let order = all.indices.sorted { a, b in
                if starts[a] != starts[b] { return starts[a] < starts[b] }
                if all[a].uid != all[b].uid { return all[a].uid < all[b].uid }
                return all[a].source < all[b].source
            }
            output(order.map { all[$0] }, window: window, zone: zone, withSource: true)
        }
        if let exit { throw exit }
    }

    /// Prints the occurrences, in the order given, as JSON (`--json`) or as the agenda.
    private func output<List: RandomAccessCollection<Occurrence> & Sendable>(
        _ occurrences: List, window: TimeRange, zone: SystemZone, withSource: Bool
    ) where List.Index == Int {
        if json {
            EventsOutput.writeJSON(occurrences, withSource: withSource)
        } else {
            show(EventsText.render(Array(occurrences), window: window, zone: zone, withSource: withSource), terminator: "")
        }
    }

    private func resolveWindow(zone: SystemZone) throws -> TimeRange {
        let start: Instant
        if let from {
            guard let v = DateText.parse(from) else {
                throw ValidationError("--from \(from): expected a date like 2026-11-23 or a date-time like 2026-11-23T08:00")
            }
            start = v.instant(in: zone)
        } else {
            let today = zone.local(Instant(seconds: Int64(Date().timeIntervalSince1970))).date
            start = zone.resolve(LocalDateTime(date: today))
        }
        let end: Instant
        if let to {
            guard let v = DateText.parse(to) else {
                throw ValidationError("--to \(to): expected a date like 2026-11-30 or a date-time like 2026-11-30T18:00")
            }
            end = v.instant(in: zone)
        } else {
            end = zone.resolve(LocalDateTime(date: zone.local(start).date.adding(days: 7)))
        }
        guard start < end else { throw ValidationError("--to must be after --from") }
        return TimeRange(start: start, end: end)
    }
}

/// The zone named by `--tz`, else `$TZ`, else the system zone.
func resolveZone(_ name: String?) throws -> SystemZone {
    if let name {
        guard let z = SystemZone(identifier: name) else {
            throw ValidationError("--tz \(name): not a time zone this system knows (try an IANA name like America/New_York)")
        }
        return z
    }
    return SystemZone.local(environment: ProcessInfo.processInfo.environment)
}

/// Prints import warnings on stderr: at most 20 per file, every one with `--verbose`.
extension EventsCommand {
    /// A published calendar's occurrences: one GET (credentials as `plan calendar add` finds
    /// them, never shown), the body read as a file's would be. A server that cannot be asked
    /// or answers with an error is a calendar that cannot be read (exit 66), said in words.
    static func importURL(_ text: String, options: ImportOptions, insecure: Bool,
                          environment: [String: String]) throws(ImportError) -> ImportTable {
        let label = SubscriptionURL.hidingCredentials(in: text)
        do {
            let url = try SubscriptionURL(text, insecure: insecure)
            switch try Fetcher(environment: environment, insecure: insecure).fetch(url, validators: nil) {
            case .fetched(let bytes, _):
                return try ICalImporter.importTable(bytes, label: label, options: options)
            case .notModified:
                throw ImportError.unreadable(file: label, reason: "the server answered 304 Not Modified to a plain GET")
            }
        } catch let e as DAVError {
            throw .unreadable(file: label, reason: e.reason)
        } catch let e as ImportError {
            throw e
        } catch {
            throw .unreadable(file: label, reason: String(describing: error))
        }
    }
}

func printWarnings(_ warnings: [ImportWarning]) {
    let limit = Verbosity.current == .verbose ? warnings.count : 20
    for w in warnings.prefix(limit) { printNotice("warning: \(w.description)") }
    if warnings.count > limit, let f = warnings.first?.file {
        printNotice("warning: \(f): \(warnings.count - limit) more warnings not shown (--verbose shows them all)")
    }
}
