import PlanCore
import PlanJSON

extension Wire {
    /// The busiest day of the coming fortnight and the least any plan of the same work could have
    /// (``FortnightLoad``), as `plan schedule`, `plan tasks` and `plan week` write it with `--json`
    /// and the RPC methods send it (`load` in their schemas).
    package struct Load: Codable, Hashable, Sendable {
        /// Days looked at, from today's.
        package var days: Int
        package var busiest: String
        /// YYYY-MM-DD; absent when no day of the fortnight has work.
        package var busiestDay: String?
        /// Absent when there is no bound (no work due within the fortnight).
        package var leastPossible: String?

        package init(_ l: FortnightLoad) {
            days = FortnightLoad.days
            busiest = ISODuration.format(l.busiest)
            busiestDay = l.busiestDay?.isoString
            leastPossible = l.leastPossible.map(ISODuration.format)
        }

        /// Members in the schema's order.
        package var json: JSONValue {
            .object(omittingAbsent: [("days", .number(days)), ("busiest", .string(busiest)),
                                     ("busiestDay", busiestDay.map(JSONValue.string)),
                                     ("leastPossible", leastPossible.map(JSONValue.string))])
        }
    }
}
