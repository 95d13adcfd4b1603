/// Why a secure (https) connection could not be set up, in words a user
/// acts on: which check failed for which host, and what to do. Read from
/// the TLS library's description of its error (SwiftNIO SSL, BoringSSL);
/// none of that description is shown.
enum TLSFailure {
    /// The words for `description` (an error's `String(describing:)`) when it
    /// is a TLS failure talking to `host`; nil when it is something else.
    static func reason(_ description: String, host: String) -> String? {
        if description.contains("CERTIFICATE_VERIFY_FAILED") {
            return "the server's certificate is not trusted: the check that a certificate authority this machine trusts "
                + "signed it, and that it is within its dates, failed for \(host) (a self-signed, privately signed or "
                + "expired certificate). plan does not connect without it: if the server is yours, give it a certificate "
                + "from a public authority (such as Let's Encrypt), or add its authority to this machine's trusted "
                + "certificates (Debian/Ubuntu: copy it into /usr/local/share/ca-certificates/ and run update-ca-certificates), "
                + "or give plan alone the authority's certificate (PEM) with --ca-file FILE (or PLAN_CA_FILE)"
        }
        if description.contains("failedToValidateHostname") || description.contains("serverHostnameImpossibleToMatch") {
            return "the server's certificate is not for \(host): the check that it names the host of the URL failed; "
                + "give the URL with the host name the certificate is for, or ask the server's owner for a certificate naming \(host)"
        }
        guard description.contains("handshakeFailed") || description.contains("NIOSSL") else { return nil }
        let code = libraryCode(description).map { " (\($0))" } ?? ""
        return "the secure (https) connection to \(host) could not be set up\(code): check that the server speaks https "
            + "on this port, with TLS 1.2 or later"
    }

    /// BoringSSL's reason code in `description` (`WRONG_VERSION_NUMBER`), without the paths and numbers around it.
    static func libraryCode(_ description: String) -> String? {
        guard let marker = description.range(of: "OPENSSL_internal:") else { return nil }
        let code = description[marker.upperBound...].prefix { $0.isUppercase || $0.isNumber || $0 == "_" }
        return code.isEmpty ? nil : String(code)
    }
}
