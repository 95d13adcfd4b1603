import PlanCore
import Testing

/// The one XML escaper (`XMLText`): the five specials, and the characters XML 1.0 cannot hold.
@Suite struct XMLTextTests {
    @Test(arguments: [XMLText.Forbidden.dropped, .spaced])
    func theFiveSpecialsBecomeEntities(_ forbidden: XMLText.Forbidden) {
        #expect(XMLText.escaped(#"a & b < c > d " e ' f"#, forbidden: forbidden)
            == "a &amp; b &lt; c &gt; d &quot; e &apos; f")
        #expect(XMLText.escaped("&amp; é 日本 🎓", forbidden: forbidden) == "&amp;amp; é 日本 🎓")
        #expect(XMLText.escaped("", forbidden: forbidden) == "")
    }

    @Test func droppedLeavesOutControlsButKeepsTabAndLineBreaks() {
        #expect(XMLText.escaped("a\u{0}b\u{1}c\u{1F}d\u{7F}e", forbidden: .dropped) == "abcd\u{7F}e")
        #expect(XMLText.escaped("a\tb\nc\rd", forbidden: .dropped) == "a\tb\nc\rd")
        #expect(XMLText.escaped("a\u{FFFE}b\u{FFFF}c", forbidden: .dropped) == "abc")
    }

    @Test func spacedWritesControlsAndLineBreaksAsSpaces() {
        #expect(XMLText.escaped("a\u{0}b\u{1}c\u{1F}d\u{7F}e", forbidden: .spaced) == "a b c d\u{7F}e")
        #expect(XMLText.escaped("a\tb\nc\rd", forbidden: .spaced) == "a b c d")
        #expect(XMLText.escaped("a\u{FFFE}b\u{FFFF}c", forbidden: .spaced) == "a b c")
        #expect(XMLText.escaped("a\u{1}b'\"", forbidden: .spaced) == "a b&apos;&quot;")
    }
}
