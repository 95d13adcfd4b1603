import Foundation
import PlanCore
import PlanJSON
import PlanProtocol
import PlanService

/// What the server needs from its host (the `plan rpc` command, or a test).
package struct RPCEnvironment {
    /// `plan --version`.
    package var serverVersion: String
    /// The zone `events.expand` reads in when no `tz` is given (`$TZ`, else
    /// the system's, as `plan events`); the store-backed methods use the
    /// service's zone (``PlanService/zone()``).
    package var localZone: String
    /// The clock: `$PLAN_NOW` when set, else the system time.
    package var clock: () -> Instant
    /// Opens the store with `now` from the clock; called for each request
    /// that needs it, so the server starts even when the store cannot open.
    package var openService: () throws(RPCError) -> PlanService
    /// Writes one line to stderr (never stdout).
    package var log: (String) -> Void
    /// Log every request, not only failures.
    package var verbose: Bool

    package init(serverVersion: String, localZone: String, clock: @escaping () -> Instant,
                openService: @escaping () throws(RPCError) -> PlanService, log: @escaping (String) -> Void, verbose: Bool = false) {
        self.serverVersion = serverVersion
        self.localZone = localZone
        self.clock = clock
        self.openService = openService
        self.log = log
        self.verbose = verbose
    }
}

/// A JSON-RPC 2.0 server for plan (`Schemas/README.md`): it turns request
/// bytes into response text, and runs the read–answer loop over any byte
/// source. It never throws and never traps on input: every failure becomes
/// an error response and the next message is read.
///
/// Lifecycle (LSP style): `initialize` is optional; after `shutdown` every
/// request but `exit` is refused (-32600); the `exit` notification ends the
/// loop with status 0 after `shutdown` and 1 without; end of input ends it
/// with status 0.
package final class RPCServer {
    /// The protocol version `initialize` reports; the major part changes
    /// only with an incompatible change.
    package static let protocolVersion = "1.0"

    package let environment: RPCEnvironment
    /// The message size limit reported by `initialize`.
    package let maxMessageBytes: Int
    package internal(set) var shutdownRequested = false
    /// Set by the `exit` notification: the status to exit with.
    package private(set) var exitStatus: Int32?

    typealias Handler = @Sendable (RPCServer, Params) throws(RPCError) -> String

    /// The methods, in the order `initialize` lists them.
    static let methods: [(String, Handler)] = [
        ("initialize", { s, p throws(RPCError) in try s.initialize(p) }),
        ("shutdown", { s, p throws(RPCError) in try s.shutdown(p) }),
        ("calendar.add", { s, p throws(RPCError) in try s.calendarAdd(p) }),
        ("calendar.list", { s, p throws(RPCError) in try s.calendarList(p) }),
        ("calendar.remove", { s, p throws(RPCError) in try s.calendarRemove(p) }),
        ("calendar.target", { s, p throws(RPCError) in try s.calendarTarget(p) }),
        ("sync", { s, p throws(RPCError) in try s.sync(p) }),
        ("project.add", { s, p throws(RPCError) in try s.projectAdd(p) }),
        ("project.list", { s, p throws(RPCError) in try s.projectList(p) }),
        ("project.remove", { s, p throws(RPCError) in try s.projectRemove(p) }),
        ("task.add", { s, p throws(RPCError) in try s.taskAdd(p) }),
        ("task.update", { s, p throws(RPCError) in try s.taskUpdate(p) }),
        ("task.remove", { s, p throws(RPCError) in try s.taskRemove(p) }),
        ("task.done", { s, p throws(RPCError) in try s.taskDone(p) }),
        ("task.list", { s, p throws(RPCError) in try s.taskList(p) }),
        ("task.get", { s, p throws(RPCError) in try s.taskGet(p) }),
        ("series.add", { s, p throws(RPCError) in try s.seriesAdd(p) }),
        ("series.list", { s, p throws(RPCError) in try s.seriesList(p) }),
        ("series.get", { s, p throws(RPCError) in try s.seriesGet(p) }),
        ("series.update", { s, p throws(RPCError) in try s.seriesUpdate(p) }),
        ("series.skip", { s, p throws(RPCError) in try s.seriesSkip(p) }),
        ("series.remove", { s, p throws(RPCError) in try s.seriesRemove(p) }),
        ("plan.agenda", { s, p throws(RPCError) in try s.planAgenda(p) }),
        ("plan.review", { s, p throws(RPCError) in try s.planReview(p) }),
        ("plan.replan", { s, p throws(RPCError) in try s.planReplan(p) }),
        ("plan.export", { s, p throws(RPCError) in try s.planExport(p) }),
        ("plan.week", { s, p throws(RPCError) in try s.planWeek(p) }),
        ("plan.load", { s, p throws(RPCError) in try s.planLoad(p) }),
        ("policy.get", { s, p throws(RPCError) in try s.policyGet(p) }),
        ("policy.set", { s, p throws(RPCError) in try s.policySet(p) }),
        ("events.expand", { s, p throws(RPCError) in try s.eventsExpand(p) }),
        ("grades.get", { s, p throws(RPCError) in try s.gradesGet(p) }),
        ("grades.course.add", { s, p throws(RPCError) in try s.gradesCourseAdd(p) }),
        ("grades.course.remove", { s, p throws(RPCError) in try s.gradesCourseRemove(p) }),
        ("grades.add", { s, p throws(RPCError) in try s.gradesAdd(p) }),
        ("grades.set", { s, p throws(RPCError) in try s.gradesSet(p) }),
        ("grades.remove", { s, p throws(RPCError) in try s.gradesRemove(p) }),
        ("grades.unit.add", { s, p throws(RPCError) in try s.gradesUnitAdd(p) }),
        ("grades.unit.remove", { s, p throws(RPCError) in try s.gradesUnitRemove(p) }),
        ("grades.subject.add", { s, p throws(RPCError) in try s.gradesSubjectAdd(p) }),
        ("grades.subject.remove", { s, p throws(RPCError) in try s.gradesSubjectRemove(p) }),
        ("grades.subject.set", { s, p throws(RPCError) in try s.gradesSubjectSet(p) }),
        ("grades.prior", { s, p throws(RPCError) in try s.gradesPrior(p) }),
        ("grades.whatIf", { s, p throws(RPCError) in try s.gradesWhatIf(p) }),
        ("grades.need", { s, p throws(RPCError) in try s.gradesNeed(p) }),
        ("grades.check", { s, p throws(RPCError) in try s.gradesCheck(p) }),
        ("courses.import", { s, p throws(RPCError) in try s.coursesImport(p) }),
        ("courses.ratings.import", { s, p throws(RPCError) in try s.coursesRatingsImport(p) }),
        ("courses.search", { s, p throws(RPCError) in try s.coursesSearch(p) }),
        ("courses.build", { s, p throws(RPCError) in try s.coursesBuild(p) }),
        ("courses.save", { s, p throws(RPCError) in try s.coursesSave(p) }),
        ("courses.saved", { s, p throws(RPCError) in try s.coursesSaved(p) }),
        ("courses.use", { s, p throws(RPCError) in try s.coursesUse(p) }),
        ("me", { s, p throws(RPCError) in try s.me(p) }),
        ("group.find", { s, p throws(RPCError) in try s.groupFind(p) }),
        ("group.create", { s, p throws(RPCError) in try s.groupCreate(p) }),
        ("group.list", { s, p throws(RPCError) in try s.groupList(p) }),
        ("group.join", { s, p throws(RPCError) in try s.groupAnswer(p, .accepted) }),
        ("group.leave", { s, p throws(RPCError) in try s.groupAnswer(p, .declined) }),
        ("group.cancel", { s, p throws(RPCError) in try s.groupCancel(p) }),
        ("group.reply", { s, p throws(RPCError) in try s.groupReply(p) }),
        ("group.answer", { s, p throws(RPCError) in try s.groupAnswerInvitation(p) }),
        ("schedule", { s, p throws(RPCError) in try s.schedule(p) }),
    ]

    /// Every method name, in the order `initialize` lists them; `exit` is a
    /// notification and is not listed.
    package static var methodNames: [String] { methods.map(\.0) }

    package init(environment: RPCEnvironment, maxMessageBytes: Int = 16 * 1024 * 1024) {
        self.environment = environment
        self.maxMessageBytes = maxMessageBytes
    }

    // MARK: The loop

    /// Reads and answers messages until end of input or `exit` (or after one
    /// message when `once`). `write` gets each framed response and returns
    /// false when the reader has gone away, which also ends the loop.
    /// Returns the exit status.
    package func serve<S: ByteSource>(_ reader: inout FrameReader<S>, once: Bool = false, write: ([UInt8]) -> Bool) -> Int32 {
        while let frame = reader.next() {
            var framing = Framing.line
            let answer: String?
            switch frame {
            case .message(let body, let f):
                framing = f
                answer = handle(body)
            case .tooLarge(let f, let size):
                framing = f
                let what = size.map { "a message of \($0) bytes" } ?? "a line"
                let e = RPCError(.invalidRequest, reason: "\(what) longer than the limit of \(reader.limit) bytes was skipped unread")
                environment.log("plan rpc: \(e)")
                answer = Self.response(id: .null, error: e)
            case .badHeader(let why):
                framing = .contentLength
                let e = RPCError(.parseError, reason: why)
                environment.log("plan rpc: \(e)")
                answer = Self.response(id: .null, error: e)
            }
            if let answer, !write(framing.frame(answer)) {
                environment.log("plan rpc: the client closed its end; stopping")
                return exitStatus ?? 0
            }
            if let exitStatus { return exitStatus }
            if once { return 0 }
        }
        return exitStatus ?? 0
    }

    // MARK: One message

    /// The response text for one message body (a request, a notification or
    /// a batch); nil when nothing is to be sent back.
    package func handle(_ body: [UInt8]) -> String? {
        let value: JSONValue
        do {
            value = try JSONValue.parse(body)
        } catch {
            let e = RPCError(.parseError, reason: "not valid JSON: \(error.description)")
            environment.log("plan rpc: \(e)")
            return Self.response(id: .null, error: e)
        }
        guard case .array(let items) = value else { return handleOne(value) }
        guard !items.isEmpty else {
            return refuse(id: .null, RPCError(.invalidRequest, reason: "an empty batch: a batch needs at least one request"))
        }
        guard items.count <= RPCLimits.maxBatch else {
            return refuse(id: .null, RPCError(.invalidRequest, reason: "a batch of \(items.count) requests; at most \(RPCLimits.maxBatch) are answered in one batch: send it in parts"))
        }
        let answers = items.compactMap { handleOne($0) }
        return answers.isEmpty ? nil : "[" + answers.joined(separator: ",") + "]"
    }

    package func handle(_ text: String) -> String? { handle(Array(text.utf8)) }

    /// One request or notification.
    func handleOne(_ value: JSONValue) -> String? {
        guard case .object = value else {
            return refuse(id: .null, RPCError(.invalidRequest, reason: "a request must be an object, not \(value.typeName)"))
        }
        // The id, when it is one (string, number or null); otherwise null.
        var id = JSONValue.null
        let isNotification = value["id"] == nil
        if let v = value["id"] {
            switch v {
            case .string, .number, .null: id = v
            default:
                return refuse(id: .null, RPCError(.invalidRequest, pointer: "/id",
                                                  reason: "\"id\" must be a string, a number or null, not \(v.typeName)"))
            }
        }
        guard value["jsonrpc"] == .string("2.0") else {
            return refuse(id: id, RPCError(.invalidRequest, pointer: "/jsonrpc", reason: "\"jsonrpc\" must be \"2.0\""))
        }
        guard case .string(let method)? = value["method"] else {
            let got = value["method"].map { "not \($0.typeName)" } ?? "it is missing"
            return refuse(id: id, RPCError(.invalidRequest, pointer: "/method", reason: "\"method\" must be a string; \(got)"))
        }
        if let p = value["params"] {
            switch p {
            case .object, .array: break
            default:
                return refuse(id: id, RPCError(.invalidRequest, pointer: "/params",
                                               reason: "\"params\" must be an object or an array, not \(p.typeName)"))
            }
        }
        let started = DispatchTime.now()
        let outcome = call(method, params: value["params"], isNotification: isNotification)
        let ms = (DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000
        let idText = isNotification ? "notification" : "id \(id.text)"
        switch outcome {
        case .success(let result):
            if environment.verbose { environment.log("plan rpc: \(method) (\(idText)): ok in \(ms) ms") }
            return isNotification ? nil : Self.response(id: id, result: result)
        case .failure(let e):
            environment.log("plan rpc: \(method) (\(idText)): \(e)")
            return isNotification ? nil : Self.response(id: id, error: e)
        }
    }

    /// Logs a message that is not a request and answers it.
    func refuse(id: JSONValue, _ e: RPCError) -> String {
        environment.log("plan rpc: \(e)")
        return Self.response(id: id, error: e)
    }

    func call(_ method: String, params: JSONValue?, isNotification: Bool) -> Result<String, RPCError> {
        if method == "exit" {
            exitStatus = shutdownRequested ? 0 : 1
            return .success("null")
        }
        if shutdownRequested {
            return .failure(RPCError(.invalidRequest, reason: "the server is shutting down: only the \"exit\" notification is accepted"))
        }
        guard let handler = Self.methods.first(where: { $0.0 == method })?.1 else {
            return .failure(RPCError(.methodNotFound, reason: "no method \"\(method)\"; see the capabilities of \"initialize\" or Schemas/README.md"))
        }
        do {
            let p = try Params(params)
            return .success(try handler(self, p))
        } catch {
            return .failure(error)
        }
    }

    // MARK: Response text

    /// `{"jsonrpc":"2.0","id":…,"result":…}` with `result` already JSON.
    package static func response(id: JSONValue, result: String) -> String {
        "{\"jsonrpc\":\"2.0\",\"id\":\(id.text),\"result\":\(result)}"
    }

    package static func response(id: JSONValue, error: RPCError) -> String {
        "{\"jsonrpc\":\"2.0\",\"id\":\(id.text),\"error\":\(error.json.text)}"
    }
}
