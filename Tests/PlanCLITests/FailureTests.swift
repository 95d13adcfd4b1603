import ArgumentParser
import Foundation
import PlanICal
import PlanService
import Testing
@testable import PlanCLI

/// How a store-backed command ends when something fails: the message for
/// stderr and the exit code, from the one table.
@Suite struct FailureTests {
    struct Unforeseen: Error, CustomStringConvertible {
        var description: String { "the disk sang a song" }
    }

    /// Runs `body` through `withService` on a scratch store; the exit code it ends with.
    static func exit(of body: @escaping () throws -> Void) throws -> Int32? {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-cli-failure-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let options = try StoreOptions.parse(["--store", dir.appendingPathComponent("plan.sqlite").path])
        do {
            try withService(options) { _ in try body() }
        } catch let e as ExitCode {
            return e.rawValue
        }
        return nil
    }

    @Test func anUnknownErrorExitsSeventyWithItsDetailOnStderr() throws {
        var lines: [String] = []
        let code = failure(ServiceError(Unforeseen()), report: { lines.append($0) })
        #expect(code.rawValue == 70)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("internal error (a bug: please report it): ") == true)
        #expect(lines.first?.contains("the disk sang a song") == true)
        #expect(try Self.exit { throw Unforeseen() } == 70)
    }

    @Test func knownFailuresKeepTheirMessagesAndCodes() throws {
        var lines: [String] = []
        let unreadable = ImportError.unreadable(file: "a.ics", reason: "No such file or directory")
        #expect(failure(.calendar(unreadable), report: { lines.append($0) }).rawValue == 66)
        #expect(failure(.notFound(kind: "task", name: "essay"), report: { lines.append($0) }).rawValue == 65)
        #expect(failure(.cannotWrite(path: "out.ics", reason: "Permission denied"), report: { lines.append($0) }).rawValue == 73)
        #expect(lines == ["a.ics: cannot read: No such file or directory", "no task \"essay\" (see `plan tasks`)",
                          "cannot write out.ics: Permission denied"])
        #expect(try Self.exit { throw ServiceError.refused("no") } == 65)
        #expect(try Self.exit { throw unreadable } == 66)
    }

    /// A command's own exit and a usage error pass through unchanged.
    @Test func aCommandsOwnExitPassesThrough() throws {
        #expect(try Self.exit { throw PlanExit.doesNotFit } == 3)
        #expect(try Self.exit {} == nil)
        #expect(throws: ValidationError.self) { try Self.exit { throw ValidationError("bad --from") } }
    }
}
