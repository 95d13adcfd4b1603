import Foundation

/// What a server said last about a calendar's content: the validators a
/// conditional GET sends back (RFC 9110 §13.1).
package struct Validators: Hashable, Sendable {
    package var etag: String?
    package var lastModified: String?

    package init(etag: String?, lastModified: String?) {
        self.etag = etag
        self.lastModified = lastModified
    }
}

/// What one conditional GET found.
package enum FetchOutcome: Sendable, Equatable {
    /// 304: the copy sent with ``Validators`` is current.
    case notModified
    /// 200: the whole body and its validators.
    case fetched(bytes: [UInt8], validators: Validators)
}

/// Fetches published calendars over HTTP: the only code of plan that talks
/// to a server.
///
/// A GET with `If-None-Match`/`If-Modified-Since` when a copy is held;
/// redirects followed by hand (at most ``maxRedirects``, a loop is an
/// error, never from https down to plain http elsewhere); the body capped at
/// ``maxBytes``; at most 10 s to connect and ``RequestTimeout`` (30 s unless the user
/// says) for the whole exchange. Basic
/// credentials (``Credentials/lookup(host:primary:environment:commands:)``) go only
/// over https or to this machine, and never appear in what it returns or throws.
package struct Fetcher: Sendable {
    package static let maxRedirects = 5
    package static let maxBytes = 50_000_000

    /// Where credentials are looked up (`PLAN_CALDAV_*`, `NETRC`, `HOME`).
    package var environment: [String: String]
    /// Whether plain http to another host is allowed (`--insecure`).
    package var insecure: Bool
    /// The password commands set for hosts (lower-case host → command).
    package var passwordCommands: [String: PasswordCommand]

    package init(environment: [String: String], insecure: Bool = false, passwordCommands: [String: PasswordCommand] = [:]) {
        self.environment = environment
        self.insecure = insecure
        self.passwordCommands = passwordCommands
    }

    /// GETs `url`, conditionally when `validators` are given.
    package func fetch(_ url: SubscriptionURL, validators: Validators?) throws(DAVError) -> FetchOutcome {
        let transport = HTTPTransport(environment: environment, insecure: insecure, passwordCommands: passwordCommands)
        var headers = [("Accept", "text/calendar, */*;q=0.1")]
        if let etag = validators?.etag { headers.append(("If-None-Match", etag)) }
        if let modified = validators?.lastModified { headers.append(("If-Modified-Since", modified)) }
        let reply = try transport.send(HTTPExchange(method: .GET, url: url, headers: headers))
        switch reply.status {
        case 200, 203:
            return .fetched(bytes: reply.body, validators: Validators(etag: reply.headers.first(name: "ETag"),
                                                                     lastModified: reply.headers.first(name: "Last-Modified")))
        case 304 where validators != nil:
            return .notModified
        default:
            throw HTTPTransport.failure(reply)
        }
    }
}
