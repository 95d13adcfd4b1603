/// The inputs of the mutation pass (docs/fuzzing.md): seeds changed the
/// way libFuzzer changes them — bits flipped, bytes set, ranges deleted,
/// repeated or inserted, dictionary tokens put in, two seeds spliced,
/// numbers swapped for awkward ones — but blind: no coverage steers it.
///
/// Deterministic: input `n` depends only on the seeds, the tokens, the salt
/// and `n`, so a failing input can be made again from its number. The
/// first `seeds.count` inputs are the seeds themselves; every input has at
/// most ``maxLength`` bytes.
public struct Mutator: Sendable {
    public let seeds: [[UInt8]]
    public let tokens: [[UInt8]]
    public let maxLength: Int
    public let salt: UInt64

    /// Mutations stacked on one input: one to this many.
    public static let maxStacked = 4
    /// The longest range one mutation deletes, repeats or inserts.
    static let maxChunk = 256

    public init(seeds: [[UInt8]], tokens: [[UInt8]], maxLength: Int, salt: UInt64) {
        self.seeds = seeds
        self.tokens = tokens
        self.maxLength = max(1, maxLength)
        self.salt = salt
    }

    /// Input number `n`.
    public func input(_ n: Int) -> [UInt8] {
        if n >= 0, n < seeds.count { return Array(seeds[n].prefix(maxLength)) }
        var random = FuzzRandom(seed: salt ^ UInt64(truncatingIfNeeded: n) &* 0xD6E8_FEB8_6659_FD93)
        var bytes = seeds.isEmpty ? [] : Array(seeds[random.below(seeds.count)].prefix(maxLength))
        for _ in 0...random.below(Self.maxStacked) {
            mutate(&bytes, &random)
            if bytes.count > maxLength { bytes.removeLast(bytes.count - maxLength) }
        }
        return bytes
    }

    /// Bytes that often start trouble where a single byte is read.
    static let awkwardBytes: [UInt8] = [0, 0x0A, 0x0D, 0x20, 0x22, 0x26, 0x2F, 0x3A, 0x3C, 0x3E, 0x5C, 0x7F, 0x80, 0xC0, 0xFF]
    /// Numbers at the edges of what a reader might hold.
    static let awkwardNumbers: [String] = ["0", "-1", "1", "59", "60", "366", "9999", "10000", "65535", "2147483648",
                                           "4294967296", "9223372036854775808", "99999999999999999999", "1e308", "-0"]

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    func mutate(_ bytes: inout [UInt8], _ random: inout FuzzRandom) {
        let room = maxLength - bytes.count
        switch random.below(10) {
        case 0 where !bytes.isEmpty:  // flip one bit
            bytes[random.below(bytes.count)] ^= 1 << UInt8(random.below(8))
        case 1 where !bytes.isEmpty:  // set one byte
            bytes[random.below(bytes.count)] = random.below(2) == 0 ? Self.awkwardBytes[random.below(Self.awkwardBytes.count)] : UInt8(random.below(256))
        case 2 where !bytes.isEmpty:  // delete a range
            let start = random.below(bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + 1 + random.below(Self.maxChunk)))
        case 3 where room > 0:  // insert random bytes
            let count = 1 + random.below(min(16, room))
            let fill = (0..<count).map { _ in UInt8(random.below(256)) }
            bytes.insert(contentsOf: fill, at: random.below(bytes.count + 1))
        case 4 where !bytes.isEmpty && room > 0:  // repeat a range somewhere
            let start = random.below(bytes.count)
            let piece = bytes[start..<min(bytes.count, start + 1 + random.below(min(Self.maxChunk, room)))]
            let copies = 1 + random.below(8)
            let repeated = Array([[UInt8]](repeating: Array(piece), count: copies).joined().prefix(room))
            bytes.insert(contentsOf: repeated, at: random.below(bytes.count + 1))
        case 5 where !tokens.isEmpty:  // insert a token
            bytes.insert(contentsOf: tokens[random.below(tokens.count)], at: random.below(bytes.count + 1))
        case 6 where !tokens.isEmpty && !bytes.isEmpty:  // overwrite with a token
            let token = tokens[random.below(tokens.count)]
            let start = random.below(bytes.count)
            bytes.replaceSubrange(start..<min(bytes.count, start + token.count), with: token)
        case 7 where !seeds.isEmpty:  // splice: this input's start, another seed's end
            let other = seeds[random.below(seeds.count)]
            let cut = random.below(bytes.count + 1)
            bytes = Array(bytes[..<cut]) + other[random.below(other.count + 1)...].prefix(maxLength)
        case 8 where bytes.contains(where: Self.isDigit):  // swap a number for an awkward one
            let digits = bytes.indices.filter { Self.isDigit(bytes[$0]) }
            let start = digits[random.below(digits.count)]
            let end = bytes[start...].firstIndex { !Self.isDigit($0) } ?? bytes.count
            bytes.replaceSubrange(start..<end, with: Array(Self.awkwardNumbers[random.below(Self.awkwardNumbers.count)].utf8))
        default:  // cut the end off
            if !bytes.isEmpty { bytes.removeLast(1 + random.below(bytes.count)) }
        }
    }
}

/// xorshift64* (Vigna 2016), seeded through one round of mixing so that
/// nearby seeds start far apart: plenty for choosing mutations.
struct FuzzRandom {
    private var state: UInt64

    init(seed: UInt64) {
        var z = seed &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        state = (z ^ (z >> 33)) | 1
    }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    /// A number in 0..<bound (bound ≥ 1).
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(max(1, bound)))
    }
}
