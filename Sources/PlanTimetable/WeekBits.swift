/// Meeting times as bit sets, so that "do these two sections clash?" is one AND.
///
/// The term is cut into *periods*: the elementary date intervals between the
/// boundaries of every meeting's dates (each `from` and each `to + 1`), so every
/// meeting's dates are a union of whole periods. Each weekday's minutes are cut
/// into *slots*: the elementary intervals between the distinct start and end
/// minutes of the meetings on that weekday, so every meeting's minutes are a union
/// of whole slots. A bit stands for (period p, weekday w, slot s), and exists only
/// when p holds a class day that is a w. A meeting sets the bits of every period
/// inside its dates, every weekday it meets on and every slot inside its minutes.
///
/// Why AND ≠ 0 is exactly "some date both meet on, with overlapping minutes":
/// - If meetings a and b both meet on class day d and their minutes overlap, d lies in
///   one period p, and p lies inside both date ranges (ranges are unions of periods);
///   w = weekday(d) is a day of both and p has a class day that is a w (d itself), so
///   the bit exists; the overlap [max start, min end) is non-empty and a union of
///   slots of w (both starts and ends are slot boundaries), so some slot s lies in
///   both. Both set (p, w, s).
/// - If both set (p, w, s): p lies inside both date ranges, w is a day of both, p
///   holds a class day d that is a w — both meet on d — and slot s lies inside both
///   minute ranges, so they overlap on d.
/// A section's set is the union over its meetings, so two sections clash (some pair of
/// meetings does) iff their sets intersect.
struct WeekBits {
    /// Period boundaries (day numbers), ascending; period k is `bounds[k] ..< bounds[k+1]`.
    private let bounds: [Int64]
    /// Per weekday (0 = Monday), the slot boundaries in minutes, ascending.
    private let cuts: [[Int]]
    /// First bit of (period, weekday), or -1 when that period has no class day of that weekday.
    private let base: [[Int]]
    /// The number of 64-bit words of one set.
    let words: Int

    init(meetings: [ActiveMeeting], calendar: TermDays) {
        var edges = Set<Int64>()
        var minutes = Array(repeating: Set<Int>(), count: 7)
        for m in meetings {
            edges.insert(m.from)
            edges.insert(m.to + 1)
            for w in 0..<7 where m.days & (1 << w) != 0 {
                minutes[w].insert(m.start)
                minutes[w].insert(m.end)
            }
        }
        let bounds = edges.sorted()
        let cuts = minutes.map { $0.sorted() }
        var next = 0
        var base: [[Int]] = []
        for k in 0..<max(bounds.count - 1, 0) {
            let present = calendar.classWeekdays(from: bounds[k], to: bounds[k + 1] - 1)
            var row = [Int](repeating: -1, count: 7)
            for w in 0..<7 where present & (1 << w) != 0 && cuts[w].count > 1 {
                row[w] = next
                next += cuts[w].count - 1
            }
            base.append(row)
        }
        self.bounds = bounds
        self.cuts = cuts
        self.base = base
        words = (next + 63) / 64
    }

    /// The set of one section's meetings (each must be among those the layout was built from).
    func bits(_ meetings: [ActiveMeeting]) -> [UInt64] {
        var set = [UInt64](repeating: 0, count: words)
        for m in meetings {
            // Periods are sorted and the meeting's dates are a union of them.
            guard var k = bounds.firstIndex(of: m.from) else { continue }
            while k + 1 < bounds.count && bounds[k + 1] - 1 <= m.to {
                for w in 0..<7 where m.days & (1 << w) != 0 && base[k][w] >= 0 {
                    // Slots inside [start, end): from the cut at start up to the cut before end.
                    guard let first = cuts[w].firstIndex(of: m.start), let last = cuts[w].firstIndex(of: m.end) else { continue }
                    for s in first..<last {
                        let bit = base[k][w] + s
                        set[bit >> 6] |= 1 << UInt64(bit & 63)
                    }
                }
                k += 1
            }
        }
        return set
    }

    /// True when the two sets share a bit.
    static func intersect(_ a: [UInt64], _ b: [UInt64]) -> Bool {
        for i in a.indices where a[i] & b[i] != 0 { return true }
        return false
    }
}
