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

    @Test func thereAreExampleRequests() {
        #expect(Self.files.filter { $0.path.contains("/Examples/rpc/") }.count >= 10)
    }

    @Test func everyExampleValidatesAndDecodes() throws {
        var jobs: [(schema: String, doc: JSONValue)] = []
        // The RPC examples run in the order of a session, in one store.
        let s = try TestServer()
        let order = ["initialize", "calendar.add", "task.add", "task.add-does-not-fit", "task.done", "plan.agenda",
                     "me", "group.create", "group.reply", "group.list", "group.leave", "group.join", "group.cancel"]
        let files = Self.files.sorted { a, b in
            let ia = order.firstIndex(of: a.deletingPathExtension().lastPathComponent) ?? order.count
            let ib = order.firstIndex(of: b.deletingPathExtension().lastPathComponent) ?? order.count
            return ia != ib ? ia < ib : a.path < b.path
        }.filter { !["shutdown", "exit"].contains($0.deletingPathExtension().lastPathComponent) }
            + Self.files.filter { ["shutdown", "exit"].contains($0.deletingPathExtension().lastPathComponent) }.sorted { $0.path > $1.path }
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
                for a in answers {
                    let code = a["error"]?["code"]?.intValue
                    #expect(code == nil, "\(name) was refused: \(a.text)")
                    jobs.append(("urn:plan:schema:rpc-response", a))
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
