import Foundation
import Testing

/// The disk faults of issue 19: a store path that is not a file, a store
/// that cannot be written (read-only file, folder or mount), a full disk, a
/// damaged or overwritten store, a newer plan's store. Each gives one clear
/// line and its documented exit code, reading goes on where the file can be
/// read, and the store is exactly as it was.
@Suite(.serialized) struct StoreFaultTests {
    static let env = ["PLAN_NOW": "2026-11-02T08:00:00-05:00"]
    static let addOne = ["add-task", "Essay", "--estimate", "4h", "--due", "2026-11-20", "--calendar", "Examples/fall-2026-classes.ics"]
    static let addMore = ["add-task", "More", "--estimate", "1h", "--due", "2026-11-20"]

    /// The store schema this plan writes, as `plan --version` says it (`… (store schema 6)`).
    static let schema: Int = {
        let version = (try? CLIRunner.run(["--version"]).stdout) ?? ""
        guard let range = version.range(of: "(store schema ") else { return -1 }
        return Int(version[range.upperBound...].prefix { $0.isNumber }) ?? -1
    }()

    /// A fresh folder (readable by everyone) holding a store with one task; its path and environment.
    static func storeWithOneTask(in dir: URL? = nil) throws -> (dir: URL, store: String, env: [String: String]) {
        let dir = try dir ?? StoreSafetyTests.tempDir()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
        let store = dir.appendingPathComponent("plan.sqlite").path
        var env = env
        env["PLAN_STORE"] = store
        let added = try CLIRunner.run(addOne, environment: env)
        try #require(added.status == 0, "\(added.stderr)")
        return (dir, store, env)
    }

    static func taskIds(_ env: [String: String], unprivileged: Bool = false) throws -> [String]? {
        let out = unprivileged ? try CLIRunner.runUnprivileged(["tasks", "--json"], environment: env) : try CLIRunner.run(["tasks", "--json"], environment: env)
        guard out.status == 0, let rows = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]] else { return nil }
        return rows.compactMap { $0["id"] as? String }
    }

    /// One line on stderr, `plan: ` and the text given.
    static func expectOneLine(_ out: CLIRunner.Output, status: Int32, saying text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(out.status == status, "\(out.stderr)", sourceLocation: sourceLocation)
        #expect(out.stderr.hasPrefix("plan: ") && out.stderr.filter { $0 == "\n" }.count == 1, "\(out.stderr)", sourceLocation: sourceLocation)
        #expect(out.stderr.contains(text), "\(out.stderr)", sourceLocation: sourceLocation)
    }

    @Test func aStorePathThatIsAFolderOrAFIFOIsRefusedBeforeSQLiteOpensIt() throws {
        let dir = try StoreSafetyTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        for args in [["tasks"], Self.addMore] {
            let out = try CLIRunner.run(args + ["--store", dir.path], environment: Self.env)
            Self.expectOneLine(out, status: 66, saying: "the store path \(dir.path) is a folder, not a store file: give --store (or $PLAN_STORE) the path of a file, such as \(dir.path)/plan.sqlite")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        let fifo = dir.appendingPathComponent("pipe").path
        try #require(mkfifo(fifo, 0o644) == 0)
        // Opened by SQLite, a FIFO would block the read forever: this returns at once.
        for args in [["tasks"], Self.addMore] {
            let out = try CLIRunner.run(args + ["--store", fifo], environment: Self.env)
            Self.expectOneLine(out, status: 66, saying: "the store path \(fifo) is a FIFO (named pipe), not a store file")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["pipe"])
    }

    @Test func aNewerPlansStoreIsRefusedWithEveryByteKept() throws {
        let (dir, store, env) = try Self.storeWithOneTask()
        defer { try? FileManager.default.removeItem(at: dir) }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: store))
        // PRAGMA user_version lives at offset 60 of the header, big-endian.
        bytes.replaceSubrange(60..<64, with: [0, 0, 0, UInt8(Self.schema + 1)])
        try bytes.write(to: URL(fileURLWithPath: store))
        let before = try StoreSafetyTests.snapshot(dir)
        for args in [["tasks"], ["agenda"], Self.addMore] {
            let out = try CLIRunner.run(args, environment: env)
            Self.expectOneLine(out, status: 65, saying: "\(store) is not a usable plan store: written by a newer plan (schema \(Self.schema + 1), this plan knows \(Self.schema))")
            #expect(try StoreSafetyTests.snapshot(dir) == before, "plan \(args[0]) changed a newer plan's store")
        }
    }

    @Test func aTruncatedStoreIsNamedDamagedKeptAsItIsAndRestoredFromABackup() throws {
        let (dir, store, env) = try Self.storeWithOneTask()
        defer { try? FileManager.default.removeItem(at: dir) }
        let backup = dir.appendingPathComponent("copy.sqlite").path
        #expect(try CLIRunner.run(["backup", backup], environment: env).status == 0)
        let handle = try #require(FileHandle(forWritingAtPath: store))
        try handle.truncate(atOffset: 8192)
        try handle.close()
        let damaged = try Data(contentsOf: URL(fileURLWithPath: store))
        for args in [["tasks"], ["agenda"], Self.addMore] {
            let out = try CLIRunner.run(args, environment: env)
            Self.expectOneLine(out, status: 65, saying: "the store \(store) is damaged (database disk image is malformed): `plan restore FILE` puts back a copy made with `plan backup`")
            #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == damaged)
        }
        let restored = try CLIRunner.run(["restore", backup], environment: env)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout.contains("The store as it was is kept as \(store).before-restore."))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store + ".before-restore")) == damaged)
        #expect(try Self.taskIds(env) == ["essay"])
        #expect(try StoreSafetyTests.integrity(dir).hasPrefix("ok"))
        // A second restore keeps the store it replaces under a new name; the damaged copy stays.
        let again = try CLIRunner.run(["restore", backup], environment: env)
        #expect(again.status == 0 && again.stdout.contains("kept as \(store).before-restore.1."), "\(again.stdout)\(again.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store + ".before-restore")) == damaged)
    }

    @Test func anOverwrittenStoreIsNotAPlanStoreAndStaysAsItIs() throws {
        let (dir, store, env) = try Self.storeWithOneTask()
        defer { try? FileManager.default.removeItem(at: dir) }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: store))
        bytes.replaceSubrange(0..<16, with: Data("not a database!!".utf8))
        try bytes.write(to: URL(fileURLWithPath: store))
        let before = try StoreSafetyTests.snapshot(dir)
        for args in [["tasks"], Self.addMore] {
            let out = try CLIRunner.run(args, environment: env)
            Self.expectOneLine(out, status: 65, saying: "\(store) is not a usable plan store: it is not an SQLite database")
            #expect(try StoreSafetyTests.snapshot(dir) == before)
        }
    }

    /// Tasks, the agenda and a refused change on a store nobody may write.
    static func expectReadableNotWritable(_ env: [String: String], store: String, why: String, unprivileged: Bool,
                                          sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = unprivileged ? CLIRunner.runUnprivileged : { try CLIRunner.run($0, environment: $1) }
        #expect(try Self.taskIds(env, unprivileged: unprivileged) == ["essay"], sourceLocation: sourceLocation)
        let agenda = try run(["agenda"], env)
        #expect(agenda.status == 0 && agenda.stdout.contains("Essay (1/"), "\(agenda.stderr)", sourceLocation: sourceLocation)
        for args in [Self.addMore, ["done", "Essay"], ["calendar", "remove", "fall-2026-classes"]] {
            let out = try run(args, env)
            Self.expectOneLine(out, status: 73, saying: "cannot change the store \(store): \(why); nothing was changed (reading it works)", sourceLocation: sourceLocation)
        }
    }

    @Test func aReadOnlyStoreFileIsReadAndAChangeToItIsRefused() throws {
        let (dir, store, env) = try Self.storeWithOneTask()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: dir.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store)
        let before = try StoreSafetyTests.snapshot(dir)
        try Self.expectReadableNotWritable(env, store: store, why: "the file is read-only (chmod u+w \(store) lets plan change it)", unprivileged: true)
        // Read immutably: no journal or shared-memory file was left beside it.
        #expect(try StoreSafetyTests.snapshot(dir) == before)
        #expect(try StoreSafetyTests.integrity(dir).hasPrefix("ok"))
    }

    @Test func aStoreInAReadOnlyFolderIsReadAndAChangeToItIsRefused() throws {
        let (dir, store, env) = try Self.storeWithOneTask()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
            try? FileManager.default.removeItem(at: dir)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: store)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: dir.path)
        let before = try StoreSafetyTests.snapshot(dir)
        try Self.expectReadableNotWritable(env, store: store, why: "its folder \(dir.path) is not writable (plan keeps a journal beside the store)", unprivileged: true)
        #expect(try StoreSafetyTests.snapshot(dir) == before)
        // A new store cannot be made there either: said as such, nothing left behind.
        var fresh = env
        fresh["PLAN_STORE"] = dir.appendingPathComponent("new.sqlite").path
        let made = try CLIRunner.runUnprivileged(Self.addMore, environment: fresh)
        Self.expectOneLine(made, status: 73, saying: "cannot open the store \(dir.path)/new.sqlite: cannot make it: its folder \(dir.path) is not writable")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["plan.sqlite"])
    }

    /// A small tmpfs mounted for one test (root only); nil, having said why, when it cannot be.
    static func mountTmpfs(kilobytes: Int) throws -> URL? {
        guard getuid() == 0 else {
            print("StoreFaultTests: skipped: mounting a tmpfs needs root (the tests run as uid \(getuid()))")
            return nil
        }
        let dir = try StoreSafetyTests.tempDir()
        let out = try CLIRunner.runTool(["mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "tmpfs", dir.path])
        guard out.status == 0 else {
            print("StoreFaultTests: skipped: cannot mount a tmpfs here: \(out.stderr)")
            try? FileManager.default.removeItem(at: dir)
            return nil
        }
        return dir
    }

    static func unmount(_ dir: URL) {
        _ = try? CLIRunner.runTool(["umount", dir.path])
        try? FileManager.default.removeItem(at: dir)
    }

    @Test func aStoreOnAReadOnlyMountIsReadAndAChangeToItIsRefused() throws {
        guard let mount = try Self.mountTmpfs(kilobytes: 2048) else { return }
        defer { Self.unmount(mount) }
        let (_, store, env) = try Self.storeWithOneTask(in: mount)
        let before = try StoreSafetyTests.snapshot(mount)
        #expect(try CLIRunner.runTool(["mount", "-o", "remount,ro", mount.path]).status == 0)
        // Root too: a read-only file system binds everyone.
        try Self.expectReadableNotWritable(env, store: store, why: "it is on a read-only file system", unprivileged: false)
        #expect(try StoreSafetyTests.snapshot(mount) == before)
    }

    @Test func aFullDiskLosesNothingAndReadingGoesOn() throws {
        guard let mount = try Self.mountTmpfs(kilobytes: 1024) else { return }
        defer { Self.unmount(mount) }
        let (_, store, env) = try Self.storeWithOneTask(in: mount)
        // A good copy kept on another disk, to restore from.
        let elsewhere = try StoreSafetyTests.tempDir()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let good = elsewhere.appendingPathComponent("good.sqlite").path
        #expect(try CLIRunner.run(["backup", good], environment: env).status == 0)
        // Fill what is left of the disk.
        let fill = mount.appendingPathComponent("fill").path
        #expect(try CLIRunner.runTool(["dd", "if=/dev/zero", "of=\(fill)", "bs=4096"]).status != 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        for args in [Self.addMore, ["done", "Essay"], ["replan"], ["project", "add", "History"]] {
            let out = try CLIRunner.run(args, environment: env)
            Self.expectOneLine(out, status: 74, saying: "cannot write the store \(store): the disk is full; nothing was changed: free some space and run the command again")
            #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before, "plan \(args[0]) changed the store on a full disk")
        }
        // A backup or a restore on the full disk: exit 74 as every full disk, the store as it was.
        let copy = mount.appendingPathComponent("copy.sqlite").path
        let backedUp = try CLIRunner.run(["backup", copy], environment: env)
        Self.expectOneLine(backedUp, status: 74, saying: "cannot write the store \(copy): the disk is full; nothing was changed")
        let restored = try CLIRunner.run(["restore", good], environment: env)
        Self.expectOneLine(restored, status: 74, saying: "the disk is full; nothing was changed")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before, "backup and restore changed nothing")
        #expect(try Self.taskIds(env) == ["essay"])
        #expect(try CLIRunner.run(["agenda"], environment: env).status == 0)
        // Room again: the same command goes through, and the store is whole.
        try FileManager.default.removeItem(atPath: fill)
        #expect(try CLIRunner.run(Self.addMore, environment: env).status == 0)
        #expect(try Self.taskIds(env)?.sorted() == ["essay", "more"])
        #expect(try StoreSafetyTests.integrity(mount).hasPrefix("ok"))
    }

    @Test func backUpAndRestoreRoundTripAndRefuseWhatIsNotAPlanStore() throws {
        let (dir, store, env) = try Self.storeWithOneTask()
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = dir.appendingPathComponent("before-more.sqlite").path
        let backedUp = try CLIRunner.run(["backup", copy, "--json"], environment: env)
        #expect(backedUp.status == 0, "\(backedUp.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(backedUp.stdout.utf8)) as? [String: Any])
        #expect(summary["path"] as? String == copy && summary["tasks"] as? Int == 1 && summary["schemaVersion"] as? Int == Self.schema)
        // The copy is one self-contained file: no log beside it.
        #expect(!FileManager.default.fileExists(atPath: copy + "-wal"))
        #expect(try CLIRunner.run(Self.addMore, environment: env).status == 0)
        #expect(try Self.taskIds(env)?.sorted() == ["essay", "more"])

        // What is not a plan store, or is a newer plan's, is refused and the store kept.
        let notes = dir.appendingPathComponent("notes.txt").path
        try "my notes".write(toFile: notes, atomically: true, encoding: .utf8)
        var newer = try Data(contentsOf: URL(fileURLWithPath: copy))
        newer.replaceSubrange(60..<64, with: [0, 0, 0, UInt8(Self.schema + 1)])
        let newerPath = dir.appendingPathComponent("newer.sqlite").path
        try newer.write(to: URL(fileURLWithPath: newerPath))
        for (file, text) in [(notes, "it is not an SQLite database"), (newerPath, "written by a newer plan (schema \(Self.schema + 1), this plan knows \(Self.schema))")] {
            let out = try CLIRunner.run(["restore", file], environment: env)
            Self.expectOneLine(out, status: 65, saying: text)
            #expect(try Self.taskIds(env)?.sorted() == ["essay", "more"])
        }
        // A backup over a file that is not a store is refused, the file kept.
        Self.expectOneLine(try CLIRunner.run(["backup", notes], environment: env), status: 65, saying: "\(notes) exists and is not a plan store")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes")

        let restored = try CLIRunner.run(["restore", copy], environment: env)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(try Self.taskIds(env) == ["essay"])
        // The store as it was before the restore is kept, whole.
        var keptEnv = env
        keptEnv["PLAN_STORE"] = store + ".before-restore"
        #expect(try Self.taskIds(keptEnv)?.sorted() == ["essay", "more"])
        #expect(try StoreSafetyTests.integrity(dir).hasPrefix("ok"))
        // On a new machine: no store and no folder for it yet.
        var newMachine = env
        newMachine["PLAN_STORE"] = dir.appendingPathComponent("home/.local/share/plan/plan.sqlite").path
        let first = try CLIRunner.run(["restore", copy], environment: newMachine)
        #expect(first.status == 0 && !first.stdout.contains("kept as"), "\(first.stdout)\(first.stderr)")
        #expect(try Self.taskIds(newMachine) == ["essay"])
    }

    @Test func withJSONAFailureIsOneJSONObjectOnStderr() throws {
        let dir = try StoreSafetyTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases: [([String], Int32, String)] = [
            (["tasks", "--store", dir.path, "--json"], 66, "noInput"),
            (["events", "missing.ics", "--json"], 66, "noInput"),
            (["tasks", "--json", "--no-such-option"], 64, "usage"),
            (["schedule", "--tasks", "missing.json", "--json"], 66, "noInput"),
        ]
        for (args, status, code) in cases {
            let out = try CLIRunner.run(args, environment: Self.env)
            #expect(out.status == status, "\(args): \(out.stderr)")
            #expect(out.stderr.hasSuffix("\n") && out.stderr.filter { $0 == "\n" }.count == 1, "\(args): \(out.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(out.stderr.utf8)) as? [String: Any], "\(args): \(out.stderr)")
            let error = try #require(object["error"] as? [String: Any])
            #expect(error["code"] as? String == code && error["exit"] as? Int == Int(status), "\(args): \(out.stderr)")
            #expect((error["message"] as? String)?.isEmpty == false)
            // Without --json, the same failure is a `plan: ` line.
            let text = try CLIRunner.run(args.filter { $0 != "--json" }, environment: Self.env)
            #expect(text.status == status)
            if status != 64 { #expect(text.stderr.hasPrefix("plan: ")) }
        }
    }
}
