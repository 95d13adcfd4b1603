import PlanCore

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny generator whose sequence
/// depends only on the seed, so every random instance can be replayed.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `range` (the modulo bias is irrelevant for test data).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int(next() % width)
    }

    mutating func int64(_ range: ClosedRange<Int64>) -> Int64 {
        let width = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int64(next() % width)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double(next() % 1_000_000) < p * 1_000_000 }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}
