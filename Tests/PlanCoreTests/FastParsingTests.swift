import Testing
@testable import PlanCore

/// `LocalDate(iso:)` reads ASCII text on its bytes; it must answer as the
/// Character-based rules it stands in for (kept here as the reference).
@Suite struct FastParsingTests {
    static func reference(_ text: some StringProtocol) -> LocalDate? {
        let digits = String(text.filter { $0 != "-" })
        guard digits.count == 8, digits.allSatisfy({ ("0"..."9").contains($0) }),
              let y = Int(digits.prefix(4)), let m = Int(digits.dropFirst(4).prefix(2)),
              let d = Int(digits.suffix(2)) else { return nil }
        if text.contains("-") && text.count != 10 { return nil }
        let date = LocalDate(year: y, month: m, day: d)
        return date.isValid ? date : nil
    }

    @Test(arguments: ["2026-11-23", "20261123", "2026-02-29", "2024-02-29", "2026-1-101", "--20261101", "2026-11-2",
                      "2026-11-233", "2026/11/23", " 2026-11-23", "2026-11-23\r\n", "２０２６-11-23", "", "-", "0000-01-01",
                      "9999-12-31", "2026-13-01", "2026-00-10", "2026-11-00", "202611230", "2026-11-23T10:00"])
    func examples(text: String) {
        #expect(LocalDate(iso: text) == Self.reference(text), "\(text)")
        #expect(LocalDate(iso: Substring(text)) == Self.reference(Substring(text)), "\(text)")
    }

    @Test func randomText() {
        var state: UInt64 = 3
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        let alphabet = Array("0123456789--12 T\r\né")
        for _ in 0..<50_000 {
            let text = String((0..<(next() % 13)).map { _ in alphabet[next() % alphabet.count] })
            #expect(LocalDate(iso: text) == Self.reference(text), "\(text.debugDescription)")
        }
        for _ in 0..<20_000 {
            let text = "\(1900 + next() % 200)-\(next() % 14)-\(next() % 33)"
            #expect(LocalDate(iso: text) == Self.reference(text), "\(text)")
        }
    }
}
