import ArgumentParser
import Foundation
import PlanCore
import PlanProtocol
import PlanRPC
import PlanRender
import PlanService
import PlanStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `plan rpc`: the JSON-RPC 2.0 server editors and scripts drive plan with.
/// The protocol itself lives in PlanProtocol (`RPCServer`); this only wires
/// it to stdin, stdout, stderr, the store and the clock.
struct RPCCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rpc",
        abstract: "Serve JSON-RPC 2.0 on stdin/stdout, for editors and scripts.",
        discussion: """
        Reads JSON-RPC 2.0 requests, notifications and batches from standard input, \
        one JSON value per line, or LSP style (Content-Length: N, a blank line, then N \
        bytes), and answers each request in the framing it came in. Standard output \
        carries nothing but responses; logs go to standard error.

        Methods: initialize, shutdown, calendar.add|list|remove, project.add|list|remove, \
        task.add|update|remove|done|list|get, series.add|list|get|update|skip|remove, \
        plan.agenda|replan|export, \
        policy.get|set, events.expand, schedule. Params and results are described by \
        the JSON Schemas in Schemas/ (see Schemas/README.md); the protocol version \
        is \(RPCServer.protocolVersion).

        A message over 16 MiB is refused (-32600) without being read into memory, \
        and so is a batch of more than 1,000 requests (none of it runs). \
        After an error the server keeps serving. It stops at end of input (status \
        0), or on the "exit" notification: status 0 after "shutdown", 1 without.

        With --once a request may span several lines (a pretty-printed file); \
        otherwise each line must hold a whole message.

        Examples:
          echo '{"jsonrpc":"2.0","id":1,"method":"task.list"}' | plan rpc --once
          plan rpc --once < Examples/rpc/schedule.json
          plan rpc --store /tmp/plan.sqlite    # long-running, for an editor

        Exit codes: 0 end of input, or exit after shutdown; 1 exit without \
        shutdown; 64 bad options (e.g. an unusable PLAN_NOW).
        """
    )

    @Option(help: ArgumentHelp("The store file. Default: $PLAN_STORE, else $XDG_DATA_HOME/plan/plan.sqlite (~/.local/share/plan/plan.sqlite).", valueName: "path"))
    var store: String?

    @Flag(help: "Answer one request or batch, then exit.")
    var once = false

    /// `--verbose` also logs every request on stderr, not only failures.
    @OptionGroup var output: OutputOptions

    func run() throws {
        // The store options every command shares: `--store`, `$PLAN_STORE`, `$PLAN_NOW`.
        let options = try StoreOptions.parse(store.map { ["--store", $0] } ?? [])
        let verbose = output.verbose
        // Check PLAN_NOW once, up front (exit 64 when unusable), and use it as the clock.
        let fixedNow = try Self.fixedNow()
        // A client that goes away must not kill the server mid-write.
        signal(SIGPIPE, SIG_IGN)
        let environment = RPCEnvironment(
            serverVersion: planVersion, localZone: try resolveZone(nil).identifier,
            clock: { fixedNow ?? Instant(seconds: Int64(Date().timeIntervalSince1970)) },
            openService: { () throws(RPCError) -> PlanService in
                do {
                    return try options.service(namingTheStore: false)
                } catch {
                    throw RPCError(ServiceError(error))
                }
            },
            // A request's method and id are quoted: inert, as all text on stderr.
            log: { FileHandleStderr.write(TerminalText.output($0 + "\n", keepingStyle: false)) },
            verbose: verbose)
        let server = RPCServer(environment: environment)
        var reader = FrameReader(source: FileDescriptorSource(fd: 0))
        // A script's request file may be pretty-printed: with --once, lines join into one value.
        reader.joinsIncompleteLines = once
        if verbose {
            environment.log("plan rpc: serving protocol \(RPCServer.protocolVersion) on stdin/stdout")
            environment.log("plan: store \(options.storePath)")
        }
        let status = server.serve(&reader, once: once) { writeAll(fd: 1, $0) }
        if status != 0 { throw ExitCode(status) }
    }

    /// `$PLAN_NOW`, when set: the fixed clock of reproducible runs.
    static func fixedNow() throws -> Instant? {
        do {
            return try PlanClock.fixedNow(environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
