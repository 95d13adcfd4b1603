import Foundation
import PlanCore
import PlanICal
import PlanJSON
@testable import PlanRPC
import Testing
@testable import PlanProtocol
@testable import PlanService
@testable import PlanStore

/// The one table from a service failure to the CLI's exit status and the
/// RPC's error code, against what the README and `Schemas/README.md` document.
@Suite struct ErrorCodesTests {
    /// A failure none of plan's layers describes: what a bug looks like.
    struct Unforeseen: Error, CustomStringConvertible {
        var description: String { "the disk sang a song" }
    }

    static let contract = ScheduleRequestError(.cycle, taskId: "a", field: "/tasks/0/after", message: "a comes after itself")

    /// One failure of each kind, with the exit status and code the docs give it.
    static let table: [(ServiceError, exit: Int32, rpc: Int)] = [
        (.store(.busy(path: "s")), 75, -32005),
        (.store(.cannotOpen(path: "s", reason: "r")), 73, -32006),
        (.store(.incompatible(path: "s", reason: "r")), 65, -32006),
        (.store(.damaged(path: "s", reason: "r")), 65, -32006),
        (.store(.notAFile(path: "s", what: "a folder")), 66, -32006),
        (.store(.readOnly(path: "s", reason: "r")), 73, -32006),
        (.store(.diskFull(path: "s")), 74, -32006),
        (.store(.ioError(path: "s", reason: "r")), 74, -32006),
        (.store(.sqlite(SQLiteError(code: 1, message: "m"))), 70, -32603),
        (.store(.unexpected(path: "p", detail: "d")), 70, -32603),
        (.store(.notFound(kind: "project", name: "p")), 65, -32003),
        (.store(.duplicate(kind: "project", name: "p")), 65, -32004),
        (.store(.refused("no")), 65, -32004),
        (.calendar(.unreadable(file: "f", reason: "r")), 66, -32001),
        (.calendar(.invalid(file: "f", reason: "r")), 65, -32002),
        (.invalid(contract), 65, -32004),
        (.notFound(kind: "task", name: "t"), 65, -32003),
        (.refused("no"), 65, -32004),
        (.sameTitle(SameTitle(title: "Essay", id: "essay", due: "Fri 2026-11-06", freeId: "essay-2")), 65, -32004),
        (.nearProject(typed: "Physcs", stored: "Physics"), 65, -32003),
        (.cannotWrite(path: "out.ics", reason: "r"), 73, -32007),
        (.unexpected(detail: "d"), 70, -32603),
    ]

    @Test(arguments: table)
    func eachFailureHasItsDocumentedCodes(_ error: ServiceError, exit: Int32, rpc: Int) {
        #expect(error.codes.exit.rawValue == exit, "\(error)")
        #expect(error.codes.rpc.rawValue == rpc, "\(error)")
        #expect(RPCError(error, relocate: { _ in nil }).code.rawValue == rpc, "\(error)")
    }

    /// A store that fails to open for an unforeseen reason (a bug in an
    /// upgrade, say) is an internal error, not "cannot open": 70 / -32603,
    /// and the detail stays out of the response.
    @Test func unexpectedStoreFailureIsInternal() {
        let e = ServiceError.store(.unexpected(path: "plan.sqlite", detail: "index out of range in the upgrade"))
        let rpc = RPCError(e)
        #expect(rpc.reason == RPCError.internalReason)
        #expect(rpc.detail == "index out of range in the upgrade")
        #expect(e.codes.exit == .software)
        #expect(e.description.contains("a bug: please report it"))
    }

    /// The exit statuses are exactly the rows of the README's table.
    @Test func exitStatusesAreTheReadmeTable() throws {
        let readme = try String(contentsOf: SchemaCheck.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Exit codes").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        let rows = section.split(separator: "\n").compactMap { line -> Int32? in
            guard line.hasPrefix("| ") else { return nil }
            return Int32(line.dropFirst(2).prefix { $0.isNumber })
        }
        #expect(rows == ExitStatus.allCases.map(\.rawValue))
    }

    /// Where `Schemas/README.md` names the CLI exit of an RPC code, the
    /// table gives that code that exit and no other.
    @Test func rpcCodesNameTheirCLIExits() throws {
        let readme = try String(contentsOf: SchemaCheck.root.appendingPathComponent("Schemas/README.md"), encoding: .utf8)
        var checked = 0
        for code in RPCErrorCode.allCases {
            guard let row = readme.split(separator: "\n").first(where: { $0.hasPrefix("| `\(code.rawValue)`") }),
                  let open = row.range(of: "(CLI exit ") else { continue }
            let documented = Set(row[open.upperBound...].prefix { $0 != ")" }.split(separator: "/").compactMap { Int32($0) })
            let mapped = Set(Self.table.map(\.0).filter { $0.codes.rpc == code }.map(\.codes.exit.rawValue))
            #expect(mapped == documented, "\(code.rawValue): the README says exit \(documented.sorted()), the table gives \(mapped.sorted())")
            checked += 1
        }
        // Every code a service failure can have is documented with its exit.
        #expect(checked == Set(Self.table.map(\.0.codes.rpc)).count)
    }

    /// A contract error whose field is in the params is -32602 with its pointer.
    @Test func aContractErrorInTheParamsIsInvalidParams() {
        let e = RPCError(.invalid(Self.contract), relocate: { _ in "/after" })
        #expect(e.code == .invalidParams && e.pointer == "/after" && e.kind == "cycle" && e.reason == "a comes after itself")
    }

    @Test func anUnknownErrorIsABugNotTheUsersData() throws {
        let e = ServiceError(Unforeseen())
        guard case .unexpected(let detail) = e else {
            Issue.record("\(e) is not unexpected")
            return
        }
        #expect(detail.contains("the disk sang a song"))
        #expect(e.codes.exit == .software && e.codes.rpc == .internalError)
        #expect(e.description == "internal error (a bug: please report it): \(detail)")
    }

    @Test func theLowerLayersErrorsStayTyped() {
        let sqlite = SQLiteError(code: 11, message: "malformed")
        guard case .store(.sqlite(let s)) = ServiceError(sqlite) else { Issue.record("SQLiteError"); return }
        #expect(s.code == 11)
        guard case .calendar(.unreadable) = ServiceError(ImportError.unreadable(file: "f", reason: "r")) else { Issue.record("ImportError"); return }
        guard case .invalid(let r) = ServiceError(Self.contract) else { Issue.record("ScheduleRequestError"); return }
        #expect(r == Self.contract)
        guard case .refused("kept") = ServiceError(ServiceError.refused("kept")) else { Issue.record("ServiceError"); return }
    }

    /// The service's guarded path turns an unknown error into `unexpected`.
    @Test func theGuardedPathCallsAnUnknownErrorUnexpected() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-errors-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let service = PlanService(store: try PlanStore(path: dir.appendingPathComponent("plan.sqlite").path), now: Instant(seconds: 0))
        #expect {
            try service.guarded { throw Unforeseen() }
        } throws: { error in
            guard case .unexpected(let detail)? = error as? ServiceError else { return false }
            return detail.contains("the disk sang a song")
        }
    }

    /// Through the server: -32603 with a generic reason; the detail is in the
    /// log (the server's stderr) and nowhere in the response.
    @Test func anUnknownErrorReachesTheClientAsInternalErrorWithItsDetailLogged() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-errors-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let service = PlanService(store: try PlanStore(path: dir.appendingPathComponent("plan.sqlite").path), now: Instant(seconds: 0))
        let logs = LogLines()
        let env = RPCEnvironment(
            serverVersion: "test", localZone: "UTC", clock: { Instant(seconds: 0) },
            openService: { () throws(RPCError) -> PlanService in
                do {
                    return try service.guarded { throw Unforeseen() }
                } catch {
                    throw RPCError(ServiceError(error))
                }
            },
            log: { logs.append($0) })
        let out = try #require(RPCServer(environment: env).handle(#"{"jsonrpc":"2.0","id":7,"method":"task.list"}"#))
        let response = try JSONValue.parse(out)
        #expect(response["error"]?["code"] == .number("-32603"))
        #expect(response["error"]?["message"] == .string("Internal error"))
        #expect(response["error"]?["data"] == .object([("reason", .string(RPCError.internalReason))]))
        #expect(!out.contains("disk sang"))
        #expect(logs.lines.count == 1)
        #expect(logs.lines.first?.contains("the disk sang a song") == true, "\(logs.lines)")
    }

    /// The export's file, written by the CLI and the RPC alike: a path that
    /// cannot be written is `cannotWrite` naming it, and leaves nothing behind.
    @Test func anUnwritablePathIsCannotWrite() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("missing/out.ics").path
        #expect {
            try FileOutput.write("x", to: path)
        } throws: { error in
            guard case .cannotWrite(path, _)? = error as? ServiceError else { return false }
            return true
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        let ok = dir.appendingPathComponent("out.ics").path
        try FileOutput.write("BEGIN:VCALENDAR\r\n", to: ok)
        try FileOutput.write("again\r\n", to: ok)
        #expect(try String(contentsOfFile: ok, encoding: .utf8) == "again\r\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.ics"])
    }
}

/// Log lines collected from the server's `log` closure.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}
