import Foundation
import PlanCore
import PlanDAV
import PlanICal
import PlanStore
import Synchronization

/// The CalDAV collections registered as calendars, read as
/// ``RemoteCalendars`` reads subscriptions: at most once a minute, never
/// waiting on the network inside a store transaction
/// (``prefetch(_:store:now:)`` asks the server before the operation's
/// transaction, ``content(_:_:now:)`` only keeps the answer), the stored
/// copy standing in with one warning when the server is out of reach.
///
/// A collection is read incrementally: with RFC 6578 sync-collection from
/// the stored token when the server offers it (nothing changed: one small
/// REPORT), else with a calendar-query of every member's ETag; only the
/// members that changed are then downloaded (calendar-multiget). The
/// members are merged into one calendar by libical (``ICalExporter``).
package final class CalDAVCalendars: Sendable, RemoteCopies {
    let environment: [String: String]
    let notices: RemoteCalendars
    let answers = ServerAnswers<CalDAVCopy>()

    typealias Answer = ServerAnswers<CalDAVCopy>.Answer

    init(environment: [String: String], notices: RemoteCalendars) {
        self.environment = environment
        self.notices = notices
    }

    /// Reads the collection against the stored `copy`: no store access.
    func ask(_ url: String, copy: CalDAVCopy?, commands: [String: PasswordCommand], now: Instant,
             at clock: ContinuousClock.Instant) -> Answer {
        do {
            let address = try SubscriptionURL(url, insecure: true)
            let client = DAVClient(environment: environment, insecure: true, passwordCommands: commands)
            let fresh = try Self.read(address, client: client, copy: copy, now: now)
            guard let fresh else {
                // Unchanged: the stored copy, confirmed now.
                return Answer(at: clock, content: .success(try Self.content(copy!)), pending: .confirmed(at: now.seconds))
            }
            let content = try Self.content(fresh)
            try Self.checkReadable(content.bytes, url: url, now: now)
            return Answer(at: clock, content: .success(content), pending: .save(fresh))
        } catch {
            return Self.failed(error, url: url, offlineId: "caldav-offline", now: now, at: clock,
                               stored: { copy.flatMap { c in (try? Self.content(c)).map { ($0, c.checkedAt) } } },
                               note: notices.note)
        }
    }

    /// The collection's members as they are now, or nil when nothing
    /// changed since `copy`: a sync-collection report from its token when
    /// the server offers one, else every member's ETag; the members that
    /// changed are then fetched in one calendar-multiget.
    static func read(_ url: SubscriptionURL, client: DAVClient, copy: CalDAVCopy?, now: Instant) throws(DAVError) -> CalDAVCopy? {
        var supportsSync = copy?.supportsSync ?? false
        if copy == nil {
            guard let info = try client.collection(url), info.isCalendar else {
                throw .status(url: url.text, status: 404)
            }
            supportsSync = info.supportsSync
        }
        var known = Dictionary((copy?.resources ?? []).map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        var token: String?
        var listed: [DAVClient.Member]
        var removed: [String] = []
        if supportsSync {
            var changes = try client.syncCollection(url, token: copy?.syncToken)
            if changes == nil, copy?.syncToken != nil {
                // The token is no longer valid: everything again.
                known = [:]
                changes = try client.syncCollection(url, token: nil)
            }
            if let changes {
                token = changes.token
                listed = changes.changed
                removed = changes.removed
                if copy?.syncToken == nil { known = [:] }
            } else {
                supportsSync = false
                listed = try client.etags(url)
            }
        } else {
            listed = try client.etags(url)
        }
        if !supportsSync {
            let present = Set(listed.map(\.path))
            removed = known.keys.filter { !present.contains($0) }
        }
        let changed = listed.filter { m in known[m.path].map { $0.etag == nil || $0.etag != m.etag } ?? true }
        if let copy, changed.isEmpty, removed.allSatisfy({ known[$0] == nil }), token == copy.syncToken || !supportsSync {
            return nil
        }
        for path in removed { known[path] = nil }
        for r in try client.multiget(url, changed.map(\.path)) {
            known[r.path] = CalDAVCopy.Resource(path: r.path, etag: r.etag, bytes: r.bytes)
        }
        return CalDAVCopy(url: url.text, syncToken: token, supportsSync: supportsSync,
                          resources: known.values.sorted { $0.path < $1.path },
                          fetchedAt: now.seconds, checkedAt: now.seconds)
    }

    /// The members merged into one calendar by libical; the revision is the
    /// sync token, else the members' ETags.
    static func content(_ copy: CalDAVCopy) throws(ImportError) -> CalendarContent {
        let merged = try ICalExporter.merged(calendars: copy.resources.map { CalendarBytes(label: copy.url + " " + $0.path, bytes: $0.bytes) },
                                             sittings: [], stamp: Instant(seconds: 0))
        let state = copy.syncToken.map { "token:" + $0 }
            ?? "etags:" + String(CalendarContent.hash(Array(copy.resources.map { $0.path + "=" + ($0.etag ?? "") }.joined(separator: "\n").utf8)), radix: 16)
        return CalendarContent(bytes: Array(merged.utf8), revision: .caldav(state: state), label: copy.url)
    }
}

extension CalDAVCalendars {
    /// What the server at `url` says of it when it is a CalDAV calendar
    /// collection (PROPFIND, Depth 0); nil for a `.ics` address, a server
    /// that does not speak WebDAV there, or any failure (the URL is then read
    /// as a subscription, whose errors say what went wrong).
    func probe(_ url: SubscriptionURL, insecure: Bool, commands: [String: PasswordCommand]) -> DAVClient.CollectionInfo? {
        let path = URLComponents(string: url.text)?.path.lowercased() ?? ""
        guard !path.hasSuffix(".ics") else { return nil }
        guard let info = try? DAVClient(environment: environment, insecure: insecure, passwordCommands: commands).collection(url),
              info.isCalendar else { return nil }
        return info
    }
}
