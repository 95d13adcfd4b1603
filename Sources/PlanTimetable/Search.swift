/// Branch and bound over the courses, exact.
///
/// Depth-first over the courses of `order` (ascending course indices: the order the
/// courses were asked for), at each depth the still-possible groups in ascending group
/// index, i.e. in id order. So complete combinations are met in lexicographic order of
/// their group sequences — the last tie-break of the ranking.
///
/// Forward checking: every course below the current depth keeps its *domain*, the set
/// of its groups compatible with every pick above; a pick that empties a domain is cut.
/// Once N combinations are held (or under `maxDays`), domains are also *narrowed*: a
/// group that cannot be part of a combination worth keeping is dropped (see `run`).
///
/// Bound of a subtree, after a pick (key so far K, weekdays so far D, latest end E):
/// - score: K + Σ over the remaining courses of the best term in its domain — no
///   completion scores higher;
/// - days: popcount(D | ⋃ over the remaining courses of ⋂ of the day masks in its
///   domain) — every completion meets on each of those weekdays, so on at least that many;
/// - end: max(E, max over the remaining courses of the least latest end in its domain).
/// Every completion C of the subtree is componentwise no better than this bound
/// tuple (score ≤, days ≥, end ≥), hence lexicographically no better.
///
/// Why a subtree whose bound is not strictly better than the current N-th best W can
/// be cut even when it ties: C enters the top N only by beating W. W was found before
/// C (it is already held), so W's group sequence is lexicographically smaller than C's
/// and the id tie-break goes to W. C must therefore be strictly better on
/// (score, days, end), which the bound rules out. This makes total ties (a catalog
/// without gpa or ratings) cheap: once N combinations with the best possible
/// (score, days, end) are held, everything else is cut at its first pick.
///
/// Dead time classes: when the subtree under a pick had no *live* event — no complete
/// combination within `maxDays`, no cut or narrowing by the bound — it was cut only by emptied
/// domains and `maxDays`, which depend on the pick's bit set alone (its compatible sets,
/// weekdays and latest end). Every later sibling of the same time class
/// (``Compatibility/timeClass``) under the same parent would fail the same way, so it is
/// skipped. This turns proving that nothing fits (a pigeonhole of courses into few
/// times) from a walk over sections into a walk over times.
///
/// Distinct choices (`distinct`): each course's groups carry a choice id (its
/// instructors), and a combination is held only as the best of its choice (the
/// sequence of choice ids): a later one of the same choice replaces it only by
/// beating it. The cut above stays exact: a completion C enters either as a new
/// choice, by beating W, or by beating the held best E of its own choice, which is
/// W or beats W; C is met after E, so it beats E only on (score, days, end), hence
/// beats W there too.
///
/// Bounded: each node is a pick of a group in a finite domain, each group at most once
/// per parent; `nodeLimit` (when given) stops the search early and says so. Memory: the
/// domains of every position at every depth, n² · (groups / 64) words at most.
struct Search {
    struct Found: Equatable {
        var key: Int64
        var days: Int
        var end: Int
        /// Group index per course of `order`.
        var choice: [Int]

        /// The ranking: higher key, fewer days, earlier end, then group sequence (id order).
        func beats(_ other: Found) -> Bool {
            if key != other.key { return key > other.key }
            if days != other.days { return days < other.days }
            if end != other.end { return end < other.end }
            return choice.lexicographicallyPrecedes(other.choice)
        }
    }

    let problem: Compatibility
    /// Course indices, ascending.
    let order: [Int]
    /// Score term per course and group (all zero to rank by days and end alone).
    let terms: [[Int64]]
    let top: Int
    let maxDays: Int?
    let nodeLimit: Int?
    /// Stop at the first combination that fits (a test of existence, not a ranking).
    let firstOnly: Bool
    /// Per course and group: its choice id (see the type's comment); nil to rank every combination.
    let distinct: [[Int]]?

    init(problem: Compatibility, order: [Int]? = nil, ignoreScore: Bool = false, top: Int, maxDays: Int?, nodeLimit: Int? = nil,
         firstOnly: Bool = false, distinct: [[Int]]? = nil) {
        self.problem = problem
        self.order = order ?? Array(problem.courses.indices)
        terms = ignoreScore ? problem.terms.map { $0.map { _ in 0 } } : problem.terms
        self.top = top
        self.maxDays = maxDays
        self.nodeLimit = nodeLimit
        self.firstOnly = firstOnly
        self.distinct = distinct
    }

    /// Whether `a` and `b` (group sequences along `order`) are the same choice.
    func sameChoice(_ a: [Int], _ b: [Int], _ ids: [[Int]]) -> Bool {
        for q in order.indices where ids[order[q]][a[q]] != ids[order[q]][b[q]] { return false }
        return true
    }

    /// The best `top` combinations, best first, and whether the search ran to the end
    /// (false only when `nodeLimit` stopped it).
    func run() -> (found: [Found], complete: Bool) {
        let n = order.count
        guard top > 0, n > 0 else { return ([], true) }
        // Domain words of position q (course order[q]) start at `at[q]` in each level's block.
        var at = [Int](repeating: 0, count: n + 1)
        for q in 0..<n { at[q + 1] = at[q] + problem.words[order[q]] }
        let block = at[n]
        // Level L holds the domains of positions ≥ L after the picks of positions < L.
        var domains = [UInt64](repeating: 0, count: block * n)
        for q in 0..<n {
            let i = order[q]
            let count = problem.courses[i].groups.count
            if count == 0 { return ([], true) }
            // Distinct choices: a group with the same time class, choice and score term as an
            // earlier group of its course (the same instructor at the same times in another
            // room) is that group's twin — same compatible sets, bounds and choice — and every
            // completion with it ties the same completion with the earlier one, found first,
            // which it cannot beat. So it is never tried.
            var seen = Set<[Int64]>()
            for h in 0..<count {
                if let ids = distinct, !seen.insert([Int64(problem.timeClass[i][h]), Int64(ids[i][h]), terms[i][h]]).inserted { continue }
                domains[at[q] + (h >> 6)] |= 1 << UInt64(h & 63)
            }
        }
        var key = [Int64](repeating: 0, count: n + 1)
        var days = [UInt8](repeating: 0, count: n + 1)
        var end = [Int](repeating: 0, count: n + 1)
        var next = [Int](repeating: 0, count: n)  // next group index to try at each level
        var choice = [Int](repeating: 0, count: n)
        // Dead time classes of each level under its current parent, and whether the level's
        // current sweep saw a live event (see the type's comment).
        var deadAt = [Int](repeating: 0, count: n + 1)
        for q in 0..<n { deadAt[q + 1] = deadAt[q] + problem.timeClassCount[order[q]] }
        var dead = [Bool](repeating: false, count: deadAt[n])
        var alive = [Bool](repeating: false, count: n)
        // Per position below a pick: its domain's best term, common weekdays and least latest
        // end; and from each position on, the union of the common weekdays and the greatest end.
        var bestAt = [Int64](repeating: 0, count: n)
        var commonAt = [UInt8](repeating: 0, count: n)
        var earliestAt = [Int](repeating: 0, count: n)
        var commonFrom = [UInt8](repeating: 0, count: n + 1)
        var earliestFrom = [Int](repeating: 0, count: n + 1)
        var found: [Found] = []
        var nodes = 0
        var level = 0

        while level >= 0 {
            let i = order[level]
            let groupCount = problem.courses[i].groups.count
            let classes = problem.timeClass[i]
            // The next group of this level's domain at or after next[level] whose time class is not dead.
            var g = next[level]
            let base = level * block + at[level]
            while g < groupCount && (domains[base + (g >> 6)] & (1 << UInt64(g & 63)) == 0 || dead[deadAt[level] + classes[g]]) { g += 1 }
            if g >= groupCount {
                let live = alive[level]
                level -= 1
                if level >= 0 {
                    if live { alive[level] = true } else { dead[deadAt[level] + problem.timeClass[order[level]][choice[level]]] = true }
                }
                continue
            }
            next[level] = g + 1
            nodes += 1
            if let limit = nodeLimit, nodes > limit { return (found, false) }
            let k = key[level] + terms[i][g]
            let d = days[level] | problem.days[i][g]
            let e = max(end[level], problem.ends[i][g])
            choice[level] = g

            if level == n - 1 {
                let dayCount = d.nonzeroBitCount
                if let limit = maxDays, dayCount > limit { continue }
                alive[level] = true
                let candidate = Found(key: k, days: dayCount, end: e, choice: choice)
                if firstOnly { return ([candidate], true) }
                if let ids = distinct, let same = found.firstIndex(where: { sameChoice($0.choice, choice, ids) }) {
                    // Its choice is held: kept only as that choice's better timing.
                    if !candidate.beats(found[same]) { continue }
                    found.remove(at: same)
                }
                if found.count == top && !candidate.beats(found[top - 1]) { continue }
                var slot = found.count
                while slot > 0 && candidate.beats(found[slot - 1]) { slot -= 1 }
                found.insert(candidate, at: slot)
                if found.count > top { found.removeLast() }
                continue
            }

            // Forward checking into level + 1, with the bound of the subtree.
            var upper = k
            var forced = d
            var endLow = e
            var empty = false
            let from = level * block, to = (level + 1) * block
            for q in (level + 1)..<n where !empty {
                let j = order[q]
                let c = problem.start(i, g, j)
                var best = Int64.min
                var common: UInt8 = 0x7F
                var earliest = Int.max
                for w in 0..<problem.words[j] {
                    let word = domains[from + at[q] + w] & problem.word(c + w)
                    domains[to + at[q] + w] = word
                    var rest = word
                    while rest != 0 {
                        let h = w << 6 | rest.trailingZeroBitCount
                        rest &= rest - 1
                        best = max(best, terms[j][h])
                        common &= problem.days[j][h]
                        earliest = min(earliest, problem.ends[j][h])
                    }
                }
                if earliest == .max {
                    empty = true
                } else {
                    upper += best
                    forced |= common
                    endLow = max(endLow, earliest)
                    bestAt[q] = best
                    commonAt[q] = common
                    earliestAt[q] = earliest
                }
            }
            let dayLow = forced.nonzeroBitCount
            if empty || maxDays.map({ dayLow > $0 }) == true {
                dead[deadAt[level] + classes[g]] = true
                continue
            }
            let full = found.count == top
            if full {
                let w = found[top - 1]
                let better = upper != w.key ? upper > w.key : dayLow != w.days ? dayLow < w.days : endLow < w.end
                if !better {
                    alive[level] = true
                    continue
                }
            }
            // Narrowing: drop from each domain below the groups that cannot be part of a
            // combination worth keeping, judged with the bound of every other position.
            // A group h of position q is dropped when (best of the others + its term,
            // popcount(weekdays forced by the others | its weekdays), max(the others' end,
            // its end)) is not strictly better than W (by the argument above), or its
            // weekdays with those forced pass `maxDays`. The others' summaries are from
            // before any drop (supersets: still valid bounds). A drop for the bound counts as
            // a live event of the subtree, a drop for `maxDays` does not.
            var boundCut = false
            if full || maxDays != nil {
                commonFrom[n] = 0
                earliestFrom[n] = 0
                for q in stride(from: n - 1, to: level, by: -1) {
                    commonFrom[q] = commonFrom[q + 1] | commonAt[q]
                    earliestFrom[q] = max(earliestFrom[q + 1], earliestAt[q])
                }
                var forcedBefore = d
                var endBefore = e
                for q in (level + 1)..<n where !empty {
                    let j = order[q]
                    let otherDays = forcedBefore | commonFrom[q + 1]
                    let otherEnd = max(endBefore, earliestFrom[q + 1])
                    let otherUpper = upper - bestAt[q]
                    var left = false
                    for w in 0..<problem.words[j] {
                        var word = domains[to + at[q] + w]
                        var rest = word
                        while rest != 0 {
                            let low = rest.trailingZeroBitCount
                            rest &= rest - 1
                            let h = w << 6 | low
                            let dayCount = (otherDays | problem.days[j][h]).nonzeroBitCount
                            if let limit = maxDays, dayCount > limit {
                                word &= ~(1 << UInt64(low))
                                continue
                            }
                            if full {
                                let v = found[top - 1]
                                let score = otherUpper + terms[j][h], last = max(otherEnd, problem.ends[j][h])
                                let keep = score != v.key ? score > v.key : dayCount != v.days ? dayCount < v.days : last < v.end
                                if !keep {
                                    word &= ~(1 << UInt64(low))
                                    boundCut = true
                                }
                            }
                        }
                        domains[to + at[q] + w] = word
                        left = left || word != 0
                    }
                    empty = !left
                    forcedBefore |= commonAt[q]
                    endBefore = max(endBefore, earliestAt[q])
                }
                if empty {
                    if boundCut { alive[level] = true } else { dead[deadAt[level] + classes[g]] = true }
                    continue
                }
            }
            key[level + 1] = k
            days[level + 1] = d
            end[level + 1] = e
            level += 1
            next[level] = 0
            alive[level] = boundCut
            for c in deadAt[level]..<deadAt[level + 1] { dead[c] = false }
        }
        return (found, true)
    }
}
