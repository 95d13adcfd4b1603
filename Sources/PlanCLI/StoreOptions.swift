import ArgumentParser
import Foundation
import PlanCore
import PlanProtocol
import PlanRender
import PlanService
import PlanStore

/// `--store` and the context every store-backed command needs.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The store file. Default: $PLAN_STORE, else $XDG_DATA_HOME/plan/plan.sqlite (~/.local/share/plan/plan.sqlite).", valueName: "path"))
    var store: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var output: OutputOptions
    @OptionGroup(title: "Servers") var servers: ServerOptions

    /// The store path: `--store`, else `$PLAN_STORE`, else the XDG default.
    var storePath: String { store ?? PlanStore.defaultPath(environment: ProcessInfo.processInfo.environment) }

    /// `now` from the clock or, for reproducible runs and tests, from
    /// `$PLAN_NOW` (ISO 8601 with an offset); a malformed one is a usage error.
    static func now(environment env: [String: String]) throws -> Instant {
        do {
            return try PlanClock.now(environment: env)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The service on the chosen store, with ``now(environment:)``; with
    /// `--verbose`, `plan: store PATH` unless `namingTheStore` is false
    /// (`plan rpc` opens the store for every request and names it once).
    func service(namingTheStore: Bool = true) throws -> PlanService {
        let path = storePath
        let now = try Self.now(environment: ProcessInfo.processInfo.environment)
        do throws(StoreError) {
            let planStore = try PlanStore(path: path)
            if namingTheStore { printVerbose("store \(path)") }
            // Said once: the next open finds the store upgraded.
            if let upgrade = planStore.upgrade { printNotice(upgrade.notice(store: path)) }
            return PlanService(store: planStore, now: now, environment: servers.environment(ProcessInfo.processInfo.environment))
        } catch {
            throw ServiceError.store(error)
        }
    }
}

/// Runs a store-backed command body. A failure that is not the command's own
/// exit (``ExitCode``) or a usage error (``ValidationError``) is a
/// ``ServiceError`` — an unknown one an internal error — printed on stderr
/// with its exit status.
func withService(_ options: StoreOptions, _ body: (PlanService) throws -> Void) throws {
    do {
        let service = try options.service()
        // A subscription read from its stored copy (its server out of reach): said once, whatever the outcome.
        defer {
            printWarnings(service.remote.takeNotices())
            printWarnings(service.planNotes.takeWarnings())
            for w in service.planNotes.takeQuiet() { printVerbose("warning (said before): \(w.description)") }
            for line in LearnedText.lines(service.planNotes.takeLearned()) { printNotice(line) }
            let owed = service.planNotes.takeOwed()
            if !owed.isEmpty, let zone = try? service.zone() {
                for note in owed { printNotice(OwedText.line(note, zone: zone)) }
            }
            for source in service.reads.taken() { printVerbose(readNote(source)) }
        }
        try body(service)
    } catch let e as ExitCode {
        throw e
    } catch let e as ValidationError {
        throw e
    } catch ServiceError.input(let e) where !e.isNotFound && !e.isRefusal {
        // A value the command was given: a usage error naming the option, as one found while parsing is.
        throw ValidationError("\(e.option): \(e.message)")
    } catch ServiceError.input(let e) {
        throw failure(ServiceError.refused("\(e.option): \(e.message)"))
    } catch {
        throw failure(ServiceError(error))
    }
}

/// `read calendar classes: file /home/ada/classes.ics`, for `--verbose` (a
/// subscription's URL holds no credentials: plan refuses those).
private func readNote(_ source: CalendarSource) -> String {
    let kind = switch source.kind {
    case .file: "file"
    case .subscription: "subscription"
    case .caldav: "CalDAV collection"
    }
    return "read calendar \(source.name): \(kind) \(source.location)"
}

/// Prints `error` on stderr (through `report`) and returns its exit code to throw.
func failure(_ error: ServiceError, report: (String) -> Void = printError) -> ExitCode {
    report(error.description)
    return ExitCode(error.codes.exit)
}

/// ANSI styling, only on a terminal and when NO_COLOR is unset.
enum Style {
    static let enabled: Bool = {
        if let v = ProcessInfo.processInfo.environment["NO_COLOR"], !v.isEmpty { return false }
        return isatty(1) == 1
    }()
    /// The style every rendering of this run gets.
    static let text = TextStyle(ansi: enabled)
    static func bold(_ s: String) -> String { text.bold(s) }
    static func dim(_ s: String) -> String { text.dim(s) }
    static func red(_ s: String) -> String { text.red(s) }
    static func green(_ s: String) -> String { text.green(s) }
}
