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
            write are never touched. Each event keeps its UID when its sitting moves, and says nothing that changes when \
            other sittings do; a change raises its SEQUENCE and sets LAST-MODIFIED and DTSTAMP.

            What you do on the phone is kept:
              - a sitting you move stays where you put it, with its UID (pinned); the plan works around it;
              - one you delete is read as "not then": its work is planned elsewhere (the report says where), and \
            its time is kept free for that re-plan (for good with --keep-deleted-free);
              - an alarm, colour, note or new title you add survives every later write of that event;
              - moved on the phone and by plan since the last sync: the phone wins, and the report names it;
              - an event made again on the phone under a new UID: plan's is deleted, yours is left alone and named.

            A sync cut short at any moment heals at the next: an event plan wrote but did not record is taken \
            over (updated, or deleted when no sitting has it) and reported; a write whose answer never came is \
            checked on the server before it counts as the phone's; an event a listing leaves out is asked for \
            before it counts as deleted; a listing naming another collection is refused (exit 73).

            Credentials as for \
            `plan calendar add` (PLAN_CALDAV_USER/PLAN_CALDAV_PASSWORD, a password command kept for the host \
            with `plan calendar target URL --password-command CMD`, or ~/.netrc).

            Example:
              plan calendar target https://dav.example.org/alex/study/ --create
              plan sync --dry-run
              plan sync
            """)

    @Option(help: ArgumentHelp("The collection to write to, this once. Default: the one set with `plan calendar target`.", valueName: "URL"))
    var to: String?
    @Flag(help: "List what would be sent; change nothing on the server or in the plan. The counts are those the real sync then sends.")
    var dryRun = false
    @Flag(help: "Keep the time of a sitting deleted on the phone free of study for good (default: only while its work is planned again).")
    var keepDeletedFree = false
    @OptionGroup var options: StoreOptions

    func run() throws {
        try withService(options) { service in
            let report = try service.sync(to: to, dryRun: dryRun, keepDeletedFree: keepDeletedFree)
            let zone = try service.zone()
            confirm(options.json, Wire.SyncResult(report, zone: zone)) { Self.text(report, zone: zone) }
        }
    }

    /// One line per change and per conflict, then the counts.
    static func text(_ r: SyncReport, zone: SystemZone) -> String {
        var out = ""
        let verb = r.dryRun ? "would " : ""
        for c in r.conflicts {
            let name = c.title.map { "\"\($0)\" (\(c.uid))" } ?? c.uid
            switch c.kind {
            case .moved:
                out += "Moved on the phone: \(name) \(span(c.before, zone)) → \(span(c.after, zone)); kept there.\n"
            case .both:
                let plans = c.planned.isEmpty ? "had dropped it" : "had moved it to " + c.planned.map { span($0, zone) }.joined(separator: ", ")
                out += "Changed on both sides: \(name) moved on the phone to \(span(c.after, zone)) while plan \(plans); the phone's time is kept.\n"
            case .deleted:
                let now = c.planned.isEmpty ? "its work is planned elsewhere" : "its work is now at " + c.planned.map { span($0, zone) }.joined(separator: ", ")
                out += "Deleted on the phone: \(name) \(span(c.before, zone)); \(now).\n"
            case .notPlans:
                out += "Left alone: \(c.uid) is an event plan did not write.\n"
            case .phoneMade:
                let of = c.title.map { " for \"\($0)\"" } ?? ""
                out += "Made on the phone: \(c.uid) carries plan's marks\(of) under a UID plan did not give; left alone as your own event.\n"
            case .leftover:
                out += "Left over from a sync cut short: \(name) \(span(c.before, zone)), written by plan but not recorded; taken over.\n"
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
