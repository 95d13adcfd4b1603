import Foundation
@testable import PlanFuzz
import Testing

/// ``Mutator`` and ``FuzzDictionary``: the same number gives the same
/// input, seeds come first, no input is longer than the bound, and the
/// dictionaries read as libFuzzer reads them.
@Suite struct MutatorTests {
    static let seeds: [[UInt8]] = [Array("BEGIN:VCALENDAR\r\nDTSTART:20261123T090000Z\r\nEND:VCALENDAR\r\n".utf8), Array("{\"a\": [1, 2]}".utf8)]
    static let tokens: [[UInt8]] = [Array("RRULE:".utf8), Array("<x>".utf8)]

    @Test func theSameNumberGivesTheSameInput() {
        let a = Mutator(seeds: Self.seeds, tokens: Self.tokens, maxLength: 100, salt: 7)
        let b = Mutator(seeds: Self.seeds, tokens: Self.tokens, maxLength: 100, salt: 7)
        let c = Mutator(seeds: Self.seeds, tokens: Self.tokens, maxLength: 100, salt: 8)
        let numbers = 0..<500
        #expect(numbers.map(a.input) == numbers.map(b.input))
        #expect(numbers.map(a.input) != numbers.map(c.input))
        // Mostly different inputs, and mostly not the seeds.
        let distinct = Set(numbers.map(a.input))
        #expect(distinct.count > 400)
        #expect(numbers.dropFirst(2).filter { Self.seeds.contains(a.input($0)) }.count < 50)
    }

    @Test func theSeedsComeFirstUnchanged() {
        let m = Mutator(seeds: Self.seeds, tokens: [], maxLength: 1_000, salt: 1)
        #expect(m.input(0) == Self.seeds[0])
        #expect(m.input(1) == Self.seeds[1])
        #expect(m.input(2) != m.input(3))
    }

    @Test func noInputIsLongerThanTheBound() {
        let longest = Self.seeds.map(\.count).max() ?? 0
        // At the bound a seed is kept whole; one byte below, it is cut.
        #expect(Mutator(seeds: Self.seeds, tokens: [], maxLength: longest, salt: 1).input(0) == Self.seeds[0])
        #expect(Mutator(seeds: Self.seeds, tokens: [], maxLength: longest - 1, salt: 1).input(0) == Array(Self.seeds[0].dropLast()))
        for maxLength in [1, 16, longest] {
            let m = Mutator(seeds: Self.seeds, tokens: Self.tokens + [Array(repeating: 0x41, count: 300)], maxLength: maxLength, salt: 3)
            #expect((0..<2_000).allSatisfy { m.input($0).count <= maxLength })
        }
        // No seeds: inputs grow from nothing, within the bound.
        let empty = Mutator(seeds: [], tokens: Self.tokens, maxLength: 8, salt: 2)
        #expect((0..<500).allSatisfy { empty.input($0).count <= 8 })
    }

    @Test func dictionariesReadAsLibFuzzerReadsThem() {
        let text = """
            # a comment "not a token"
            "plain"
            kw1="named"
            "\\x00\\xffA\\\\\\""

            "\\xZZ"
            unquoted
            ""
            """
        #expect(FuzzDictionary.tokens(text) == [Array("plain".utf8), Array("named".utf8), [0, 0xFF, 0x41, 0x5C, 0x22]])
    }

    @Test func everyTargetsInputsDiffer() {
        let salts = Set(FuzzTarget.allCases.map(FuzzSeeds.salt))
        #expect(salts.count == FuzzTarget.allCases.count)
    }
}
