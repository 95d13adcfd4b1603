/// What joining a ratings file onto a catalog did.
package struct RatingsReport: Hashable, Sendable {
    /// A name in the file that could be more than one instructor of the
    /// catalog, or one instructor that other names in the file could be too:
    /// left out, not guessed.
    package struct Ambiguity: Hashable, Sendable {
        /// As the file first writes it.
        package var name: String
        /// The catalog's instructors it could be.
        package var candidates: [String]
        /// Other names in the file that could be the same instructor.
        package var rivals: [String]
    }

    /// Rows of the file.
    package var rows = 0
    /// Rows that name nobody or give neither a GPA nor a rating.
    package var skipped = 0
    /// Sections that had no GPA and have one now.
    package var gainedGPA = 0
    package var gainedRating = 0
    /// Sections whose GPA the file changed (the catalog's own value replaced).
    package var replacedGPA = 0
    package var replacedRating = 0
    /// Distinct instructors of the catalog (names compared as ``InstructorName`` compares them).
    package var instructors = 0
    /// Of those, the ones the file gave no value.
    package var instructorsWithoutValues = 0
    /// The most names a report lists (of ``unmatched``, of ``ambiguous``): a file of
    /// 100,000 names nobody teaches is told by its count, not printed whole.
    package static let listedNames = 20

    /// The first ``listedNames`` names in the file that are no instructor of the
    /// catalog, as first written, in order of their ``InstructorName/key``.
    package var unmatched: [String] = []
    /// How many names are no instructor of the catalog, listed or not.
    package var unmatchedCount = 0
    /// The first ``listedNames`` ambiguous names, in order of the name.
    package var ambiguous: [Ambiguity] = []
    /// How many names were left out as ambiguous, listed or not.
    package var ambiguousCount = 0

    package init() {}
}

/// Joins past grades and instructor ratings onto a catalog's sections, by
/// instructor (``InstructorName`` says when two names are one person).
///
/// For each section and each of its instructors, a row for that instructor
/// and that course gives the value, else a row for the instructor alone
/// (GPA and rating each on its own: a course row without a rating takes the
/// instructor row's). Several rows for the same instructor (and course) give
/// their mean; a section with several instructors gets the mean of theirs.
/// A value from the file replaces the catalog's own (``RatingsReport/replacedGPA``
/// counts the changed ones); a section the file says nothing about keeps its
/// values. A name that could be several instructors, or an instructor that
/// several names in the file could be (none written exactly as the catalog
/// does), is reported as ambiguous and not used. Pure: same rows, same catalog, same result.
package enum RatingsJoin {
    /// Sums for a mean.
    private struct Mean {
        var sum = 0.0
        var count = 0
        mutating func add(_ x: Double?) {
            guard let x else { return }
            sum += x
            count += 1
        }
        var value: Double? { count == 0 ? nil : sum / Double(count) }
    }

    private struct Values {
        var gpa = Mean()
        var rating = Mean()
        mutating func add(_ row: RatingRow) {
            gpa.add(row.gpa)
            rating.add(row.rating)
        }
    }

    /// The values of one file name: for any course (nil) and per course key.
    private struct Person {
        var spelled: String
        var name: InstructorName
        var general = Values()
        var perCourse: [String: Values] = [:]
    }

    package static func join(_ rows: [RatingRow], onto catalog: Catalog) -> (catalog: Catalog, report: RatingsReport) {
        var report = RatingsReport()
        report.rows = rows.count
        // The file's names, by key, in order of first appearance.
        var file: [String: Person] = [:]
        var fileOrder: [String] = []
        for row in rows {
            let name = InstructorName(row.instructor)
            guard !name.words.isEmpty, row.gpa != nil || row.rating != nil else {
                report.skipped += 1
                continue
            }
            if file[name.key] == nil {
                file[name.key] = Person(spelled: row.instructor.trimmingCharacters(in: .whitespaces), name: name)
                fileOrder.append(name.key)
            }
            if let course = row.course.map(Course.key), !course.isEmpty {
                file[name.key]?.perCourse[course, default: Values()].add(row)
            } else {
                file[name.key]?.general.add(row)
            }
        }
        // The catalog's instructors, by key, with the first spelling.
        var people: [String: (name: InstructorName, spelled: String)] = [:]
        var peopleOrder: [String] = []
        for course in catalog.courses {
            for section in course.sections {
                for spelled in section.instructors {
                    let name = InstructorName(spelled)
                    guard !name.words.isEmpty, people[name.key] == nil else { continue }
                    people[name.key] = (name, spelled)
                    peopleOrder.append(name.key)
                }
            }
        }
        report.instructors = people.count
        // File name → catalog person: exact, else the one loose match.
        var claims: [String: [String]] = [:]  // person key → file keys
        var unmatched: [String] = []
        for key in fileOrder {
            guard let person = file[key] else { continue }
            if people[key] != nil {
                claims[key, default: []].append(key)
                continue
            }
            let loose = peopleOrder.filter { people[$0]?.name.loosely(matches: person.name) == true }
            if loose.count == 1 {
                claims[loose[0], default: []].append(key)
            } else if loose.isEmpty {
                unmatched.append(key)
            } else {
                let candidates = loose.compactMap { people[$0]?.spelled }.sorted()
                report.ambiguous.append(.init(name: person.spelled, candidates: candidates, rivals: []))
            }
        }
        var matched: [String: Person] = [:]  // person key → the file's values
        for (personKey, fileKeys) in claims {
            if fileKeys.contains(personKey) || fileKeys.count == 1 {
                let chosen = fileKeys.contains(personKey) ? personKey : fileKeys[0]
                matched[personKey] = file[chosen]
                for other in fileKeys where other != chosen {
                    report.ambiguous.append(.init(name: file[other]?.spelled ?? other, candidates: [people[personKey]?.spelled ?? personKey],
                                                  rivals: [file[chosen]?.spelled ?? chosen]))
                }
            } else {
                for key in fileKeys {
                    report.ambiguous.append(.init(name: file[key]?.spelled ?? key, candidates: [people[personKey]?.spelled ?? personKey],
                                                  rivals: fileKeys.filter { $0 != key }.compactMap { file[$0]?.spelled }.sorted()))
                }
            }
        }
        report.ambiguous.sort { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
        report.ambiguousCount = report.ambiguous.count
        report.ambiguous = Array(report.ambiguous.prefix(RatingsReport.listedNames))
        report.unmatchedCount = unmatched.count
        report.unmatched = unmatched.sorted().prefix(RatingsReport.listedNames).compactMap { file[$0]?.spelled }
        report.instructorsWithoutValues = peopleOrder.filter { key in
            guard let p = matched[key] else { return true }
            return ([p.general] + p.perCourse.values).allSatisfy { $0.gpa.count + $0.rating.count == 0 }
        }.count
        var out = catalog
        for c in out.courses.indices {
            let course = Course.key(out.courses[c].code)
            for s in out.courses[c].sections.indices {
                var gpa = Mean(), rating = Mean()
                for spelled in out.courses[c].sections[s].instructors {
                    guard let p = matched[InstructorName(spelled).key] else { continue }
                    gpa.add(p.perCourse[course]?.gpa.value ?? p.general.gpa.value)
                    rating.add(p.perCourse[course]?.rating.value ?? p.general.rating.value)
                }
                apply(gpa.value, to: &out.courses[c].sections[s].gpa, gained: &report.gainedGPA, replaced: &report.replacedGPA)
                apply(rating.value, to: &out.courses[c].sections[s].rating, gained: &report.gainedRating, replaced: &report.replacedRating)
            }
        }
        return (out, report)
    }

    private static func apply(_ value: Double?, to field: inout Double?, gained: inout Int, replaced: inout Int) {
        guard let value else { return }
        if field == nil { gained += 1 } else if field != value { replaced += 1 }
        field = value
    }
}
