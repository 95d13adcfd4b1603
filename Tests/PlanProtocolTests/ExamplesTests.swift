import Foundation
import PlanCore
import PlanJSON
@testable import PlanRPC
@testable import PlanTimetable
import Testing
@testable import PlanProtocol

/// Every `Examples/**/*.json` is a request that validates against `Schemas/`
/// and that plan decodes: a JSON-RPC message for `plan rpc`, or a request of
/// the scheduling contract for `plan schedule`.
@Suite struct ExamplesTests {
    static let examples = SchemaCheck.root.appendingPathComponent("Examples")

    static var files: [URL] {
        var out: [URL] = []
        let e = FileManager.default.enumerator(at: examples, includingPropertiesForKeys: nil)
        while let url = e?.nextObject() as? URL {
            if url.pathExtension == "json" { out.append(url) }
        }
        return out.sorted { $0.path < $1.path }
    }

    static func relative(_ url: URL) -> String {
        String(url.path.dropFirst(SchemaCheck.root.path.count + 1))
    }

    /// The RPC examples in the order of one session, in one store with a
    /// fresh start (`Examples/rpc/README.md` runs them the same way): what a
    /// request uses is made first, and what removes it comes after its uses.
    static let order = [
        "initialize", "policy.get", "policy.set", "calendar.add", "calendar.list", "calendar.target", "project.add",
        "project.list", "task.add", "task.add-does-not-fit", "task.done", "task.update", "task.get", "task.list", "series.add",
        "series.list", "series.get", "series.update", "series.skip", "plan.agenda", "plan.week", "plan.load", "plan.review", "plan.replan", "plan.export",
        "events.expand", "schedule", "batch", "grades.course.add", "grades.add", "grades.set", "grades.get", "grades.need",
        "grades.prior", "grades.whatIf", "grades.unit.add", "grades.subject.add", "grades.subject.set", "grades.check",
        "grades.subject.remove", "grades.unit.remove", "grades.remove", "grades.course.remove", "courses.import",
        "courses.ratings.import", "courses.search", "courses.build", "courses.save", "courses.saved", "courses.use", "me",
        "group.find", "group.create", "group.reply", "group.list", "group.leave", "group.join", "group.answer", "group.cancel",
        "sync", "series.remove", "task.remove", "project.remove", "calendar.remove", "shutdown", "exit",
    ]

    /// The examples that cannot succeed without a CalDAV server, with the one
    /// error code accepted for them and why (no mock servers in the tests).
    static let needsAServer: [String: (code: Int, why: String)] = [
        "sync": (-32004, "no collection to sync to: calendar.target can set one only after a server answers for it"),
    ]

    static var rpcFiles: [URL] { files.filter { $0.path.contains("/Examples/rpc/") } }

    static func name(_ url: URL) -> String { url.deletingPathExtension().lastPathComponent }

    @Test func thereAreExampleRequests() {
        #expect(Self.rpcFiles.count >= 10)
    }

    /// `Examples/rpc/METHOD.json` is a request for METHOD, for every method
    /// `initialize` lists and for the `exit` notification; and every file
    /// there has its place in the session's order.
    @Test func everyMethodHasAnExample() throws {
        let rpc = Self.examples.appendingPathComponent("rpc")
        for method in RPCServer.methodNames + ["exit"] {
            let url = rpc.appendingPathComponent("\(method).json")
            guard FileManager.default.fileExists(atPath: url.path) else {
                Issue.record("Examples/rpc/\(method).json is missing: every method has an example request")
                continue
            }
            let bytes = Array(try Data(contentsOf: url))
            let doc = try JSONValue.parse(bytes)
            #expect(doc["jsonrpc"]?.stringValue == "2.0", "Examples/rpc/\(method).json is not a JSON-RPC 2.0 message")
            #expect(doc["method"]?.stringValue == method, "Examples/rpc/\(method).json is not a request for \(method)")
            #expect((doc["id"] != nil) == (method != "exit"), "Examples/rpc/\(method).json: only exit is a notification")
            #expect(Self.order.contains(method), "\(method) has no place in ExamplesTests.order")
        }
        for url in Self.rpcFiles {
            #expect(Self.order.contains(Self.name(url)), "\(Self.relative(url)) has no place in ExamplesTests.order")
        }
        // Examples/rpc/README.md runs them in this same order (its `for f in …; do` loop).
        let readme = try String(contentsOf: rpc.appendingPathComponent("README.md"), encoding: .utf8)
        let loop = try #require(readme.range(of: "for f in ").flatMap { start in
            readme.range(of: "; do", range: start.upperBound..<readme.endIndex).map { readme[start.upperBound..<$0.lowerBound] }
        })
        let listed = loop.replacingOccurrences(of: "\\\n", with: " ").split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(listed == Self.order, "Examples/rpc/README.md's loop is not ExamplesTests.order")
    }

    @Test func everyExampleValidatesAndDecodes() throws {
        var jobs: [(schema: String, doc: JSONValue)] = []
        // The RPC examples run in the order of a session, in one store; the other files first.
        let s = try TestServer()
        let rank: (URL) -> Int = { url in (Self.order.firstIndex(of: Self.name(url)) ?? -1) + 1 }
        let files = Self.files.sorted { a, b in rank(a) != rank(b) ? rank(a) < rank(b) : a.path < b.path }
        for url in files {
            let name = Self.relative(url)
            let bytes = Array(try Data(contentsOf: url))
            let doc = try JSONValue.parse(bytes)
            let isRPC: Bool
            switch doc {
            case .object: isRPC = doc["jsonrpc"] != nil
            case .array(let items): isRPC = items.allSatisfy { $0["jsonrpc"] != nil }
            default: isRPC = false
            }
            if isRPC {
                jobs.append(("urn:plan:schema:rpc-request", doc))
                // It decodes: pretty-printed as it is, read the way `plan rpc --once` reads it
                // (paths are relative to the package root, as when run from there).
                let text = String(decoding: bytes, as: UTF8.self)
                    .replacingOccurrences(of: "\"Examples/", with: "\"" + SchemaCheck.root.path + "/Examples/")
                var reader = FrameReader(source: MemorySource(text))
                reader.joinsIncompleteLines = true
                var out: [UInt8] = []
                _ = s.server.serve(&reader, once: true) { out += $0; return true }
                let isNotification: Bool = if case .object = doc { doc["id"] == nil } else { false }
                if isNotification {
                    #expect(out.isEmpty, "\(name): a notification gets no answer")
                    continue
                }
                let answer = try JSONValue.parse(out)
                let answers: [JSONValue] = if case .array(let a) = answer { a } else { [answer] }
                let requests: [JSONValue] = if case .array(let r) = doc { r } else { [doc] }
                for a in answers {
                    let method = requests.first(where: { $0["id"] != nil && $0["id"] == a["id"] })?["method"]?.stringValue
                    let code = a["error"]?["code"]?.intValue
                    if let method, let allowed = Self.needsAServer[method] {
                        #expect(code == allowed.code, "\(name) (\(allowed.why)): \(a.text)")
                    } else {
                        #expect(code == nil, "\(name) was refused: \(a.text)")
                    }
                    jobs.append(("urn:plan:schema:rpc-response", a))
                    if let method, let result = a["result"] {
                        jobs.append(("urn:plan:schema:methods:\(method).result", result))
                    }
                }
            } else if doc["timeZone"] != nil, doc["tasks"] != nil {
                jobs.append(("urn:plan:schema:schedule-request", doc))
                #expect(throws: Never.self, "\(name) is a schedule request that plan refuses") {
                    _ = try ScheduleRequest.decode(Data(bytes)).validated(defaultNow: TestServer.now)
                }
            } else if doc["term"] != nil, doc["courses"] != nil {
                jobs.append(("urn:plan:schema:catalog", doc))
                #expect(throws: Never.self, "\(name) is a course catalog that plan refuses") { _ = try CatalogJSON.read(bytes, file: name) }
            } else if name.hasPrefix("Examples/catalog-") {
                // Another format `plan courses import` reads (a umd.io dump): CatalogImportTests reads it.
                #expect(throws: Never.self, "\(name) is a catalog that plan cannot import") {
                    _ = try CatalogImport.read(bytes, file: name, term: Term(name: "t", timeZone: "UTC", start: LocalDate(year: 2027, month: 1, day: 1),
                                                                             end: LocalDate(year: 2027, month: 5, day: 1)))
                }
            } else if name.hasPrefix("Examples/ratings-") {
                // A grades or ratings file for `plan courses ratings import`: CoursesRatingsMethodTests joins it.
                #expect(throws: Never.self, "\(name) is a ratings file that plan cannot read") { _ = try RatingsFile.read(bytes, file: name) }
            } else {
                Issue.record("\(name) is neither a plan rpc message, a schedule request, a course catalog nor a ratings file: every Examples/**/*.json must be one (see Schemas/README.md)")
            }
        }
        try SchemaCheck.expectValid(jobs)
    }
}
