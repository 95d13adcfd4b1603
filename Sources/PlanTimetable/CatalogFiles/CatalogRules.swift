import Foundation
import PlanCore

/// The rules every catalog obeys, whatever format it came in: the strict forms
/// of `catalog.schema.json` (`HH:MM`, ISO dates, `MO`…`SU`) and the ranges
/// (GPA 0–4, rating 0–5, a term and its meetings' dates in order). Each check
/// answers what is wrong, or nil; the readers add where.
package enum CatalogRules {
    static let expectedClock = "expected HH:MM from 00:00 to 24:00"
    static let expectedDate = "expected an ISO date YYYY-MM-DD"
    static let expectedDay = "expected one of MO, TU, WE, TH, FR, SA, SU"

    /// `HH:MM`, two digits each, `00:00` to `24:00`: minutes after midnight.
    static func clock(_ text: String) -> Int? {
        let u = Array(text.utf8)
        guard u.count == 5, u[2] == UInt8(ascii: ":"),
              [u[0], u[1], u[3], u[4]].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let h = Int(u[0] - 0x30) * 10 + Int(u[1] - 0x30)
        let m = Int(u[3] - 0x30) * 10 + Int(u[4] - 0x30)
        guard m < 60, h < 24 || (h == 24 && m == 0) else { return nil }
        return h * 60 + m
    }

    /// `HH:MM` for minutes after midnight (0…1440).
    static func clockText(_ minutes: Int) -> String {
        let m = min(max(minutes, 0), 1440)
        return pad(m / 60) + ":" + pad(m % 60)
    }

    private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// `YYYY-MM-DD` exactly, a real date.
    package static func date(_ text: String) -> LocalDate? {
        guard text.utf8.count == 10, text.utf8.dropFirst(4).first == UInt8(ascii: "-") else { return nil }
        return LocalDate(iso: text)
    }

    /// Why a known IANA zone it is not, or nil.
    static func zoneProblem(_ id: String) -> String? {
        guard !id.isEmpty, TimeZone(identifier: id) != nil, id.contains("/") || id == "UTC" || id == "GMT" else {
            return "is not a known IANA time zone; expected an identifier such as America/New_York"
        }
        return nil
    }

    static func gpaProblem(_ x: Double) -> String? {
        x.isFinite && (0...4).contains(x) ? nil : "is outside 0–4; expected an average GPA from 0 to 4"
    }

    static func ratingProblem(_ x: Double) -> String? {
        x.isFinite && (0...5).contains(x) ? nil : "is outside 0–5; expected a rating from 0 to 5"
    }

    static func creditsProblem(_ x: Double) -> String? {
        x.isFinite && x >= 0 && x <= 100 ? nil : "is not a number of credits; expected a number from 0 to 100"
    }

    /// A problem with a term as a whole: `(field, value, reason)`.
    static func termProblem(_ term: Term) -> (field: String, value: String, reason: String)? {
        if term.name.trimmingCharacters(in: .whitespaces).isEmpty {
            return ("name", "\"\"", "is empty; expected the term's name, e.g. Fall 2027")
        }
        if let p = zoneProblem(term.timeZone) { return ("timeZone", "\"\(LineText.excerpt(term.timeZone))\"", p) }
        if term.end < term.start {
            return ("end", term.end.isoString, "is before the term's start \(term.start.isoString); expected start ≤ end")
        }
        for (i, h) in term.holidays.enumerated() where h.to < h.from {
            return ("holidays[\(i)].to", h.to.isoString, "is before its from \(h.from.isoString); expected from ≤ to")
        }
        return nil
    }

    /// A meeting's own dates: in order, and reaching into the term.
    static func spanProblem(from: LocalDate?, to: LocalDate?, term: Term) -> (field: String, value: String, reason: String)? {
        if let from, let to, to < from {
            return ("to", to.isoString, "is before the meeting's from \(from.isoString); expected from ≤ to")
        }
        if let from, from > term.end {
            return ("from", from.isoString, "is after the term ends (\(term.end.isoString)); expected dates inside or overlapping the term \(term.start.isoString)…\(term.end.isoString)")
        }
        if let to, to < term.start {
            return ("to", to.isoString, "is before the term starts (\(term.start.isoString)); expected dates inside or overlapping the term \(term.start.isoString)…\(term.end.isoString)")
        }
        return nil
    }

    /// Times in order: `end` after `start`.
    static func timesProblem(start: Int, end: Int) -> String? {
        end > start ? nil : "is not after the start \(clockText(start)); expected end > start"
    }
}
