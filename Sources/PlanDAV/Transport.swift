import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import Synchronization

/// One HTTP exchange as plan sends it: the method, the address, the headers
/// beyond those the transport adds, and the body.
struct HTTPExchange: Sendable {
    var method: HTTPMethod
    var url: SubscriptionURL
    var headers: [(String, String)] = []
    var body: [UInt8]? = nil
    /// Whether a 3xx is followed (GET, PROPFIND, REPORT); PUT, DELETE and
    /// MKCALENDAR are never re-sent elsewhere.
    var followsRedirects = true
}

/// What a server answered to one ``HTTPExchange``.
struct HTTPReply: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    /// Where the answer came from (after redirects).
    var url: SubscriptionURL
    var sentCredentials: Bool
}

/// The one way PlanDAV talks HTTP (AsyncHTTPClient): redirects followed by
/// hand (at most ``Fetcher/maxRedirects``, a loop is an error, never from
/// https down to plain http elsewhere), bodies capped at
/// ``Fetcher/maxBytes``, at most 10 s to connect and ``RequestTimeout`` (30 s unless the
/// user says) for each exchange with its redirects, Basic
/// credentials (``Credentials/lookup(host:primary:environment:commands:)``) only over
/// https or to this machine and never in what it returns or throws.
///
/// One transport keeps its connections open across exchanges (a sync of
/// hundreds of resources reuses them) and counts the requests it sent, by method.
final class HTTPTransport: Sendable {
    let environment: [String: String]
    let insecure: Bool
    /// The password commands set for hosts (lower-case host → command).
    let passwordCommands: [String: PasswordCommand]
    private let client: HTTPClient
    private let counts = Mutex<[String: Int]>([:])
    /// Why the certificate authorities the user named cannot be used (every https request is refused with it).
    private let caProblem: String?
    /// The time limit of one exchange (with its redirects), in seconds, and why the one set cannot be used when it cannot.
    private let timeout: (seconds: Int64, problem: String?)

    init(environment: [String: String], insecure: Bool, passwordCommands: [String: PasswordCommand] = [:]) {
        self.environment = environment
        self.insecure = insecure
        self.passwordCommands = passwordCommands
        timeout = RequestTimeout.from(environment)
        let seconds = timeout.seconds
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(min(RequestTimeout.connectSeconds, seconds)), read: .seconds(seconds)))
        // A refused connection is an answer (the server is down): no retries until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        // A certificate authority of the user's own (a university's, a home server's), trusted besides the system's.
        var problem: String?
        if let file = CertificateAuthorities.file(environment) {
            // Read once: the certificates checked here are the ones trusted.
            let loaded = CertificateAuthorities.load(file)
            problem = loaded.problem
            if problem == nil {
                var tls = TLSConfiguration.makeClientConfiguration()
                tls.additionalTrustRoots = [.certificates(loaded.certificates)]
                configuration.tlsConfiguration = tls
            }
        }
        caProblem = problem.map { p in
            let name = CertificateAuthorities.variables.first { environment[$0]?.isEmpty == false } ?? "PLAN_CA_FILE"
            return "the certificate authorities named by \(name) (\(CertificateAuthorities.file(environment) ?? "")) \(p): "
                + "give a PEM file of the authority's certificate, or unset \(name)"
        }
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    deinit { try? client.syncShutdown() }

    /// The requests sent so far, by method.
    var requestCounts: [String: Int] { counts.withLock { $0 } }

    /// Sends `exchange`, following redirects when it may; any status comes back as a reply.
    func send(_ exchange: HTTPExchange) throws(DAVError) -> HTTPReply {
        if let caProblem, exchange.url.scheme == "https" { throw .tls(url: exchange.url.text, reason: caProblem) }
        if let why = timeout.problem { throw .refusedURL(url: exchange.url.text, reason: why) }
        let seconds = timeout.seconds
        let deadline = NIODeadline.now() + .seconds(seconds)
        let origin = exchange.url
        var current = exchange
        var visited: Set<String> = [origin.text]
        for _ in 0...Fetcher.maxRedirects {
            let reply = try once(current, primary: current.url.host == origin.host, deadline: deadline, seconds: seconds)
            guard current.followsRedirects, [301, 302, 303, 307, 308].contains(reply.status) else { return reply }
            guard let location = reply.headers.first(name: "Location"),
                  let target = URL(string: location, relativeTo: URL(string: current.url.text))?.absoluteString else {
                throw .status(url: current.url.text, status: reply.status)
            }
            let next: SubscriptionURL
            do {
                next = try SubscriptionURL(target, insecure: insecure || (current.url.scheme == "http" && origin.scheme == "http"))
            } catch {
                throw .redirects(url: origin.text, reason: "redirected to an address plan does not follow (\(error.reason))")
            }
            guard visited.insert(next.text).inserted else {
                throw .redirects(url: origin.text, reason: "the redirects go round in a loop (back to \(next.text))")
            }
            current.url = next
            if reply.status == 303 {
                current.method = .GET
                current.body = nil
            }
        }
        throw .redirects(url: origin.text, reason: "more than \(Fetcher.maxRedirects) redirects")
    }

    /// One request, its body accumulated up to the cap.
    private func once(_ exchange: HTTPExchange, primary: Bool, deadline: NIODeadline, seconds: Int64) throws(DAVError) -> HTTPReply {
        let url = exchange.url
        var headers = HTTPHeaders()
        headers.add(name: "User-Agent", value: "plan")
        for (name, value) in exchange.headers { headers.add(name: name, value: value) }
        var sent = false
        if url.mayCarryCredentials,
           let c = try Credentials.lookup(host: url.host, primary: primary, environment: environment, commands: passwordCommands,
                                          origin: url.origin) {
            headers.add(name: "Authorization", value: c.basicAuthorization)
            sent = true
        }
        counts.withLock { $0[exchange.method.rawValue, default: 0] += 1 }
        do {
            let request = try HTTPClient.Request(url: url.text, method: exchange.method, headers: headers,
                                                 body: exchange.body.map { .bytes($0) })
            let accumulator = ResponseAccumulator(request: request, maxBodySize: Fetcher.maxBytes)
            let response = try client.execute(request: request, delegate: accumulator, deadline: deadline).wait()
            return HTTPReply(status: Int(response.status.code), headers: response.headers,
                             body: response.body.map { Array($0.readableBytesView) } ?? [], url: url, sentCredentials: sent)
        } catch is ResponseAccumulator.ResponseTooBigError {
            throw .tooLarge(url: url.text, limit: Fetcher.maxBytes)
        } catch let e as HTTPClientError {
            switch e {
            case .connectTimeout:
                throw .unreachable(url: url.text, reason: "no connection within \(min(RequestTimeout.connectSeconds, seconds)) s")
            case .readTimeout, .deadlineExceeded:
                throw .unreachable(url: url.text, reason: "no whole answer within \(seconds) s (the time limit: --timeout or PLAN_TIMEOUT)")
            default: throw Self.connectionFailure(e, url: url)
            }
        } catch {
            throw Self.connectionFailure(error, url: url)
        }
    }

    /// The error a status plan cannot go on from stands for (401/403, 5xx, the rest).
    static func failure(_ reply: HTTPReply) -> DAVError {
        switch reply.status {
        case 401, 403: .credentialsRefused(url: reply.url.text, status: reply.status, sentCredentials: reply.sentCredentials)
        case 500..<600: .serverError(url: reply.url.text, status: reply.status)
        default: .status(url: reply.url.text, status: reply.status)
        }
    }

    /// What a connection that failed with `error` stands for: a TLS failure
    /// (the certificate, the handshake), else the server out of reach.
    static func connectionFailure(_ error: any Error, url: SubscriptionURL) -> DAVError {
        if let reason = TLSFailure.reason(String(describing: error), host: url.host) { return .tls(url: url.text, reason: reason) }
        return .unreachable(url: url.text, reason: words(error))
    }

    /// A transport error in a few words (NIO's descriptions name the address, never a header).
    static func words(_ error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        if text.contains("remoteConnectionClosed") || text.contains("connection reset") { return "the server closed the connection" }
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}
