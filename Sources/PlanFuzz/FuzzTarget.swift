/// The inputs plan is fuzzed on (`bash Fuzz/run.sh`, docs/fuzzing.md): each
/// target turns arbitrary bytes into one run of a real reader through its
/// public API, the way a user's file or a client's message reaches it.
///
/// The libFuzzer executables in `Fuzz/` call ``run(_:)``, and so does the
/// regression test over `Tests/PlanFuzzTests/FuzzRegressions/`: an input
/// that once failed under the fuzzer is replayed there without it. A run
/// must return: a crash, a trap, a leak, more than a second or more than
/// 512 MB is the failure the fuzzer looks for. The mutation pass of every
/// `swift test` (`MutationPassTests`, docs/fuzzing.md) calls it too, on
/// inputs of at most ``maxLength`` bytes that ``Mutator`` makes.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `.ics` bytes → occurrences over a fixed window (``ImporterEntry``).
    case importer
    /// Bytes → one `plan rpc` session over a fresh store (``RPCEntry``).
    case rpc
    /// A `plan schedule` request → the plan (``ScheduleEntry``).
    case schedule
    /// A course catalog in any format plan reads → the catalog (``CatalogEntry``).
    case catalog
    /// A WebDAV multistatus body → its responses (``MultistatusEntry``).
    case multistatus
    /// A mail message or `.ics` → its calendar part, sender and iTIP message (``MailEntry``).
    case mail
    /// An invitation or answer by mail → weighed against sessions, the rules of who may change what checked (``InvitationEntry``).
    case invitation

    /// The longest input worth trying: libFuzzer's `-max_len` in Fuzz/run.sh
    /// and the mutation pass's bound. Longer inputs mostly repeat what shorter
    /// ones reach, and cost the rate; the size bounds of the readers
    /// themselves are tested apart (docs/fuzzing.md, "Bounds on input").
    public var maxLength: Int {
        switch self {
        case .importer, .catalog, .multistatus, .mail: 16_384
        case .rpc, .schedule, .invitation: 8_192
        }
    }

    /// How long one input may take in an unoptimized build (the regression
    /// replay, the mutation pass) before it counts as a hang. libFuzzer's
    /// limit for the optimized, instrumented build is 1 s; a debug build is
    /// several times slower and shares two cores with the other tests.
    public static let debugTimeLimit: Duration = .seconds(5)

    /// Runs the target once on `bytes`; never throws: every error is an answer.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .importer: ImporterEntry.run(bytes)
        case .rpc: RPCEntry.run(bytes)
        case .schedule: ScheduleEntry.run(bytes)
        case .catalog: CatalogEntry.run(bytes)
        case .multistatus: MultistatusEntry.run(bytes)
        case .mail: MailEntry.run(bytes)
        case .invitation: InvitationEntry.run(bytes)
        }
    }
}
