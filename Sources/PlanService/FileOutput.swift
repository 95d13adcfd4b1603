import Foundation
import PlanFiles

/// Writing a file the user asked for (`plan export`, `plan week --svg/--png`,
/// `plan courses use --out`, `plan.export`, the group mail): the one writer.
/// A symbolic link is written through to its target, beside it and renamed
/// (a reader never sees half a file; the file's mode is kept); a FIFO or a
/// character device is written into when `streams` allows, refused otherwise;
/// a folder, a socket or a disk device is refused and left as it was.
package enum FileOutput {
    /// Writes `text` to `path` as UTF-8 (see the bytes form below).
    package static func write(_ text: String, to path: String, streams: Bool = true) throws(ServiceError) {
        try write(Data(text.utf8), to: path, streams: streams)
    }

    /// Writes bytes (a picture) to `path`. A full or failing disk is
    /// ``ServiceError/diskFailed(path:reason:)`` (exit 74), any other refusal
    /// ``ServiceError/cannotWrite(path:reason:)`` (exit 73); either way the
    /// target is as it was and no temporary file is left.
    package static func write(_ data: Data, to path: String, streams: Bool = true) throws(ServiceError) {
        do {
            try OutputFile.write(data, to: path, streams: streams)
        } catch {
            if case .diskFailed = error { throw .diskFailed(path: path, reason: error.reason) }
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }
}
