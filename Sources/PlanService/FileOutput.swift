import Foundation

/// Writing a file the user asked for (`plan export`, `plan.export`).
public enum FileOutput {
    /// Writes `text` to `path` beside it first and renames, so a reader never
    /// sees half a file; a failure leaves no temporary file behind.
    public static func write(_ text: String, to path: String) throws(ServiceError) {
        try write(Data(text.utf8), to: path)
    }

    /// ``write(_:to:)`` for bytes (a picture). A folder at `path` is refused
    /// and left as it was (replacing it would remove everything in it).
    public static func write(_ data: Data, to path: String) throws(ServiceError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw .cannotWrite(path: path, reason: "it is a folder; give the path of a file")
        }
        let tmp = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        do {
            try data.write(to: URL(fileURLWithPath: tmp))
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(atPath: tmp, toPath: path)
        } catch {
            try? FileManager.default.removeItem(atPath: tmp)
            throw .cannotWrite(path: path, reason: error.localizedDescription)
        }
    }
}
