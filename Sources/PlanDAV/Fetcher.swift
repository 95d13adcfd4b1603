import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

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
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(Self.connectTimeout), read: .seconds(Self.wholeTimeout)))
        // A refused connection is an answer (the server is down): no retries until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        defer { try? client.syncShutdown() }
        let deadline = NIODeadline.now() + .seconds(Self.wholeTimeout)
        var current = url
        var visited: Set<String> = [url.text]
        for _ in 0...Self.maxRedirects {
            let response = try get(current, primary: current.host == url.host, validators: validators, client: client, deadline: deadline)
            let status = Int(response.status.code)
            switch status {
            case 200, 203:
                let body = response.body.map { Array($0.readableBytesView) } ?? []
                return .fetched(bytes: body, validators: Validators(etag: response.headers.first(name: "ETag"),
                                                                    lastModified: response.headers.first(name: "Last-Modified")))
            case 304 where validators != nil:
                return .notModified
            case 301, 302, 303, 307, 308:
                guard let location = response.headers.first(name: "Location"),
                      let target = URL(string: location, relativeTo: URL(string: current.text))?.absoluteString else {
                    throw .status(url: current.text, status: status)
                }
                let next: SubscriptionURL
                do {
                    next = try SubscriptionURL(target, insecure: insecure || (current.scheme == "http" && url.scheme == "http"))
                } catch {
                    throw .redirects(url: url.text, reason: "redirected to an address plan does not follow (\(error.reason))")
                }
                guard visited.insert(next.text).inserted else {
                    throw .redirects(url: url.text, reason: "the redirects go round in a loop (back to \(next.text))")
                }
                current = next
            case 401, 403:
                throw .credentialsRefused(url: current.text, status: status, sentCredentials: response.sentCredentials)
            case 500..<600:
                throw .serverError(url: current.text, status: status)
            default:
                throw .status(url: current.text, status: status)
            }
        }
        throw .redirects(url: url.text, reason: "more than \(Self.maxRedirects) redirects")
    }

    /// One GET, its body accumulated up to the cap.
    private func get(_ url: SubscriptionURL, primary: Bool, validators: Validators?, client: HTTPClient,
                     deadline: NIODeadline) throws(DAVError) -> Answer {
        var headers = HTTPHeaders()
        headers.add(name: "User-Agent", value: "plan")
        headers.add(name: "Accept", value: "text/calendar, */*;q=0.1")
        if let etag = validators?.etag { headers.add(name: "If-None-Match", value: etag) }
        if let modified = validators?.lastModified { headers.add(name: "If-Modified-Since", value: modified) }
        var sent = false
        if url.mayCarryCredentials,
           let c = try Credentials.lookup(host: url.host, primary: primary, environment: environment, commands: passwordCommands) {
            headers.add(name: "Authorization", value: c.basicAuthorization)
            sent = true
        }
        do {
            let request = try HTTPClient.Request(url: url.text, method: .GET, headers: headers)
            let accumulator = ResponseAccumulator(request: request, maxBodySize: Self.maxBytes)
            let response = try client.execute(request: request, delegate: accumulator, deadline: deadline).wait()
            return Answer(status: response.status, headers: response.headers, body: response.body, sentCredentials: sent)
        } catch is ResponseAccumulator.ResponseTooBigError {
            throw .tooLarge(url: url.text, limit: Self.maxBytes)
        } catch let e as HTTPClientError {
            switch e {
            case .connectTimeout: throw .unreachable(url: url.text, reason: "no connection within \(Self.connectTimeout) s")
            case .readTimeout, .deadlineExceeded: throw .unreachable(url: url.text, reason: "no whole answer within \(Self.wholeTimeout) s")
            default: throw .unreachable(url: url.text, reason: Self.words(e))
            }
        } catch {
            throw .unreachable(url: url.text, reason: Self.words(error))
        }
    }

    /// A transport error in a few words (NIO's descriptions name the address, never a header).
    static func words(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }

    struct Answer {
        var status: HTTPResponseStatus
        var headers: HTTPHeaders
        var body: ByteBuffer?
        var sentCredentials: Bool
    }
}

extension Fetcher.Answer: Sendable {}
