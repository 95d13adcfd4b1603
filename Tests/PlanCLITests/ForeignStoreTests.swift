import Foundation
import Testing

/// Issue 28: plan takes a file as its store only when it is plan's
/// (`PRAGMA application_id` 0x504C414E, or an older plan's tables and
/// schema): another program's SQLite file is refused by every command and
/// by `plan rpc` without a byte changed; a store rebuilt from a dump is
/// refused with the way back (`plan doctor --repair`), which works; a
/// damaged store is refused by `plan backup` and by an upgrade, which name it.
@Suite(.serialized) struct ForeignStoreTests {
    static let env = StoreFaultTests.env
    /// plan's `PRAGMA application_id`, as `sqlite3` prints it.
    static let mark = "1347174734"

    /// Every file of `dir`, by name: nothing may appear beside a refused file either.
    static func files(_ dir: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
            out[name] = try Data(contentsOf: dir.appendingPathComponent(name))
        }
        return out
    }

    /// `sqlite3 PATH SQL` must work: these tests make their files with it.
    static func sqlite(_ path: String, _ sql: String) throws {
        let out = try CLIRunner.runTool(["sqlite3", path, sql])
        try #require(out.status == 0, "sqlite3: \(out.stderr)")
    }

    static func rpcList(_ store: String) throws -> CLIRunner.Output {
        try RPCTests.rpc(Data((RPCTests.request(1, "task.list") + "\n").utf8), store: store, extra: ["--once"])
    }

    @Test(arguments: [
        "CREATE TABLE recipes(name TEXT PRIMARY KEY, minutes INTEGER); INSERT INTO recipes VALUES('soup', 30);",
        // A table of plan's name: creating plan's tables in it failed half way (exit 70) with the file already changed.
        "CREATE TABLE projects(id INTEGER PRIMARY KEY, budget REAL); INSERT INTO projects VALUES(1, 2.5);",
        // Another program's mark.
        "PRAGMA application_id = 1234; CREATE TABLE notes(body TEXT);",
    ])
    func anotherProgramsSQLiteFileIsRefusedAndLeftByteForByte(sql: String) throws {
        try #require(SQLiteShell.available, "sqlite3 is needed to make another program's database")
        let dir = try StoreSafetyTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let other = dir.appendingPathComponent("recipes.db").path
        try Self.sqlite(other, sql)
        let before = try Self.files(dir)
        for args in [["tasks"], StoreFaultTests.addMore] {
            let out = try CLIRunner.run(args + ["--store", other], environment: Self.env)
            StoreFaultTests.expectOneLine(out, status: 65, saying: "\(other) is not a usable plan store: ")
            #expect(out.stderr.contains("not a plan store; it was not changed: give --store (or $PLAN_STORE) the path of a plan store"),
                    "\(out.stderr)")
            #expect(try Self.files(dir) == before, "plan \(args[0]) changed another program's file")
        }
        let rpc = try Self.rpcList(other)
        #expect(rpc.stdout.contains(#""code":-32006"#) && rpc.stdout.contains("not a plan store; it was not changed"), "\(rpc.stdout)")
        #expect(try Self.files(dir) == before, "plan rpc changed another program's file")
        // Restore and backup say the same of it.
        StoreFaultTests.expectOneLine(try CLIRunner.run(["restore", other, "--store", dir.appendingPathComponent("plan.sqlite").path],
                                                        environment: Self.env), status: 65, saying: "not a plan store")
        #expect(try Self.files(dir) == before)
    }

    @Test func aStoreRebuiltFromADumpIsRefusedAndDoctorRepairMarksItAgain() throws {
        try #require(SQLiteShell.available, "sqlite3 is needed to rebuild a store from its dump")
        let (dir, store, env) = try StoreFaultTests.storeWithOneTask()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try SQLiteShell.rows(store, "PRAGMA application_id") == [Self.mark], "a new store is marked")
        let rebuilt = dir.appendingPathComponent("rebuilt.sqlite").path
        let dumped = try CLIRunner.runTool(["sh", "-c", "sqlite3 \"$0\" .dump | sqlite3 \"$1\"", store, rebuilt])
        try #require(dumped.status == 0, "\(dumped.stderr)")
        // The dump keeps tables and rows, not the header: no schema version, no mark.
        #expect(try SQLiteShell.rows(rebuilt, "PRAGMA user_version; PRAGMA application_id;") == ["0", "0"])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: rebuilt))
        var atRebuilt = env
        atRebuilt["PLAN_STORE"] = rebuilt
        let suggestion = "`plan doctor --repair --store \(rebuilt)` checks its tables and marks it as plan's"
        for args in [["tasks"], StoreFaultTests.addMore] {
            let out = try CLIRunner.run(args, environment: atRebuilt)
            StoreFaultTests.expectOneLine(out, status: 65, saying: "\(rebuilt) is not a usable plan store: it has plan's tables but not plan's mark")
            #expect(out.stderr.contains(suggestion), "\(out.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: rebuilt)) == bytes)
        }
        // What the message suggests works: the store is plan's again, with its task.
        let repaired = try CLIRunner.run(["doctor", "--repair", "--store", rebuilt], environment: Self.env)
        #expect(repaired.stdout.contains("repaired: its tables are this plan's, so it is marked as a plan store at schema \(StoreFaultTests.schema)"),
                "\(repaired.stdout)\(repaired.stderr)")
        #expect(try SQLiteShell.rows(rebuilt, "PRAGMA user_version; PRAGMA application_id;") == ["\(StoreFaultTests.schema)", Self.mark])
        #expect(try StoreFaultTests.taskIds(atRebuilt) == ["essay"])
        #expect(try CLIRunner.run(StoreFaultTests.addMore, environment: atRebuilt).status == 0)
        #expect(try StoreFaultTests.taskIds(atRebuilt)?.sorted() == ["essay", "more"])
        // A second repair has nothing to do; a rebuilt store whose tables differ is not marked.
        let again = try CLIRunner.run(["doctor", "--repair", "--store", rebuilt], environment: Self.env)
        #expect(!again.stdout.contains("repaired"), "\(again.stdout)")
        let partial = dir.appendingPathComponent("partial.sqlite").path
        let cut = try CLIRunner.runTool(["sh", "-c", "sqlite3 \"$0\" .dump | sqlite3 \"$1\" && sqlite3 \"$1\" 'DROP TABLE busy_cache'",
                                         store, partial])
        try #require(cut.status == 0, "\(cut.stderr)")
        let partialBytes = try Data(contentsOf: URL(fileURLWithPath: partial))
        let refused = try CLIRunner.run(["doctor", "--repair", "--store", partial], environment: Self.env)
        #expect(refused.status == 1 && refused.stdout.contains("schema \(StoreFaultTests.schema) (no table busy_cache)"),
                "\(refused.stdout)\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: partial)) == partialBytes)
    }

    @Test func aNewOrEmptyFileStillBecomesAMarkedStore() throws {
        try #require(SQLiteShell.available, "sqlite3 is needed to read the mark")
        let dir = try StoreSafetyTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty.sqlite").path
        #expect(FileManager.default.createFile(atPath: empty, contents: nil))
        let fresh = dir.appendingPathComponent("new/plan.sqlite").path
        for path in [empty, fresh] {
            let out = try CLIRunner.run(StoreFaultTests.addMore + ["--store", path], environment: Self.env)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(try SQLiteShell.rows(path, "PRAGMA user_version; PRAGMA application_id;") == ["\(StoreFaultTests.schema)", Self.mark])
        }
    }

    /// Overwrites the first page of the index that keeps task ids unique,
    /// after folding the write-ahead log into the file.
    static func damageTaskIndex(_ store: String) throws {
        let root = try SQLiteShell.rows(store, "PRAGMA wal_checkpoint(TRUNCATE); SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_tasks_1';")
        let page = try #require(root.last.flatMap { Int($0) })
        let size = try #require(try SQLiteShell.rows(store, "PRAGMA page_size").first.flatMap { Int($0) })
        let handle = try #require(FileHandle(forWritingAtPath: store))
        try handle.seek(toOffset: UInt64((page - 1) * size))
        handle.write(Data(repeating: 0x5A, count: size))
        try handle.close()
    }

    @Test func aDamagedStoreIsRefusedByBackupWhichNamesIt() throws {
        try #require(SQLiteShell.available, "sqlite3 is needed to find an index page")
        let (dir, store, env) = try StoreFaultTests.storeWithOneTask()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.damageTaskIndex(store)
        #expect(try SQLiteShell.state(store).integrity != "ok")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: store))
        let copy = dir.appendingPathComponent("copy.sqlite").path
        let out = try CLIRunner.run(["backup", copy], environment: env)
        StoreFaultTests.expectOneLine(out, status: 65, saying: "the store \(store) is damaged (")
        #expect(out.stderr.contains("no copy was written"), "\(out.stderr)")
        #expect(!out.stderr.contains(copy), "the copy is not the damaged file: \(out.stderr)")
        #expect(!FileManager.default.fileExists(atPath: copy))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == bytes)
    }

    /// A store with one task as a schema-7 plan left it: no mark, no columns for the group calendar.
    static func schema7StoreWithOneTask() throws -> (dir: URL, store: String, env: [String: String]) {
        let made = try StoreFaultTests.storeWithOneTask()
        try sqlite(made.store, """
            ALTER TABLE group_sessions DROP COLUMN calendar_path; ALTER TABLE group_sessions DROP COLUMN calendar_etag;
            PRAGMA user_version = 7; PRAGMA application_id = 0;
            """)
        return made
    }

    @Test func aDamagedOlderStoreIsNotUpgradedAndIsNamed() throws {
        try #require(SQLiteShell.available, "sqlite3 is needed to make a schema-7 store")
        let (dir, store, env) = try Self.schema7StoreWithOneTask()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.damageTaskIndex(store)
        let kept = { () throws -> [String: Data] in try Self.files(dir).filter { !$0.key.hasSuffix("-shm") && !$0.key.hasSuffix("-wal") } }
        let before = try kept()
        let out = try CLIRunner.run(["tasks"], environment: env)
        StoreFaultTests.expectOneLine(out, status: 65, saying: "the store \(store) is damaged (")
        #expect(out.stderr.contains("the schema-7 store was not upgraded and is unchanged"), "\(out.stderr)")
        #expect(try kept() == before, "no .v7-backup, nothing changed")
    }

    @Test func anUnmarkedOlderStoreIsUpgradedAndGainsTheMark() throws {
        try #require(SQLiteShell.available, "sqlite3 is needed to make a schema-7 store")
        let (dir, store, env) = try Self.schema7StoreWithOneTask()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try CLIRunner.run(["tasks", "--json"], environment: env)
        #expect(out.status == 0 && out.stderr.contains("from schema 7 to \(StoreFaultTests.schema)"), "\(out.stderr)")
        #expect(try SQLiteShell.rows(store, "PRAGMA user_version; PRAGMA application_id;") == ["\(StoreFaultTests.schema)", Self.mark])
        // A current store made before the mark gains it when next opened.
        try Self.sqlite(store, "PRAGMA application_id = 0;")
        #expect(try StoreFaultTests.taskIds(env) == ["essay"])
        #expect(try SQLiteShell.rows(store, "PRAGMA application_id") == [Self.mark])
    }
}
