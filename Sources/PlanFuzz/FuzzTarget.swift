/// The inputs plan is fuzzed on (`bash Fuzz/run.sh`, README "Fuzzing"): each
/// target turns arbitrary bytes into one run of a real reader through its
/// public API, the way a user's file or a client's message reaches it.
///
/// The libFuzzer executables in `Fuzz/` call ``run(_:)``, and so does the
/// regression test over `Tests/PlanFuzzTests/FuzzRegressions/`: an input
/// that once failed under the fuzzer is replayed there without it. A run
/// must return: a crash, a trap, a leak, more than a second or more than
/// 512 MB is the failure the fuzzer looks for.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `.ics` bytes → occurrences over a fixed window (``ImporterEntry``).
    case importer
    /// Bytes → one `plan rpc` session over a fresh store (``RPCEntry``).
    case rpc
    /// A `plan schedule` request → the plan (``ScheduleEntry``).
    case schedule
    /// A course catalog in any format plan reads → the catalog (``CatalogEntry``).
    case catalog
    // The CalDAV multistatus parser gets its case here once this branch has
    // it (`Multistatus.parse(_:)` in PlanDAV: bytes → a value or a ParseError):
    // `case multistatus` running `_ = try? Multistatus.parse(bytes)` (with
    // "PlanDAV" among PlanFuzz's dependencies), an executable
    // `FuzzMultistatus` in Fuzz/Package.swift, its name in Fuzz/run.sh
    // (targets, max_len 65536, seeds: the multistatus bodies of the CalDAV
    // tests), a dictionary of DAV element names, and a FuzzRegressions folder.

    /// Runs the target once on `bytes`; never throws: every error is an answer.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .importer: ImporterEntry.run(bytes)
        case .rpc: RPCEntry.run(bytes)
        case .schedule: ScheduleEntry.run(bytes)
        case .catalog: CatalogEntry.run(bytes)
        }
    }
}
