import Foundation
import PlanCore
import PlanDAV
import PlanGroups
import PlanICal
import PlanStore

/// Where a member's busy time comes from in `plan group find --member …`.
///
/// A file and a subscription URL are read once for the search (nothing is
/// kept); `me` is the user's registered calendars, the group sessions they
/// go to, and their planned sittings (as time that can move); a CalDAV
/// collection is read once, as its events or as the free-busy time its
/// server answers for it (see `GroupFreeBusy.swift`).
package enum GroupMemberSource: Hashable, Sendable, CustomStringConvertible {
    case me
    /// An `.ics` file.
    case file(path: String)
    /// A published calendar (`https://`, `webcal://`), fetched once without a stored copy.
    case subscription(url: String)
    /// A CalDAV calendar collection (`caldav:URL`): its events, read as a
    /// registered collection is (calendar-query or sync-collection, then calendar-multiget).
    case caldavCollection(url: String)
    /// A CalDAV collection's free-busy time (`freebusy:URL`): an RFC 4791
    /// §7.10 free-busy-query REPORT over the search window.
    case caldavFreeBusy(url: String)
    /// Any of the others under a name of the user's (`Ada=caldav:URL`).
    indirect case named(String, GroupMemberSource)

    /// The longest name a member may be given.
    static let maxNameLength = 40

    /// `me`, `caldav:URL`, `freebusy:URL`, an `https://`/`webcal://`/`http://` URL, else a file path;
    /// any of them after `NAME=` (a name of 1–40 characters without `=`, `/`, `:` or controls).
    package init(_ text: String) {
        let lower = text.lowercased()
        if let eq = text.firstIndex(of: "="), text[..<eq].allSatisfy({ !"/:\\".contains($0) && !$0.isNewline && $0.asciiValue.map { $0 >= 32 } ?? true }),
           case let name = text[..<eq].trimmingCharacters(in: .whitespaces), !name.isEmpty, name.count <= Self.maxNameLength,
           text.index(after: eq) < text.endIndex {
            self = .named(name, GroupMemberSource(String(text[text.index(after: eq)...])))
        } else if lower == "me" {
            self = .me
        } else if lower.hasPrefix("caldav:") {
            self = .caldavCollection(url: String(text.dropFirst(7)))
        } else if lower.hasPrefix("freebusy:") {
            self = .caldavFreeBusy(url: String(text.dropFirst(9)))
        } else if SubscriptionURL.looksLikeURL(text) {
            self = .subscription(url: text)
        } else {
            self = .file(path: text)
        }
    }

    package var description: String {
        switch self {
        case .me: "me"
        case .file(let p): p
        case .subscription(let u): u
        case .caldavCollection(let u): "caldav:" + u
        case .caldavFreeBusy(let u): "freebusy:" + u
        case .named(let name, let source): "\(name)=\(source)"
        }
    }
}

extension PlanService {
    /// The member `source` stands for over `window`: a name, a zone, busy
    /// time, and (for `me`) the day window and the sittings that could move.
    func groupMember(_ source: GroupMemberSource, window: TimeRange, settings: PlanSettings, t: StoreTransaction,
                     taken: inout TaskIds.Names, as given: String? = nil) throws -> (GroupMember, [ImportWarning]) {
        let zone = settings.zone
        let policy = settings.policy.policy(zone: zone)
        func named(_ base: String) -> String { taken.claim(given ?? base) }
        switch source {
        case .named(let name, let inner):
            return try groupMember(inner, window: window, settings: settings, t: t, taken: &taken, as: name)
        case .me:
            var (blocks, warnings, _) = try busy(try t.calendars(), policy: policy, window: window, t: t)
            blocks += try groupSessionBlocks(t, policy: policy)
            let titles = Dictionary(try t.tasks().map { ($0.task.id, $0.task.title) }, uniquingKeysWith: { a, _ in a })
            let movable = try t.sittings().filter { $0.range.overlaps(window) && $0.range.end > now }.map {
                GroupMember.Movable(range: $0.range, label: "\(titles[$0.taskId] ?? $0.taskId) (\($0.index)/\($0.count))")
            }
            return (GroupMember(name: named("me"), zone: zone, busy: blocks.map(\.range),
                                dayWindow: DayWindow(start: policy.dayStart, end: policy.dayEnd), movable: movable), warnings)
        case .file(let path):
            let absolute = Self.absolutePath(path)
            let content = try FileFeed(path: absolute).read()
            return try member(content.bytes, label: absolute, name: named(Self.defaultName(for: absolute)), window: window, policy: policy)
        case .subscription(let text):
            let url: SubscriptionURL
            do throws(DAVError) {
                url = try SubscriptionURL(text, insecure: false)
            } catch {
                throw ServiceError.refused(error.description)
            }
            let outcome: FetchOutcome
            do throws(DAVError) {
                outcome = try remote.fetcher.fetch(url, validators: nil)
            } catch {
                throw ServiceError.calendar(.unreadable(file: url.text, reason: error.reason))
            }
            guard case .fetched(let bytes, _) = outcome else {
                throw ServiceError.calendar(.unreadable(file: url.text, reason: "the server answered 304 to a request without validators"))
            }
            return try member(bytes, label: url.text, name: named(Self.defaultName(forURL: url)), window: window, policy: policy)
        case .caldavCollection(let text):
            let (url, client) = try memberClient(source, text, t: t)
            let bytes = try collectionEvents(url, client: client, source: source)
            return try member(bytes, label: source.description, name: named(Self.defaultName(forURL: url)), window: window, policy: policy)
        case .caldavFreeBusy(let text):
            let (url, client) = try memberClient(source, text, t: t)
            let busy = try freeBusy(url, client: client, window: window, source: source)
            return (GroupMember(name: named(Self.defaultName(forURL: url)), zone: zone, busy: busy), [])
        }
    }

    /// A member from a calendar's bytes: its busy occurrences over `window`
    /// (transparent and cancelled ones free; tentative and all-day as the
    /// user's policy says), in the zone most of its events name (else the user's).
    private func member(_ bytes: [UInt8], label: String, name: String, window: TimeRange, policy: Policy) throws -> (GroupMember, [ImportWarning]) {
        let result = try ICalImporter.importData(bytes, label: label, options: ImportOptions(window: window, floatingZone: policy.zone))
        var counts: [String: Int] = [:]
        for o in result.occurrences { if let z = o.tzid, SystemZone(identifier: z) != nil { counts[z, default: 0] += 1 } }
        let named = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.first?.key
        let zone = named.flatMap { SystemZone(identifier: $0) } ?? policy.zone
        let busy = result.occurrences.filter(policy.isBusy).map { $0.range(in: policy.zone) }.filter { !$0.isEmpty }
        return (GroupMember(name: name, zone: zone, busy: busy), result.warnings)
    }
}
