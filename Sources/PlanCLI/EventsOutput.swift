import Foundation
import PlanCore
import PlanJSON
import PlanProtocol

/// The JSON of occurrences for `plan events --json` (the text is `EventsText`).
enum EventsOutput {
    /// One JSON array, one occurrence per line, fields in a fixed order.
    static func json(_ occurrences: [Occurrence], withSource: Bool) -> String {
        let out = JSONWriter(streaming: false)
        out.occurrences(occurrences, withSource: withSource)
        return out.text
    }

    /// ``json(_:withSource:)`` written straight to stdout, a block at a time
    /// (a year of a large calendar is hundreds of megabytes of text).
    static func writeJSON<List: RandomAccessCollection<Occurrence> & Sendable>(_ occurrences: List, withSource: Bool)
        where List.Index == Int {
        let out = JSONWriter(streaming: true)
        if occurrences.count >= 32_768 && ProcessInfo.processInfo.activeProcessorCount > 1 {
            out.occurrencesInParallel(occurrences, withSource: withSource)
        } else {
            out.occurrences(occurrences, withSource: withSource)
        }
        out.flush()
    }
}
