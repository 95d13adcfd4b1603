import ArgumentParser
import Foundation
import PlanStore

/// Shell completion of what the store holds — task and series ids, project names, saved
/// timetables — for the bash, zsh and fish scripts `plan --generate-completion-script`
/// writes (and `make install` installs). The shell runs plan to ask; plan reads the store
/// (`--store` on the line, else `PLAN_STORE`, else the default) and never creates one:
/// no store, no candidates. Any failure is no candidates, never an error on the terminal.
enum StoreCompletions {
    /// Task ids, then series ids (`plan task show`, `plan done`, `--after`).
    static let tasks = CompletionKind.custom { arguments, _, prefix in
        candidates(arguments, prefix) { t in try t.tasks().map(\.task.id) + t.series().map(\.id) }
    }

    /// Project names (`--project`).
    static let projects = CompletionKind.custom { arguments, _, prefix in
        candidates(arguments, prefix) { t in try t.projects().map(\.name) }
    }

    /// Saved timetables' names (`plan courses use|show|remove`).
    static let timetables = CompletionKind.custom { arguments, _, prefix in
        candidates(arguments, prefix) { t in try t.catalogs(.timetable).map(\.name) }
    }

    /// The names `names` reads from the store that start with `prefix`, sorted.
    static func candidates(_ arguments: [String], _ prefix: String,
                           _ names: (StoreTransaction) throws -> [String]) -> [String] {
        var path = PlanStore.defaultPath(environment: ProcessInfo.processInfo.environment)
        if let i = arguments.firstIndex(of: "--store"), i + 1 < arguments.count { path = arguments[i + 1] }
        guard FileManager.default.fileExists(atPath: path), let store = try? PlanStore(path: path),
              let all = try? store.read(names) else { return [] }
        return all.filter { $0.hasPrefix(prefix) }.sorted()
    }
}
