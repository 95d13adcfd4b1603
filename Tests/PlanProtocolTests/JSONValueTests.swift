import Foundation
import PlanJSON
import Testing
@testable import PlanProtocol

/// The strict JSON reader behind `plan rpc` (RFC 8259).
@Suite struct JSONValueTests {
    @Test(arguments: [
        #"{"a":1,"b":[true,false,null],"c":"x\"y\\z\/\n\u00e9\ud83d\ude00"}"#,
        #"  [1, -2, 3.5, 1e3, -0.25E-2, 0]  "#,
        #""just a string""#,
        "42",
        #"{"nested":{"deeper":{"deepest":[[[]]]}}}"#,
    ])
    func acceptsValidJSON(_ text: String) throws {
        let v = try JSONValue.parse(text)
        // What it writes reads back as the same value, and agrees with Foundation.
        #expect(try JSONValue.parse(v.text) == v)
        let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        let again = try JSONSerialization.jsonObject(with: Data(v.text.utf8), options: [.fragmentsAllowed])
        // Compared as Foundation writes them with sorted keys: a dictionary's
        // description lists its keys in an order that changes from run to run.
        func canonical(_ object: Any) throws -> Data {
            try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
        }
        #expect(try canonical(foundation) == canonical(again))
    }

    @Test(arguments: [
        ("", "end of input"),
        ("{", "end of input"),
        (#"{"a":1,}"#, "member name"),
        ("[1,]", "expected a value"),
        ("[1 2]", "expected ',' or ']'"),
        ("01", "leading zeros"),
        ("1.", "after '.'"),
        ("-", "digits"),
        ("NaN", "expected a value"),
        ("tru", "literal"),
        (#""abc"#, "unterminated"),
        ("\"a\u{01}b\"", "control character"),
        (#""\x""#, "unknown escape"),
        (#""\ud800""#, "lone high surrogate"),
        (#""\udc00""#, "lone low surrogate"),
        (#""\u12G4""#, "four hex digits"),
        (#"{"a" 1}"#, "expected ':'"),
        ("{} {}", "after the value"),
        ("{'a': 1}", "member name"),
    ])
    func refusesInvalidJSON(_ text: String, _ reason: String) {
        #expect {
            try JSONValue.parse(text)
        } throws: { error in
            (error as? JSONParseError)?.reason.contains(reason) == true
        }
    }

    @Test func refusesBytesThatAreNotUTF8() {
        #expect(throws: JSONParseError.self) { try JSONValue.parse([0x22, 0xFF, 0xFE, 0x22]) }
    }

    @Test func refusesNestingDeeperThanTheLimitWithoutRecursingFurther() throws {
        let ok = String(repeating: "[", count: JSONValue.maxDepth) + String(repeating: "]", count: JSONValue.maxDepth)
        _ = try JSONValue.parse(ok)
        let onePast = String(repeating: "[", count: JSONValue.maxDepth + 1) + String(repeating: "]", count: JSONValue.maxDepth + 1)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(onePast) }
        // A hundred thousand levels: refused at level 513, not a stack overflow.
        let deep = String(repeating: "[", count: 100_000)
        #expect {
            try JSONValue.parse(deep)
        } throws: { error in
            (error as? JSONParseError)?.reason.contains("nested deeper") == true
        }
    }

    @Test func keepsNumbersAsWrittenAndMembersInOrder() throws {
        let v = try JSONValue.parse(#"{"z": 1.50, "a": 12345678901234567890, "m": -0}"#)
        #expect(v.text == #"{"z":1.50,"a":12345678901234567890,"m":-0}"#)
        #expect(v["z"]?.intValue == nil)
        #expect(try JSONValue.parse("2.0").intValue == 2)
        #expect(try JSONValue.parse("1e400").intValue == nil)
    }

    @Test func writesControlCharactersEscaped() {
        let s = JSONValue.string("line\nbreak\u{7}\u{2028}\"q\"\\")
        #expect(s.text == #""line\nbreak\u0007"# + "\u{2028}" + #"\"q\"\\""#)
        #expect(!s.text.contains("\n"))
    }

    @Test func aRepeatedMemberKeepsItsLastValue() throws {
        let v = try JSONValue.parse(#"{"a": 1, "b": 2, "a": 3}"#)
        #expect(v["a"]?.intValue == 3)
        #expect(v.text == #"{"b":2,"a":3}"#)
    }
}
