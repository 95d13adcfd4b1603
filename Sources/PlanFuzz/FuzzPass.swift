import Foundation

/// The short fuzz pass (docs/fuzzing.md), run by `plan-fuzz-pass` for
/// `MutationPassTests`: a target's seeds and then ``Mutator``'s inputs made
/// from them, each through ``FuzzTarget/run(_:)`` under a ``Watchdog``.
public enum FuzzPass {
    public struct Summary: Sendable, CustomStringConvertible {
        public var target: FuzzTarget
        public var inputs: Int
        public var seeds: Int
        public var elapsed: Duration
        /// Processor time of the pass (user and system), which a busy machine does not inflate as it does `elapsed`.
        public var processor: Duration
        public var slowest: (number: Int, took: Duration)

        public var description: String {
            "\(target.rawValue): \(inputs) inputs (\(seeds) seeds) in \(Self.seconds(elapsed)) s (processor \(Self.seconds(processor)) s), slowest #\(slowest.number) \(Self.seconds(slowest.took)) s"
        }

        static func seconds(_ d: Duration) -> String {
            String(format: "%.3f", Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
        }
    }

    /// Runs `inputs` inputs of `target`; an input over `limit` ends the
    /// process (``Watchdog/exitNamingTheInput``).
    public static func run(_ target: FuzzTarget, inputs: Int, seeds: FuzzSeeds, directory: URL, limit: Duration) -> Summary {
        let mutator = Mutator(seeds: seeds.seeds(target), tokens: seeds.tokens(target), maxLength: target.maxLength, salt: FuzzSeeds.salt(target))
        let watchdog = Watchdog(label: target.rawValue, limit: limit, directory: directory)
        defer { watchdog.stop() }
        let started = ContinuousClock.now
        let processorAtStart = processorTime()
        var slowest = (number: 0, took: Duration.zero)
        for n in 0..<max(0, inputs) {
            let bytes = mutator.input(n)
            let took = watchdog.time(n, bytes) { target.run(bytes) }
            if took > slowest.took { slowest = (n, took) }
        }
        return Summary(target: target, inputs: max(0, inputs), seeds: mutator.seeds.count, elapsed: ContinuousClock.now - started,
                       processor: processorTime() - processorAtStart, slowest: slowest)
    }

    /// User and system time of this process so far.
    static func processorTime() -> Duration {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func duration(_ t: timeval) -> Duration { .seconds(t.tv_sec) + .microseconds(t.tv_usec) }
        return duration(usage.ru_utime) + duration(usage.ru_stime)
    }
}
