import PlanService

extension BoundedRead {
    /// The regular file at `path` a command reads (a catalog, a ratings
    /// file), up to `limit` bytes: one larger is ``ServiceError/refused(_:)``
    /// naming the limit and `what` it is, one that cannot be read
    /// ``ServiceError/unreadable(path:reason:)``.
    package static func input(path: String, limit: Int = maxBytes, what: String) throws(ServiceError) -> [UInt8] {
        do {
            return try read(path: path, limit: limit)
        } catch .tooLarge(let limit) {
            throw ServiceError.refused("\(path): larger than \(limit) bytes, the most plan reads from one \(what)")
        } catch {
            throw ServiceError.unreadable(path: path, reason: error.description)
        }
    }
}
