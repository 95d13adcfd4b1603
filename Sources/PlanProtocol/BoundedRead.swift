import Foundation

/// Reads a JSON input (a `plan schedule` request, a course catalog) whole,
/// but never more than a bound: a file that large, or a pipe or device that
/// never ends (`/dev/zero`), is refused once the bound has been read.
public enum BoundedRead {
    /// The most bytes read from one JSON input: 64 MB, four times the largest
    /// `plan rpc` message and far beyond any registrar's catalog.
    public static let maxBytes = 64_000_000

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The read itself failed (`reason` is the system's).
        case unreadable(reason: String)
        /// More than `limit` bytes.
        case tooLarge(limit: Int)

        public var description: String {
            switch self {
            case .unreadable(let reason): reason
            case .tooLarge(let limit): "larger than \(limit) bytes, the most plan reads from one file"
            }
        }
    }

    /// Everything `handle` holds, up to `limit` bytes.
    public static func read(_ handle: FileHandle, limit: Int = maxBytes) throws(Failure) -> [UInt8] {
        var out: [UInt8] = []
        while true {
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: min(1 << 20, limit + 1 - out.count)) ?? Data()
            } catch {
                throw .unreadable(reason: reason(error))
            }
            if chunk.isEmpty { return out }
            out.append(contentsOf: chunk)
            if out.count > limit { throw .tooLarge(limit: limit) }
        }
    }

    /// The system's words for why a file could not be opened or read
    /// ("No such file or directory", "Is a directory").
    public static func reason(_ error: any Error) -> String {
        if let failure = error as? Failure { return failure.description }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSCocoaErrorDomain && ns.code == NSFileReadNoSuchFileError { return "No such file or directory" }
        return ns.localizedDescription
    }
}
