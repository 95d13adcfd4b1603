import PlanCore
import PlanJSON

/// The `--json` output of `plan courses build`, `Schemas/timetable-build.schema.json`:
///
///     {"combinations": [{"rank": 1, "score": 87.3, "daysOnCampus": 3, "latestEnd": "15:15",
///        "sections": [{"course": "CMSC436", "title": "…", "credits": 3, "ids": ["0101", "0103"],
///          "instructors": ["Ada Byron"], "gpa": 3.21, "rating": 4.2, "gpaFilled": false,
///          "ratingFilled": false, "score": 82.1, "seats": [{"id": "0101", "open": 3, "total": 40, "waitlist": 0}],
///          "meetings": [{"days": ["MO", "WE"], "start": "10:00", "end": "10:50", …}]}]}],
///      "filled": {"gpa": 3.05, "rating": 3.9, "used": true},
///      "diagnosis": null}
///
/// Members in that order, one combination per line block, scores 0–100 with one
/// decimal (a section's too); `gpa`/`rating` are the section's own (null when
/// unknown; `gpaFilled` says the median stood in). The same result gives the same bytes.
package enum TimetableBuildJSON {
    package static func encode(_ result: BuildResult) -> [UInt8] {
        Array(node(result).prettyText().utf8)
    }

    static func node(_ r: BuildResult) -> JSONValue {
        .object([
            ("combinations", .array(r.combinations.map(node))),
            ("filled", .object([
                ("gpa", r.filledGPA.map(JSONValue.number) ?? .null),
                ("rating", r.filledRating.map(JSONValue.number) ?? .null),
                ("used", .bool(r.usedFilled)),
            ])),
            ("diagnosis", r.diagnosis.map(node) ?? .null),
        ])
    }

    /// `87.25` → `87.3`: one decimal, half away from zero.
    static func oneDecimal(_ x: Double) -> JSONValue {
        guard x.isFinite else { return .null }
        let tenths = Int((x * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return .number(sign + "\(abs(tenths) / 10).\(abs(tenths) % 10)")
    }

    static func node(_ c: Combination) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("rank", .number(c.rank)),
            ("score", oneDecimal(c.score)),
            ("daysOnCampus", .number(c.daysOnCampus)),
            ("latestEnd", .string(CatalogRules.clockText(c.latestEnd))),
        ]
        if let others = c.otherTimings { members.append(("otherTimings", .number(others))) }
        members.append(("sections", .array(c.picks.map(node))))
        return .object(members)
    }

    static func node(_ p: Pick) -> JSONValue {
        let first = p.sections.first
        return .object([
            ("course", .string(p.course.code)),
            ("title", .string(p.course.title)),
            ("credits", .number(p.course.credits)),
            ("ids", .array(p.ids.map(JSONValue.string))),
            ("instructors", .array((first?.instructors ?? []).map(JSONValue.string))),
            ("gpa", first?.gpa.map(JSONValue.number) ?? .null),
            ("rating", first?.rating.map(JSONValue.number) ?? .null),
            ("gpaFilled", .bool(p.filledGPA)),
            ("ratingFilled", .bool(p.filledRating)),
            ("score", oneDecimal(p.score * 100)),
            ("seats", .array(p.sections.compactMap { s in
                s.seats.map { .object([("id", .string(s.id)), ("open", .number($0.open)), ("total", .number($0.total)), ("waitlist", .number($0.waitlist))]) }
            })),
            ("meetings", .array((first?.meetings ?? []).map(CatalogJSON.node))),
        ])
    }

    static func node(_ ref: SectionRef) -> JSONValue {
        .object([("course", .string(ref.course)), ("section", .string(ref.section))])
    }

    static func node(_ d: BuildDiagnosis) -> JSONValue {
        switch d {
        case .courseRuledOut(let course, let reasons):
            .object([
                ("kind", .string("courseRuledOut")), ("course", .string(course)),
                ("reasons", .array(reasons.map { .object([("option", .string($0.option.rawValue)), ("sections", .number($0.sections))]) })),
            ])
        case .noSections(let course):
            .object([("kind", .string("noSections")), ("course", .string(course))])
        case .pairClash(let first, let second, let example):
            .object([
                ("kind", .string("pairClash")), ("first", .string(first)), ("second", .string(second)),
                ("example", .object([
                    ("first", node(example.first)), ("second", node(example.second)),
                    ("date", .string(example.date.isoString)), ("day", .string(example.day.code)),
                ])),
            ])
        case .maxDays(let limit, let fewest):
            .object([("kind", .string("maxDays")), ("limit", .number(limit)), ("fewestPossible", .number(fewest))])
        case .setClash(let courses):
            .object([("kind", .string("setClash")), ("courses", .array(courses.map(JSONValue.string)))])
        }
    }
}
