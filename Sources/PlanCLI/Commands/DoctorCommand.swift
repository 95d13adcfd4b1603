import ArgumentParser
import Foundation
import PlanCore
import PlanProtocol
import PlanRender
import PlanService

struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor", abstract: "Check the store, the calendars, the time zone and the credentials setup.",
        discussion: """
            Each finding is ok, a warning (plan works, not as well as it could) or a problem, and says what to fix. \
            The store is opened as any command opens it and checked (PRAGMA integrity_check, its schema, whether it \
            can be written, whether its disk is full); partial files a killed plan left (NAME.plan-partial-PID) in \
            the store's folder and the current folder are named; each registered calendar is read as planning reads it (a subscription is fetched); $TZ \
            and the store's zone must be zones this system knows; a netrc file must be private to you (mode 600). \
            No password is ever printed.

            --repair first marks a store rebuilt from a dump (`sqlite3 OLD .dump | sqlite3 NEW` keeps plan's \
            tables but not its mark or schema version) as a plan store again, when its tables and columns are \
            exactly this plan's and it passes the integrity check; any other file is left as it is.

            Exit codes: 0 no problem (warnings allowed); 1 a problem was found.

              plan doctor
              plan doctor --json
              plan doctor --repair --store rebuilt.sqlite
            """)

    @Flag(help: "Mark a store rebuilt from an SQLite dump as a plan store again (after checking its tables).")
    var repair = false
    @OptionGroup var options: StoreOptions

    func run() throws {
        let env = ProcessInfo.processInfo.environment
        let now = try StoreOptions.now(environment: env)
        printVerbose("store \(options.storePath)")
        let checkups = Doctor.checkups(storePath: options.storePath, environment: env, now: now, repair: repair)
        emit(options.json, Wire.Doctor(checkups)) { CheckupText.render(checkups, style: Style.text) }
        // The findings say what is wrong: stderr stays quiet (with --json it gets the one error object).
        if checkups.contains(where: { $0.status == .problem }) { throw ExitCode(.problemsFound) }
    }
}
