import PlanStore

extension PlanService {
    /// `plan backup FILE`: a consistent copy of the whole store in `path`
    /// (SQLite's online backup), what it holds.
    package func backUp(to path: String) throws(ServiceError) -> StoreSummary {
        do {
            return try store.backUp(to: Self.absolutePath(path))
        } catch {
            throw .store(error)
        }
    }

    /// `plan restore FILE`: the store at `storePath` replaced by the plan
    /// store in `path` (the old one kept as `STORE.before-restore`); refused,
    /// changing nothing, when `path` is not a plan store, is damaged or comes
    /// from a newer plan. Static: a damaged store cannot be opened, and
    /// restoring is how it is mended.
    package static func restore(storePath: String, from path: String) throws(ServiceError) -> (restored: StoreSummary, previous: String?, upgrade: StoreUpgrade?) {
        do {
            let (store, summary, previous) = try PlanStore.restore(storePath, from: absolutePath(path))
            return (summary, previous, store.upgrade)
        } catch {
            throw .store(error)
        }
    }
}
