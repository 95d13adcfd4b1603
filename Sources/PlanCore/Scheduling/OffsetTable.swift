import Foundation

/// A zone's UTC offsets over a stretch of time, precomputed from its
/// transitions, so the scheduler's many conversions (day windows, the grid,
/// local dates) are a binary search instead of a time-zone database query.
/// Outside the stretch it asks the zone itself. A class: the scheduler
/// passes it around constantly, and a reference is one retain to copy.
final class OffsetTable: UTCOffsetProvider {
    let zone: SystemZone
    let range: TimeRange
    /// Sorted instants at which an offset takes effect; `starts[0] == range.start`.
    private let starts: [Int64]
    /// The offset from each of `starts` on (seconds east of UTC).
    let offsets: [Int]

    init(zone: SystemZone, covering range: TimeRange) {
        self.zone = zone
        self.range = range
        var starts = [range.start.seconds]
        var offsets = [zone.offset(at: range.start)]
        var cursor = range.start.date
        while let next = zone.timeZone.nextDaylightSavingTimeTransition(after: cursor), next < range.end.date {
            let t = Int64(next.timeIntervalSince1970.rounded(.down))
            guard t > starts.last! else { break }
            let o = zone.offset(at: Instant(seconds: t))
            if o != offsets.last! {
                starts.append(t)
                offsets.append(o)
            }
            cursor = next
        }
        self.starts = starts
        self.offsets = offsets
    }

    @inline(__always)
    func offset(at instant: Instant) -> Int {
        let s = instant.seconds
        guard s >= range.start.seconds && s < range.end.seconds else { return offsetOutside(instant) }
        return starts.withUnsafeBufferPointer { starts in
            var lo = 0, hi = starts.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if starts[mid] <= s { lo = mid } else { hi = mid - 1 }
            }
            return offsets.withUnsafeBufferPointer { $0[lo] }
        }
    }

    @inline(never)
    private func offsetOutside(_ instant: Instant) -> Int { zone.offset(at: instant) }

    // resolve(_:) is UTCOffsetProvider's: the one statement of RFC 5545 §3.3.5's rule,
    // specialised for this final class (no existential, no allocation).

    func local(_ instant: Instant) -> LocalDateTime { instant.local(offset: offset(at: instant)) }
}
