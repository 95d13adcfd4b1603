import Foundation
import PlanCore
import PlanProtocol
import PlanRPC
import PlanService
import PlanStore

/// `plan rpc` under fuzzing: the bytes are one session's standard input
/// (either framing, batches, any methods), served to the end over a new,
/// empty store in a private directory (a copy of ``emptyStore``), with a
/// fixed clock and zone.
///
/// The requests may name files, and some methods write them (`plan.export`)
/// or read them (`calendar.add`, `events.expand`): so that no input can reach
/// a file outside the private directory, every `/` of the input, written or
/// escaped as `\u002f`, becomes `_` before the session sees it. A path is
/// then one name, in the current directory; the fuzzer (Fuzz/Sources/FuzzRPC)
/// runs from the private directory, and the regression inputs name no file.
public enum RPCEntry {
    /// Monday 2026-11-23 13:00 UTC.
    static let now = Instant(seconds: 1_795_438_800)

    /// The private directory, emptied before each session: `$PLAN_FUZZ_DIR`
    /// when set (Fuzz/run.sh, MutationPassTests), else a new one in /dev/shm
    /// when there is one (a store's fsyncs cost nothing there) or the
    /// temporary directory, named after the process and removed when it exits
    /// (not when it crashes: then the input that crashed it is what matters).
    public static let directory: String = {
        if let given = ProcessInfo.processInfo.environment["PLAN_FUZZ_DIR"], !given.isEmpty {
            try? FileManager.default.createDirectory(atPath: given, withIntermediateDirectories: true)
            return given
        }
        let base = FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let path = (base as NSString).appendingPathComponent("plan-fuzz-rpc-\(getpid())")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: RPCEntry.directory) }
        return path
    }()

    /// One session at a time in a process: they share ``directory`` (the
    /// mutation pass and the regression replay of `swift test` run at once).
    static let oneSession = NSLock()

    /// The bytes of a new, empty store, made once a process by `PlanStore`
    /// itself (in a folder of its own beside ``directory``): each session
    /// starts from a copy of them. Making the schema anew for every session
    /// cost about 3 ms of the fuzzer's 7 to 10 ms an input, and no input
    /// reaches that code (its own tests cover it). Nil when it could not be
    /// made: each session then makes its store. An array, not `Data`: a
    /// pointer LeakSanitizer can follow from the global.
    static let emptyStore: [UInt8]? = {
        let folder = directory + "-empty-store"
        let path = (folder as NSString).appendingPathComponent("plan.sqlite")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Closed when it goes out of scope: the log is folded into the file.
        do { _ = try PlanStore(path: path) } catch { return nil }
        return FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }()

    public static func run(_ bytes: [UInt8]) {
        oneSession.lock()
        defer { oneSession.unlock() }
        // A fresh store for every session: nothing carries from one input to the next.
        if let names = try? FileManager.default.contentsOfDirectory(atPath: directory) {
            for name in names { try? FileManager.default.removeItem(atPath: (directory as NSString).appendingPathComponent(name)) }
        }
        let storePath = (directory as NSString).appendingPathComponent("plan.sqlite")
        if let emptyStore { _ = FileManager.default.createFile(atPath: storePath, contents: Data(emptyStore)) }
        let environment = RPCEnvironment(
            serverVersion: "fuzz", localZone: "America/New_York", clock: { now },
            openService: { () throws(RPCError) -> PlanService in
                do throws(StoreError) {
                    return PlanService(store: try PlanStore(path: storePath), now: now, environment: ["TZ": "America/New_York"])
                } catch {
                    throw RPCError(ServiceError.store(error))
                }
            },
            log: { blackHole($0.utf8.count) })
        let server = RPCServer(environment: environment)
        var reader = FrameReader(source: MemorySource(withoutSlashes(bytes)))
        var written = 0
        _ = server.serve(&reader) { written &+= $0.count; return true }
        blackHole(written)
    }

    /// `bytes` with every `/` and every `\u002f` (any case) made `_`.
    static func withoutSlashes(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        let slash = UInt8(ascii: "/"), underscore = UInt8(ascii: "_")
        for i in out.indices where out[i] == slash { out[i] = underscore }
        // \u002f → \u005f: the escape of `_`.
        var i = 0
        while i + 5 < out.count {
            if out[i] == UInt8(ascii: "\\"), out[i + 1] == UInt8(ascii: "u"), out[i + 2] == UInt8(ascii: "0"),
               out[i + 3] == UInt8(ascii: "0"), out[i + 4] == UInt8(ascii: "2"), out[i + 5] | 0x20 == UInt8(ascii: "f") {
                out[i + 4] = UInt8(ascii: "5")
            }
            i += 1
        }
        return out
    }
}
