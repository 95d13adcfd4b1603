import PlanCore
import Testing
@testable import PlanTimetable

/// Linked sections: a lecture taken with one of its discussions and one of its labs, read
/// from plan's catalog format, kept in bounds, and built exactly (against the brute force of
/// `PropertyTests`, fed the ways to take each course as worked out here, on their own).
@Suite struct LinkedSectionsTests {
    static let lectureMW = meet("MW", "10:00", "10:50", room: "Siebel 1404", kind: "lecture")

    /// CS225: lecture AL1 (MW 10:00) needs one of AD1 (F 9:00), AD2 (M 10:00, clashing with the
    /// lecture), and lab AYA (T 14:00); AL2 (TR 13:00) needs one of AD3 (F 11:00), AYB (W 16:00).
    static var cs225: Course {
        var al1 = section("AL1", [lectureMW], instructors: ["Carl Evans"], gpa: 3.1, rating: 4.4)
        al1.needsOneOf = [["AD1", "AD2"], ["AYA"]]
        var al2 = section("AL2", [meet("TR", "13:00", "14:15", kind: "lecture")], instructors: ["Brad Solomon"], gpa: 3.3, rating: 4.0)
        al2.needsOneOf = [["AD3"], ["AYB"]]
        return course("CS225", credits: 4, [
            al1, al2,
            section("AD1", [meet("F", "09:00", "09:50", kind: "discussion")], instructors: ["TA One"], seats: Seats(open: 0, total: 24)),
            section("AD2", [meet("M", "10:00", "10:50", kind: "discussion")], instructors: ["TA Two"]),
            section("AD3", [meet("F", "11:00", "11:50", kind: "discussion")], instructors: ["TA Three"], seats: Seats(open: 5, total: 24)),
            section("AYA", [meet("T", "14:00", "15:50", room: "Siebel 0218", kind: "lab")]),
            section("AYB", [meet("W", "16:00", "17:50", kind: "lab")]),
        ])
    }

    @Test func aLectureIsTakenWithOneOfEachOfItsLists() {
        let result = build([Self.cs225], BuildOptions(top: 10))
        // AL1+AD2+AYA is no way: AD2 meets at the lecture's time.
        // Ranked by the lecture's values: AL1 (3.1, 4.4) scores 82.75, AL2 (3.3, 4.0) 81.25.
        #expect(result.combinations.map { $0.picks[0].ids } == [["AL1+AD1+AYA"], ["AL2+AD3+AYB"]])
        let al1 = result.combinations[0].picks[0].sections[0]
        #expect(al1.instructors == ["Carl Evans"] && al1.gpa == 3.1 && al1.rating == 4.4)
        #expect(al1.meetings.map(\.kind) == ["lecture", "discussion", "lab"])
        #expect(al1.seats == Seats(open: 0, total: 24))  // the part with the fewest open seats
        #expect(result.combinations[0].daysOnCampus == 4 && abs(result.combinations[0].score - 82.75) < 1e-9)
    }

    @Test func optionsApplyToEachPartAndSayWhyNothingIsLeft() {
        // --only-open rules out AD1 (full): AL1 has no discussion left.
        let open = build([Self.cs225], BuildOptions(onlyOpen: true))
        #expect(open.combinations.map { $0.picks[0].ids } == [["AL2+AD3+AYB"]])
        var options = BuildOptions(onlyOpen: true)
        options.excluded = [SectionRef(course: "CS225", section: "AYB")]
        let none = build([Self.cs225], options)
        #expect(none.combinations.isEmpty)
        #expect(none.diagnosis == .noWayToTake(course: "CS225", reasons: [OptionReason(option: .onlyOpen, sections: 1),
                                                                           OptionReason(option: .excluded, sections: 1)], clashing: 1))
        // A course without links keeps the plain diagnosis.
        var plain = BuildOptions()
        plain.excluded = [SectionRef(course: "A", section: "1")]
        #expect(build([course("A", [section("1", [])])], plain).diagnosis == .courseRuledOut(course: "A", reasons: [OptionReason(option: .excluded, sections: 1)]))
    }

    @Test func linksAreCheckedWhenTheCatalogIsRead() throws {
        func read(_ needs: String, extra: String = "") -> String {
            let text = """
            {"term": {"name": "Fall 2027", "timeZone": "America/Chicago", "start": "2027-08-23", "end": "2027-12-08"},
             "courses": [{"code": "CS225", "title": "Data Structures", "credits": 4, "sections": [
               {"id": "AL1", "needsOneOf": \(needs)}, {"id": "AD1"}, {"id": "AD2"}\(extra)]}]}
            """
            do {
                let catalog = try CatalogJSON.read(Array(text.utf8), file: "cs.json")
                #expect(try CatalogJSON.read(CatalogJSON.write(catalog), file: "again.json") == catalog)
                return "ok \(catalog.courses[0].sections[0].needsOneOf)"
            } catch {
                return error.description
            }
        }
        #expect(read(#"[["AD1", "AD2"]]"#) == #"ok [["AD1", "AD2"]]"#)
        #expect(read(#"[["AD1"], ["AD9"]]"#) == #"cs.json: courses[0].sections[0].needsOneOf[1]: ["AD9"] names "AD9", which is no section of CS225; its sections are AL1, AD1, AD2"#)
        #expect(read(#"[["AL1"]]"#).hasSuffix(#"names "AL1", the section itself"#))
        #expect(read(#"[["AD1"], ["AD1", "AD2"]]"#).hasSuffix(#"names "AD1" a second time; expected each linked section once"#))
        #expect(read(#"[[]]"#).contains("needsOneOf[0]: [] is empty"))
        #expect(read(#"[["AD1"]]"#, extra: #", {"id": "AD3", "needsOneOf": [["AL1"]]}"#).hasSuffix("needs linked sections itself; a linked section cannot need more (one level only)"))
        #expect(read(#""AD1""#).contains("needsOneOf: \"AD1\" is a string; expected an array of lists of section ids"))
        let many = (0..<60).map { ", {\"id\": \"X\($0)\"}" }.joined()
        let list = "[" + (0..<60).map { "\"X\($0)\"" }.joined(separator: ", ") + "]"
        #expect(read("[\(list), \(list.replacingOccurrences(of: "X", with: "Y"))]", extra: many + many.replacingOccurrences(of: "X", with: "Y"))
            .hasSuffix("is too many ways to take AL1; expected at most 2000"))
    }

    /// The ways to take each course, worked out here: every kept section that needs none and is
    /// named by none; every kept section that needs others with one kept section of each list,
    /// dropped when two parts meet at the same time on a date both meet.
    static func bundles(_ c: Course, _ brute: BruteForce) -> Course {
        let named = Set(c.sections.flatMap { $0.needsOneOf.flatMap { $0 } })
        var out: [Section] = []
        for s in c.sections where !named.contains(s.id) && brute.allowed(c, s) {
            var ways: [[Section]] = [[s]]
            for list in s.needsOneOf {
                let parts = c.sections.filter { list.contains($0.id) && brute.allowed(c, $0) }
                    .sorted { list.firstIndex(of: $0.id)! < list.firstIndex(of: $1.id)! }
                ways = ways.flatMap { w in parts.map { w + [$0] } }
            }
            for way in ways {
                let clash = way.indices.contains { a in
                    way.indices.contains { b in
                        b > a && brute.occurring(way[a]).contains { m, dm in
                            brute.occurring(way[b]).contains { n, dn in max(m.start, n.start) < min(m.end, n.end) && !dm.isDisjoint(with: dn) }
                        }
                    }
                }
                if clash { continue }
                out.append(Section(id: way.map(\.id).joined(separator: "+"), instructors: s.instructors, gpa: s.gpa, rating: s.rating,
                                   meetings: way.flatMap(\.meetings)))
            }
        }
        return Course(code: c.code, title: c.title, credits: c.credits, sections: out)
    }

    @Test(arguments: [UInt64(225), 374])
    func theTopNIsTheBruteForceTopN(seed: UInt64) {
        var r = TestRandom(seed: seed)
        var nonEmpty = 0, bundled = 0
        let rounds = 250
        for round in 0..<rounds {
            let instructors = ["Ada", "Bob", "Cy"]
            func randomMeeting(_ kind: String) -> Meeting {
                let begin = r.pick([480, 540, 600, 660, 780])
                let days = Set((0..<r.int(1...2)).map { _ in Weekday(rawValue: r.int(1...5))! })
                return Meeting(days: days.sorted(), start: begin, end: begin + r.pick([50, 75, 110]), room: r.pick(["R1", "R2"]), kind: kind,
                               from: r.chance(15) ? fall.start.adding(days: r.int(0...60)) : nil)
            }
            func randomCourse(_ code: String) -> Course {
                var sections: [Section] = []
                let parts = (0..<r.int(0...5)).map { k in
                    Section(id: "D\(k)", instructors: r.chance(50) ? [] : ["TA"], gpa: r.chance(20) ? Double(r.int(200...400)) / 100 : nil,
                            seats: r.chance(40) ? Seats(open: r.int(0...2), total: 20) : nil, meetings: [randomMeeting("discussion")])
                }
                for k in 0..<r.int(1...3) {
                    var lecture = Section(id: "L\(k)", instructors: [r.pick(instructors)], gpa: r.chance(70) ? Double(r.int(200...400)) / 100 : nil,
                                          rating: r.chance(70) ? Double(r.int(20...50)) / 10 : nil,
                                          seats: r.chance(30) ? Seats(open: r.int(0...2), total: 100) : nil, meetings: [randomMeeting("lecture")])
                    if !parts.isEmpty, r.chance(75) {
                        var pool = parts.map(\.id).shuffled(using: &r)
                        for _ in 0..<r.int(1...2) where !pool.isEmpty {
                            let n = r.int(1...min(3, pool.count))
                            lecture.needsOneOf.append(Array(pool.prefix(n)))
                            pool.removeFirst(n)
                        }
                    }
                    if let copy = sections.last, r.chance(20) {  // the same lecture again under another id
                        var twin = copy
                        twin.id = "L\(k)"
                        sections.append(twin)
                    } else {
                        sections.append(lecture)
                    }
                }
                sections += parts
                for k in sections.indices.reversed() where k > 0 { sections.swapAt(k, r.int(0...k)) }
                return Course(code: code, title: code, credits: Double(r.int(1...4)), sections: sections)
            }
            let asked = (0..<r.int(1...4)).map { randomCourse(r.pick(["CS", "EC"]) + "\($0)") }
            let catalog = Catalog(term: fall, courses: asked)
            var options = BuildOptions(top: r.int(1...10))
            options.variants = true
            options.onlyOpen = r.chance(25)
            if r.chance(20) { options.noEarlier = 540 }
            if r.chance(20) { options.freeDays = [Weekday(rawValue: r.int(1...5))!] }
            if r.chance(20), let c = asked.randomElement(using: &r), let s = c.sections.randomElement(using: &r) {
                options.excluded = [SectionRef(course: c.code, section: s.id)]
            }
            let result = TimetableBuilder.build(catalog: catalog, courses: asked, options: options)
            let plain = BruteForce(catalog: catalog, courses: asked, options: options)
            let ways = asked.map { Self.bundles($0, plain) }
            let expected = BruteForce(catalog: catalog, courses: ways, options: options).top()
            let got = result.combinations.map { $0.picks.map(\.ids) }
            #expect(got == expected.map(\.ids), "round \(round)")
            for (c, e) in zip(result.combinations, expected) {
                #expect(c.daysOnCampus == e.days && c.latestEnd == e.end && abs(c.score - e.score) < 1e-9, "round \(round): \(e)")
            }
            #expect(result.combinations.isEmpty == (result.diagnosis != nil), "round \(round)")
            if !got.isEmpty { nonEmpty += 1 }
            if got.joined().joined().contains(where: { $0.contains("+") }) { bundled += 1 }
        }
        #expect(nonEmpty > rounds / 3 && bundled > rounds / 4, "\(nonEmpty) rounds found some, \(bundled) with a bundle")
    }
}
