import Foundation
import PlanCore
import PlanJSON
import Testing
@testable import PlanProtocol
@testable import PlanTimetable

/// `plan courses build --json`: `TimetableBuildJSON` against `Schemas/timetable-build.schema.json`.
@Suite struct CatalogBuildJSONTests {
    typealias F = CatalogFixtures

    static let course = Course(code: "CMSC436", title: "Programming Handheld Systems", credits: 3, sections: [])
    static let a = Section(id: "0101", instructors: ["Ada Byron"], gpa: 3.21, rating: nil, seats: Seats(open: 3, total: 40, waitlist: 0),
                           meetings: [Meeting(days: [.monday, .wednesday], start: 600, end: 650, room: "IRB 0324", kind: "lecture")])
    static var b: Section {
        var s = a
        s.id = "0103"
        s.seats = nil
        return s
    }

    static var result: BuildResult {
        var c = Combination(rank: 1, score: 87.25, picks: [Pick(course: course, sections: [a, b], score: 0.8725, ratingFill: FilledValue(value: 3.9, source: .department))],
                            daysOnCampus: 2, latestEnd: 650)
        c.filledShare = 0.5
        var r = BuildResult(combinations: [c], filledGPA: 3.05, filledRating: 3.9, usedFilled: true, diagnosis: nil)
        r.scoredBy = ["gpa", "rating"]
        return r
    }

    @Test func theOutputIsExactAndDeterministic() throws {
        let text = String(decoding: TimetableBuildJSON.encode(Self.result), as: UTF8.self)
        #expect(text == """
        {
          "combinations": [
            {
              "rank": 1,
              "score": 87.3,
              "daysOnCampus": 2,
              "latestEnd": "10:50",
              "filledShare": 0.5,
              "mostlyFilled": false,
              "sections": [
                {
                  "course": "CMSC436",
                  "title": "Programming Handheld Systems",
                  "credits": 3,
                  "ids": ["0101", "0103"],
                  "instructors": ["Ada Byron"],
                  "gpa": 3.21,
                  "rating": null,
                  "gpaFilled": false,
                  "ratingFilled": true,
                  "gpaFill": null,
                  "ratingFill": {"value": 3.9, "from": "department"},
                  "score": 87.3,
                  "seats": [
                    {"id": "0101", "open": 3, "total": 40, "waitlist": 0}
                  ],
                  "meetings": [
                    {"days": ["MO", "WE"], "start": "10:00", "end": "10:50", "room": "IRB 0324", "kind": "lecture"}
                  ]
                }
              ]
            }
          ],
          "filled": {"gpa": 3.05, "rating": 3.9, "used": true},
          "scoredBy": ["gpa", "rating"],
          "diagnosis": null
        }

        """)
        #expect(TimetableBuildJSON.encode(Self.result) == TimetableBuildJSON.encode(Self.result))
    }

    @Test(arguments: [(87.25, "87.3"), (87.24, "87.2"), (100, "100.0"), (0, "0.0"), (66.65, "66.7"), (0.04, "0.0")])
    func scoresHaveOneDecimal(score: Double, text: String) {
        #expect(TimetableBuildJSON.oneDecimal(score) == .number(text))
    }

    static let clash = Clash(first: SectionRef(course: "CMSC436", section: "0101"), second: SectionRef(course: "MATH140", section: "0111"),
                             date: F.date("2027-08-30"), day: .monday)

    @Test func everyShapeValidates() throws {
        let diagnoses: [BuildDiagnosis] = [
            .courseRuledOut(course: "CMSC436", reasons: [OptionReason(option: .noEarlier, sections: 2), OptionReason(option: .around, sections: 1)]),
            .noSections(course: "CMSC999"),
            .pairClash(first: "CMSC436", second: "MATH140", example: Self.clash),
            .maxDays(limit: 2, fewestPossible: 3),
            .setClash(courses: ["A", "B", "C"]),
        ]
        var jobs: [(schema: String, doc: JSONValue)] = [("urn:plan:schema:timetable-build", try F.json(TimetableBuildJSON.encode(Self.result)))]
        for d in diagnoses {
            let empty = BuildResult(combinations: [], filledGPA: nil, filledRating: nil, usedFilled: false, diagnosis: d)
            jobs.append(("urn:plan:schema:timetable-build", try F.json(TimetableBuildJSON.encode(empty))))
        }
        try SchemaCheck.expectValid(jobs)
        let mixed = try F.json(Array(#"{"combinations": [], "filled": {"gpa": null, "rating": null, "used": false}, "diagnosis": {"kind": "maxDays", "course": "X"}}"#.utf8))
        let extra = try F.json(Array(#"{"combinations": [], "filled": {"gpa": 5, "rating": null, "used": false}, "diagnosis": null}"#.utf8))
        try SchemaCheck.expectInvalid([("urn:plan:schema:timetable-build", mixed), ("urn:plan:schema:timetable-build", extra)])
    }

    @Test func theIssuesMinimalShapeIsASubset() throws {
        let doc = try F.json(TimetableBuildJSON.encode(Self.result))
        let first = doc["combinations"].flatMap { if case .array(let a) = $0 { a.first } else { nil } }
        #expect(first?["rank"]?.intValue == 1)
        #expect(first?["sections"].map { if case .array(let s) = $0 { s.first?["ids"] == .array([.string("0101"), .string("0103")]) } else { false } } == true)
        #expect(doc["filled"]?["gpa"] == .number("3.05"))
    }
}
