import Foundation

/// Decimal arithmetic as a registrar does it: every figure is kept exact in
/// base 10 (Foundation's `Decimal`, 38 digits) and rounded only when shown,
/// half away from zero (2.675 → 2.68, 89.995 → 90.00), never through binary
/// floating point (where 2.675 is 2.67499… and rounds down).
package enum Rounding {
    /// `value` rounded half away from zero to `places` decimals.
    package static func round(_ value: Decimal, places: Int) -> Decimal {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, places, .plain)
        return output
    }

    /// A percentage or grade as a registrar compares it with a cut-off: rounded
    /// half away from zero to 2 decimals (89.995 → 90.00 earns the A−). It is
    /// first cut to 20 decimals, so the last-digit error of a 38-digit division
    /// (1/3 of 270 giving 89.99…99) cannot move it across a cut-off.
    package static func shown(_ value: Decimal) -> Decimal {
        round(round(value, places: 20), places: 2)
    }

    /// `value` rounded to `places` decimals and written with exactly that many (`89.50`).
    /// Like ``shown(_:)``, first cut to 20 decimals so a 38-digit division's last digit
    /// cannot turn an exact …5 into …4999.
    package static func text(_ value: Decimal, places: Int) -> String {
        let r = round(round(value, places: 20), places: places)
        var s = "\(r)"
        if places > 0 {
            if !s.contains(".") { s += "." }
            let decimals = s.count - (s.firstIndex(of: ".").map { s.distance(from: s.startIndex, to: $0) } ?? s.count) - 1
            if decimals < places { s += String(repeating: "0", count: places - decimals) }
        }
        return s
    }

    /// A decimal from its text (`78`, `17.5`, `3.42`); nil when it is not a plain decimal number.
    package static func parse(_ text: some StringProtocol) -> Decimal? {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty, t.count <= 40,
              t.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
              t.filter({ $0 == "." }).count <= 1, !t.dropFirst().contains("-"), t != "-", t != ".", t != "-." else { return nil }
        return Decimal(string: t, locale: Locale(identifier: "en_US_POSIX"))
    }
}
