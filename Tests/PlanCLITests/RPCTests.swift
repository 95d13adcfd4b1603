import Foundation
import Testing

/// `plan rpc` as editors and scripts run it: the real binary, a temporary
/// store, `PLAN_NOW` fixed, every response checked against `Schemas/` with
/// Python's `jsonschema` (`Schemas/validate.py`).
@Suite struct RPCTests {
    static let now = "2026-11-23T08:00:00-05:00"
    static let calendar = CLIRunner.packageRoot.appendingPathComponent("Examples/fall-2026-classes.ics").path

    /// A fresh store path in a temporary folder (removed by `cleanup`).
    static func tempStore() throws -> (store: String, dir: URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-rpc-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return (dir.appendingPathComponent("plan.sqlite").path, dir)
    }

    static func rpc(_ input: Data, store: String, extra: [String] = [], environment: [String: String] = [:]) throws -> CLIRunner.Output {
        try CLIRunner.run(["rpc", "--store", store] + extra, stdin: input, environment: ["PLAN_NOW": now].merging(environment) { $1 })
    }

    // MARK: JSON and framing helpers

    static func json(_ text: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    static func request(_ id: Int, _ method: String, _ params: [String: Any]? = nil) -> String {
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        return String(decoding: try! JSONSerialization.data(withJSONObject: message, options: [.sortedKeys]), as: UTF8.self)
    }

    static func framed(_ messages: [String], contentLength: Bool) -> Data {
        Data(messages.map { contentLength ? "Content-Length: \($0.utf8.count)\r\n\r\n\($0)" : $0 + "\n" }.joined().utf8)
    }

    /// Splits stdout into response bodies, checking the framing of each.
    static func responses(_ stdout: String, contentLength: Bool, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        var out: [String] = []
        if !contentLength {
            for line in stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { out.append(String(line)) }
            #expect(stdout.isEmpty || stdout.hasSuffix("\n"), "every response ends its line", sourceLocation: sourceLocation)
            return out
        }
        var rest = Substring(stdout)
        while !rest.isEmpty {
            guard rest.hasPrefix("Content-Length: "), let end = rest.range(of: "\r\n\r\n"),
                  let n = Int(rest[rest.index(rest.startIndex, offsetBy: 16)..<end.lowerBound]) else {
                Issue.record("not a Content-Length block: \(rest.prefix(80))", sourceLocation: sourceLocation)
                return out
            }
            let body = rest[end.upperBound...].utf8.prefix(n)
            #expect(body.count == n, "the declared length matches the body", sourceLocation: sourceLocation)
            out.append(String(decoding: body, as: UTF8.self))
            rest = Substring(String(decoding: rest[end.upperBound...].utf8.dropFirst(n), as: UTF8.self))
        }
        return out
    }

    // MARK: Schema validation

    /// Validates (schema id, JSON text) pairs; false when the validator is missing.
    @discardableResult
    static func expectValid(_ jobs: [(String, String)], sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-rpc-jobs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("jobs.json")
        let text = "[" + jobs.map { "{\"schema\":\"\($0.0)\",\"doc\":\($0.1)}" }.joined(separator: ",") + "]"
        try Data(text.utf8).write(to: file)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", CLIRunner.packageRoot.appendingPathComponent("Schemas/validate.py").path, "--jobs", file.path]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        do { try p.run() } catch {
            print("skipped: python jsonschema not available")
            return false
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        if p.terminationStatus == 3 || p.terminationStatus == 127 {
            print("skipped: python jsonschema not available")
            return false
        }
        guard p.terminationStatus == 0, let results = try? JSONDecoder().decode([String].self, from: data) else {
            Issue.record("Schemas/validate.py failed: \(errText)", sourceLocation: sourceLocation)
            return false
        }
        for (job, problem) in zip(jobs, results) where !problem.isEmpty {
            Issue.record("not valid against \(job.0): \(problem)\n\(job.1.prefix(1500))", sourceLocation: sourceLocation)
        }
        return true
    }

    /// The jobs for one request and its response.
    static func jobs(request: String, response: String) -> [(String, String)] {
        var jobs = [("urn:plan:schema:rpc-response", response)]
        if let r = json(response) as? [String: Any], let result = r["result"],
           let q = json(request) as? [String: Any], let method = q["method"] as? String {
            jobs.append(("urn:plan:schema:rpc-request", request))
            let resultText = String(decoding: try! JSONSerialization.data(withJSONObject: result, options: [.fragmentsAllowed]), as: UTF8.self)
            jobs.append(("urn:plan:schema:methods:\(method).result", resultText))
        }
        return jobs
    }

    // MARK: The story

    static let story: [String] = [
        request(1, "initialize", ["clientInfo": ["name": "RPCTests"]]),
        request(2, "calendar.add", ["path": "Examples/fall-2026-classes.ics"]),
        request(3, "task.add", ["title": "History essay", "project": "HIST200", "estimate": "6h", "span": "PT1H30M",
                                "earliest": "09:00", "due": "2026-12-10"]),
        request(4, "task.add", ["title": "Read the whole library", "estimate": "PT300H", "due": "2026-11-25"]),
        request(5, "plan.agenda", ["from": "2026-11-23", "days": 3]),
        request(6, "task.done", ["task": "history-essay", "spent": "90m"]),
        request(7, "plan.replan"),
        request(8, "plan.export"),
        request(9, "task.list"),
        request(10, "shutdown"),
        #"{"jsonrpc":"2.0","method":"exit"}"#,
    ]

    @Test(arguments: [false, true])
    func aWholeSessionInEitherFraming(contentLength: Bool) throws {
        let (store, dir) = try Self.tempStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.rpc(Self.framed(Self.story, contentLength: contentLength), store: store)
        #expect(out.status == 0, "exit after shutdown: \(out.stderr)")
        #expect(out.stderr.isEmpty, "nothing failed, nothing logged: \(out.stderr)")
        let bodies = Self.responses(out.stdout, contentLength: contentLength)
        try #require(bodies.count == 10, "one response per request, none for exit: \(out.stdout.prefix(500))")
        let responses = bodies.map { Self.json($0) as? [String: Any] ?? [:] }
        for (i, r) in responses.enumerated() {
            #expect(r["id"] as? Int == i + 1)
            #expect(r["error"] == nil, "request \(i + 1) failed: \(bodies[i])")
        }
        let result = { (i: Int) in responses[i]["result"] as? [String: Any] ?? [:] }
        #expect((result(0)["capabilities"] as? [String: Any])?["methods"] as? [String] != nil)
        #expect((result(1)["calendar"] as? [String: Any])?["name"] as? String == "fall-2026-classes")
        #expect(result(2)["status"] as? String == "scheduled")
        #expect(result(3)["status"] as? String == "unschedulable", "does not fit: a result, not an error")
        #expect(result(3)["saved"] as? Bool == false)
        let items = result(4)["items"] as? [[String: Any]] ?? []
        #expect(items.contains { $0["kind"] as? String == "sitting" } && items.contains { $0["kind"] as? String == "event" })
        #expect(result(5)["done"] as? String == "PT1H30M")
        #expect(result(6)["saved"] as? Bool == true)
        let ics = result(7)["ics"] as? String ?? ""
        #expect(ics.hasPrefix("BEGIN:VCALENDAR\r\n") && ics.contains("X-PLAN-TASK-ID:history-essay") && ics.contains("cs201-lec@"))
        #expect((responses[8]["result"] as? [Any])?.count == 1, "the unschedulable task was not saved")
        #expect(responses[9].keys.contains("result") && responses[9]["result"] is NSNull)
        try Self.expectValid(zip(Self.story, bodies).flatMap { Self.jobs(request: $0, response: $1) })
    }

    /// Both framings give the same answers, byte for byte.
    @Test func bothFramingsAgree() throws {
        var answers: [[String]] = []
        for contentLength in [false, true] {
            let (store, dir) = try Self.tempStore()
            defer { try? FileManager.default.removeItem(at: dir) }
            let out = try Self.rpc(Self.framed(Self.story, contentLength: contentLength), store: store)
            answers.append(Self.responses(out.stdout, contentLength: contentLength))
        }
        #expect(answers[0] == answers[1])
    }

    @Test func framingsMayBeMixedInOneSession() throws {
        let (store, dir) = try Self.tempStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = Self.request(1, "project.list"), b = Self.request(2, "calendar.list")
        let out = try Self.rpc(Data((a + "\n" + "Content-Length: \(b.utf8.count)\r\n\r\n" + b + a + "\n").utf8), store: store)
        let second = #"{"jsonrpc":"2.0","id":2,"result":[]}"#
        let expected = #"{"jsonrpc":"2.0","id":1,"result":[]}"# + "\n" + "Content-Length: \(second.utf8.count)\r\n\r\n" + second
            + #"{"jsonrpc":"2.0","id":1,"result":[]}"# + "\n"
        #expect(out.stdout == expected)
        #expect(out.status == 0)
    }

    // MARK: Bad input

    /// A session of bad messages, each followed by a good one: exact codes,
    /// and the good one is always answered.
    @Test func badInputBattery() throws {
        let (store, dir) = try Self.tempStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        let huge = #"{"jsonrpc":"2.0","id":"huge","method":"task.add","params":{"title":""# + String(repeating: "x", count: 16 * 1024 * 1024 + 10) + #""}}"#
        let cycle = #"{"jsonrpc":"2.0","id":"cycle","method":"schedule","params":{"timeZone":"America/New_York","now":"2026-11-23T08:00:00-05:00","tasks":[{"id":"a","title":"A","estimate":"PT1H","due":"2026-12-01","after":["b"]},{"id":"b","title":"B","estimate":"PT1H","due":"2026-12-01","after":["a"]}]}}"#
        let bad: [(name: String, message: String, code: Int, pointer: String?)] = [
            ("broken JSON", #"{"jsonrpc":"2.0","id":1,"method":"task.list""#, -32700, nil),
            ("not an object", "42", -32600, nil),
            ("wrong type", Self.request(2, "task.add", ["title": "A", "estimate": 60, "due": "fri"]), -32602, "/estimate"),
            ("missing field", Self.request(3, "task.add", ["title": "A", "estimate": "1h"]), -32602, "/due"),
            ("unknown method", Self.request(4, "task.frobnicate"), -32601, nil),
            ("huge line", huge, -32600, nil),
            ("impossible date", Self.request(5, "task.add", ["title": "A", "estimate": "1h", "due": "2026-02-30"]), -32602, "/due"),
            ("negative duration", Self.request(6, "task.add", ["title": "A", "estimate": "-PT2H", "due": "fri"]), -32602, "/estimate"),
            ("absurd duration", Self.request(7, "task.add", ["title": "A", "estimate": "P9999W", "due": "fri"]), -32602, "/estimate"),
            ("dependency cycle", cycle, -32602, "/tasks/0/after"),
            ("unknown calendar", Self.request(8, "calendar.add", ["path": "/no/such/file.ics"]), -32001, "/path"),
            ("empty batch", "[]", -32600, nil),
        ]
        var input = ""
        for (i, b) in bad.enumerated() {
            input += b.message + "\n" + Self.request(1000 + i, "project.list") + "\n"
        }
        // And a declared body over the limit, skipped by its length.
        input += "Content-Length: \(16 * 1024 * 1024 + 1)\r\n\r\n" + String(repeating: " ", count: 16 * 1024 * 1024 + 1)
        input += Self.request(2000, "task.list") + "\n"
        let out = try Self.rpc(Data(input.utf8), store: store)
        #expect(out.status == 0)
        let bodies = Self.responses(out.stdout.components(separatedBy: "Content-Length:").first ?? "", contentLength: false)
        try #require(bodies.count == bad.count * 2, "one answer per message: \(out.stdout.prefix(2000))")
        for (i, b) in bad.enumerated() {
            let e = (Self.json(bodies[2 * i]) as? [String: Any])?["error"] as? [String: Any]
            #expect(e?["code"] as? Int == b.code, "\(b.name): \(bodies[2 * i].prefix(300))")
            let data = e?["data"] as? [String: Any]
            if let pointer = b.pointer { #expect(data?["pointer"] as? String == pointer, "\(b.name): \(bodies[2 * i].prefix(300))") }
            #expect((data?["reason"] as? String)?.isEmpty == false)
            #expect(bodies[2 * i + 1] == #"{"jsonrpc":"2.0","id":\#(1000 + i),"result":[]}"#, "still answering after \(b.name)")
        }
        #expect(bodies[10].contains("16777216"), "the size limit is named: \(bodies[10])")
        // The tail: the oversized Content-Length body and the request after it.
        let tail = out.stdout.components(separatedBy: "Content-Length:").dropFirst().joined(separator: "Content-Length:")
        #expect(tail.contains("\"code\":-32600") && tail.hasSuffix(#"{"jsonrpc":"2.0","id":2000,"result":[]}"# + "\n"))
        // stderr has one log line per failure, stdout nothing but responses.
        #expect(out.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("plan rpc: ") }.count == bad.count + 1)
        try Self.expectValid(bodies.map { ("urn:plan:schema:rpc-response", $0) })
    }

    @Test func anUnusablePlanNowIsAUsageError() throws {
        let (store, dir) = try Self.tempStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.rpc(Data(), store: store, environment: ["PLAN_NOW": "yesterday-ish"])
        #expect(out.status == 64)
        #expect(out.stdout.isEmpty)
        #expect(out.stderr.contains("PLAN_NOW"))
    }

    @Test func exitWithoutShutdownIsStatus1() throws {
        let (store, dir) = try Self.tempStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try Self.rpc(Data(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8 + [0x0A]), store: store)
        #expect(out.status == 1)
        #expect(out.stdout.isEmpty)
    }

    // MARK: --once

    @Test func onceAnswersOneRequestOrBatchAndExits() throws {
        let (store, dir) = try Self.tempStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        let two = Self.request(1, "project.list") + "\n" + Self.request(2, "project.list") + "\n"
        let one = try Self.rpc(Data(two.utf8), store: store, extra: ["--once"])
        #expect(one.stdout == #"{"jsonrpc":"2.0","id":1,"result":[]}"# + "\n")
        #expect(one.status == 0)
        let batch = try Self.rpc(Data(("[" + Self.request(1, "project.list") + "," + Self.request(2, "calendar.list") + "]\n").utf8),
                                 store: store, extra: ["--once"])
        #expect(batch.stdout == #"[{"jsonrpc":"2.0","id":1,"result":[]},{"jsonrpc":"2.0","id":2,"result":[]}]"# + "\n")
        let notification = try Self.rpc(Data(#"{"jsonrpc":"2.0","method":"project.list"}"#.utf8), store: store, extra: ["--once"])
        #expect(notification.stdout.isEmpty && notification.status == 0)
        // A pretty-printed request file, as scripts keep them.
        let file = try Data(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Examples/rpc/schedule.json"))
        let scheduled = try Self.rpc(file, store: store, extra: ["--once"])
        #expect(scheduled.stdout.hasPrefix(#"{"jsonrpc":"2.0","id":25,"result":{"sittings":["#), "\(scheduled.stdout)\(scheduled.stderr)")
        try Self.expectValid([("urn:plan:schema:rpc-response", String(scheduled.stdout.dropLast()))])
    }

    // MARK: Parity with the CLI

    /// The `schedule` method answers what `plan schedule --json` prints.
    @Test func scheduleMatchesPlanSchedule() throws {
        let (store, dir) = try Self.tempStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        let request = """
            {"timeZone": "America/New_York", "now": "2026-11-23T08:00:00-05:00", "policy": {"buffer": "PT10M", "maxPerDay": "PT4H"},
             "tasks": [{"id": "reading", "title": "Reading", "estimate": "PT2H", "due": "2026-11-24"},
                       {"id": "essay", "title": "Essay", "estimate": "PT6H", "span": "PT1H30M", "due": "2026-12-10T17:00", "after": ["reading"]},
                       {"id": "lab", "title": "Lab", "estimate": "PT30H", "latest": "12:00", "due": "2026-11-26T12:00"}]}
            """
        let file = dir.appendingPathComponent("request.json")
        try Data(request.utf8).write(to: file)
        let cli = try CLIRunner.run(["schedule", "--calendar", Self.calendar, "--tasks", file.path, "--json"])
        #expect(cli.status == 0, "\(cli.stderr)")
        var params = try #require(Self.json(request) as? [String: Any])
        params["calendars"] = [["path": Self.calendar]]
        let out = try Self.rpc(Data((Self.request(1, "schedule", params) + "\n").utf8), store: store)
        let response = try #require(Self.json(out.stdout) as? [String: Any])
        let result = try #require(response["result"])
        let a = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
        let b = try JSONSerialization.data(withJSONObject: try #require(Self.json(cli.stdout)), options: [.sortedKeys])
        #expect(a == b, "rpc: \(String(decoding: a, as: UTF8.self).prefix(400))\ncli: \(String(decoding: b, as: UTF8.self).prefix(400))")
        // Same members in the same order, too.
        #expect(out.stdout == #"{"jsonrpc":"2.0","id":1,"result":"# + Self.minified(cli.stdout) + "}\n",
                "the result is the contract's bytes, made compact")
    }

    /// `task.add` makes the same ids from titles as `plan add-task`.
    @Test func taskIdsMatchAddTask() throws {
        let (store, dir) = try Self.tempStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        let titles = ["History essay", "  Ünïcode & punctuation!! ", "CS 201: PS #4", "???", String(repeating: "long ", count: 20)]
        var cliIds: [String] = []
        for t in titles {
            let out = try CLIRunner.run(["add-task", t, "--estimate", "30m", "--due", "2026-12-01", "--store", store, "--json"],
                                        environment: ["PLAN_NOW": Self.now])
            cliIds.append(((Self.json(out.stdout) as? [String: Any])?["taskId"] as? String) ?? "?")
        }
        let (store2, dir2) = try Self.tempStore()
        defer { try? FileManager.default.removeItem(at: dir2) }
        let input = titles.enumerated().map { Self.request($0.offset, "task.add", ["title": $0.element, "estimate": "30m", "due": "2026-12-01"]) }
        let out = try Self.rpc(Self.framed(input, contentLength: false), store: store2)
        let rpcIds = Self.responses(out.stdout, contentLength: false).map {
            ((Self.json($0) as? [String: Any])?["result"] as? [String: Any])?["taskId"] as? String ?? "?"
        }
        #expect(rpcIds == cliIds)
    }

    /// Calendar warnings go to stderr; stdout stays pure JSON.
    @Test func stdoutCarriesOnlyResponses() throws {
        let (store, dir) = try Self.tempStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:x@t\r\nDTSTART:20261124T150000Z\r\nDTEND:2026112\r\nSUMMARY:Broken end\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let file = dir.appendingPathComponent("odd.ics")
        try Data(ics.utf8).write(to: file)
        let input = [Self.request(1, "calendar.add", ["path": file.path]),
                     Self.request(2, "task.add", ["title": "A", "estimate": "1h", "due": "2026-11-25"]),
                     Self.request(3, "plan.agenda", ["days": 2])]
        let out = try Self.rpc(Self.framed(input, contentLength: false), store: store, extra: ["--verbose"])
        let lines = Self.responses(out.stdout, contentLength: false)
        #expect(lines.count == 3)
        for l in lines { #expect(Self.json(l) != nil, "not JSON on stdout: \(l)") }
        #expect(out.stderr.contains("plan rpc: calendar.add (id 1): ok"), "--verbose logs requests on stderr: \(out.stderr)")
        try Self.expectValid(zip(input, lines).flatMap { Self.jobs(request: $0, response: $1) })
    }

    // MARK: The editor examples

    @Test func thePythonClientAddsATaskAndPrintsThePlan() throws {
        let (store, dir) = try Self.tempStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        for framing in ["line", "content-length"] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["python3", CLIRunner.packageRoot.appendingPathComponent("Examples/editor/plan_client.py").path,
                           "--store", store + framing, "--framing", framing, "--calendar", Self.calendar,
                           "--title", "History essay", "--project", "HIST200", "--estimate", "6h", "--span", "90m", "--due", "2026-12-10"]
            p.environment = ["PLAN_BIN": CLIRunner.binary.path, "PLAN_NOW": Self.now, "TZ": "America/New_York", "PATH": "/usr/bin:/bin",
                             "LANG": "C.UTF-8"]
            let out = Pipe(), err = Pipe()
            p.standardOutput = out
            p.standardError = err
            do { try p.run() } catch {
                print("skipped: python3 not available")
                return
            }
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            if p.terminationStatus == 127 {
                print("skipped: python3 not available")
                return
            }
            #expect(p.terminationStatus == 0, "plan_client.py (\(framing)): \(errText)")
            #expect(text.contains("protocol 1.0"))
            #expect(text.contains("\"History essay\" (history-essay): 4 sittings, saved"), "\(text)")
            #expect(text.contains("2026-11-25\n  09:00–10:30  History essay (1/4)"), "\(text)")
            #expect(text.contains("CHEM 110 General Chemistry"), "the agenda merges the classes: \(text)")
        }
    }

    /// The Neovim plugin, headless, when `nvim` is installed.
    @Test func theNeovimPluginAddsATaskAndShowsThePlan() throws {
        guard let nvim = ["/usr/bin/nvim", "/usr/local/bin/nvim"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("skipped: nvim not available")
            return
        }
        let (store, dir) = try Self.tempStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = dir.appendingPathComponent("agenda.txt").path
        let script = dir.appendingPathComponent("drive.lua")
        try Data("""
            local plan = require("plan")
            plan.setup({ cmd = { \(Self.lua(CLIRunner.binary.path)), "rpc" }, store = \(Self.lua(store)), days = 3 })
            local err = plan.request_sync("task.add", { title = "History essay", project = "HIST200", estimate = "6h",
              span = "90m", due = "2026-12-10", calendars = { \(Self.lua(Self.calendar)) } }, 30000)
            assert(not err, vim.inspect(err))
            plan.agenda({ days = 3 })
            vim.wait(30000, function() return plan.last_buffer ~= nil end)
            vim.fn.writefile(vim.api.nvim_buf_get_lines(plan.last_buffer or 0, 0, -1, false), \(Self.lua(result)))
            plan.stop()
            vim.cmd("qa!")
            """.utf8).write(to: script)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: nvim)
        p.arguments = ["--headless", "-u", "NONE", "-i", "NONE",
                       "--cmd", "set rtp^=" + CLIRunner.packageRoot.appendingPathComponent("Examples/editor/nvim").path,
                       "--cmd", "runtime plugin/plan.lua", "-c", "luafile " + script.path]
        p.environment = ["PLAN_NOW": Self.now, "TZ": "America/New_York", "PATH": "/usr/bin:/bin", "HOME": dir.path, "LANG": "C.UTF-8"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        let text = (try? String(contentsOfFile: result, encoding: .utf8)) ?? ""
        #expect(text.contains("plan: agenda from 2026-11-23 (3 days)"), "\(text)")
        #expect(text.contains("09:00–10:30  ▸ HIST200: History essay (1/4)"), "\(text)")
        #expect(text.contains("CHEM 110 General Chemistry"), "\(text)")
    }

    /// JSON text without the whitespace between tokens.
    static func minified(_ text: String) -> String {
        var out = "", inString = false, escaped = false
        for c in text {
            if inString {
                out.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
                out.append(c)
            } else if !c.isWhitespace {
                out.append(c)
            }
        }
        return out
    }

    static func lua(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
