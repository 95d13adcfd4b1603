import PlanCore

/// Days of the week as registrars and schedule services write them: `MWF`,
/// `TR`, `TTh`, `TuTh`, `MoWe`, `M W F`, `Mon/Wed`, `Monday, Wednesday`,
/// `MTWRF`, `SaSu`, `U` (Sunday). Case and separators (space, comma, slash,
/// dash, dot) do not matter; the longest name is matched first, so `TH` is
/// Thursday and `TTH` Tuesday and Thursday.
enum DayLetters {
    static let expected = "expected days such as MWF, TR, TTh, MoWe or M W F"

    /// The words that mean "no set time" (`TBA`, `ARR`, `ONLINE`…), upper case without separators.
    static let unscheduled: Set<String> = ["", "TBA", "TBD", "ARR", "ARRANGED", "NA", "NONE", "ONLINE", "ASYNC", "ASYNCHRONOUS", "WEB", "DISTANCE"]

    private static let names: [(String, Weekday)] = [
        ("MONDAY", .monday), ("TUESDAY", .tuesday), ("WEDNESDAY", .wednesday), ("THURSDAY", .thursday),
        ("FRIDAY", .friday), ("SATURDAY", .saturday), ("SUNDAY", .sunday),
        ("THURS", .thursday), ("TUES", .tuesday), ("THUR", .thursday),
        ("MON", .monday), ("TUE", .tuesday), ("WED", .wednesday), ("THU", .thursday), ("FRI", .friday), ("SAT", .saturday), ("SUN", .sunday),
        ("MO", .monday), ("TU", .tuesday), ("WE", .wednesday), ("TH", .thursday), ("FR", .friday), ("SA", .saturday), ("SU", .sunday),
        ("M", .monday), ("T", .tuesday), ("W", .wednesday), ("R", .thursday), ("F", .friday), ("S", .saturday), ("U", .sunday),
    ]

    /// Upper case with the separators dropped.
    static func squeezed(_ text: String) -> String {
        String(text.uppercased().filter { !$0.isWhitespace && !",/-.;&+".contains($0) })
    }

    /// True for `TBA`, `ARR`, an empty cell and the like.
    static func isUnscheduled(_ text: String) -> Bool { unscheduled.contains(squeezed(text)) }

    /// The days in the order written; nil when something is not a day or a day comes twice.
    static func parse(_ text: String) -> [Weekday]? {
        let s = Array(squeezed(text))
        var i = 0
        var days: [Weekday] = []
        while i < s.count {
            guard let (name, day) = names.first(where: { n in
                let w = Array(n.0)
                return i + w.count <= s.count && Array(s[i..<(i + w.count)]) == w
            }) else { return nil }
            guard !days.contains(day) else { return nil }
            days.append(day)
            i += name.count
        }
        return days.isEmpty ? nil : days
    }
}
