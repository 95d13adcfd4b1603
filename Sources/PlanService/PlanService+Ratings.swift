import Foundation
import PlanStore
import PlanTimetable

extension PlanService {
    /// Joins `rows` (a ratings file, ``RatingsFile``) onto the imported
    /// catalog and keeps the result in its place, in one transaction: on any
    /// error nothing changes. The last build, ranked on the old values, is
    /// forgotten (`save` asks for a new build); saved timetables stay.
    /// Refused when no catalog is imported.
    package func importRatings(_ rows: [RatingRow], source: String) throws -> (StoredCatalog, RatingsReport) {
        try guarded {
            try store.write { t in
                guard var kept = try t.catalogs(.imported).first else {
                    throw ServiceError.refused("no course catalog to join ratings onto: run `plan courses import FILE` first "
                                               + "(see `plan courses import --help` for the formats)")
                }
                let (catalog, report) = RatingsJoin.join(rows, onto: kept.catalog)
                kept.catalog = catalog
                try Self.keepAsTheCatalog(kept, t)
                return (kept, report)
            }
        }
    }
}
