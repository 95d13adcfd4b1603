import Foundation
import PlanProtocol
import Testing

/// The size bound on a JSON input (a schedule request, a catalog): exactly
/// the limit is read, one byte more is refused, and so is an endless device.
@Suite struct BoundedReadTests {
    @Test func theLimitIsReadAndOneByteMoreIsRefused() throws {
        let path = NSTemporaryDirectory() + "plan-bounded-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = Array(String(repeating: "[1,2,3] ", count: 300_000).utf8)  // 2.4 MB: several 1 MB reads
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try BoundedRead.read(FileHandle(forReadingFrom: URL(fileURLWithPath: path)), limit: bytes.count) == bytes)
        #expect(throws: BoundedRead.Failure.tooLarge(limit: bytes.count - 1)) {
            _ = try BoundedRead.read(FileHandle(forReadingFrom: URL(fileURLWithPath: path)), limit: bytes.count - 1)
        }
        #expect(BoundedRead.Failure.tooLarge(limit: 10).description == "larger than 10 bytes, the most plan reads from one file")
    }

    @Test func anEndlessDeviceStopsAtTheLimit() throws {
        let zero = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/zero"))
        #expect(throws: BoundedRead.Failure.tooLarge(limit: 3 << 20)) { _ = try BoundedRead.read(zero, limit: 3 << 20) }
        #expect(BoundedRead.maxBytes == 64_000_000)
    }

    @Test func aFolderSaysWhy() throws {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/tmp"))
        #expect(throws: BoundedRead.Failure.unreadable(reason: "it is a directory")) { _ = try BoundedRead.read(handle) }
        #expect(throws: BoundedRead.Failure.unreadable(reason: "it is a directory")) { _ = try BoundedRead.read(path: "/tmp") }
    }

    /// A path to a FIFO or a device is refused before it is opened to be read (it could wait forever).
    @Test func aPathThatIsNotAFileIsRefused() throws {
        let fifo = NSTemporaryDirectory() + "plan-bounded-\(UUID().uuidString).fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let says = "not a file: plan reads only regular files (save it to a file first)"
        #expect(throws: BoundedRead.Failure.unreadable(reason: "it is a FIFO (named pipe), " + says)) { _ = try BoundedRead.read(path: fifo) }
        #expect(throws: BoundedRead.Failure.unreadable(reason: "it is a device, " + says)) { _ = try BoundedRead.read(path: "/dev/zero") }
        #expect(throws: BoundedRead.Failure.unreadable(reason: "no such file")) { _ = try BoundedRead.read(path: fifo + ".missing") }
    }
}
