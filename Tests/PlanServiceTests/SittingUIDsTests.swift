import PlanCore
import Testing
@testable import PlanService

/// The UID each sitting goes out with follows the sitting, not its position.
@Suite struct SittingUIDsTests {
    static let now = Instant(seconds: 1_000_000)

    static func sitting(_ task: String, _ startHour: Int64, _ hours: Int64 = 1) -> Sitting {
        let start = now + startHour * 3600
        return Sitting(taskId: task, range: TimeRange(start: start, end: start + hours * 3600), index: 0, count: 0)
    }

    static func known(_ uid: String, _ s: Sitting) -> SittingUIDs.Known {
        SittingUIDs.Known(uid: uid, taskId: s.taskId, range: s.range)
    }

    @Test func withNothingKnownTheyAreNumberedInTimeOrder() {
        let sittings = [Self.sitting("essay", 30), Self.sitting("essay", 2), Self.sitting("lab", 5), Self.sitting("essay", 10)]
        #expect(SittingUIDs.assign(sittings, known: [], now: Self.now) == ["essay-3@plan", "essay-1@plan", "lab-1@plan", "essay-2@plan"])
    }

    @Test func anInsertedSittingRenumbersNothing() {
        let old = [Self.sitting("essay", 2), Self.sitting("essay", 10), Self.sitting("essay", 30)]
        let known = zip(old, ["essay-1@plan", "essay-2@plan", "essay-3@plan"]).map { Self.known($1, $0) }
        let new = old + [Self.sitting("essay", 5)]
        #expect(SittingUIDs.assign(new, known: known, now: Self.now) == ["essay-1@plan", "essay-2@plan", "essay-3@plan", "essay-4@plan"])
    }

    @Test func aMovedSittingKeepsItsUIDAndAPinnedOneIsFoundAtItsNewTime() {
        let old = [Self.sitting("essay", 2), Self.sitting("essay", 10), Self.sitting("essay", 30)]
        // The phone moved sitting 2 to hour 35 (its event is there now); plan moved sitting 1 to hour 4.
        let known = [Self.known("essay-1@plan", old[0]), Self.known("essay-2@plan", Self.sitting("essay", 35)), Self.known("essay-3@plan", old[2])]
        let new = [Self.sitting("essay", 4), Self.sitting("essay", 30), Self.sitting("essay", 35)]
        #expect(SittingUIDs.assign(new, known: known, now: Self.now) == ["essay-1@plan", "essay-3@plan", "essay-2@plan"])
    }

    @Test func aUIDTakenOrInThePastIsNeverGivenToAnotherSitting() {
        let past = Sitting(taskId: "essay", range: TimeRange(start: Self.now - 7200, end: Self.now - 3600), index: 0, count: 0)
        let known = [Self.known("essay-1@plan", past)]
        // A live sitting never takes the past event's UID (that would move history); the deleted essay-2 is not reused.
        let uids = SittingUIDs.assign([Self.sitting("essay", 3)], known: known, taken: ["essay-2@plan"], now: Self.now)
        #expect(uids == ["essay-3@plan"])
    }

    /// Random plans before and after: UIDs unique, an unmoved sitting keeps its UID, and no past event's UID
    /// goes to a live sitting at another time (checked against the rule written out again here).
    @Test func propertiesOnRandomPlans() {
        var rng = SystemRandomNumberGenerator.Seeded(31)
        for _ in 0..<300 {
            let tasks = ["a", "b", "c"]
            func randomPlan() -> [Sitting] {
                (0..<Int(rng.next() % 7)).map { _ in
                    Self.sitting(tasks[Int(rng.next() % 3)], Int64(rng.next() % 60) - 10, 1)
                }.reduce(into: [Sitting]()) { acc, s in if !acc.contains(where: { $0.range == s.range && $0.taskId == s.taskId }) { acc.append(s) } }
            }
            let old = randomPlan(), new = randomPlan()
            let oldUIDs = SittingUIDs.assign(old, known: [], now: Self.now)
            let known = zip(old, oldUIDs).map { Self.known($1, $0) }
            let uids = SittingUIDs.assign(new, known: known, now: Self.now)
            #expect(Set(uids).count == uids.count)
            for (s, uid) in zip(new, uids) {
                if let same = known.first(where: { $0.taskId == s.taskId && $0.range == s.range }) { #expect(uid == same.uid) }
                #expect(uid.hasPrefix(s.taskId + "-"))
                if let k = known.first(where: { $0.uid == uid }), k.range != s.range {
                    #expect(k.range.end > Self.now && s.range.end > Self.now, "a past event moved")
                }
            }
        }
    }
}

extension SystemRandomNumberGenerator {
    /// A linear congruential sequence (Knuth's MMIX constants): the same seed, the same plans.
    struct Seeded {
        var state: UInt64
        init(_ seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
    }
}
