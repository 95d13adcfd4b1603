import Foundation
import PlanFiles

/// Reads a JSON input (a `plan schedule` request, a course catalog) whole,
/// but never more than a bound: a file that large, or standard input that
/// never ends (`< /dev/zero`), is refused once the bound has been read. A
/// path must name a regular file: a FIFO, a device or a folder is refused
/// with what it is, before a read could wait on it.
package enum BoundedRead {
    /// The most bytes read from one JSON input: 64 MB, four times the largest
    /// `plan rpc` message and far beyond any registrar's catalog.
    package static let maxBytes = 64_000_000

    package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The file cannot be read (`reason`: "no such file", "it is a FIFO (named pipe), …").
        case unreadable(reason: String)
        /// More than `limit` bytes.
        case tooLarge(limit: Int)

        package var description: String {
            switch self {
            case .unreadable(let reason): reason
            case .tooLarge(let limit): "larger than \(limit) bytes, the most plan reads from one file"
            }
        }

        init(_ failure: RegularFile.Failure) {
            if case .tooLarge(let limit) = failure { self = .tooLarge(limit: limit) } else { self = .unreadable(reason: failure.reason) }
        }
    }

    /// Everything `handle` holds (standard input), up to `limit` bytes.
    package static func read(_ handle: FileHandle, limit: Int = maxBytes) throws(Failure) -> [UInt8] {
        do {
            return try RegularFile.readAll(handle.fileDescriptor, limit: limit)
        } catch {
            throw Failure(error)
        }
    }

    /// The regular file at `path`, up to `limit` bytes.
    package static func read(path: String, limit: Int = maxBytes) throws(Failure) -> [UInt8] {
        do {
            return try RegularFile.read(path, limit: limit)
        } catch {
            throw Failure(error)
        }
    }
}
