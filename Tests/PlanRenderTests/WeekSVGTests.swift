import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PlanCore
import PlanImage
import PlanRender
import Testing

/// The picture of the week: valid XML, every block there with its label, no
/// text outside its block by the fixed metric, and the PNG librsvg makes of it.
@Suite struct WeekSVGTests {
    static let zone = WeekLayoutTests.zone
    static let monday = WeekLayoutTests.monday

    /// A busy week: 50-minute classes, long titles, overlaps, a sitting, an escaped title, an all-day event.
    static let layout: WeekLayout = {
        typealias T = WeekLayoutTests
        var items: [WeekInput.Item] = []
        for day in [0, 2, 4] {
            var c = T.item(monday.adding(days: day), (10, 0), (10, 50), "Data Structures (lecture)", group: "CS 201")
            c.room = "Engineering Hall 105"
            items.append(c)
        }
        items.append(T.item(monday, (10, 0), (11, 15), "Seminar on <very> long & \"quoted\" things", group: "HIST 200"))
        items.append(T.item(monday, (10, 30), (11, 0), "Advisor meeting"))
        items.append(T.item(monday.adding(days: 1), (9, 30), (10, 45), "Linear Algebra", group: "MATH 221"))
        items.append(T.item(monday.adding(days: 1), (14, 0), (15, 30), "History essay (1/4)", group: "HIST200", kind: .sitting))
        items.append(T.item(monday.adding(days: 3), (18, 0), (18, 15), "Quick call"))
        items.append(T.item(monday.adding(days: 2), (0, 0), (23, 0), "Thanksgiving break", allDay: true))
        return WeekLayout(WeekInput(first: monday, days: 7, zone: zone, items: items,
                                    unscheduled: [WeekInput.Unscheduled(code: "HIST300", title: "Online history")], name: "Fall & winter"))
    }()

    /// Each block's `<g>`: its label, its box, and its texts with position, size and weight.
    final class Blocks: NSObject, XMLParserDelegate {
        struct Text { var x, y, size: Double; var bold: Bool; var text: String }
        struct Block { var label: String; var x, y, width, height: Double; var texts: [Text] = [] }
        var blocks: [Block] = []
        var inBlock = false
        var current: Text?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes a: [String: String] = [:]) {
            if name == "g", a["class"] == "block" {
                blocks.append(Block(label: a["data-label"] ?? "", x: Double(a["data-x"] ?? "") ?? .nan, y: Double(a["data-y"] ?? "") ?? .nan,
                                    width: Double(a["data-width"] ?? "") ?? .nan, height: Double(a["data-height"] ?? "") ?? .nan))
                inBlock = true
            } else if name == "text", inBlock {
                current = Text(x: Double(a["x"] ?? "") ?? .nan, y: Double(a["y"] ?? "") ?? .nan, size: Double(a["font-size"] ?? "") ?? .nan,
                               bold: a["font-weight"] == "bold", text: "")
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { current?.text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text", let t = current {
                blocks[blocks.count - 1].texts.append(t)
                current = nil
            }
            if name == "g" { inBlock = false }
        }
    }

    static func parsed(_ svg: String) throws -> Blocks {
        let parser = XMLParser(data: Data(svg.utf8))
        let blocks = Blocks()
        parser.delegate = blocks
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        return blocks
    }

    @Test(arguments: [(1000, 650), (1200, 800), (600, 400)])
    func everyBlockIsThereAndItsTextStaysInside(width: Int, height: Int) throws {
        let svg = WeekSVG.render(Self.layout, width: width, height: height)
        #expect(svg.contains("font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\""))
        let blocks = try Self.parsed(svg).blocks
        #expect(blocks.map(\.label).sorted() == Self.layout.blocks.map(\.label).sorted())
        for b in blocks {
            // At the default size and larger every block says something; smaller, text may give way.
            if width >= 1000 { #expect(!b.texts.isEmpty, "\(b.label) shows no text") }
            for t in b.texts {
                let w = FontMetric.width(t.text, size: t.size, bold: t.bold)
                #expect(t.x >= b.x && t.x + w <= b.x + b.width + 0.01, "\(t.text) runs out of \(b.label) sideways")
                #expect(t.y - t.size * 0.95 >= b.y - 0.01 && t.y <= b.y + b.height + 0.01, "\(t.text) runs out of \(b.label) vertically")
            }
        }
    }

    @Test func aFiftyMinuteClassShowsItsCodeAtTheDefaultSize() throws {
        let blocks = try Self.parsed(WeekSVG.render(Self.layout, width: 1000, height: 650)).blocks
        let classes = blocks.filter { $0.label.hasPrefix("CS 201") }
        #expect(classes.count == 3)
        for c in classes { #expect(c.texts.first?.text == "CS 201" && c.texts.first?.size == 11) }
    }

    /// Only blocks whose times overlap share a column: two sittings 15 minutes apart are each
    /// drawn whole (the text grid's half-hour rows still put them side by side), and a long
    /// title wraps over the lines its block has before it is cut.
    @Test func onlyOverlappingBlocksShareAColumnAndTitlesWrap() throws {
        typealias T = WeekLayoutTests
        let items = [T.item(Self.monday, (12, 40), (14, 40), "Linked lists project (1/2)", group: "CS201", kind: .sitting),
                     T.item(Self.monday, (14, 55), (15, 55), "Problem set 7 (1/1)", group: "CS201", kind: .sitting),
                     T.item(Self.monday.adding(days: 1), (9, 0), (11, 0), "A", group: "X"),
                     T.item(Self.monday.adding(days: 1), (10, 0), (12, 0), "B", group: "X")]
        let layout = WeekLayout(WeekInput(first: Self.monday, days: 7, zone: Self.zone, items: items))
        #expect(layout.blocks.filter { $0.column == 0 }.map(\.lanes) == [2, 2], "the text grid's rows overlap")
        let blocks = try Self.parsed(WeekSVG.render(layout, width: 1000, height: 650)).blocks
        let monday = blocks.filter { $0.label.contains("CS201") }, tuesday = blocks.filter { $0.label.hasPrefix("X") }
        #expect(monday.count == 2 && tuesday.count == 2)
        #expect(monday[0].width == monday[1].width && monday[0].x == monday[1].x, "\(monday)")
        #expect(tuesday[0].width < monday[0].width / 1.5 && tuesday[0].x != tuesday[1].x, "\(tuesday)")
        // "Linked lists project (1/2)" is wider than a column: on two lines, whole.
        let texts = monday.first { $0.texts.contains { $0.text.hasPrefix("Linked") } }?.texts.map(\.text) ?? []
        #expect(texts.joined(separator: " ").contains("Linked lists project (1/2)") && !texts.contains { $0.hasSuffix("…") }, "\(texts)")
    }

    @Test func textIsEscaped() {
        let svg = WeekSVG.render(Self.layout, width: 1000, height: 650)
        #expect(svg.contains("Fall &amp; winter") && svg.contains("&lt;very&gt;"))
        #expect(WeekSVG.escape("a\u{1}b'\"") == "a b&apos;&quot;")
    }

    @Test func theSameWeekGivesTheSameBytes() {
        #expect(WeekSVG.render(Self.layout, width: 1000, height: 650) == WeekSVG.render(Self.layout, width: 1000, height: 650))
    }

    @Test func fittingCutsWithAnEllipsis() {
        let cut = FontMetric.fit("Data Structures and Algorithms", room: 60, size: 10)
        #expect(cut.hasSuffix("…") && FontMetric.width(cut, size: 10) <= 60)
        #expect(FontMetric.fit("CS 201", room: 100, size: 11, bold: true) == "CS 201")
        #expect(FontMetric.fit("CS 201", room: 5, size: 11) == "")
    }

    /// librsvg draws it: a PNG of the asked size (from its header), and not blank.
    @Test func thePNGHasTheSizeAndIsNotBlank() throws {
        let svg = WeekSVG.render(Self.layout, width: 800, height: 500)
        let png = try PNGImage.render(svg: svg, width: 800, height: 500)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func be32(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(be32(16) == 800 && be32(20) == 500)
        // A blank 800×500 PNG compresses to a few kilobytes; the week takes far more.
        #expect(png.count > 20_000)
        #expect(throws: ImageError.self) { try PNGImage.render(svg: "<svg", width: 10, height: 10) }
    }
}
