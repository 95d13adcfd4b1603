/// Why a calendar on a server could not be read: the one error type of
/// PlanDAV. Every message names the URL as the store keeps it (never with
/// credentials) and fits on one line.
package enum DAVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The URL is not one plan fetches (not http(s)/webcal, no host, credentials in it, plain http to another host).
    case refusedURL(url: String, reason: String)
    /// The server could not be reached, or did not answer in time: a cached copy may stand in.
    case unreachable(url: String, reason: String)
    /// A secure connection could not be set up: the certificate is not
    /// trusted or not for the host, or the TLS handshake failed. Out of
    /// reach as far as planning goes (a stored copy may stand in).
    case tls(url: String, reason: String)
    /// The server answered 5xx: down for now, as an unreachable one is.
    case serverError(url: String, status: Int)
    /// 401 or 403: the credentials were refused (or none were given).
    case credentialsRefused(url: String, status: Int, sentCredentials: Bool)
    /// Another status the request cannot go on from (404, 410, an unexpected 3xx…).
    case status(url: String, status: Int)
    /// More than ``Fetcher/maxRedirects`` redirects, or one back to a URL already visited.
    case redirects(url: String, reason: String)
    /// The body is larger than the cap.
    case tooLarge(url: String, limit: Int)
    /// The password command failed (never with its output).
    case passwordCommand(host: String, reason: String)
    /// A WebDAV answer plan cannot read (not XML, not a multistatus, past a bound).
    case badAnswer(url: String, reason: String)

    /// Whether the server is down or out of reach (a stored copy may be used
    /// instead), rather than answering something plan cannot use.
    package var isOffline: Bool {
        switch self {
        case .unreachable, .tls, .serverError: true
        default: false
        }
    }

    /// The URL itself is one plan does not ask (not a server's answer).
    package var isRefusedURL: Bool {
        if case .refusedURL = self { true } else { false }
    }

    /// The URL the error is about.
    package var url: String {
        switch self {
        case .refusedURL(let u, _), .unreachable(let u, _), .tls(let u, _), .serverError(let u, _), .credentialsRefused(let u, _, _),
             .status(let u, _), .redirects(let u, _), .tooLarge(let u, _), .badAnswer(let u, _): u
        case .passwordCommand(let h, _): h
        }
    }

    /// Why, without the URL.
    package var reason: String {
        switch self {
        case .refusedURL(_, let r): r
        case .unreachable(_, let r): "the server cannot be reached: \(r)"
        case .tls(_, let r): r
        case .serverError(_, let s): "the server answered HTTP \(s) (a server error)"
        case .credentialsRefused(_, let s, let sent):
            sent ? "the server refused the credentials for it (HTTP \(s)); check ~/.netrc ($NETRC), PLAN_CALDAV_USER/PLAN_CALDAV_PASSWORD or the password command (--password-command)"
                : "the server asks for credentials (HTTP \(s)) and none were found: put them in ~/.netrc ($NETRC) or PLAN_CALDAV_USER/PLAN_CALDAV_PASSWORD, or give --password-command CMD --user NAME"
        case .status(_, let s): s == 404 || s == 410 ? "no calendar at this address (HTTP \(s))" : "the server answered HTTP \(s)"
        case .redirects(_, let r): r
        case .tooLarge(_, let limit): "the calendar is larger than \(limit / 1_000_000) MB"
        case .passwordCommand(_, let r): r
        case .badAnswer(_, let r): "the server's answer cannot be read: \(r)"
        }
    }

    package var description: String { "\(url): \(reason)" }
}
