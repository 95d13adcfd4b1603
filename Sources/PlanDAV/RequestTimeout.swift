import Foundation

/// How long one request to a server may take in all (connecting, sending,
/// the whole answer, and the redirects it follows): `--timeout` or
/// `PLAN_TIMEOUT`, default 30 s. A server that does not answer in time is
/// out of reach for that command, which goes on from the stored copy.
package enum RequestTimeout {
    package static let variable = "PLAN_TIMEOUT"
    package static let defaultSeconds: Int64 = 30
    package static let limits: ClosedRange<Int64> = 1...600
    /// At most this long to connect (less when the whole limit is shorter).
    package static let connectSeconds: Int64 = 10

    /// Seconds from `30`, `30s`, `2m` or `1m30s`; nil when it is none of these or outside ``limits``.
    package static func seconds(_ text: String) -> Int64? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !t.isEmpty, t.count <= 12 else { return nil }
        if let plain = Int64(t) { return limits.contains(plain) ? plain : nil }
        var total: Int64 = 0, digits = ""
        var units = Set<Character>()
        for c in t {
            if c.isASCII && c.isNumber {
                digits.append(c)
            } else if c == "m" || c == "s", let n = Int64(digits), units.insert(c).inserted, c == "s" || !units.contains("s") {
                total += c == "m" ? n * 60 : n
                digits = ""
            } else {
                return nil
            }
        }
        guard digits.isEmpty, limits.contains(total) else { return nil }
        return total
    }

    /// What a value that is not a time limit gets told.
    package static func refusal(_ text: String, from source: String) -> String {
        "\(source) \"\(text)\" is not a time limit: give seconds from \(limits.lowerBound) to \(limits.upperBound) (e.g. 30, 45s or 2m)"
    }

    /// The limit `environment` sets (``defaultSeconds`` when unset), and why its value cannot be used when it cannot.
    static func from(_ environment: [String: String]) -> (seconds: Int64, problem: String?) {
        guard let raw = environment[variable], !raw.isEmpty else { return (defaultSeconds, nil) }
        guard let s = seconds(raw) else { return (defaultSeconds, refusal(raw, from: variable)) }
        return (s, nil)
    }
}
