import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writing an output file (an export, a picture, a timetable, a mail) the
/// way a user expects a path to behave.
///
/// - A regular file, or nothing yet: written beside its real target (the end
///   of a chain of symbolic links) as ``PartialFiles``' temporary file and
///   renamed over it, so a reader sees the old file or the whole new one; the
///   mode (and, for root, the owner) of a file replaced is kept.
/// - A FIFO or a character device (`/dev/null`, a terminal): written into
///   directly when `streams` allows, never replaced; a FIFO nobody reads yet
///   is refused rather than waited on.
/// - A folder, a socket, a disk device (and a stream when not allowed):
///   refused, left as it is.
package enum OutputFile {
    package enum Failure: Error, Equatable, Sendable {
        case notAFile(FileKind, streams: Bool)
        case noReader
        case tooManyLinks
        /// The disk is full or failed (`ENOSPC`, `EDQUOT`, `EIO`): the target was not changed.
        case diskFailed(reason: String)
        case failed(reason: String)

        /// The words for a message after "cannot write PATH: ".
        package var reason: String {
            switch self {
            case .notAFile(.folder, _): "it is a folder; give the path of a file"
            case .notAFile(let kind, let streams):
                "it is \(kind.words), not a file: plan writes only " + (streams ? "files, FIFOs and character devices" : "regular files here")
            case .noReader: "it is a FIFO (named pipe) that no program is reading; start the reader first"
            case .tooManyLinks: "too many levels of symbolic links"
            case .diskFailed(let reason): reason + "; it was not changed"
            case .failed(let reason): reason
            }
        }

        init(errno code: Int32) {
            let words = String(cString: strerror(code))
            switch code {
            case ENOSPC, EDQUOT, EIO: self = .diskFailed(reason: words)
            case ELOOP: self = .tooManyLinks
            default: self = .failed(reason: words)
            }
        }
    }

    /// Writes `bytes` to `path` (see the type's rules). `streams`: FIFOs and
    /// character devices are written into (the CLI) rather than refused (a server).
    package static func write(_ bytes: Data, to path: String, streams: Bool) throws(Failure) {
        var st = stat()
        if stat(path, &st) == 0 {
            let kind = FileKind(mode: st.st_mode)
            switch kind {
            case .regular:
                guard let real = realpath(path, nil) else { throw Failure(errno: errno) }
                defer { free(real) }
                try replace(String(cString: real), with: bytes, keeping: st)
            case .fifo where streams, .characterDevice where streams: try stream(bytes, into: path)
            default: throw .notAFile(kind, streams: streams)
            }
        } else {
            try replace(try target(of: path), with: bytes, keeping: nil)
        }
    }

    /// Where writing `path` lands: itself, or the end of the chain of
    /// symbolic links it starts (a link to a file not made yet among them).
    package static func target(of path: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<40 {
            var st = stat()
            guard lstat(current, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n >= 0 else { throw Failure(errno: errno) }
            let link = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : (Folder.of(current) as NSString).appendingPathComponent(link)
        }
        throw .tooManyLinks
    }

    /// Writes `real` through a temporary file beside it renamed over it;
    /// `existing`: the file replaced, whose mode and owner the new one keeps.
    static func replace(_ real: String, with bytes: Data, keeping existing: stat?) throws(Failure) {
        PartialFiles.sweep(Folder.of(real))
        let temporary = PartialFiles.path(for: real)
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard fd >= 0 else { throw Failure(errno: errno) }
        var isOpen = true
        do throws(Failure) {
            if let existing {
                _ = fchmod(fd, existing.st_mode & 0o7777)
                if geteuid() == 0 { _ = fchown(fd, existing.st_uid, existing.st_gid) }
            }
            try writeAll(bytes, to: fd)
            guard fsync(fd) == 0 else { throw Failure(errno: errno) }
            isOpen = false
            guard close(fd) == 0 else { throw Failure(errno: errno) }
            guard rename(temporary, real) == 0 else { throw Failure(errno: errno) }
        } catch {
            if isOpen { close(fd) }
            unlink(temporary)
            throw error
        }
    }

    /// Writes into a FIFO or a device as it is, never replacing it.
    static func stream(_ bytes: Data, into path: String) throws(Failure) {
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw errno == ENXIO ? .noReader : Failure(errno: errno) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw Failure(errno: errno) }
        let kind = FileKind(mode: st.st_mode)
        guard kind == .fifo || kind == .characterDevice else { throw .notAFile(kind, streams: true) }
        // Opened without waiting; written waiting for the reader, as a shell's `>` would.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        try writeAll(bytes, to: fd)
    }

    static func writeAll(_ bytes: Data, to fd: Int32) throws(Failure) {
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { failure = n < 0 ? errno : EIO; return }
                done += n
            }
        }
        if failure != 0 { throw Failure(errno: failure) }
    }
}
