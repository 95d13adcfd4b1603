/// The requested courses ready for the search: per course its groups' score
/// terms, weekday masks and latest ends, and for every pair of courses i < j and
/// every group g of i, the set of groups of j that do not clash with g.
///
/// Sets of groups are bit sets: group h of course j is bit h of course j's words
/// (`words[j]` 64-bit words). Invariant: bits at or past a course's group count are 0.
struct Compatibility {
    let courses: [PreparedCourse]
    /// Credit-weighted score term of each group (see ``Scoring``).
    let terms: [[Int64]]
    let days: [[UInt8]]
    let ends: [[Int]]
    /// Each course's credits in units of 1/100 (all 1 when no course has credits: a plain mean).
    let credits: [Int64]
    /// 64-bit words of a set of groups of each course.
    let words: [Int]
    /// `rows[i][g]`: where the compatible sets of group g of course i start in `flat`;
    /// the set for course j > i follows at `offset[i][j]` words from there.
    private let rows: [[Int]]
    private let offset: [[Int]]
    private let flat: [UInt64]
    /// The meeting bit sets of each group (kept for the diagnosis).
    let bits: [[[UInt64]]]
    /// Per course, the *time class* of each group: groups with the same bit set share one
    /// (numbered from 0 in group order). Groups of one class clash with exactly the same
    /// groups and have the same weekdays and latest end (both follow from the bits); they
    /// differ only in score and ids.
    let timeClass: [[Int]]
    let timeClassCount: [Int]

    init(courses: [PreparedCourse], scoring: Scoring, calendar: TermDays) {
        self.courses = courses
        let layout = WeekBits(meetings: courses.flatMap { $0.groups.flatMap(\.meetings) }, calendar: calendar)
        bits = courses.map { c in c.groups.map { layout.bits($0.meetings) } }
        var timeClass: [[Int]] = []
        for sets in bits {
            var index: [[UInt64]: Int] = [:]
            timeClass.append(sets.map { set in
                if let k = index[set] { return k }
                index[set] = index.count
                return index.count - 1
            })
        }
        self.timeClass = timeClass
        timeClassCount = timeClass.map { ($0.max() ?? -1) + 1 }
        var credits = courses.map { Scoring.credits($0.course.credits) }
        if credits.allSatisfy({ $0 == 0 }) { credits = credits.map { _ in 1 } }  // no credits at all: plain mean
        self.credits = credits
        terms = courses.indices.map { i in
            courses[i].groups.map { (credits[i] * scoring.unit($0.sections[0], of: courses[i].course)) >> scoring.shift }
        }
        days = courses.map { $0.groups.map(\.days) }
        ends = courses.map { $0.groups.map(\.latestEnd) }
        let words = courses.map { ($0.groups.count + 63) / 64 }
        self.words = words
        var offset: [[Int]] = []
        var rowLength: [Int] = []
        for i in courses.indices {
            var o = Array(repeating: 0, count: courses.count)
            var at = 0
            for j in (i + 1)..<max(courses.count, i + 1) {
                o[j] = at
                at += words[j]
            }
            offset.append(o)
            rowLength.append(at)
        }
        var rows: [[Int]] = []
        var total = 0
        for i in courses.indices {
            rows.append(courses[i].groups.indices.map { g in total + g * rowLength[i] })
            total += courses[i].groups.count * rowLength[i]
        }
        var flat = [UInt64](repeating: 0, count: total)
        for i in courses.indices {
            for g in courses[i].groups.indices {
                for j in (i + 1)..<max(courses.count, i + 1) {
                    let at = rows[i][g] + offset[i][j]
                    for h in courses[j].groups.indices where !WeekBits.intersect(bits[i][g], bits[j][h]) {
                        flat[at + (h >> 6)] |= 1 << UInt64(h & 63)
                    }
                }
            }
        }
        self.rows = rows
        self.offset = offset
        self.flat = flat
    }

    /// Where the set of groups of course j compatible with group g of course i (i < j) starts in ``flat``.
    @inline(__always) func start(_ i: Int, _ g: Int, _ j: Int) -> Int { rows[i][g] + offset[i][j] }

    @inline(__always) func word(_ at: Int) -> UInt64 { flat[at] }

    /// True when group g of course i and group h of course j (i < j) do not clash.
    func compatible(_ i: Int, _ g: Int, _ j: Int, _ h: Int) -> Bool {
        flat[start(i, g, j) + (h >> 6)] & (1 << UInt64(h & 63)) != 0
    }
}
