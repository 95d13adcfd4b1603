import PlanCore
import Testing

/// The one excerpt every error quotes an outside value with: at most 40
/// characters, control characters visible, cut with `…`, and reading no
/// more of a value than it shows.
@Suite struct LineTextExcerptTests {
    @Test(arguments: [
        ("3.12", "3.12"),
        ("", ""),
        (String(repeating: "a", count: 40), String(repeating: "a", count: 40)),
        (String(repeating: "a", count: 41), String(repeating: "a", count: 40) + "…"),
        ("a\u{1B}[31mb", "a\u{241B}[31mb"),
        ("line\r\nnext", "line\u{240D}\u{240A}next"),
        ("x\u{9B}y", "x<U+009B>y"),
        ("Søren Halvorsen", "Søren Halvorsen"),
    ])
    func shortValuesAreShownWhole(value: String, shown: String) {
        #expect(LineText.excerpt(value) == shown)
    }

    @Test func aLongValueIsCutAfterTheLimitCountingWhatIsShown() {
        let secret = "PASSWORD=" + String(repeating: "hunter2", count: 1000)
        let cut = LineText.excerpt(secret)
        #expect(cut.count == LineText.excerptLength + 1 && cut.hasSuffix("…"))
        #expect(secret.hasPrefix(String(cut.dropLast())))
        // An escape is counted as what it shows: eight characters for `<U+009B>`.
        let escapes = String(repeating: "\u{9B}", count: 10)
        #expect(LineText.excerpt(escapes) == String(repeating: "<U+009B>", count: 5) + "…")
        #expect(LineText.excerpt("abcdef", limit: 3) == "abc…")
    }

    @Test func aValueOfMegabytesIsCutQuickly() {
        let huge = String(repeating: "x", count: 16_000_000)
        let start = ContinuousClock.now
        #expect(LineText.excerpt(huge).count == 41)
        #expect(ContinuousClock.now - start < .milliseconds(200))
    }

    /// Mail addresses are quoted by the same excerpt.
    @Test func mailAddressProblemsQuoteAnExcerpt() throws {
        let domain = String(repeating: "d", count: 100)
        let problem = try #require(MailAddress.problem("a@" + domain))
        #expect(problem.contains(String(repeating: "d", count: 40) + "…") && !problem.contains(String(repeating: "d", count: 41)))
    }
}
