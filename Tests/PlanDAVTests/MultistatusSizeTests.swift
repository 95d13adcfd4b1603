import Foundation
import Testing
@testable import PlanDAV

/// Answers up to the documented ``Multistatus/maxBytes`` are read whole:
/// libxml2 refuses a document over 10 MB given to it at once, and `plan
/// sync` was stuck once a server's answer grew past that.
@Suite struct MultistatusSizeTests {
    static func document(_ responses: Int, notes: Int) -> [UInt8] {
        var out = Array("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<d:multistatus xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\">\n".utf8)
        let text = Array(String(repeating: "long notes ", count: notes / 11).utf8)
        for i in 0..<responses {
            out += Array("<d:response><d:href>/dav/ada/plan/e\(i).ics</d:href><d:propstat><d:prop><d:getetag>\"etag-\(i)\"</d:getetag>".utf8)
            if notes > 0 {
                out += Array("<c:calendar-data>BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:e\(i)\r\nDESCRIPTION:".utf8) + text
                    + Array("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n</c:calendar-data>".utf8)
            }
            out += Array("</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>\n".utf8)
        }
        return out + Array("</d:multistatus>\n".utf8)
    }

    @Test func sixtyThousandResponsesAreRead() throws {
        let bytes = Self.document(60_000, notes: 0)
        #expect(bytes.count > 10_000_000)
        let m = try Multistatus.parse(bytes)
        #expect(m.responses.count == 60_000)
        #expect(m.responses.last?.href == "/dav/ada/plan/e59999.ics")
        #expect(m.responses.last?.property(.dav("getetag"))?.text == "\"etag-59999\"")
    }

    @Test func twoEventsWithLongNotesAreReadToTheLastByte() throws {
        let bytes = Self.document(2, notes: 9_000_000)
        #expect(bytes.count > 18_000_000)
        let m = try Multistatus.parse(bytes)
        #expect(m.responses.count == 2)
        for r in m.responses {
            let data = try #require(r.property(.caldav("calendar-data"))?.text)
            #expect(data.utf8.count > 9_000_000 - 11 && data.hasSuffix("END:VCALENDAR"))
        }
    }

    @Test func anAnswerNearTheDocumentedLimitIsReadAndOneOverIsRefused() throws {
        let near = Self.document(4, notes: 12_000_000)
        #expect(near.count > 48_000_000 && near.count <= Multistatus.maxBytes)
        #expect(try Multistatus.parse(near).responses.count == 4)
        let over = Self.document(5, notes: 12_000_000)
        #expect(throws: Multistatus.ParseError(reason: "the answer is larger than 50 MB")) { try Multistatus.parse(over) }
    }

    @Test func aDocumentCutShortInALaterChunkIsStillRefused() {
        let whole = Self.document(30_000, notes: 0)
        let cut = Array(whole.prefix(whole.count - 40))
        #expect(throws: Multistatus.ParseError.self) { try Multistatus.parse(cut) }
    }
}
