import Foundation
import NIOSSL

/// Certificate authorities the user trusts besides this machine's: a PEM
/// file named by `PLAN_CA_FILE`, else by `SSL_CERT_FILE` (the variable
/// OpenSSL, curl and Python read), for a university's or a home server's
/// own authority. Without one, only the system's authorities are trusted.
package enum CertificateAuthorities {
    /// The variables read, in order.
    package static let variables = ["PLAN_CA_FILE", "SSL_CERT_FILE"]

    /// The file to trust, when a variable names one (empty means unset).
    package static func file(_ environment: [String: String]) -> String? {
        variables.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }

    /// The certificates of `file`, or what is wrong with it (`holds no PEM certificate`, …).
    static func load(_ file: String) -> (certificates: [NIOSSLCertificate], problem: String?) {
        do {
            let certificates = try NIOSSLCertificate.fromPEMFile(file)
            return (certificates, certificates.isEmpty ? "holds no PEM certificate" : nil)
        } catch {
            return ([], FileManager.default.isReadableFile(atPath: file) ? "is not a PEM certificate file" : "cannot be read")
        }
    }

    /// What is wrong with `file` as certificate authorities to trust; nil when it can be used.
    package static func problem(_ file: String) -> String? { load(file).problem }
}
