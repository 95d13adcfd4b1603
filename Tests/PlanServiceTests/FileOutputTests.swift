import Foundation
@testable import PlanService
import Testing

/// ``FileOutput``: a file is replaced whole; a folder given as the output
/// (`plan export -o ~/Documents`, `plan.export` with a folder's name, as the
/// rpc fuzz pass tried) is refused and keeps what is in it.
@Suite struct FileOutputTests {
    @Test func aFileIsReplacedAndAFolderIsRefusedUntouched() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-file-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("Documents")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: folder.appendingPathComponent("thesis.txt"))

        let file = dir.appendingPathComponent("plan.ics").path
        try FileOutput.write("one", to: file)
        try FileOutput.write("two", to: file)
        #expect(FileManager.default.contents(atPath: file) == Data("two".utf8))

        #expect {
            try FileOutput.write("plan", to: folder.path)
        } throws: { error in
            (error as? ServiceError)?.description == "cannot write \(folder.path): it is a folder; give the path of a file"
        }
        #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("thesis.txt").path) == Data("keep".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["Documents", "plan.ics"])
    }
}
