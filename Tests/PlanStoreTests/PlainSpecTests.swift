import Foundation
import PlanCore
import Testing
@testable import PlanStore

/// Stored task specs are read without JSONDecoder when they are in the form
/// the store writes; the result must be JSONDecoder's.
@Suite struct PlainSpecTests {
    static func decoded(_ json: String) -> ScheduleRequest.TaskSpec? {
        try? JSONDecoder().decode(ScheduleRequest.TaskSpec.self, from: Data(json.utf8))
    }

    static func encoded(_ spec: ScheduleRequest.TaskSpec) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(spec), as: UTF8.self)
    }

    @Test func specsAsTheStoreWritesThem() throws {
        let texts = ["History essay", "quote \" backslash \\ slash / tab \t nl \n", "é 日本 🎓 a\u{0301}", "ctl \u{1}\u{1F}", "", " "]
        var state: UInt64 = 9
        func pick<T>(_ items: [T]) -> T {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return items[Int(state >> 33) % items.count]
        }
        for k in 0..<2_000 {
            var spec = ScheduleRequest.TaskSpec(id: "t\(k)", title: pick(texts), estimate: "PT\(k % 9)H", due: "2027-02-0\(1 + k % 9)")
            if k % 2 == 0 { spec.project = pick(texts) }
            if k % 3 == 0 { spec.notes = pick(texts) }
            if k % 4 == 0 { spec.span = "PT1H" }
            if k % 5 == 0 { spec.minSitting = "PT30M" }
            if k % 6 == 0 { spec.earliest = "09:00"; spec.latest = "24:00" }
            if k % 7 == 0 { spec.start = "2027-01-20T08:00" }
            if k % 8 == 0 { spec.priority = pick([1, 2, 3, 4, 0, -7, 1_000_000]) }
            if k % 9 == 0 { spec.after = k % 2 == 0 ? [] : [pick(texts), "t0"] }
            if k % 10 == 0 { spec.done = "PT0M" }
            let json = try Self.encoded(spec)
            let plain = DecodedSpecs.plainSpec(json)
            #expect(plain != nil, "\(json)")
            #expect(plain == Self.decoded(json), "\(json)")
        }
    }

    /// Text in any other form is left to JSONDecoder (nil here).
    @Test(arguments: [
        #"{"due":"2027-02-01","estimate":"PT1H","id":"a","title":"A","priority":2.0}"#,
        #"{"due":"2027-02-01","estimate":"PT1H","id":"a","title":"A","priority":02}"#,
        #"{"due":"2027-02-01","estimate":"PT1H","id":"a","title":"A","project":null}"#,
        #"{"due":"2027-02-01","estimate":"PT1H","id":"a","title":"A","extra":"x"}"#,
        #"{"due":"2027-02-01","estimate":"PT1H","id":"a","id":"b","title":"A"}"#,
        #"{"due":"2027-02-01","estimate":"PT1H","id":"a","title":"\ud83c"}"#,
        #"{"due":"2027-02-01","estimate":"PT1H","id":"a"}"#,
        #" {"due":"2027-02-01","estimate":"PT1H","id":"a","title":"A"}"#,
        #"{"due":"2027-02-01","estimate":"PT1H","id":"a","title":"A"} "#,
        #"{"due":"2027-02-01","estimate":"PT1H","id":"a","title":"A\x"}"#,
    ])
    func otherFormsGoToJSONDecoder(json: String) {
        #expect(DecodedSpecs.plainSpec(json) == nil)
    }

    @Test func escapesAsJSONDecoderReadsThem() {
        let json = #"{"due":"2027-02-01","estimate":"PT1H","id":"a\/b","title":"\u00e9\u0041\n\"\\\ud83c\udf93"}"#
        // A surrogate pair is two escapes: left to JSONDecoder.
        #expect(DecodedSpecs.plainSpec(json) == nil)
        let simple = #"{"due":"2027-02-01","estimate":"PT1H","id":"a\/b","title":"\u00e9\u0041\n\"\\\b\f\r\t"}"#
        #expect(DecodedSpecs.plainSpec(simple) == Self.decoded(simple))
        #expect(DecodedSpecs.plainSpec(simple) != nil)
    }
}
