import ArgumentParser
import Foundation
import PlanCore
import PlanICal
import PlanProtocol
import PlanRender
import PlanService
import PlanStore

struct ReplanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replan",
        abstract: "Re-fit the work that lost its place, keep the rest, and say what moved and why.",
        discussion: """
        Every planned sitting that still obeys the rules and is still needed stays where \
        it is. Only the work that lost its place is re-fitted, around the sittings that \
        stayed: sittings that now collide with a class (a changed or newly added \
        calendar), sittings a changed policy rules out (hours, working days, grid, \
        buffer, break, max per day, time zone) or a task's changed fields do (due, start, \
        earliest, latest, span, min, after), tasks whose sittings no longer add up to the \
        work left, and tasks with no sittings. A task finished early frees its time; \
        nothing else moves into it. Each moved task is listed with its reason, and the \
        count of sittings that stayed.

        --compact re-fits everything not done from now, in the contract's order, as a \
        fresh plan would: use it to pull work forward into freed time, or when replan \
        says a task fits only that way.

        Exit codes: 0 re-planned (or would be, with --dry-run), also when a task does not \
        fit (it is named, with what would make it fit); 65 invalid stored data; 66 a \
        calendar cannot be read; 75 the store is busy.
        """)

    @Flag(help: "Re-fit everything not done from now, not only what must move.") var compact = false
    @Flag(help: "Show what would move, save nothing.") var dryRun = false
    @OptionGroup var options: StoreOptions

    func run() throws {
        try withService(options) { service in
            let zone = try service.zone()
            let (r, warnings) = try service.replan(dryRun: dryRun, compact: compact)
            printWarnings(warnings)
            // A dry run is what the command shows; a saved replan is what it did.
            (dryRun ? emit : confirm)(options.json, Wire.ReplanResult(r, warnings: warnings, zone: zone)) { r.text(zone: zone, style: Style.text) }
        }
    }
}
