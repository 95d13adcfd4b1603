import Foundation
import PlanFuzz
import Testing

/// ``Watchdog``: an input over the limit is saved and reported once, with
/// its number; inputs within it are not reported.
@Suite struct WatchdogTests {
    final class Reports: @unchecked Sendable {
        let lock = NSLock()
        var got: [(Int, URL)] = []
        func add(_ number: Int, _ file: URL) { lock.withLock { got.append((number, file)) } }
        var all: [(Int, URL)] { lock.withLock { got } }
    }

    @Test func anInputOverTheLimitIsSavedAndNamed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plan-watchdog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let reports = Reports()
        let watchdog = Watchdog(label: "t", limit: .milliseconds(200), directory: directory) { reports.add($0, $1) }
        defer { watchdog.stop() }
        let quick = watchdog.time(1, [1]) {}
        #expect(quick < .milliseconds(200))
        #expect(FileManager.default.contents(atPath: watchdog.inFlight.path) == Data([1]))
        _ = watchdog.time(2, [0x68, 0x61, 0x6E, 0x67]) { Thread.sleep(forTimeInterval: 0.6) }
        Thread.sleep(forTimeInterval: 0.1)
        let got = reports.all
        try #require(got.count == 1)
        #expect(got[0].0 == 2)
        #expect(got[0].1.lastPathComponent == "t-2")
        #expect(FileManager.default.contents(atPath: got[0].1.path) == Data("hang".utf8))
        watchdog.stop()
        #expect(!FileManager.default.fileExists(atPath: watchdog.inFlight.path))
    }
}
