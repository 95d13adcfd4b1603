import ArgumentParser
import Foundation
import PlanCore
import PlanProtocol
import PlanRender
import PlanService

/// `plan sync`: the study sittings written into a CalDAV collection the phone shows.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Write the study sittings into a CalDAV calendar (your phone's).",
        discussion: """
            Each sitting that has not ended becomes one event (named by its UID, marked X-PLAN-TASK-ID) in the \
            collection set with `plan calendar target URL` (or --to URL). Only what changed is sent: new sittings \
            are created (If-None-Match: *), moved ones updated (If-Match), removed ones deleted; events plan did not \
            write are never touched. A sitting you moved on the phone stays where you put it (the plan works around \
            it); one you deleted is read as "not then": its work is planned elsewhere. Credentials as for \
            `plan calendar add` (PLAN_CALDAV_USER/PLAN_CALDAV_PASSWORD, a password command kept for the host \
            with `plan calendar target URL --password-command CMD`, or ~/.netrc).

            Example:
              plan calendar target https://dav.example.org/alex/study/ --create
              plan sync --dry-run
              plan sync
            """)

    @Option(help: ArgumentHelp("The collection to write to, this once. Default: the one set with `plan calendar target`.", valueName: "URL"))
    var to: String?
    @Flag(help: "List what would be sent, change nothing (on the server or in the store).") var dryRun = false
    @OptionGroup var options: StoreOptions

    func run() throws {
        try withService(options) { service in
            let report = try service.sync(to: to, dryRun: dryRun)
            let zone = try service.zone()
            confirm(options.json, Wire.SyncResult(report, zone: zone)) { Self.text(report, zone: zone) }
        }
    }

    /// One line per change and per conflict, then the counts.
    static func text(_ r: SyncReport, zone: SystemZone) -> String {
        var out = ""
        let verb = r.dryRun ? "would " : ""
        for c in r.conflicts {
            switch c.kind {
            case .moved:
                out += "Moved on the phone: \(c.uid) \(span(c.before, zone)) → \(span(c.after, zone)); kept there.\n"
            case .deleted:
                out += "Deleted on the phone: \(c.uid) \(span(c.before, zone)); its work is planned elsewhere.\n"
            case .notPlans:
                out += "Left alone: \(c.uid) is an event plan did not write.\n"
            }
        }
        for c in r.changes {
            let what = switch c.action {
            case .create: "PUT new    "
            case .update: "PUT changed"
            case .delete: "DELETE     "
            }
            out += "\(r.dryRun ? "would " : "")\(what) \(c.uid)  \(span(c.range, zone))\(c.summary.isEmpty ? "" : "  " + c.summary)\n"
        }
        let created = r.changes.count { $0.action == .create }, updated = r.changes.count { $0.action == .update }
        let deleted = r.changes.count { $0.action == .delete }
        out += "\(r.target): \(verb)create \(created), \(verb)update \(updated), \(verb)delete \(deleted), \(r.unchanged) up to date"
        out += r.dryRun ? " (dry run: nothing sent).\n" : ".\n"
        return out
    }

    static func span(_ range: TimeRange?, _ zone: SystemZone) -> String {
        guard let range else { return "" }
        return "\(TimeText.day(zone.local(range.start).date)) \(TimeText.clock(range.start, zone))–\(TimeText.clock(range.end, zone))"
    }
}
