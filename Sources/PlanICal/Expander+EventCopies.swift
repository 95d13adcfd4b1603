import PlanCore

/// Several copies of one event in a file (issue 12, item 3), and which of two revisions is the later.
extension Expander {
    /// Which of several VEVENTs with one UID and no RECURRENCE-ID is the
    /// event (issue 12, item 3). RFC 5545 §3.8.4.7 lets a UID name one event
    /// only, so such a file holds an updated copy beside the old one (an
    /// export that appended instead of replacing). The newest copy wins, as
    /// a client applying them in turn as updates ends with it (RFC 5546
    /// §2.1.5 orders revisions by SEQUENCE, then DTSTAMP): the highest
    /// SEQUENCE, then the latest LAST-MODIFIED (DTSTAMP when it has none),
    /// then the last in the file. The others are not expanded.
    static func newestCopy(_ copies: [RawEvent]) -> RawEvent {
        copies.dropFirst().reduce(copies[0]) { kept, next in isNewer(next, than: kept) ? next : kept }
    }

    /// Whether `a` supersedes `b` by ``newestCopy(_:)``'s order.
    static func isNewer(_ a: RawEvent, than b: RawEvent) -> Bool {
        if let newer = isLaterRevision(a, than: b) { return newer }
        // Neither SEQUENCE nor the stamps tell them apart: file order decides.
        return a.ordinal > b.ordinal
    }

    /// Whether `a` is a later revision than `b` (RFC 5546 §2.1.5): a higher
    /// SEQUENCE, then, on equal SEQUENCE, a later LAST-MODIFIED (DTSTAMP
    /// when it has none). Nil when these do not tell them apart (equal, or a
    /// stamp missing: a copy without one says nothing about its age).
    static func isLaterRevision(_ a: RawEvent, than b: RawEvent) -> Bool? {
        if a.sequence != b.sequence { return a.sequence > b.sequence }
        if let ra = a.revised, let rb = b.revised, ra != rb { return rb < ra }
        return nil
    }

    /// The reason ``newestCopy(_:)`` chose `kept` over `other`, for the warning.
    static func whyNewer(_ kept: RawEvent, than other: RawEvent) -> String {
        if kept.sequence != other.sequence { return "its SEQUENCE is higher (\(kept.sequence) > \(other.sequence))" }
        if let r = kept.revised, let o = other.revised, r != o {
            return "it was modified later (\(r.isoString)Z > \(o.isoString)Z)"
        }
        return "it comes later in the file, and neither SEQUENCE nor LAST-MODIFIED/DTSTAMP tells them apart"
    }
}
