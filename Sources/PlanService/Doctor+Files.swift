import Foundation
import PlanCore
import PlanFiles

extension Doctor {
    /// The disk holding the store (a problem when it is full: no change can
    /// be saved), and the partial files a killed plan left (`NAME.plan-partial-PID`
    /// and their journals) in the store's folder, its `timetables` folder and
    /// the current folder, where `plan backup` and the exports usually write.
    static func fileCheckups(storePath: String, currentFolder: String) -> [Checkup] {
        var out: [Checkup] = []
        let storeFolder = Folder.of(storePath)
        if let free = DiskSpace.free(at: storeFolder), free < DiskSpace.fullBelow {
            out.append(Checkup(.store, storeFolder, .problem,
                               "the disk holding the store is full (\(free) bytes free): no change can be saved, and no export or backup written there",
                               fix: "free some space on it (plan needs at least \(DiskSpace.fullBelow / 1024) KiB)"))
        }
        var folders: [String] = []
        for f in [storeFolder, (storeFolder as NSString).appendingPathComponent("timetables"), currentFolder]
        where !folders.contains((f as NSString).standardizingPath) {
            folders.append((f as NSString).standardizingPath)
        }
        let leftovers = folders.flatMap { PartialFiles.leftovers(in: $0) }
        if !leftovers.isEmpty {
            let bytes = leftovers.reduce(Int64(0)) { $0 + $1.bytes }
            let shown = leftovers.prefix(5).map(\.path).joined(separator: ", ") + (leftovers.count > 5 ? ", …" : "")
            out.append(Checkup(.store, leftovers.count == 1 ? leftovers[0].path : "\(leftovers.count) partial files", .warning,
                               "left by a plan that was stopped while writing (\(bytes) bytes): \(shown)",
                               fix: "the next plan backup, export or mail written into the same folder removes them; or remove them yourself"))
        }
        return out
    }
}
