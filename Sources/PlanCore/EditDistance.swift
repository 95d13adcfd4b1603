/// How far apart two short words are: the Levenshtein distance (insertions, deletions and
/// substitutions, one each), for "did you mean" suggestions (course codes, commands,
/// options). The table is one row: O(a·b) time, O(b) memory; callers pass short words.
package enum EditDistance {
    package static func between(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...b.count {
                let keep = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = keep
            }
        }
        return row[b.count]
    }

    /// The one word of `candidates` nearest to `word` (ties: the first), when it is within
    /// `limit` edits — or `word` is a prefix of it; nil otherwise.
    package static func nearest(_ word: String, in candidates: [String], limit: Int = 2) -> String? {
        let w = Array(word.lowercased())
        var best: (Int, String)?
        for c in candidates {
            let d = c.lowercased().hasPrefix(word.lowercased()) && !word.isEmpty ? 0 : between(w, Array(c.lowercased()))
            if d <= limit, best == nil || d < best!.0 { best = (d, c) }
        }
        return best?.1
    }
}
