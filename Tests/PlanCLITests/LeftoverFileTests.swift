import Foundation
import Testing

/// Issue 28, points 3 and 13: what a killed plan leaves beside an output
/// (`FILE.plan-partial-PID` and its journal) is named by `plan doctor` and
/// removed by the next backup, export or mail written into that folder;
/// a partial file of a plan still running is left alone. A full disk
/// (a small tmpfs mounted by the test) is exit 74 for an export and a
/// problem for `plan doctor`.
@Suite struct LeftoverFileTests {
    /// The id of a process that has ended (a `true` run to its end).
    static func deadPID() throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        return p.processIdentifier
    }

    static func names(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    }

    @Test func aKilledBackupsFilesAreNamedByDoctorAndRemovedByTheNextBackup() throws {
        let (dir, _, env) = try StoreFaultTests.storeWithOneTask()
        defer { try? FileManager.default.removeItem(at: dir) }
        let backup = dir.appendingPathComponent("backup.sqlite").path
        let dead = try Self.deadPID(), alive = getpid()
        let stale = ["backup.sqlite.plan-partial-\(dead)", "backup.sqlite.plan-partial-\(dead)-journal"]
        for name in stale { try Data(repeating: 7, count: 4096).write(to: dir.appendingPathComponent(name)) }
        // A running process's partial file (this test's): not a leftover.
        let running = "other.sqlite.plan-partial-\(alive)"
        try Data("busy".utf8).write(to: dir.appendingPathComponent(running))

        let doctor = try CLIRunner.run(["doctor"], environment: env)
        #expect(doctor.stdout.contains("2 partial files: left by a plan that was stopped while writing (8192 bytes): "
                                       + stale.map { dir.appendingPathComponent($0).path }.joined(separator: ", ")), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains(running), "\(doctor.stdout)")

        let out = try CLIRunner.run(["backup", backup], environment: env)
        #expect(out.status == 0, "\(out)")
        #expect(FileManager.default.fileExists(atPath: backup))
        #expect(try Self.names(dir).filter { $0.contains(".plan-partial-") } == [running], "only the running one's is kept")
        #expect(!(try CLIRunner.run(["doctor"], environment: env)).stdout.contains("partial file"))
    }

    /// A real `plan backup` killed (SIGKILL) part way, again and again: the
    /// next backup leaves nothing of the killed ones beside the copy.
    @Test func realKilledBackupsLeaveNothingAfterTheNextOne() throws {
        let (dir, store, env) = try StoreFaultTests.storeWithOneTask()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 20 MB more in the store (a table plan does not read): the copy takes long enough to be cut.
        let pad = "CREATE TABLE pad(x); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) "
            + "INSERT INTO pad SELECT randomblob(1000) FROM n;"
        if try CLIRunner.runTool(["sqlite3", store, pad]).status != 0 {
            print("LeftoverFileTests: the sqlite3 shell is not installed: the store is small, few backups may be cut")
        }
        let backup = dir.appendingPathComponent("backup.sqlite").path
        var cut = 0
        for k in 0..<12 {
            let running = try CLIRunner.start(["backup", backup], environment: env)
            usleep(UInt32(10_000 + k * 16_000))
            if running.process.isRunning { running.kill() }
            _ = try running.wait()
            if running.process.terminationReason == .uncaughtSignal { cut += 1 }
        }
        print("LeftoverFileTests: \(cut) of 12 backups were killed part way; left: \(try Self.names(dir).filter { $0.contains(".plan-partial-") })")
        #expect(try CLIRunner.run(["backup", backup], environment: env).status == 0)
        #expect(try Self.names(dir).filter { $0.contains(".plan-partial-") } == [])
    }

    @Test func aKilledMailWritersFileIsRemovedByTheNextMail() throws {
        let (dir, _, env) = try StoreFaultTests.storeWithOneTask()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mail = dir.appendingPathComponent("mail")
        try FileManager.default.createDirectory(at: mail, withIntermediateDirectories: true)
        let stale = "review-request-0-bob=uni.edu.eml.plan-partial-\(try Self.deadPID())"
        try Data("half a mess".utf8).write(to: mail.appendingPathComponent(stale))
        #expect(try CLIRunner.run(["me", "--name", "Ada Byron", "--email", "ada@uni.edu"], environment: env).status == 0)
        let out = try CLIRunner.run(["group", "create", "Review", "--at", "2026-12-02T19:00", "--for", "2h",
                                    "--invite", "bob@uni.edu", "--mail-dir", mail.path], environment: env)
        #expect(out.status == 0, "\(out)")
        #expect(try Self.names(mail) == ["review-request-0-bob=uni.edu.eml"])
    }

    @Test func aFullDiskIsExit74ForAnExportAndAProblemForDoctor() throws {
        guard let mount = try StoreFaultTests.mountTmpfs(kilobytes: 4096) else { return }
        defer { StoreFaultTests.unmount(mount) }
        let (_, _, env) = try StoreFaultTests.storeWithOneTask(in: mount)
        let old = mount.appendingPathComponent("plan.ics").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: old))
        #expect(try CLIRunner.run(["doctor"], environment: env).status == 0)
        #expect(try CLIRunner.runTool(["dd", "if=/dev/zero", "of=\(mount.appendingPathComponent("fill").path)", "bs=4096"]).status != 0)

        let export = try CLIRunner.run(["export", old], environment: env)
        #expect(export.status == 74, "\(export)")
        #expect(export.stderr == "plan: cannot write \(old): No space left on device; it was not changed\n")
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "old")
        #expect(try Self.names(mount).filter { $0.contains(".plan-partial-") } == [])

        let doctor = try CLIRunner.run(["doctor"], environment: env)
        #expect(doctor.status == 1, "\(doctor)")
        #expect(doctor.stdout.contains("the disk holding the store is full (0 bytes free)"), "\(doctor.stdout)")
    }
}
