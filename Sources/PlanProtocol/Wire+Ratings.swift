import PlanStore
import PlanTimetable

extension Wire {
    /// What `plan courses ratings import` and `courses.ratings.import` did
    /// (`Schemas/methods/courses.ratings.import.result.schema.json`).
    package struct RatingsImported: Codable, Hashable, Sendable {
        package struct Ambiguity: Codable, Hashable, Sendable {
            package var name: String
            package var candidates: [String]
            package var rivals: [String]
        }

        /// The ratings file.
        package var source: String
        /// The catalog's term.
        package var term: String
        package var rows: Int
        /// Rows naming nobody or giving no value.
        package var skipped: Int
        package var sections: Int
        package var gainedGPA: Int
        package var gainedRating: Int
        package var replacedGPA: Int
        package var replacedRating: Int
        package var instructors: Int
        package var instructorsWithoutValues: Int
        /// The first 20 names in the file that matched no instructor, as written.
        package var unmatched: [String]
        /// How many names matched no instructor, listed or not.
        package var unmatchedCount: Int
        /// The first 20 names left out as ambiguous.
        package var ambiguous: [Ambiguity]
        /// How many names were left out as ambiguous, listed or not.
        package var ambiguousCount: Int

        package init(_ kept: StoredCatalog, _ report: RatingsReport, source: String) {
            self.source = source
            term = kept.catalog.term.name
            rows = report.rows
            skipped = report.skipped
            sections = kept.catalog.courses.map(\.sections.count).reduce(0, +)
            gainedGPA = report.gainedGPA
            gainedRating = report.gainedRating
            replacedGPA = report.replacedGPA
            replacedRating = report.replacedRating
            instructors = report.instructors
            instructorsWithoutValues = report.instructorsWithoutValues
            unmatched = report.unmatched
            unmatchedCount = report.unmatchedCount
            ambiguous = report.ambiguous.map { Ambiguity(name: $0.name, candidates: $0.candidates, rivals: $0.rivals) }
            ambiguousCount = report.ambiguousCount
        }
    }
}
