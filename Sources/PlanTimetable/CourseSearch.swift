/// Finding courses by code or by words of the title.
package enum CourseSearch {
    /// Courses whose code contains the text (ignoring case, spaces, dashes) or
    /// whose title contains every word of it; code matches first, then in
    /// catalog order.
    package static func find(_ text: String, in catalog: Catalog) -> [Course] {
        let key = Course.key(text)
        let words = text.lowercased().split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard !words.isEmpty else { return [] }
        let byCode = catalog.courses.filter { Course.key($0.code).contains(key) }
        let byTitle = catalog.courses.filter { course in
            let title = course.title.lowercased()
            return !byCode.contains(course) && words.allSatisfy { title.contains($0) }
        }
        return byCode + byTitle
    }

    /// The courses whose codes are nearest to `code` (fewest edits), nearest
    /// first, at most a third of the code's length away.
    package static func near(_ code: String, in catalog: Catalog) -> [Course] {
        let key = Array(Course.key(code))
        let limit = max(1, key.count / 3)
        let scored = catalog.courses.compactMap { c -> (Int, Course)? in
            let d = distance(key, Array(Course.key(c.code)))
            return d <= limit ? (d, c) : nil
        }
        return scored.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Levenshtein distance (codes are short: the table is small).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
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
}
