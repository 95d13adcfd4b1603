import Foundation
import PlanCore
import PlanStore

/// A new task's title that a stored task has already (``ServiceError/sameTitle(_:)``).
package struct SameTitle: Hashable, Sendable {
    /// The stored task's title and id.
    package var title: String
    package var id: String
    /// The stored task's due day, as `Fri 2026-11-06`.
    package var due: String
    /// The id the new task would have had: free, to give with `--id` (`id` in `task.add`).
    package var freeId: String
}

/// Names a new task brings that are already there, or almost: the same title twice, a
/// project typed in another case or one letter off. plan says so rather than quietly
/// making a second task (`physics-lab-report-2`) or a second project (`alg101` beside `ALG101`).
extension PlanService {
    /// The stored task whose title is `title` (trimmed, in any case), the one due first
    /// when several are (a repeating task's occurrences); nil when none is.
    static func sameTitle(_ title: String, among tasks: [TaskDefinition], zone: SystemZone) -> TaskDefinition? {
        let key = Self.titleKey(title)
        return tasks.filter { Self.titleKey($0.title) == key }
            .min { ($0.due.instant(in: zone, endOfDay: true), $0.id) < ($1.due.instant(in: zone, endOfDay: true), $1.id) }
    }

    /// Refuses a changed title that another stored task has already (trimmed, in any case):
    /// `plan task edit X --title …` must not make two tasks that a title cannot tell apart.
    /// `mine` are the tasks being edited (a task, or a series' occurrences, which share
    /// their title); a title unchanged but for case or spaces is never refused.
    static func checkRetitle(_ title: String?, from old: String, mine: Set<String>, among tasks: [TaskDefinition],
                             zone: SystemZone) throws {
        guard let title, titleKey(title) != titleKey(old),
              let same = sameTitle(title, among: tasks.filter { !mine.contains($0.id) }, zone: zone) else { return }
        throw ServiceError.refused("a task \"\(same.title)\" exists already (\(same.id), due \(TimeText.day(same.due.day(in: zone)))); "
            + "choose another title, or edit that task instead")
    }

    /// A title as two titles are compared: trimmed, in lower case.
    private static func titleKey(_ title: String) -> String {
        title.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// The project a task gets for the name `typed`, in transaction `t`: a stored
    /// project's own spelling when `typed` is its name in another case; else `typed`
    /// (trimmed), created as a new project — refused when it is one letter off a
    /// stored project's name (``nearName(_:among:)``), unless `known` (a course of the
    /// grade book, named by `--for`). An empty name is left as it is.
    static func project(_ typed: String, _ t: StoreTransaction, known: Bool = false) throws -> String {
        let name = typed.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return typed }
        let stored = try t.projects().map(\.name)
        if let same = stored.first(where: { $0.lowercased() == name.lowercased() }) { return same }
        if !known, let near = nearName(name, among: stored) { throw ServiceError.nearProject(typed: name, stored: near) }
        try t.addProject(Project(id: name, name: name))
        return name
    }

    /// The first of `names` one edit from `name` (in any case): one letter added, dropped
    /// or changed (`ALG10` for `ALG101`, `Physcs` for `Physics`). A digit changed for
    /// another digit is not one (`CS202` beside `CS201` is another course), and neither
    /// is a name of fewer than three letters (`A` beside `B`).
    package static func nearName(_ name: String, among names: [String]) -> String? {
        let a = Array(name.lowercased())
        guard a.count >= 3 else { return nil }
        return names.first { oneEditApart(a, Array($0.lowercased())) }
    }

    /// `a` and `b` differ by one character added, dropped, or changed (not a digit for a digit).
    private static func oneEditApart(_ a: [Character], _ b: [Character]) -> Bool {
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        guard long.count - short.count <= 1 else { return false }
        guard let i = short.indices.first(where: { short[$0] != long[$0] }) else { return long.count > short.count }
        if short.count == long.count {
            return !(short[i].isNumber && long[i].isNumber) && short[(i + 1)...] == long[(i + 1)...]
        }
        return short[i...] == long[(i + 1)...]
    }
}
