import Foundation

/// What a server said last about a calendar's content: the validators a
/// conditional GET sends back (RFC 9110 §13.1).
public struct Validators: Hashable, Sendable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String?, lastModified: String?) {
        self.etag = etag
        self.lastModified = lastModified
    }
}

/// What one conditional GET found.
public enum FetchOutcome: Sendable, Equatable {
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
/// ``maxBytes``; 10 s to connect and 60 s for the whole exchange. Basic
/// credentials (``Credentials/lookup(host:primary:environment:commands:)``) go only
/// over https or to this machine, and never appear in what it returns or throws.
public struct Fetcher: Sendable {
    public static let maxRedirects = 5
    public static let maxBytes = 50_000_000
    public static let connectTimeout: Int64 = 10
    public static let wholeTimeout: Int64 = 60

    /// Where credentials are looked up (`PLAN_CALDAV_*`, `NETRC`, `HOME`).
    public var environment: [String: String]
    /// Whether plain http to another host is allowed (`--insecure`).
    public var insecure: Bool
    /// The password commands set for hosts (lower-case host → command).
    public var passwordCommands: [String: PasswordCommand]

    public init(environment: [String: String], insecure: Bool = false, passwordCommands: [String: PasswordCommand] = [:]) {
        self.environment = environment
        self.insecure = insecure
        self.passwordCommands = passwordCommands
    }

    /// GETs `url`, conditionally when `validators` are given.
    public func fetch(_ url: SubscriptionURL, validators: Validators?) throws(DAVError) -> FetchOutcome {
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
