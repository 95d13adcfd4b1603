/// Times of day as registrars and schedule services write them: `10:00`,
/// `10:00 AM`, `1:30pm`, `10am`, `10 a.m.`, `1330`, `930`, `noon`, `24:00`.
/// Minutes after midnight; nil when it is not a time.
enum ClockText {
    static let expected = "expected a time such as 10:00, 10:00 AM, 1:30pm or 1330"

    enum Meridiem { case am, pm }

    /// The time, and its AM/PM mark when it had one.
    static func parse(_ text: String) -> (minutes: Int, meridiem: Meridiem?)? {
        var s = text.lowercased().filter { !$0.isWhitespace && $0 != "." }
        if s == "noon" { return (720, .pm) }
        if s == "midnight" { return (0, .am) }
        if s.hasSuffix("noon") { s = String(s.dropLast(4)) + "pm" }
        var meridiem: Meridiem?
        if s.hasSuffix("am") || s.hasSuffix("pm") {
            meridiem = s.hasSuffix("am") ? .am : .pm
            s.removeLast(2)
        } else if s.hasSuffix("a") || s.hasSuffix("p") {
            meridiem = s.hasSuffix("a") ? .am : .pm
            s.removeLast()
        }
        guard !s.isEmpty, s.count <= 5, s.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":") }) else { return nil }
        let hour: Int, minute: Int
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            let digits = String(parts[0])
            guard let n = Int(digits) else { return nil }
            switch digits.count {
            case 1, 2: (hour, minute) = (n, 0)
            case 3, 4: (hour, minute) = (n / 100, n % 100)
            default: return nil
            }
        case 2:
            guard (1...2).contains(parts[0].count), parts[1].count == 2,
                  let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
            (hour, minute) = (h, m)
        default:
            return nil
        }
        guard minute < 60 else { return nil }
        switch meridiem {
        case nil:
            guard hour < 24 || (hour == 24 && minute == 0) else { return nil }
            return (hour * 60 + minute, nil)
        case .am?:
            guard (1...12).contains(hour) else { return nil }
            return ((hour % 12) * 60 + minute, .am)
        case .pm?:
            guard (1...12).contains(hour) else { return nil }
            return ((hour % 12 + 12) * 60 + minute, .pm)
        }
    }

    /// `10:00-10:50am`, `10:00 AM - 10:50 AM`, `1-2:15PM`, `1330–1445`: a start
    /// without AM/PM takes the end's when that keeps it before the end, else AM.
    static func range(_ text: String) -> (start: Int, end: Int)? {
        let separators: Set<Character> = ["-", "–", "—"]
        let pieces = text.split(whereSeparator: { separators.contains($0) }).map(String.init)
        guard pieces.count == 2, let a = parse(pieces[0]), let b = parse(pieces[1]) else { return nil }
        var start = a.minutes
        if a.meridiem == nil, b.meridiem == .pm, (60..<720).contains(a.minutes), a.minutes + 720 < b.minutes {
            start += 720
        }
        return (start, b.minutes)
    }
}
