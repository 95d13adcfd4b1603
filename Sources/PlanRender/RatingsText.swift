import PlanCore
import PlanTimetable

/// `plan courses ratings import` in words.
package enum RatingsText {
    /// The most names listed in text (JSON lists them all).
    package static let listedNames = 20

    package static func imported(_ report: RatingsReport, file: String, term: String) -> String {
        var out = "Joined \(TerminalText.label(file)) onto \(TerminalText.label(term)): \(count(report.rows, "row")) read"
        out += report.skipped == 0 ? ".\n" : ", \(report.skipped) without a name or a value.\n"
        out += "  GPA: \(count(report.gainedGPA, "section")) gained one, \(report.replacedGPA) replaced.\n"
        out += "  Rating: \(count(report.gainedRating, "section")) gained one, \(report.replacedRating) replaced.\n"
        let with = report.instructors - report.instructorsWithoutValues
        out += "  Instructors: \(with) of \(report.instructors) have values from the file, \(report.instructorsWithoutValues) still none.\n"
        if !report.unmatched.isEmpty {
            out += "Names in the file that matched no instructor (\(report.unmatched.count)): \(listed(report.unmatched))\n"
        }
        if !report.ambiguous.isEmpty {
            out += "Left out, could be more than one instructor (\(report.ambiguous.count)):\n"
            for a in report.ambiguous.prefix(listedNames) {
                out += "  \(TerminalText.label(a.name)): \(a.candidates.map(TerminalText.label).joined(separator: " or "))"
                out += a.rivals.isEmpty ? "\n" : ", as could \(a.rivals.map(TerminalText.label).joined(separator: "; "))\n"
            }
            if report.ambiguous.count > listedNames { out += "  and \(report.ambiguous.count - listedNames) more\n" }
        }
        out += "Next: plan courses build COURSE… ranks sections with these values.\n"
        return out
    }

    /// `Smith, Jo; Ann Lee and 3 more` (names may hold commas), each made safe for a terminal.
    static func listed(_ names: [String]) -> String {
        let shown = names.prefix(listedNames).map(TerminalText.label).joined(separator: "; ")
        return names.count > listedNames ? shown + " and \(names.count - listedNames) more" : shown
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
