import ArgumentParser
import Synchronization

/// `--quiet` and `--verbose`: how much a command says, the same on every
/// command (every store-backed one has them through ``StoreOptions``).
///
/// - `--quiet`: errors only, and the data the command exists to print
///   (`--json` output, a listing, `export -`); no warnings, notices or
///   confirmations (`Added …`, `Wrote …`).
/// - `--verbose`: also what plan did, on stderr: the store it opened, each
///   calendar read and where from (a path or a URL, never a credential), and
///   every warning of a calendar (else the first 20 of a file).
///
/// Together they are a usage error (exit 64).
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print only errors and the data asked for (a listing, --json, export to stdout): no warnings, notices or confirmations.")
    var quiet = false

    @Flag(help: "Also say on stderr what plan did: the store it opened, each calendar it read and where from, and every warning (not only a file's first 20).")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together: choose one") }
        // Set only when asked: a group parsed again inside a command (`plan rpc`) keeps the choice.
        if quiet { Verbosity.current = .quiet }
        if verbose { Verbosity.current = .verbose }
    }
}

/// How much this run says, set once from ``OutputOptions`` as the command line is read.
enum Verbosity: Sendable {
    case quiet, normal, verbose

    private static let chosen = Mutex(Verbosity.normal)

    static var current: Verbosity {
        get { chosen.withLock { $0 } }
        set { chosen.withLock { $0 = newValue } }
    }
}
