import ArgumentParser
import Foundation
import PlanDAV

/// How plan talks to servers this once: `--timeout` and `--ca-file`, the
/// command-line spellings of `PLAN_TIMEOUT` and `PLAN_CA_FILE` (which `plan
/// rpc` and scripts set instead). Each value is checked by the type the
/// variable's is (``RequestTimeout``), so both say the same.
struct ServerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The time limit of each request to a server (calendars, subscriptions, sync), e.g. 10, 45s, 2m. "
                               + "A server that takes longer is out of reach this once: plan goes on from its stored copy. "
                               + "Default: $PLAN_TIMEOUT, else 30 s.", valueName: "seconds"))
    var timeout: String?

    @Option(help: ArgumentHelp("A PEM file of certificate authorities to trust besides the system's (a university's or a home server's own). "
                               + "Default: $PLAN_CA_FILE, else $SSL_CERT_FILE.", valueName: "file"))
    var caFile: String?

    func validate() throws {
        if let timeout, RequestTimeout.seconds(timeout) == nil {
            throw ValidationError(RequestTimeout.refusal(timeout, from: "--timeout"))
        }
        if let caFile, let problem = CertificateAuthorities.problem(caFile) {
            throw ValidationError("--ca-file \(caFile) \(problem): give the PEM file of your server's certificate authority")
        }
    }

    /// `environment` with these options in place of the variables they stand for.
    func environment(_ environment: [String: String]) -> [String: String] {
        var env = environment
        if let timeout, let seconds = RequestTimeout.seconds(timeout) { env[RequestTimeout.variable] = String(seconds) }
        if let caFile { env[CertificateAuthorities.variables[0]] = caFile }
        return env
    }
}
