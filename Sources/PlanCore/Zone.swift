import Foundation

/// Anything that knows a zone's UTC offset at a given instant.
///
/// Converting UTC → local is unambiguous; local → UTC is not (DST gaps and
/// overlaps), so every zone only has to answer the former and
/// ``resolve(_:)`` derives the latter by the rule of RFC 5545 §3.3.5.
package protocol UTCOffsetProvider {
    /// Seconds east of UTC in effect at `instant`.
    func offset(at instant: Instant) -> Int

    /// The instant a wall-clock reading names in this zone; the extension
    /// gives the rule, a zone that knows its offsets better may answer faster
    /// (it must give the same instant).
    func resolve(_ local: LocalDateTime) -> Instant
}

extension UTCOffsetProvider {
    /// The instant a wall-clock reading names in this zone.
    ///
    /// RFC 5545 §3.3.5: a local time inside a DST gap (it never happens on the
    /// clock) is read with the offset in effect *before* the gap, i.e. it moves
    /// forward by the gap's length; an ambiguous local time (it happens twice)
    /// means its *first* occurrence.
    package func resolve(_ local: LocalDateTime) -> Instant { resolveByRule(local) }

    /// ``resolve(_:)`` by its rule, from ``offset(at:)`` alone.
    package func resolveByRule(_ local: LocalDateTime) -> Instant {
        let asUTC = local.secondsSinceEpoch
        // Offsets a day either side bracket any single transition near `local`.
        let before = offset(at: Instant(seconds: asUTC - 86_400))
        let after = offset(at: Instant(seconds: asUTC + 86_400))
        // The readings either offset gives; the earliest instant that
        // reproduces its offset wins (a larger offset is an earlier instant).
        let larger = max(before, after), smaller = min(before, after)
        let early = Instant(seconds: asUTC - Int64(larger))
        if offset(at: early) == larger { return early }
        if smaller != larger {
            let late = Instant(seconds: asUTC - Int64(smaller))
            if offset(at: late) == smaller { return late }
        }
        // Neither offset reproduces the reading: exact offset at the guess, else gap.
        let guess = Instant(seconds: asUTC - Int64(offset(at: Instant(seconds: asUTC))))
        if guess.local(offset: offset(at: guess)) == local { return guess }
        return Instant(seconds: asUTC - Int64(before))
    }

    /// The wall-clock reading of `instant` in this zone.
    package func local(_ instant: Instant) -> LocalDateTime { instant.local(offset: offset(at: instant)) }
}

/// A zone from the system's IANA database (through Foundation).
package struct SystemZone: UTCOffsetProvider, Hashable, Sendable {
    package let timeZone: TimeZone
    package var identifier: String { timeZone.identifier }

    package init(_ timeZone: TimeZone) { self.timeZone = timeZone }

    /// nil when the name is not a zone the system knows.
    package init?(identifier: String) {
        guard let tz = TimeZone(identifier: identifier) else { return nil }
        self.timeZone = tz
    }

    package func offset(at instant: Instant) -> Int { timeZone.secondsFromGMT(for: instant.date) }

    /// UTC.
    package static let utc = SystemZone(TimeZone(identifier: "UTC")!)
}

/// A zone with one fixed offset (e.g. `-05:00` in a request).
package struct FixedOffsetZone: UTCOffsetProvider, Hashable, Sendable {
    package let seconds: Int
    package init(seconds: Int) { self.seconds = seconds }
    package func offset(at instant: Instant) -> Int { seconds }
}

/// `±HH:MM` for an offset in seconds (seconds beyond the minute are dropped).
package func formatOffset(_ seconds: Int) -> String {
    let sign = seconds < 0 ? "-" : "+"
    let m = abs(seconds) / 60
    return "\(sign)\(pad2(m / 60)):\(pad2(m % 60))"
}
