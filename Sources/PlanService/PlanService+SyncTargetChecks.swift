import Foundation
import PlanCore
import PlanDAV
import PlanStore

/// The refusals that keep plan from reading its own output as busy time:
/// the collection `plan sync` writes to is never also a busy calendar, and
/// `plan sync --to` writes only into a calendar collection.
extension PlanService {
    /// Whether two URLs name the same collection: compared as kept (a
    /// trailing `/`), scheme and host in any case.
    static func sameCollection(_ a: String, _ b: String) -> Bool {
        func key(_ raw: String) -> String {
            let kept = (try? collectionURL(raw, insecure: true).text) ?? raw
            guard var parts = URLComponents(string: kept) else { return kept }
            parts.scheme = parts.scheme?.lowercased()
            parts.host = parts.host?.lowercased()
            return parts.string ?? kept
        }
        return key(a) == key(b)
    }

    /// Refuses `url` as a busy calendar when it is the sync target.
    func refuseTheSyncTargetAsBusy(_ url: String, _ t: StoreTransaction) throws {
        guard let target = try t.setting(Self.syncTargetKey), Self.sameCollection(url, target) else { return }
        throw ServiceError.refused("\(url) is where `plan sync` writes your study plan (plan calendar target): as a busy calendar, "
                                   + "every sitting would block its own time. Add the calendar with your classes instead")
    }

    /// Refuses `url` as the sync target when a busy calendar reads it.
    func refuseABusyCalendarAsTarget(_ url: String, _ t: StoreTransaction) throws {
        for c in try t.calendars() {
            let busy: String
            switch c.kind {
            case .caldav(let u), .subscription(let u): busy = u
            case .file: continue
            }
            guard Self.sameCollection(url, busy) else { continue }
            throw ServiceError.refused("\(url) is the busy calendar \"\(c.name)\": syncing the plan into it would make every sitting "
                                       + "busy time. Give another collection (--create makes a new one), or `plan calendar remove \(c.name)` first")
        }
    }

    /// Asks the server that `url` is a calendar collection (nil: make one when `create`); whether it was made.
    func requireCalendarCollection(_ url: SubscriptionURL, client: DAVClient, create: Bool, color: String) throws -> Bool {
        var info = try client.collection(url)
        var created = false
        if info == nil, create {
            try client.makeCalendar(url, name: "Study plan", color: color)
            created = true
            info = try client.collection(url)
        }
        guard let info else {
            throw ServiceError.refused("\(url.text): no calendar collection there; give --create to make one (named \"Study plan\")")
        }
        guard info.isCalendar else {
            throw ServiceError.refused("\(url.text): this is a WebDAV folder, not a calendar collection; give a calendar's URL, or a new one with --create")
        }
        return created
    }
}
