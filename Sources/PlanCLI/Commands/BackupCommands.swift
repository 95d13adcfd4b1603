import ArgumentParser
import PlanProtocol
import PlanRender
import PlanService
import PlanStore

struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup", abstract: "Copy the whole store to a file (safe while plan runs).",
        discussion: """
            Uses SQLite's online backup: the copy is one consistent moment of the store, written beside FILE \
            and renamed into place. An existing FILE is replaced only when it is a plan store itself.

              plan backup ~/plan-before-finals.sqlite
              plan restore ~/plan-before-finals.sqlite
            """)

    @Argument(help: ArgumentHelp("The copy to write.", valueName: "file")) var file: String
    @OptionGroup var options: StoreOptions

    func run() throws {
        try withService(options) { service in
            let copy = try service.backUp(to: file)
            confirm(options.json, Wire.StoreCopy(copy)) {
                "Backed up the store \(service.store.path) to \(copy.path): \(copy.contents).\n"
            }
        }
    }
}

struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Replace the store with a copy made by `plan backup`.",
        discussion: """
            The store as it was is kept first as STORE.before-restore (.before-restore.1, … after that). Refused, changing nothing, when FILE is not \
            a plan store, is damaged or was written by a newer plan; a copy from an older plan is upgraded. Works on \
            a damaged store too: that is what it is for.

              plan restore ~/plan-before-finals.sqlite
            """)

    @Argument(help: ArgumentHelp("A copy made by `plan backup`.", valueName: "file")) var file: String
    @OptionGroup var options: StoreOptions

    func run() throws {
        let path = options.storePath
        printVerbose("store \(path)")
        let (restored, previous, upgrade): (StoreSummary, String?, StoreUpgrade?)
        do {
            (restored, previous, upgrade) = try PlanService.restore(storePath: path, from: file)
        } catch {
            throw failure(error)
        }
        if let upgrade { printNotice(upgrade.notice(store: path)) }
        confirm(options.json, Wire.StoreCopy(restored, previous: previous)) {
            "Restored the store \(path) from \(file): \(restored.contents)."
                + (previous.map { " The store as it was is kept as \($0)." } ?? "") + "\n"
        }
    }
}

extension StoreSummary {
    /// What the copy holds, in words.
    var contents: String { StoreText.contents(tasks: tasks, calendars: calendars, schemaVersion: schemaVersion, bytes: bytes) }
}
