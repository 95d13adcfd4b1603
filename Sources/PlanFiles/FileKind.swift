import Foundation

/// What a path names, as plan tells a user why it will not read or replace
/// it: a regular file is the only thing plan reads as a file or replaces.
package enum FileKind: Equatable, Sendable {
    case regular
    case folder
    /// A FIFO (named pipe), `/dev/stdin` on a pipe among them.
    case fifo
    case characterDevice
    case blockDevice
    case socket
    case other

    /// The kind of an `st_mode`.
    package init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .folder
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    /// What `path` names, following symbolic links; nil when nothing is there
    /// (or a link leads nowhere).
    package static func of(_ path: String) -> FileKind? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileKind(mode: st.st_mode)
    }

    /// "a folder", "a FIFO (named pipe)", …: what a message says it is.
    package var words: String {
        switch self {
        case .regular: "a file"
        case .folder: "a folder"
        case .fifo: "a FIFO (named pipe)"
        case .characterDevice: "a device"
        case .blockDevice: "a disk device"
        case .socket: "a socket"
        case .other: "not a regular file"
        }
    }
}
