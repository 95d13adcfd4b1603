import Foundation
import Testing

/// `plan sync` to a real Radicale on 127.0.0.1, killed at 35 moments (35 of
/// KilledCommandTests' 200). A sync records each new resource just before
/// its PUT and again once the server took it, each in its own short
/// transaction, so the store may be cut between two; what must hold after
/// every kill: the tasks, sittings and all but the record of what was
/// written are exactly as before, every resource on the server is one the
/// store records, every one recorded with an ETag is on the server with that
/// ETag, and the next
/// `plan sync` finishes the job: then the server holds one resource per
/// sitting, no more, with the ETags the store has.
extension KilledCommandTests {
    static let davPassword = "Kill-9-s3cret"

    /// The members of collection `url` as the server lists them (PROPFIND,
    /// depth 1): each one's path, percent-decoded as the store keeps it, and its ETag.
    static func members(_ url: String, password: String = davPassword) throws -> [String: String] {
        let body = #"<?xml version="1.0"?><propfind xmlns="DAV:"><prop><getetag/></prop></propfind>"#
        let out = try CLIRunner.runTool(["curl", "-s", "--fail", "-u", "student:\(password)", "-X", "PROPFIND", "-H", "Depth: 1",
                                         "-H", "Content-Type: application/xml", "--data", body, url])
        try #require(out.status == 0, "PROPFIND \(url): curl exited \(out.status)")
        let collection = URLComponents(string: url)?.path ?? url
        let href = try Regex(#"<(?:\w+:)?href>([^<]*)</"#), etag = try Regex(#"<(?:\w+:)?getetag>([^<]*)</"#)
        var found: [String: String] = [:]
        for response in out.stdout.split(separator: try Regex(#"<(?:\w+:)?response>"#)).dropFirst() {
            guard let h = try href.firstMatch(in: response)?.output[1].substring,
                  let path = String(h).removingPercentEncoding, path != collection else { continue }
            found[path] = try etag.firstMatch(in: response)?.output[1].substring.map(String.init) ?? ""
        }
        return found
    }

    /// What the store recorded as written to collection `url`: path and ETag.
    static func recorded(_ store: String, _ url: String) throws -> [String: String] {
        var out: [String: String] = [:]
        for row in try SQLiteShell.rows(store, "SELECT path, etag FROM sync_resources WHERE collection = '\(url)'") {
            let f = row.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
            out[String(f[0])] = f.count > 1 ? String(f[1]) : ""
        }
        return out
    }

    /// The store's rows but the record of what sync wrote.
    static func withoutSyncRecord(_ dump: String) -> String {
        dump.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("INSERT INTO sync_resources") }.joined(separator: "\n")
    }

    @Test func aSyncKilledAnywhereIsFinishedByTheNextWithoutDuplicates() throws {
        if Self.skipWithoutSQLite() { return }
        let (started, why) = try LocalDAVServer.radicale(password: Self.davPassword, inMemory: true)
        guard let server = started else {
            print("KilledCommandTests: skipped the sync: \(why)")
            return
        }
        defer { server.stop() }
        let root = try StoreSafetyTests.tempDir()
        defer { try? FileManager.default.removeItem(at: root) }
        let netrc = root.appendingPathComponent("netrc").path
        try "machine 127.0.0.1 login student password \(Self.davPassword)\n".write(toFile: netrc, atomically: true, encoding: .utf8)
        let base = ["PLAN_NOW": Self.now, "NETRC": netrc, "HOME": root.path]
        let template = root.appendingPathComponent("template")
        var env = base
        env["PLAN_STORE"] = template.appendingPathComponent("plan.sqlite").path
        // Three tasks of two sittings: six resources to write.
        for title in ["Essay", "Problem set", "Reading"] {
            try #require(try CLIRunner.run(["add-task", title, "--estimate", "2h", "--span", "1h", "--due", "2026-11-13"], environment: env).status == 0)
        }
        let before = try SQLiteShell.state(env["PLAN_STORE"]!)
        try #require(before.integrity == "ok")

        /// A fresh collection and a copy of the store to sync into it.
        func launch(_ name: String) throws -> (Launch, url: String) {
            let url = "http://127.0.0.1:\(server.port)/student/\(name)/"
            try #require(try server.curl(["-u", "student:\(Self.davPassword)", "-X", "MKCALENDAR", url]) == "201")
            let store = try Self.copy(template, to: name, in: root).appendingPathComponent("plan.sqlite").path
            return (Launch(store: store, args: ["sync", "--to", url], env: base.merging(["PLAN_STORE": store]) { $1 }), url)
        }
        /// The members' names (their paths' last part).
        func names(_ members: [String: String]) -> Set<String> { Set(members.keys.map { String($0.split(separator: "/").last ?? "") }) }

        var durations: [Double] = []
        var wanted: Set<String> = []
        for i in 0..<Self.wholeRuns {
            let (l, url) = try launch("whole-\(i)")
            let (out, seconds) = try Self.whole(l)
            try #require(out.status == 0, "plan sync: \(out.stderr)")
            durations.append(seconds)
            let listed = try Self.members(url)
            #expect(try Self.recorded(l.store, url) == listed)
            if i == 0 { wanted = names(listed) }
            #expect(names(listed) == wanted)
        }
        try #require(wanted.count == 6, "\(wanted)")

        let typical = Self.median(durations)
        var tally = Tally()
        var cut = 0, unrecorded = 0
        for k in 0..<Self.kills.sync {
            let (l, url) = try launch("kill-\(k)")
            let delay = typical * Self.fraction(k, seed: 0.85)
            let (out, killed) = try Self.kill(l, after: delay)
            let moment = "kill \(k) of plan sync at \(Int(delay * 1000)) ms"
            let midWrite = Self.logged(l.store)
            let state = try SQLiteShell.state(l.store)
            #expect(state.integrity == "ok", "\(moment)")
            // Nothing but the record of what was written has changed.
            #expect(Self.withoutSyncRecord(state.dump) == Self.withoutSyncRecord(before.dump), "\(moment)")
            // What the store says it wrote is on the server, at the ETag it recorded (a new event is recorded
            // without one just before its PUT: the server may or may not have it yet).
            let recorded = try Self.recorded(l.store, url)
            let listed = try Self.members(url)
            for (path, etag) in recorded where !etag.isEmpty {
                #expect(listed[path] == etag, "\(moment): the store records \(path) at \(etag); the server has \(listed[path] ?? "nothing")")
            }
            // Every event on the server is one the store names: none taken by the server that no record knows.
            if !Set(listed.keys).subtracting(recorded.keys).isEmpty { unrecorded += 1 }
            if !killed {
                tally.finished += 1
                #expect(out.status == 0 && recorded == listed && names(listed) == wanted, "\(moment): ended by itself: \(out.stderr)")
            } else if recorded.isEmpty {
                tally.before += 1
                if midWrite { tally.midWrite += 1 }
            } else if recorded.count == wanted.count {
                tally.after += 1
            } else {
                cut += 1
            }
            // The next sync finishes the job: one resource per sitting, no duplicate, the store knowing each ETag.
            let next = try CLIRunner.run(l.args, environment: l.env)
            #expect(next.status == 0, "\(moment): the next sync: \(next.stderr)")
            let finished = try Self.members(url)
            #expect(names(finished) == wanted, "\(moment): the server holds \(finished.keys.sorted())")
            #expect(try Self.recorded(l.store, url) == finished, "\(moment): the store's record differs from the server's")
            try FileManager.default.removeItem(at: URL(fileURLWithPath: l.store).deletingLastPathComponent())
        }
        print("KilledCommandTests: plan sync: \(Self.kills.sync) kills over 0–\(Int(typical * 1000)) ms: \(tally), \(cut) part way; \(unrecorded) with a resource on the server the store had not recorded")
        #expect(tally.before > 0)
        #expect(unrecorded == 0)
    }
}
