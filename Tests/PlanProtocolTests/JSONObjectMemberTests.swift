import PlanJSON
import Testing

/// How an object's members are kept: document order, a repeated name keeping
/// its last value at its last position — checked against a plain list
/// computation written here — and objects of many names read whole.
@Suite struct JSONObjectMemberTests {
    /// The rule done the slow, obvious way: for each member, drop any earlier
    /// one of the same name, then append.
    private func expectedMembers(_ pairs: [(String, Int)]) -> [(String, Int)] {
        var out: [(String, Int)] = []
        for (name, value) in pairs {
            out.removeAll { $0.0 == name }
            out.append((name, value))
        }
        return out
    }

    /// Every list of up to 6 members over three names (1,093 objects), each value its position.
    @Test func repeatedNamesKeepTheLastValueAtTheLastPosition() throws {
        let names = ["a", "b", "é"]
        var lists: [[(String, Int)]] = [[]]
        var frontier: [[(String, Int)]] = [[]]
        for length in 1...6 {
            frontier = frontier.flatMap { list in names.map { list + [($0, length)] } }
            lists += frontier
        }
        #expect(lists.count == 1_093)
        for pairs in lists {
            let text = "{" + pairs.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
            guard case .object(let members) = try JSONValue.parse(text) else {
                Issue.record("not an object: \(text)"); continue
            }
            let want = expectedMembers(pairs)
            #expect(members.map(\.0) == want.map(\.0), "\(text)")
            #expect(members.map(\.1) == want.map { .number(String($0.1)) }, "\(text)")
        }
    }

    /// Objects of thousands of members (read through many buckets), names drawn from a small pool so
    /// that most repeat, against the slow rule.
    @Test(arguments: [(5_000, 300), (20_000, 9_000), (3_000, 1)])
    func largeObjectsWithRepeatedNamesKeepTheRule(members: Int, names: Int) throws {
        var state: UInt64 = UInt64(members * 31 + names)
        let pairs = (0..<members).map { k -> (String, Int) in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return ("n\(Int(state >> 33) % names)", k)
        }
        let text = "{" + pairs.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        guard case .object(let got) = try JSONValue.parse(text) else { Issue.record("not an object"); return }
        // The slow rule, done with a dictionary of last positions here.
        var lastAt: [String: Int] = [:]
        for (k, p) in pairs.enumerated() { lastAt[p.0] = k }
        let want = pairs.enumerated().filter { lastAt[$0.element.0] == $0.offset }.map(\.element)
        #expect(got.count == want.count)
        #expect(got.map(\.0) == want.map(\.0))
        #expect(got.map(\.1) == want.map { .number(String($0.1)) })
    }

    @Test func twoHundredThousandCopiesOfOneNameKeepTheLast() throws {
        let text = "{" + (0..<200_000).map { "\"same\":\($0)" }.joined(separator: ",") + "}"
        guard case .object(let got) = try JSONValue.parse(text) else { Issue.record("not an object"); return }
        #expect(got.count == 1 && got[0].0 == "same" && got[0].1 == .number("199999"))
    }

    @Test func objectsCompareRegardlessOfOrder() throws {
        let a = try JSONValue.parse(#"{"x":1,"y":[2,{"z":3}],"w":null}"#)
        let b = try JSONValue.parse(#"{"w":null,"y":[2,{"z":3}],"x":1.0}"#)
        let c = try JSONValue.parse(#"{"w":null,"y":[2,{"z":4}],"x":1}"#)
        let d = try JSONValue.parse(#"{"w":null,"y":[2,{"z":3}],"v":1}"#)
        #expect(a == b)
        #expect(a != c)
        #expect(a != d)
    }

    @Test func anObjectOfThreeHundredThousandNamesReadsWhole() throws {
        let n = 300_000
        var text = "{"
        for k in 0..<n { text += (k == 0 ? "" : ",") + "\"k\(k)\":\(k)" }
        text += ",\"k7\":\"again\"}"
        let v = try JSONValue.parse(text)
        guard case .object(let members) = v else { Issue.record("not an object"); return }
        #expect(members.count == n)
        #expect(members.last?.0 == "k7")
        #expect(v["k7"] == .string("again"))
        #expect(v["k299999"] == .number("299999"))
        #expect(v == (try JSONValue.parse(text)))
    }
}
