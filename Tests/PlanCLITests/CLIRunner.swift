import Foundation
import Testing

/// Runs the real `plan` binary built next to the test bundle.
struct CLIRunner {
    struct Output: Equatable {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The package root (two levels above this file's folder).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `.build/<config>/plan`, found beside the running test executable.
    static var binary: URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("plan")
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDir), !isDir.boolValue { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/plan")
    }

    /// Runs `plan args…` in the package root with a fixed environment.
    static func run(_ args: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> Output {
        var env = ["PATH": "/usr/bin:/bin", "TZ": "America/New_York", "NO_COLOR": "1", "LANG": "C.UTF-8"]
        env.merge(environment) { $1 }
        return try run(binary, args, stdin: stdin, environment: env)
    }

    /// Runs `plan args…` as the user `nobody` (through `setpriv`) when the
    /// tests run as root, so that file permissions bind it as they bind a
    /// student; as the tests' own user otherwise.
    static func runUnprivileged(_ args: [String], environment: [String: String] = [:]) throws -> Output {
        guard getuid() == 0 else { return try run(args, environment: environment) }
        var env = ["PATH": "/usr/bin:/bin", "TZ": "America/New_York", "NO_COLOR": "1", "LANG": "C.UTF-8"]
        env.merge(environment) { $1 }
        return try run(URL(fileURLWithPath: "/usr/bin/setpriv"), ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + args,
                       stdin: nil, environment: env)
    }

    /// Runs another program (`python3`, found on the tests' own PATH) in the
    /// package root, with the tests' environment plus `environment`. A
    /// program that is not there exits with 127.
    static func runTool(_ args: [String], environment: [String: String] = [:]) throws -> Output {
        let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        return try run(URL(fileURLWithPath: "/usr/bin/env"), args, stdin: nil, environment: env)
    }

    private static func run(_ executable: URL, _ args: [String], stdin: Data?, environment env: [String: String]) throws -> Output {
        let running = try Running(executable, args, environment: env)
        if let stdin { running.input.fileHandleForWriting.write(stdin) }
        return try running.wait()
    }

    /// Starts `plan args…` as ``run(_:stdin:environment:)`` does, without
    /// waiting: to have many run at once, or to kill one part way.
    static func start(_ args: [String], environment: [String: String] = [:]) throws -> Running {
        var env = ["PATH": "/usr/bin:/bin", "TZ": "America/New_York", "NO_COLOR": "1", "LANG": "C.UTF-8"]
        env.merge(environment) { $1 }
        let running = try Running(binary, args, environment: env)
        try running.input.fileHandleForWriting.close()
        return running
    }

    /// A started program; its output goes to temporary files, so no pipe can
    /// fill up and block it. ``wait()`` once.
    final class Running {
        let process = Process()
        fileprivate let input = Pipe()
        private let tmp: URL
        private let out: FileHandle
        private let err: FileHandle

        fileprivate init(_ executable: URL, _ args: [String], environment env: [String: String]) throws {
            process.executableURL = executable
            process.arguments = args
            process.currentDirectoryURL = packageRoot
            process.environment = env
            tmp = FileManager.default.temporaryDirectory.appendingPathComponent("plan-cli-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: tmp.appendingPathComponent("stdout").path, contents: nil)
            _ = FileManager.default.createFile(atPath: tmp.appendingPathComponent("stderr").path, contents: nil)
            out = try FileHandle(forWritingTo: tmp.appendingPathComponent("stdout"))
            err = try FileHandle(forWritingTo: tmp.appendingPathComponent("stderr"))
            process.standardOutput = out
            process.standardError = err
            process.standardInput = input
            try process.run()
        }

        /// Ends it at once (SIGKILL), as a crash or a power cut would.
        func kill() { Foundation.kill(process.processIdentifier, SIGKILL) }

        /// Waits for it to end: what it printed and its exit status (for a
        /// killed one, the signal's number; see `process.terminationReason`).
        func wait() throws -> Output {
            defer { try? FileManager.default.removeItem(at: tmp) }
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            try out.close()
            try err.close()
            let outData = try Data(contentsOf: tmp.appendingPathComponent("stdout"))
            let errData = try Data(contentsOf: tmp.appendingPathComponent("stderr"))
            return Output(stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
                          status: process.terminationStatus)
        }
    }

    /// Compares with `Golden/<name>.txt` (exit code, stdout, stderr), or
    /// writes it when `PLAN_RECORD=1`.
    static func expectGolden(_ name: String, _ output: Output, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = "exit: \(output.status)\n--- stdout\n\(output.stdout)--- stderr\n\(output.stderr)"
        let url = packageRoot.appendingPathComponent("Tests/PlanCLITests/Golden/\(name).txt")
        if ProcessInfo.processInfo.environment["PLAN_RECORD"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(text == golden, "output differs from Golden/\(name).txt (re-record with PLAN_RECORD=1 swift test)", sourceLocation: sourceLocation)
    }
}
