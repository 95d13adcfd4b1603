import Foundation

/// Section 6: `plan sync` to a real Radicale on 127.0.0.1 (htpasswd
/// authentication, a temporary folder): the first sync of 500 sittings
/// (500 PUTs with `If-None-Match: *`), then a sync with nothing changed
/// (one REPORT, nothing sent), each a fresh `plan` process; then the writes
/// per real change over a scripted fortnight (``ChurnBench``). Skipped, saying
/// so, when Python's `radicale` is not installed.
struct SyncBench {
    let options: Options
    let plan: [String]
    /// Tasks of ten one-hour sittings each.
    var tasks: Int { options.quick ? 10 : 50 }
    var sittings = 0
    var first: ChildRun?
    var unchanged: [Double] = []
    var firstRequests = ""
    var unchangedRequests = ""
    var skipped: String?
    var churn: ChurnBench

    mutating func run() {
        print("6. Sync: \(tasks * 10) sittings to a local Radicale, then a sync with nothing changed")
        guard Child.run(["python3", "-c", "import radicale"]).status == 0 else {
            skipped = "radicale is not installed (pip install radicale); section skipped"
            print("   \(skipped!)")
            return
        }
        let dir = options.workdir + "/sync"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let password = "bench-\(UInt64.random(in: 0...UInt64.max))"
        _ = FileManager.default.createFile(atPath: dir + "/htpasswd", contents: Data("student:\(password)\n".utf8))
        let portRun = Child.run(["python3", "-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"], capture: true)
        guard let port = Int(portRun.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            skipped = "no free port; section skipped"
            print("   \(skipped!)")
            return
        }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", "-m", "radicale", "--server-hosts", "127.0.0.1:\(port)", "--storage-filesystem-folder", dir + "/data",
                            "--auth-type", "htpasswd", "--auth-htpasswd-filename", dir + "/htpasswd", "--auth-htpasswd-encryption", "plain",
                            "--logging-level", "warning"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        do { try server.run() } catch {
            skipped = "radicale did not start (\(error)); section skipped"
            print("   \(skipped!)")
            return
        }
        defer {
            server.interrupt()
            server.waitUntilExit()
        }
        for _ in 0..<100 where Child.run(["python3", "-c", "import socket; socket.create_connection(('127.0.0.1', \(port)), timeout=1).close()"]).status != 0 {
            usleep(100_000)
        }
        _ = FileManager.default.createFile(atPath: dir + "/netrc", contents: Data("machine 127.0.0.1 login student password \(password)\n".utf8))
        var env = ProcessInfo.processInfo.environment
        env["PLAN_STORE"] = dir + "/plan.sqlite"
        env["NETRC"] = dir + "/netrc"
        env["TZ"] = "America/New_York"
        env["NO_COLOR"] = "1"
        env["PLAN_NOW"] = "2027-03-01T08:00:00-05:00"
        for k in 0..<tasks {
            let r = Child.run(plan + ["add-task", "Reading \(k)", "--estimate", "10h", "--span", "1h", "--min", "1h", "--due", "2027-06-30"], environment: env)
            if r.status != 0 { note("add-task failed: \(r.stderr.suffix(300))") }
        }
        let target = Child.run(plan + ["calendar", "target", "http://127.0.0.1:\(port)/student/study/", "--create"], environment: env)
        guard target.status == 0 else {
            skipped = "plan calendar target failed: \(target.stderr.suffix(200)); section skipped"
            print("   \(skipped!)")
            return
        }
        let r = Child.run(plan + ["sync", "--json"], environment: env, capture: true)
        first = r
        sittings = Self.count("created", in: r.stdout)
        firstRequests = Self.requests(r.stdout)
        if r.status != 0 { note("sync failed: \(r.stderr.suffix(300))") }
        print(String(format: "   first sync: %d resources created in %.2f s (%@)", sittings, r.seconds, firstRequests))
        for _ in 0..<(options.quick ? 3 : 7) {
            let again = Child.run(plan + ["sync", "--json"], environment: env, capture: true)
            if again.status == 0, Self.count("created", in: again.stdout) + Self.count("updated", in: again.stdout) == 0 {
                unchanged.append(again.seconds)
                unchangedRequests = Self.requests(again.stdout)
            } else {
                note("a sync with nothing changed sent something or failed: \(again.stdout.prefix(300)) \(again.stderr.suffix(300))")
            }
        }
        print("   nothing changed: \(Format.ms(unchanged.isEmpty ? nil : medianOf(unchanged))) (\(unchangedRequests)), median of \(unchanged.count)")
        churn.run(collection: "http://127.0.0.1:\(port)/student/churn/", dir: dir, environment: env)
        if let problem = churn.problem { note("churn: \(problem)") }
        print("   scripted fortnight: \(churn.totalWrites) writes for \(churn.totalReal) real changes over \(churn.steps.count) steps")
    }

    /// `"name":N` of a `plan sync --json` answer.
    static func count(_ name: String, in json: String) -> Int {
        guard let r = json.range(of: "\"\(name)\":") else { return 0 }
        return Int(json[r.upperBound...].prefix { $0.isNumber }) ?? 0
    }

    /// The `requests` member of a `plan sync --json` answer, as `PUT 500, REPORT 1`.
    static func requests(_ json: String) -> String {
        guard let r = json.range(of: "\"requests\":{"), let end = json[r.upperBound...].firstIndex(of: "}") else { return "" }
        return json[r.upperBound..<end].split(separator: ",").map { $0.replacingOccurrences(of: "\"", with: "").replacingOccurrences(of: ":", with: " ") }
            .joined(separator: ", ")
    }

    func table() -> String {
        if let skipped { return "| sync | \(skipped) |\n|---|---|" }
        return "| plan sync to Radicale | sittings | wall time | requests |\n|---|---|---|---|\n"
            + "| first sync (all new) | \(sittings) | \(Format.ms(first?.seconds)) | \(firstRequests) |\n"
            + "| nothing changed (median of \(unchanged.count)) | \(sittings) | \(Format.ms(unchanged.isEmpty ? nil : medianOf(unchanged))) | \(unchangedRequests) |\n\n"
            + churn.table()
    }

    var json: JSON {
        .object([("sittings", .int(sittings)), ("firstSeconds", .num(first?.seconds, 4)),
                 ("unchangedMedianSeconds", .num(unchanged.isEmpty ? nil : medianOf(unchanged), 4)), ("unchangedRuns", .int(unchanged.count)),
                 ("churnRealChanges", .int(churn.totalReal)), ("churnWrites", .int(churn.totalWrites)),
                 ("skipped", skipped.map { .string($0) } ?? .null)])
    }
}
