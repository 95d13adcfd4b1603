import PlanCore

/// Sections taken together. Many universities list a lecture and its discussions or
/// labs as separate sections of one course: a section whose ``Section/needsOneOf`` names
/// lists of other sections of its course is taken with one section of each list, and a
/// section some list names is never taken alone.
///
/// The builder sees each way of taking such a section as one *bundle*: a section whose id
/// is the parts' ids joined by `+` (`AL1+AD2+AYA`: the section, then one of each list, in
/// list order), with the first part's instructors, GPA and rating (the lecture is what is
/// rated; choices of instructors are the lecture's), the seats of the part with the fewest
/// open ones, and the meetings of all parts. A bundle whose parts clash with each other is
/// no choice. Limits: ``maxListLength`` ids in a list, ``maxBundlesPerSection`` ways to take
/// one section (the product of its lists' lengths), ``maxBundlesPerCourse`` for a course.
package enum LinkedSections {
    package static let maxListLength = 200
    package static let maxBundlesPerSection = 2_000
    package static let maxBundlesPerCourse = 20_000

    /// What is wrong with a course's links, or nil: `section` is its index, `list` the index
    /// of the list at fault (nil for the whole field), `value` the value as written.
    package struct Problem: Hashable, Sendable {
        package var section: Int
        package var list: Int?
        package var value: String
        package var reason: String
    }

    /// The first problem of `course`'s links: an empty list; an id that is no section of the
    /// course, the section itself, or named twice by one section; a named section that needs
    /// others itself (one level only); more bundles than the limits allow.
    package static func problem(_ course: Course) -> Problem? {
        let index = Dictionary(course.sections.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        var total = 0
        for (s, section) in course.sections.enumerated() where !section.needsOneOf.isEmpty {
            var named = Set<String>()
            var product = 1
            for (l, list) in section.needsOneOf.enumerated() {
                let shown = "[" + list.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
                guard !list.isEmpty else { return Problem(section: s, list: l, value: "[]", reason: "is empty; expected the ids of sections of \(course.code), one of which is taken with \(section.id)") }
                guard list.count <= maxListLength else {
                    return Problem(section: s, list: l, value: "\(list.count) ids", reason: "is too long; expected at most \(maxListLength) ids in a list")
                }
                for id in list {
                    guard let k = index[id] else {
                        let ids = course.sections.map(\.id)
                        return Problem(section: s, list: l, value: shown,
                                       reason: "names \"\(id)\", which is no section of \(course.code); its sections are "
                                           + ids.prefix(12).joined(separator: ", ") + (ids.count > 12 ? ", …" : ""))
                    }
                    guard id != section.id else { return Problem(section: s, list: l, value: shown, reason: "names \"\(id)\", the section itself") }
                    guard named.insert(id).inserted else {
                        return Problem(section: s, list: l, value: shown, reason: "names \"\(id)\" a second time; expected each linked section once")
                    }
                    guard course.sections[k].needsOneOf.isEmpty else {
                        return Problem(section: s, list: l, value: shown,
                                       reason: "names \"\(id)\", which needs linked sections itself; a linked section cannot need more (one level only)")
                    }
                }
                product *= list.count
                guard product <= maxBundlesPerSection else {
                    return Problem(section: s, list: nil, value: section.needsOneOf.map { "\($0.count)" }.joined(separator: " × ") + " ways",
                                   reason: "is too many ways to take \(section.id); expected at most \(maxBundlesPerSection)")
                }
            }
            total += product
            guard total <= maxBundlesPerCourse else {
                return Problem(section: s, list: nil, value: "\(total) ways so far",
                               reason: "makes \(course.code) too many ways to take; expected at most \(maxBundlesPerCourse) for a course")
            }
        }
        return nil
    }

    /// True when some section of `course` needs others.
    static func hasLinks(_ course: Course) -> Bool { course.sections.contains { !$0.needsOneOf.isEmpty } }

    /// The ways to take a section of `course`, in catalog order, each as its parts (indices
    /// into `course.sections`): a section that needs none and is named by none alone; one
    /// that needs others once per choice of one section of each list, every part `kept`
    /// (the first list varies slowest). A course that passed ``problem(_:)``.
    static func ways(_ course: Course, kept: (Int) -> Bool) -> [[Int]] {
        let index = Dictionary(course.sections.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        let linked = Set(course.sections.flatMap { $0.needsOneOf.joined() })
        var out: [[Int]] = []
        for (s, section) in course.sections.enumerated() where kept(s) && !linked.contains(section.id) {
            var partial: [[Int]] = [[s]]
            for list in section.needsOneOf {
                let choices = list.compactMap { index[$0] }.filter(kept)
                partial = partial.flatMap { p in choices.map { p + [$0] } }
            }
            out += partial
        }
        return out
    }

    /// One section standing for the parts taken together (see the type's description).
    static func bundle(_ parts: [Section]) -> Section {
        guard parts.count > 1, let first = parts.first else { return parts.first ?? Section(id: "") }
        let withSeats = parts.compactMap(\.seats)
        return Section(id: parts.map(\.id).joined(separator: "+"), instructors: first.instructors, gpa: first.gpa, rating: first.rating,
                       seats: withSeats.min { ($0.open, $0.total) < ($1.open, $1.total) }, meetings: parts.flatMap(\.meetings))
    }
}
