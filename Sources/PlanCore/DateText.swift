/// Parsing of the date and time texts plan accepts on the command line and
/// in requests (ISO 8601 subsets).
public enum DateText {
    /// A parsed date or date-time: either an exact instant (it carried `Z` or
    /// an offset) or a wall-clock reading to be placed in a zone.
    public enum Value: Hashable, Sendable {
        case instant(Instant)
        case local(LocalDateTime)
        case date(LocalDate)

        /// The instant in `zone` (a date means its local midnight).
        public func instant(in zone: some UTCOffsetProvider) -> Instant {
            switch self {
            case .instant(let i): i
            case .local(let l): zone.resolve(l)
            case .date(let d): zone.resolve(LocalDateTime(date: d))
            }
        }
    }

    /// Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS]` and the same followed by
    /// `Z` or `±HH:MM`; nil when it is none of those or not a real date/time.
    public static func parse(_ text: String) -> Value? {
        let t = text.trimmingCharacters(in: " ")
        let parts = t.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        let dateText = parts[0]
        guard dateText.count == 10, let date = LocalDate(iso: dateText) else { return nil }
        guard parts.count == 2 else { return .date(date) }
        var rest = Substring(parts[1])
        var offset: Int?
        if rest.hasSuffix("Z") || rest.hasSuffix("z") {
            offset = 0
            rest = rest.dropLast()
        } else if let signIndex = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let o = rest[signIndex...]
            guard let parsed = parseOffset(o) else { return nil }
            offset = parsed
            rest = rest[..<signIndex]
        }
        guard let seconds = parseClock(rest, allow24: false) else { return nil }
        let local = LocalDateTime(date: date, second: seconds)
        if let offset { return .instant(Instant(seconds: local.secondsSinceEpoch - Int64(offset))) }
        return .local(local)
    }

    /// `HH:MM` or `HH:MM:SS` as seconds into the day; `24:00` only when `allow24`.
    public static func parseClock(_ text: some StringProtocol, allow24: Bool) -> Int? {
        let f = text.split(separator: ":", omittingEmptySubsequences: false)
        guard f.count == 2 || f.count == 3, f.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        let h = Int(f[0])!, m = Int(f[1])!, s = f.count == 3 ? Int(f[2])! : 0
        if allow24, h == 24, m == 0, s == 0 { return 86_400 }
        guard h < 24, m < 60, s < 60 else { return nil }
        return h * 3600 + m * 60 + s
    }

    /// `±HH:MM`, `±HHMM` or `±HH` as seconds east of UTC.
    public static func parseOffset(_ text: some StringProtocol) -> Int? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let digits = text.dropFirst().filter { $0 != ":" }
        guard digits.count == 2 || digits.count == 4, digits.allSatisfy(\.isASCIIDigit) else { return nil }
        let h = Int(String(digits.prefix(2)))!, m = digits.count == 4 ? Int(String(digits.suffix(2)))! : 0
        guard h <= 18, m < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (h * 3600 + m * 60)
    }
}

extension LocalDateTime {
    /// A reading `second` seconds into `date`.
    public init(date: LocalDate, second: Int) {
        self.init(date: date)
        self.secondOfDay = second
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
