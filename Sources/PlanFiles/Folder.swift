import Foundation

/// The folder a path is in: where a file beside it is written, and whose disk holds it.
package enum Folder {
    /// `dir` of `dir/name`; "." for a bare name.
    package static func of(_ path: String) -> String {
        let dir = (path as NSString).deletingLastPathComponent
        return dir.isEmpty ? "." : dir
    }
}
