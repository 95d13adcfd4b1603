import PlanCore

/// The UID each sitting goes out with (in `plan export` and `plan sync`):
/// one that follows the sitting, not its position among its task's sittings.
///
/// `known` are the events of plan on the phone's calendar (what `plan sync`
/// wrote there). For each task:
/// 1. a sitting at exactly the time of a known event of that task takes
///    that event's UID (a sitting left where it was, or one the student
///    moved on the phone and plan pinned there);
/// 2. the task's other sittings that have not ended take its other known
///    events that have not ended, in time order (a sitting plan moved: its
///    event is changed, not deleted and made again; an event in the past is
///    never moved);
/// 3. any sitting still without one takes `<task id>-<n>@plan`, `n` one
///    more than the highest any UID of `taken` has for the task (with
///    nothing known: 1, 2, 3 … in time order, as plan has always numbered
///    them), so a UID the phone just deleted is not given again.
package enum SittingUIDs {
    package struct Known: Hashable, Sendable {
        package var uid: String
        package var taskId: String
        package var range: TimeRange

        package init(uid: String, taskId: String, range: TimeRange) {
            self.uid = uid
            self.taskId = taskId
            self.range = range
        }
    }

    /// One UID per sitting of `sittings`, in their order. `taken` are UIDs
    /// a new one must not reuse (every event of plan still on the server,
    /// ended ones too); `known`'s are taken anyway.
    package static func assign(_ sittings: [Sitting], known: [Known], taken: Set<String> = [], now: Instant) -> [String] {
        var out = [String?](repeating: nil, count: sittings.count)
        let used = taken.union(known.map(\.uid))
        let byTask = Dictionary(grouping: sittings.indices, by: { sittings[$0].taskId })
        let knownByTask = Dictionary(grouping: known, by: \.taskId)
        for taskId in byTask.keys.sorted() {
            let mine = byTask[taskId]!.sorted { (sittings[$0].range.start, $0) < (sittings[$1].range.start, $1) }
            var free = (knownByTask[taskId] ?? []).sorted { ($0.range.start, $0.uid) < ($1.range.start, $1.uid) }
            var rest: [Int] = []
            // 1. Same time, same event.
            for i in mine {
                if let k = free.firstIndex(where: { $0.range == sittings[i].range }) {
                    out[i] = free.remove(at: k).uid
                } else {
                    rest.append(i)
                }
            }
            // 2. Moved by plan: the task's remaining events, in time order (neither in the past).
            let live = rest.filter { sittings[$0].range.end > now }
            let pairs = Array(zip(live, free.filter { $0.range.end > now }))
            for (i, k) in pairs { out[i] = k.uid }
            // 3. New ones.
            var n = used.compactMap { number(in: $0, taskId: taskId) }.max() ?? 0
            for i in rest where out[i] == nil {
                n += 1
                out[i] = "\(taskId)-\(n)@plan"
            }
        }
        return out.map { $0! }
    }

    /// `n` of a UID `<task id>-<n>@plan`; nil for any other.
    static func number(in uid: String, taskId: String) -> Int? {
        guard uid.hasPrefix(taskId + "-"), uid.hasSuffix("@plan") else { return nil }
        let digits = uid.dropFirst(taskId.count + 1).dropLast(5)
        guard !digits.isEmpty, digits.count < 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}
