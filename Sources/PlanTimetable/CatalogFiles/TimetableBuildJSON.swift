import PlanCore
import PlanJSON

/// The `--json` output of `plan courses build`, `Schemas/timetable-build.schema.json`:
///
///     {"combinations": [{"rank": 1, "score": 87.3, "daysOnCampus": 3, "latestEnd": "15:15",
///        "sections": [{"course": "CMSC436", "title": "…", "credits": 3, "ids": ["0101", "0103"],
///          "instructors": ["Ada Byron"], "gpa": 3.21, "rating": 4.2, "gpaFilled": false,
///          "ratingFilled": false, "score": 82.1, "seats": [{"id": "0101", "open": 3, "total": 40, "waitlist": 0}],
///          "meetings": [{"days": ["MO", "WE"], "start": "10:00", "end": "10:50", …}]}]}],
///      "filled": {"gpa": 3.05, "rating": 3.9, "used": true}, "scoredBy": ["gpa", "rating"],
///      "diagnosis": null}
///
/// Members in that order, one combination per line block, scores 0–100 with one
/// decimal (a section's too); `gpa`/`rating` are the section's own (null when
/// unknown; `gpaFilled` says a median stood in, `gpaFill` which: `{"value": 3.1, "from":
/// "course"|"department"|"catalog"}`). A combination's `filledShare` (0–1, two decimals) is
/// how much of its score rests on filled values, `mostlyFilled` above one half. `filled`
/// gives the catalog's medians; `scoredBy` the fields scores are made of (empty: no section
/// has either, every score is 0). The same result gives the same bytes.
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
            ("scoredBy", .array(r.scoredBy.map(JSONValue.string))),
            ("diagnosis", r.diagnosis.map(node) ?? .null),
        ])
    }

    static func node(_ f: FilledValue?) -> JSONValue {
        f.map { .object([("value", .number($0.value)), ("from", .string($0.source.rawValue))]) } ?? .null
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
        members.append(("filledShare", JSONValue.number(Double(Int((c.filledShare * 100).rounded())) / 100)))
        members.append(("mostlyFilled", .bool(c.mostlyFilled)))
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
            ("gpaFill", node(p.gpaFill)),
            ("ratingFill", node(p.ratingFill)),
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
        case .noWayToTake(let course, let reasons, let clashing):
            .object([
                ("kind", .string("noWayToTake")), ("course", .string(course)),
                ("reasons", .array(reasons.map { .object([("option", .string($0.option.rawValue)), ("sections", .number($0.sections))]) })),
                ("clashing", .number(clashing)),
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
