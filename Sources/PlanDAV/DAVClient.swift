import Foundation
import NIOHTTP1
import PlanCore

/// A CalDAV client (RFC 4918, 4791, 6578) over one ``HTTPTransport``: what
/// plan asks a calendar collection and writes into one.
///
/// Members are named by their path, percent-decoded (`/student/plan/a@plan.ics`),
/// so two spellings of one href are one member; requests encode it again.
/// Every answer is read with ``Multistatus/parse(_:)``. A status plan cannot
/// go on from is a ``DAVError``; the outcomes a caller decides on (a
/// precondition that failed, a member that is gone) are values.
package final class DAVClient: Sendable {
    let transport: HTTPTransport

    /// `environment` holds where credentials are looked up, `passwordCommands`
    /// the password commands set for hosts; `insecure` allows plain http to another host.
    package init(environment: [String: String], insecure: Bool = false, passwordCommands: [String: PasswordCommand] = [:]) {
        transport = HTTPTransport(environment: environment, insecure: insecure, passwordCommands: passwordCommands)
    }

    /// The requests sent so far, by method (`PROPFIND`, `REPORT`, `GET`, `PUT`, `DELETE`, `MKCALENDAR`).
    package var requestCounts: [String: Int] { transport.requestCounts }

    /// What a collection says about itself (PROPFIND, Depth 0).
    package struct CollectionInfo: Hashable, Sendable {
        /// Its resource type includes CalDAV's `calendar`.
        package var isCalendar: Bool
        package var displayName: String?
        /// Its `sync-token`, when it has one.
        package var syncToken: String?
        /// It lists `sync-collection` among its supported reports.
        package var supportsSync: Bool
    }

    /// A member's path and ETag.
    package struct Member: Hashable, Sendable {
        package var path: String
        package var etag: String?

        package init(path: String, etag: String?) {
            self.path = path
            self.etag = etag
        }
    }

    /// A member's content as read.
    package struct Resource: Hashable, Sendable {
        package var path: String
        package var etag: String?
        package var bytes: [UInt8]
    }

    /// What changed in a collection since a sync token.
    package struct Changes: Hashable, Sendable {
        package var changed: [Member]
        package var removed: [String]
        package var token: String?
    }

    /// How a PUT or DELETE ended.
    package enum WriteOutcome: Hashable, Sendable {
        /// Done; the new ETag when the server sent one.
        case done(etag: String?)
        /// 412: the condition failed (the member exists, or has another ETag).
        case preconditionFailed
        /// 404/410: no member there.
        case missing
        /// 423 Locked: another client is writing it at this moment (Xandikos
        /// answers so to PUTs that arrive together); it may be tried again.
        case locked
    }

    /// What a PUT requires of the member before it is written.
    package enum Condition: Hashable, Sendable {
        /// `If-None-Match: *`: only when there is no member there.
        case absent
        /// `If-Match: <etag>`: only when it is still at this ETag.
        case etag(String)
    }

    // MARK: Reading

    /// The collection at `url` (PROPFIND, Depth 0); nil when the server does
    /// not speak WebDAV there (anything but a 207: a published .ics, a web page).
    package func collection(_ url: SubscriptionURL) throws(DAVError) -> CollectionInfo? {
        let body = DAVRequestBody.propfind([.dav("resourcetype"), .dav("displayname"), .dav("sync-token"), .dav("supported-report-set")])
        let reply = try transport.send(HTTPExchange(method: .init(rawValue: "PROPFIND"), url: url,
                                                    headers: Self.xml + [("Depth", "0")], body: body))
        switch reply.status {
        case 207: break
        case 401, 403: throw HTTPTransport.failure(reply)
        case 500..<600: throw HTTPTransport.failure(reply)
        default: return nil
        }
        let ms = try Self.parse(reply)
        // Some servers answer a PROPFIND on nothing with a 207 whose response says 404.
        guard let me = ms.responses.first, (me.status ?? 200) < 300, let type = me.property(.dav("resourcetype")) else { return nil }
        let types = type.children
        let reports = me.property(.dav("supported-report-set"))?.children ?? []
        return CollectionInfo(isCalendar: types.contains(.caldav("calendar")),
                              displayName: me.property(.dav("displayname"))?.text.nonEmpty,
                              syncToken: me.property(.dav("sync-token"))?.text.nonEmpty,
                              supportsSync: reports.contains(.dav("sync-collection")))
    }

    /// RFC 6578 sync-collection from `token` (everything when nil). Nil when
    /// the server refuses the report or the token (a 4xx other than 401):
    /// the caller starts again without a token, or lists ETags instead.
    package func syncCollection(_ url: SubscriptionURL, token: String?) throws(DAVError) -> Changes? {
        let reply = try transport.send(HTTPExchange(method: .init(rawValue: "REPORT"), url: url,
                                                    headers: Self.xml + [("Depth", "1")], body: DAVRequestBody.syncCollection(token: token)))
        switch reply.status {
        case 207: break
        case 401, 500..<600: throw HTTPTransport.failure(reply)
        case 400..<500: return nil
        default: throw HTTPTransport.failure(reply)
        }
        let ms = try Self.parse(reply)
        var changes = Changes(changed: [], removed: [], token: ms.syncToken)
        for r in ms.responses {
            guard let path = Self.path(r.href, in: url), path != Self.path(url.text, in: url) else { continue }
            if r.status == 404 || (r.propstats.isEmpty && r.status != nil && r.status! >= 400) {
                changes.removed.append(path)
            } else if let etag = r.property(.dav("getetag"))?.text {
                changes.changed.append(Member(path: path, etag: etag))
            } else if r.propstats.contains(where: { $0.status == 404 }) || r.status == nil {
                changes.changed.append(Member(path: path, etag: nil))
            }
        }
        return changes
    }

    /// Every calendar member's ETag (RFC 4791 calendar-query, Depth 1).
    package func etags(_ url: SubscriptionURL) throws(DAVError) -> [Member] {
        let reply = try transport.send(HTTPExchange(method: .init(rawValue: "REPORT"), url: url,
                                                    headers: Self.xml + [("Depth", "1")], body: DAVRequestBody.etagQuery()))
        guard reply.status == 207 else { throw HTTPTransport.failure(reply) }
        let collection = Self.path(url.text, in: url)
        var members: [Member] = []
        for r in try Self.parse(reply).responses {
            let path = try Self.memberPath(r.href, in: url, answer: reply)
            guard path != collection, r.status.map({ $0 < 300 }) ?? true else { continue }
            members.append(Member(path: path, etag: r.property(.dav("getetag"))?.text))
        }
        return members
    }

    /// The path of a listed member: an href outside the collection at `url`
    /// (another collection, another server) is a bad answer, never skipped —
    /// read as missing, plan's events would seem deleted on the phone.
    static func memberPath(_ href: String, in url: SubscriptionURL, answer reply: HTTPReply) throws(DAVError) -> String {
        let collection = Self.path(url.text, in: url) ?? "/"
        guard let path = Self.path(href, in: url), path.hasPrefix(collection) || path + "/" == collection else {
            throw .badAnswer(url: reply.url.text, reason: "its listing names \(LineText.excerpt(href)), which is not in the collection \(collection)")
        }
        // The collection itself, named without its trailing `/`.
        return path + "/" == collection ? collection : path
    }

    /// The members at `paths` with their content (calendar-multiget, 100 at a
    /// time); a path the server did not return is left out.
    package func multiget(_ url: SubscriptionURL, _ paths: [String]) throws(DAVError) -> [Resource] {
        var out: [Resource] = []
        var start = 0
        while start < paths.count {
            let chunk = Array(paths[start..<min(paths.count, start + 100)])
            start += chunk.count
            let reply = try transport.send(HTTPExchange(method: .init(rawValue: "REPORT"), url: url,
                                                        headers: Self.xml + [("Depth", "1")],
                                                        body: DAVRequestBody.multiget(chunk.map(Self.encoded))))
            guard reply.status == 207 else { throw HTTPTransport.failure(reply) }
            for r in try Self.parse(reply).responses {
                let path = try Self.memberPath(r.href, in: url, answer: reply)
                guard let data = r.property(.caldav("calendar-data")) else { continue }
                out.append(Resource(path: path, etag: r.property(.dav("getetag"))?.text, bytes: Array(data.text.utf8)))
            }
        }
        return out
    }

    /// How a free-busy-query was answered.
    package enum FreeBusyAnswer: Hashable, Sendable {
        /// The answer's body: iCalendar with a VFREEBUSY (read by PlanICal).
        case answered([UInt8])
        /// The server does not answer the report there (400, 403 with
        /// credentials, 405, 415, 501, or a multistatus instead of iCalendar).
        case refused(status: Int)
    }

    /// RFC 4791 §7.10 free-busy-query on the collection at `url` over
    /// `start`..<`end` (Depth 1). 401, 404/410 and 5xx are errors; a
    /// server that does not offer the report there says so with ``FreeBusyAnswer/refused(status:)``.
    package func freeBusy(_ url: SubscriptionURL, start: Date, end: Date) throws(DAVError) -> FreeBusyAnswer {
        let reply = try transport.send(HTTPExchange(method: .init(rawValue: "REPORT"), url: url, headers: Self.xml + [("Depth", "1")],
                                                    body: DAVRequestBody.freeBusyQuery(start: Self.utcStamp(start), end: Self.utcStamp(end))))
        switch reply.status {
        case 200: return .answered(reply.body)
        case 403 where reply.sentCredentials: return .refused(status: 403)
        case 207, 400, 405, 415, 422, 501: return .refused(status: reply.status)
        default: throw HTTPTransport.failure(reply)
        }
    }

    /// `date` as an iCalendar UTC date-time (`20261130T000000Z`).
    static func utcStamp(_ date: Date) -> String {
        var t = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&t, &parts)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }

    /// The member at `path` (GET); nil when there is none (404/410).
    package func get(_ url: SubscriptionURL, _ path: String) throws(DAVError) -> Resource? {
        let reply = try transport.send(HTTPExchange(method: .GET, url: try member(url, path), headers: [("Accept", "text/calendar")]))
        switch reply.status {
        case 200: return Resource(path: path, etag: reply.headers.first(name: "ETag"), bytes: reply.body)
        case 404, 410: return nil
        default: throw HTTPTransport.failure(reply)
        }
    }

    // MARK: Writing

    /// PUTs `bytes` (iCalendar) at `path` on `condition`.
    package func put(_ url: SubscriptionURL, _ path: String, _ bytes: [UInt8], condition: Condition) throws(DAVError) -> WriteOutcome {
        var headers = [("Content-Type", "text/calendar; charset=utf-8")]
        switch condition {
        case .absent: headers.append(("If-None-Match", "*"))
        case .etag(let e): headers.append(("If-Match", e))
        }
        let reply = try transport.send(HTTPExchange(method: .PUT, url: try member(url, path), headers: headers, body: bytes,
                                                    followsRedirects: false))
        return try Self.outcome(reply)
    }

    /// DELETEs the member at `path` if it is still at `etag`.
    package func delete(_ url: SubscriptionURL, _ path: String, etag: String) throws(DAVError) -> WriteOutcome {
        let reply = try transport.send(HTTPExchange(method: .DELETE, url: try member(url, path), headers: [("If-Match", etag)],
                                                    followsRedirects: false))
        return try Self.outcome(reply)
    }

    /// Makes a calendar collection for events at `url` (MKCALENDAR) named
    /// `name`, coloured `color`. A collection already there is an error (405).
    package func makeCalendar(_ url: SubscriptionURL, name: String, color: String?) throws(DAVError) {
        let reply = try transport.send(HTTPExchange(method: .init(rawValue: "MKCALENDAR"), url: url, headers: Self.xml,
                                                    body: DAVRequestBody.mkcalendar(name: name, color: color), followsRedirects: false))
        // RFC 4791 §5.3.1: 409 when the collection above it does not exist (or cannot hold one).
        if reply.status == 409 {
            throw .refusedURL(url: url.text, reason: "the server cannot make a calendar here (HTTP 409): the folder above it does not exist or is not yours; check the URL (on Radicale: https://HOST/USER/NAME/, USER being the name you sign in with)")
        }
        guard (200..<300).contains(reply.status) else { throw HTTPTransport.failure(reply) }
    }

    // MARK: Helpers

    static let xml = [("Content-Type", "application/xml; charset=utf-8")]

    private static func outcome(_ reply: HTTPReply) throws(DAVError) -> WriteOutcome {
        switch reply.status {
        case 200..<300: .done(etag: reply.headers.first(name: "ETag"))
        case 412: .preconditionFailed
        case 423: .locked
        case 404, 410: .missing
        default: throw HTTPTransport.failure(reply)
        }
    }

    private static func parse(_ reply: HTTPReply) throws(DAVError) -> Multistatus {
        do {
            return try Multistatus.parse(reply.body)
        } catch {
            throw .badAnswer(url: reply.url.text, reason: error.reason)
        }
    }

    /// The percent-decoded path an href names, resolved against `url`; nil
    /// when it points at another server.
    package static func path(_ href: String, in url: SubscriptionURL) -> String? {
        guard let base = URL(string: url.text), let resolved = URL(string: href, relativeTo: base)?.absoluteURL,
              resolved.host?.lowercased() == base.host?.lowercased(), resolved.port == base.port else { return nil }
        let p = resolved.path
        let trailing = href.hasSuffix("/") && !p.hasSuffix("/")
        return trailing ? p + "/" : p
    }

    /// `path` percent-encoded for a request line or an href.
    static func encoded(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~/")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    /// The address of the member at `path` on `url`'s server.
    func member(_ url: SubscriptionURL, _ path: String) throws(DAVError) -> SubscriptionURL {
        guard var parts = URLComponents(string: url.text) else { throw .refusedURL(url: url.text, reason: "not a URL plan can read") }
        parts.percentEncodedPath = Self.encoded(path)
        parts.query = nil
        guard let text = parts.string else { throw .refusedURL(url: url.text, reason: "not a URL plan can read") }
        return try SubscriptionURL(text, insecure: true)
    }
}

extension String {
    /// Nil for an empty string.
    var nonEmpty: String? { isEmpty ? nil : self }
}
