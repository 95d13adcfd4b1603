import PlanCore
import PlanRender
import Testing

/// Outside text made inert, measured in terminal cells, cut and isolated.
@Suite struct TerminalTextTests {
    /// Every byte a terminal acts on: C0, DEL, and C1 as UTF-8.
    static func hasControl(_ s: String) -> Bool {
        s.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }
    }

    @Test(arguments: [
        ("\u{1B}[2J", "␛[2J"), ("ding\u{07}", "ding␇"), ("a\u{08}b", "a␈b"), ("over\rwrite", "over␍write"), ("two\nlines", "two␊lines"),
        ("tab\there", "tab␉here"), ("del\u{7F}", "del␡"), ("\u{9B}31m", "<U+009B>31m"), ("\u{9D}0;title\u{9C}", "<U+009D>0;title<U+009C>"),
        ("evil\u{202E}txt.exe", "evil<U+202E>txt.exe"), ("\u{2066}x\u{2069}", "<U+2066>x<U+2069>"), ("line\u{2028}sep", "line<U+2028>sep"),
    ])
    func controlsBecomeVisible(_ input: String, _ shown: String) {
        #expect(TerminalText.inert(input) == shown)
        #expect(!Self.hasControl(TerminalText.inert(input)))
    }

    @Test func textWithoutControlsIsKeptAsItIs() {
        for s in ["History essay", "世界", "😀 party", "café", "e\u{301}", "👩‍💻", "🇫🇷", "Ünïcödé"] {
            #expect(TerminalText.inert(s) == s)
            #expect(TerminalText.label(s) == s)
        }
    }

    @Test func rightToLeftLabelsAreIsolated() {
        #expect(TerminalText.label("שלום") == "\u{2068}שלום\u{2069}")
        #expect(TerminalText.label("مرحبا 2") == "\u{2068}مرحبا 2\u{2069}")
        // An override in the data is shown, and the label isolated for its Hebrew.
        #expect(TerminalText.label("\u{202E}שלום") == "\u{2068}<U+202E>שלום\u{2069}")
    }

    @Test(arguments: [
        ("abc", 3), ("世界", 4), ("😀", 2), ("e\u{301}", 1), ("👩‍💻", 2), ("🇫🇷", 2), ("❤️", 2), ("\u{200B}", 0),
        ("\u{2068}x\u{2069}", 1), ("ｘ", 2), ("한국", 4), ("שלום", 4), ("␛", 1),
    ])
    func widthIsTerminalCells(_ s: String, _ cells: Int) {
        #expect(TerminalCells.width(s) == cells)
    }

    @Test func fitCutsBetweenClustersAndNeverOverflows() {
        for cells in 1...12 {
            for s in ["世界世界世界", "😀😀😀😀😀😀", "e\u{301}e\u{301}e\u{301}e\u{301}", "a世b😀c👩‍💻d🇫🇷", "שלום עולם"] {
                let fitted = TerminalText.fit(s, cells)
                #expect(TerminalCells.width(fitted) == cells, "\(s) in \(cells): \(fitted)")
                // Every cluster kept is one of the original's.
                let clusters = Set(s.map { String($0) } + ["…", " ", "\u{2068}", "\u{2069}"])
                #expect(fitted.allSatisfy { clusters.contains(String($0)) }, "\(s) in \(cells): \(fitted)")
            }
        }
        #expect(TerminalText.fit("世界", 3) == "世…")
        #expect(TerminalText.fit("世界", 2) == "… ")
        // An isolate is closed before the padding, even when the text is cut.
        #expect(TerminalText.fit("שלום עולם", 5) == "\u{2068}שלום…\u{2069}")
        #expect(TerminalText.fit("\u{1B}[2J", 6) == "␛[2J  ")
    }

    @Test func outputKeepsPlansOwnStylesOnlyWhenStyling() {
        let styled = TextStyle(ansi: true).bold("Title") + " \u{1B}[2J\u{07}"
        #expect(TerminalText.output(styled, keepingStyle: true) == "\u{1B}[1mTitle\u{1B}[0m ␛[2J␇")
        #expect(TerminalText.output(styled, keepingStyle: false) == "␛[1mTitle␛[0m ␛[2J␇")
        #expect(TerminalText.output("a\tb\nc\u{2068}d\u{2069}\r", keepingStyle: false) == "a\tb\nc\u{2068}d\u{2069}␍")
    }

    /// The display column of every `│` of each line: the grid's column rules.
    static func rules(_ line: Substring) -> [Int] {
        var col = 0, found: [Int] = []
        for c in line {
            if c == "│" { found.append(col) }
            col += TerminalCells.width(c)
        }
        return found
    }

    @Test func theWeekGridStaysAlignedWithWideAndHostileTitles() {
        let zone = WeekLayoutTests.zone, d = WeekLayoutTests.monday
        func item(_ day: Int, _ h: Int, _ title: String, room: String? = nil) -> WeekInput.Item {
            let s = zone.resolve(LocalDateTime(date: d.adding(days: day), hour: h))
            return WeekInput.Item(kind: .event, range: TimeRange(start: s, end: s + 5400), group: nil, title: title, room: room,
                                  origin: "t", detail: title)
        }
        let items = [item(0, 9, "\u{1B}[2J\u{07}Clear screen", room: "\u{9B}31mRoom"), item(0, 9, "世界の歴史 世界の歴史"),
                     item(1, 10, "😀 Party 👩‍💻🇫🇷"), item(2, 11, "\u{202E}evil override"), item(3, 9, "שלום עולם seminar"),
                     item(4, 12, "Cafe\u{301} and e\u{301}e\u{301}e\u{301}"), item(4, 9, "carriage\rreturn")]
        let layout = WeekLayout(WeekInput(first: d, days: 7, zone: zone, items: items))
        for width in [120, 80, 61, 40] {
            let text = WeekText.render(layout, width: width)
            #expect(!Self.hasControl(text))
            #expect(!text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
            let lines = text.split(separator: "\n")
            let header = Self.rules(lines[1])
            #expect(header.count == layout.columns.count)
            for line in lines.dropFirst(2) where line.contains("│") {
                #expect(Self.rules(line) == header, "\(width): \(line)")
                #expect(TerminalCells.width(String(line)) <= width, "\(width): \(line)")
            }
        }
    }
}
