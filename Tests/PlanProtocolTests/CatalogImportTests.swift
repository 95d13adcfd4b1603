import Foundation
import PlanCore
import Testing
@testable import PlanProtocol
@testable import PlanTimetable

/// The front door: the format told or sniffed, and a term where the format has none.
@Suite struct CatalogImportTests {
    typealias F = CatalogFixtures

    @Test func everyExampleIsSniffedAndRead() throws {
        for (name, format) in [("catalog-fall-2027.json", CatalogImport.Format.json), ("catalog-sample.csv", .csv), ("catalog-umdio.json", .umdio)] {
            let bytes = try F.bytes(F.examples.appendingPathComponent(name))
            #expect(try CatalogImport.sniff(bytes, file: name) == format, "\(name)")
            let auto = try CatalogImport.read(bytes, file: name, term: F.fall2027)
            #expect(try CatalogImport.read(bytes, file: name, format: format, term: F.fall2027) == auto)
            #expect(!auto.courses.isEmpty)
        }
        let tsv = try F.bytes(F.files.appendingPathComponent("registrar-tabs.tsv"))
        #expect(try CatalogImport.sniff(tsv, file: "registrar-tabs.tsv") == .csv)
        #expect(try CatalogImport.sniff(tsv, file: "export") == .csv, "by content")
        #expect(try CatalogImport.sniff(Array(F.issueExample.utf8), file: "stdin") == .json, "by content")
        #expect(try CatalogImport.sniff(Array("[]".utf8), file: "empty.json") == .umdio)
        #expect(try CatalogImport.sniff(Array("{\"term\": ".utf8), file: "cut.json") == .json, "the JSON reader says where it breaks")
    }

    @Test func theJSONFormatNeedsNoTerm() throws {
        let c = try CatalogImport.read(Array(F.issueExample.utf8), file: "c.json", term: nil)
        #expect(c.term == F.fall2027)
    }

    @Test func csvAndUMDIONeedTheTerm() throws {
        let bytes = try F.bytes(F.examples.appendingPathComponent("catalog-sample.csv"))
        let e = try #require(F.error { () throws(CatalogError) in try CatalogImport.read(bytes, file: "s.csv", term: nil) })
        #expect(e.description.contains("--term-start"), "\(e)")
        let u = try #require(F.error { () throws(CatalogError) in try CatalogImport.read(Array("[]".utf8), file: "u.json", format: .umdio, term: nil) })
        #expect(u.description.contains("umd.io"), "\(u)")
    }

    @Test func anUnknownFormatListsTheFormats() throws {
        for (bytes, file) in [(Array("just some words".utf8), "notes.txt"), (Array("{\"x\": 1}".utf8), "x.json"), ([], "empty"),
                              (Array("[1, 2]".utf8), "numbers.json")] {
            let e = try #require(F.error { () throws(CatalogError) in try CatalogImport.read(bytes, file: file, term: F.fall2027) })
            #expect(e.description.hasPrefix("\(file): is in no format plan can tell"), "\(e)")
            for name in ["json", "csv", "umdio", "--format"] { #expect(e.description.contains(name), "\(e)") }
        }
    }

    /// No input crashes a reader: bytes of the examples cut and changed (the same way on every run)
    /// give a catalog or an error.
    @Test func brokenInputsNeverCrash() throws {
        let sources = try ["catalog-sample.csv", "catalog-umdio.json"].map { try F.bytes(F.examples.appendingPathComponent($0)) }
            + [Array(F.issueExample.utf8), try F.bytes(F.files.appendingPathComponent("registrar-tabs.tsv"))]
        let noise: [UInt8] = Array(",\"\n\r{}[]:-0123456789MTWRFapm \\".utf8) + [0x00, 0xFF, 0xC3]
        /// Knuth's multiplicative hash of (round, step), below `n`.
        func pick(_ round: Int, _ step: Int, below n: Int) -> Int {
            Int(((UInt64(round * 97 + step + 1) &* 2_654_435_761) >> 7) % UInt64(max(n, 1)))
        }
        var read = 0
        for round in 0..<1200 {
            var b = sources[round % sources.count]
            for step in 0...pick(round, 99, below: 4) where !b.isEmpty {
                let i = pick(round, step, below: b.count)
                switch pick(round, step + 50, below: 3) {
                case 0: b[i] = noise[pick(round, step + 70, below: noise.count)]
                case 1: b.remove(at: i)
                default: b = Array(b[..<i])
                }
            }
            for format in CatalogImport.Format.allCases {
                if (try? CatalogImport.read(b, file: "f", format: format, term: F.fall2027)) != nil { read += 1 }
            }
        }
        #expect(read > 0)
    }
}
