/// The date and time texts plan accepts on the command line and in requests
/// (ISO 8601 subsets), parsed by the contract's own ``WireTime`` rules.
package enum DateText {
    /// A parsed date or date-time: an exact instant (it carried `Z` or an
    /// offset), a wall-clock reading, or a date.
    package typealias Value = WireTime

    /// Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS]` and the same followed by
    /// `Z` or `±HH:MM`; nil when it is none of those or not a real date/time.
    package static func parse(_ text: String) -> WireTime? {
        WireTime.parse(text.trimmingCharacters(in: " "))
    }

    /// `HH:MM` or `HH:MM:SS` as seconds into the day; `24:00` only when `allow24`.
    package static func parseClock(_ text: some StringProtocol, allow24: Bool) -> Int? {
        let f = text.split(separator: ":", omittingEmptySubsequences: false)
        guard f.count == 2 || f.count == 3, f.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        let h = Int(f[0])!, m = Int(f[1])!, s = f.count == 3 ? Int(f[2])! : 0
        if allow24, h == 24, m == 0, s == 0 { return 86_400 }
        guard h < 24, m < 60, s < 60 else { return nil }
        return h * 3600 + m * 60 + s
    }
}

extension WireTime {
    /// The instant in `zone` (a date means its local midnight).
    package func instant(in zone: some UTCOffsetProvider) -> Instant {
        switch self {
        case .instant(let i): i
        case .local(let l): zone.resolve(l)
        case .date(let d): zone.resolve(LocalDateTime(date: d))
        }
    }
}

extension LocalDateTime {
    /// A reading `second` seconds into `date`.
    package init(date: LocalDate, second: Int) {
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
