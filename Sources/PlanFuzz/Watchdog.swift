import Foundation

/// Times each input of the mutation pass (``FuzzPass``) from a thread of its own. An input
/// still running after `limit` is written to `<directory>/<label>-<number>`,
/// and `onTimeout` gets its number and that file: by default it says so on
/// stderr and ends the test process with status 1, since a hang would
/// otherwise hold `swift test` forever.
///
/// The input being run is also in `<directory>/<label>.in-flight` while it
/// runs, so that after a crash (which ends the process before any test can
/// report) the input that crashed is on disk.
public final class Watchdog: @unchecked Sendable {
    public let label: String
    public let limit: Duration
    public let directory: URL
    let onTimeout: @Sendable (Int, URL) -> Void
    /// How often the thread looks at the clock.
    static let tick = 0.02

    private let lock = NSLock()
    private var current: (number: Int, bytes: [UInt8], started: ContinuousClock.Instant)?
    private var stopped = false

    public init(label: String, limit: Duration, directory: URL, onTimeout: @escaping @Sendable (Int, URL) -> Void = Watchdog.exitNamingTheInput) {
        self.label = label
        self.limit = limit
        self.directory = directory
        self.onTimeout = onTimeout
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let thread = Thread { [self] in watch() }
        thread.start()
    }

    public var inFlight: URL { directory.appendingPathComponent("\(label).in-flight") }

    /// Runs `body` on input `number`; returns how long it took.
    public func time(_ number: Int, _ bytes: [UInt8], _ body: () -> Void) -> Duration {
        try? Data(bytes).write(to: inFlight)
        let started = ContinuousClock.now
        lock.withLock { current = (number, bytes, started) }
        body()
        lock.withLock { current = nil }
        return ContinuousClock.now - started
    }

    /// Ends the watching thread and removes the in-flight file.
    public func stop() {
        lock.withLock { stopped = true }
        try? FileManager.default.removeItem(at: inFlight)
    }

    private func watch() {
        while true {
            Thread.sleep(forTimeInterval: Self.tick)
            let late: (number: Int, bytes: [UInt8])? = lock.withLock {
                guard !stopped, let c = current, ContinuousClock.now - c.started > limit else { return nil }
                // Reported once: the input is done with as far as the watchdog goes.
                current = nil
                return (c.number, c.bytes)
            }
            if lock.withLock({ stopped }) { return }
            if let late {
                let file = directory.appendingPathComponent("\(label)-\(late.number)")
                try? Data(late.bytes).write(to: file)
                onTimeout(late.number, file)
            }
        }
    }

    public static let exitNamingTheInput: @Sendable (Int, URL) -> Void = { number, file in
        FileHandle.standardError.write(Data("fuzz pass: input \(number) ran for more than the limit; it is in \(file.path)\n".utf8))
        exit(1)
    }
}
