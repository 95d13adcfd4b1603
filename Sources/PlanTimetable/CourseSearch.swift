import Foundation
import PlanCore

/// Finding courses by code, several codes, words of the title, or an instructor.
package enum CourseSearch {
    /// Courses whose code contains the text (ignoring case, spaces, dashes);
    /// then, when the text is several codes (`CMSC330 MATH240`,
    /// `CMSC330,MATH240`), the courses of each; then those whose title
    /// contains every word of it; then those with a section taught by someone
    /// whose name has every word (`Liskov`, `barbara petrova`; case and accents
    /// ignored). Each course once, in that order, else in catalog order.
    package static func find(_ text: String, in catalog: Catalog) -> [Course] {
        let key = Course.key(text)
        let words = fold(text).split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
        guard !words.isEmpty else { return [] }
        var out = catalog.courses.filter { Course.key($0.code).contains(key) }
        func add(_ found: [Course]) { for c in found where !out.contains(c) { out.append(c) } }
        if words.count > 1 {
            let each = words.map { w in catalog.courses.filter { Course.key($0.code).contains(Course.key(w)) } }
            if each.allSatisfy({ !$0.isEmpty }) { add(each.flatMap { $0 }) }
        }
        add(catalog.courses.filter { course in
            let title = fold(course.title)
            return words.allSatisfy { title.contains($0) }
        })
        add(catalog.courses.filter { course in
            course.sections.contains { s in s.instructors.contains { name in
                let n = fold(name)
                return words.allSatisfy { n.contains($0) }
            } }
        })
        return out
    }

    /// Lower case without accents: `Pétrova` → `petrova`.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }

    /// The courses whose codes are nearest to `code` (fewest edits), nearest
    /// first, at most a third of the code's length away.
    package static func near(_ code: String, in catalog: Catalog) -> [Course] {
        let key = Array(Course.key(code))
        let limit = max(1, key.count / 3)
        let scored = catalog.courses.compactMap { c -> (Int, Course)? in
            let d = EditDistance.between(key, Array(Course.key(c.code)))
            return d <= limit ? (d, c) : nil
        }
        return scored.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
