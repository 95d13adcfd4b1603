import PlanCore
import PlanTimetable

/// `plan courses ratings import` in words.
package enum RatingsText {
    package static func imported(_ report: RatingsReport, file: String, term: String) -> String {
        var out = "Joined \(TerminalText.label(file)) onto \(TerminalText.label(term)): \(count(report.rows, "row")) read"
        out += report.skipped == 0 ? ".\n" : ", \(grouped(report.skipped)) without a name or a value.\n"
        out += "  GPA: \(count(report.gainedGPA, "section")) gained one, \(grouped(report.replacedGPA)) replaced.\n"
        out += "  Rating: \(count(report.gainedRating, "section")) gained one, \(grouped(report.replacedRating)) replaced.\n"
        let with = report.instructors - report.instructorsWithoutValues
        out += "  Instructors: \(grouped(with)) of \(grouped(report.instructors)) have values from the file, "
            + "\(grouped(report.instructorsWithoutValues)) still none.\n"
        if report.unmatchedCount > 0 {
            let names = report.unmatched.map(fromFile).joined(separator: "; ")
            out += "Names in the file that matched no instructor (\(grouped(report.unmatchedCount))): \(names)"
                + more(report.unmatchedCount - report.unmatched.count, " not matched") + "\n"
        }
        if report.ambiguousCount > 0 {
            out += "Left out, could be more than one instructor (\(grouped(report.ambiguousCount))):\n"
            for a in report.ambiguous {
                out += "  \(fromFile(a.name)): \(a.candidates.map(TerminalText.label).joined(separator: " or "))"
                out += a.rivals.isEmpty ? "\n" : ", as could \(a.rivals.map(fromFile).joined(separator: "; "))\n"
            }
            let rest = more(report.ambiguousCount - report.ambiguous.count, " left out")
            if !rest.isEmpty { out += "  " + rest.dropFirst() + "\n" }
        }
        out += "Next: plan courses build COURSE… ranks sections with these values.\n"
        return out
    }

    /// A name as the file wrote it: cut to a short excerpt (a "name" may be a whole line of some
    /// other file) and safe for a terminal.
    static func fromFile(_ name: String) -> String { TerminalText.label(LineText.excerpt(name)) }

    /// ` … and 4,980 more not matched` after a list of names; empty when none is left out of it.
    static func more(_ n: Int, _ what: String) -> String {
        n > 0 ? " … and \(grouped(n)) more\(what)" : ""
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(grouped(n)) \(noun)\(n == 1 ? "" : "s")" }

    /// `4,980`: digits in threes, whatever the locale (output is the same everywhere).
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return (n < 0 ? "-" : "") + out
    }
}
