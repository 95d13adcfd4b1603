import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one child process did.
struct ChildRun {
    /// Exit status (0–255), or 128 + signal when it was killed.
    var status: Int32
    /// Wall time from spawn to reaped.
    var seconds: Double
    /// Peak resident set size (`ru_maxrss` of wait4), in bytes.
    var peakRSS: Int
    /// CPU time the child used (user + system), from the same rusage.
    var cpuSeconds: Double
    /// What it wrote on stdout (empty when stdout went elsewhere).
    var stdout: String
    var stderr: String
}

/// Runs programs as children and measures them: wall time with a monotonic
/// clock, peak memory from the kernel's rusage of that child alone.
enum Child {
    /// Runs `argv` (the first element is looked up in PATH) to completion.
    /// stdout goes to `stdoutPath` (default /dev/null) unless `capture`, in
    /// which case it is read back; stderr is always captured.
    static func run(_ argv: [String], environment: [String: String]? = nil, capture: Bool = false,
                    stdoutPath: String = "/dev/null") -> ChildRun {
        let tmp = NSTemporaryDirectory() + "plan-bench-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let outPath = capture ? tmp + ".out" : stdoutPath
        let errPath = tmp + ".err"
        defer {
            unlink(errPath)
            if capture { unlink(outPath) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let env = environment ?? ProcessInfo.processInfo.environment
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in cArgs { free(p) }
            for p in cEnv { free(p) }
        }
        var pid: pid_t = 0
        let started = monotonicSeconds()
        let rc = posix_spawnp(&pid, argv[0], &actions, nil, cArgs, cEnv)
        guard rc == 0 else {
            return ChildRun(status: 127, seconds: 0, peakRSS: 0, cpuSeconds: 0, stdout: "",
                            stderr: "cannot start \(argv[0]): \(String(cString: strerror(rc)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = monotonicSeconds() - started
        let code: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return ChildRun(status: code, seconds: seconds, peakRSS: Int(usage.ru_maxrss) * 1024, cpuSeconds: cpu,
                        stdout: capture ? read(outPath) : "", stderr: read(errPath))
    }

    static func read(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The resident set size of process `pid` now (`VmRSS` of /proc/PID/status), in bytes.
    static func residentBytes(_ pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kB = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return kB * 1024
    }

    static func monotonicSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// The 1-minute load average (other work on the machine skews wall times).
    static var loadAverage: Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }

    /// This executable's path (children of the benchmark are often itself).
    static var selfPath: String {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        if n > 0 { return String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return CommandLine.arguments[0]
    }
}

/// A long-running child fed one line at a time on stdin, answering one line
/// at a time on stdout (`plan rpc`).
final class LineServer {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer: [UInt8] = []

    init?(_ argv: [String], environment: [String: String]) {
        process.executableURL = URL(fileURLWithPath: argv[0])
        process.arguments = Array(argv.dropFirst())
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        do { try process.run() } catch { return nil }
    }

    /// The server's process id (for /proc/PID/status).
    var pid: Int32 { process.processIdentifier }

    /// Sends one line and waits for one line back; nil when the server is gone.
    func request(_ line: String) -> String? {
        let bytes = Array((line + "\n").utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(input.fileHandleForWriting.fileDescriptor, $0.baseAddress, $0.count) }
            if n <= 0 { return nil }
            sent += n
        }
        return readLine()
    }

    private func readLine() -> String? {
        let fd = output.fileHandleForReading.fileDescriptor
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let nl = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<nl], as: UTF8.self)
                buffer.removeSubrange(...nl)
                return line
            }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    /// Closes stdin (end of input) and waits for the server to exit.
    func finish() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
