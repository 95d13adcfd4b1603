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
        let p = Process()
        p.executableURL = executable
        p.arguments = args
        p.currentDirectoryURL = packageRoot
        p.environment = env
        // Output goes to temporary files: no pipe can fill up and block the child.
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("plan-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        let outURL = tmp.appendingPathComponent("stdout"), errURL = tmp.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        if let stdin { inp.fileHandleForWriting.write(stdin) }
        try inp.fileHandleForWriting.close()
        p.waitUntilExit()
        try out.close()
        try err.close()
        let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
        return Output(stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
                      status: p.terminationStatus)
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
