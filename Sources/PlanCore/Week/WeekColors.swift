/// One colour per course or project, the same on every run: the project's
/// own `--color` when it names one, else a palette entry picked by a stable
/// hash of the group's key (FNV-1a, not Swift's per-process `hashValue`);
/// within one picture (``distinct(_:chosen:)``) no two groups share one
/// while the palette lasts.
package enum WeekColors {
    /// Fourteen colours that are told apart on a white page and on a dark terminal; a group's own
    /// is one of the first ``hashed`` (as before there were more), the rest go to groups whose own is taken.
    package static let hashed = 10
    package static let palette = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                 "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#d37295",
                                 "#a0cbe8", "#8cd17d", "#499894", "#79706e"]
    /// Events that belong to no course or project.
    package static let neutral = "#a0a0a0"

    /// The colour names `plan project add --color` understands besides `#rrggbb`.
    package static let named: [String: String] = [
        "red": "#e15759", "orange": "#f28e2b", "yellow": "#edc948", "green": "#59a14f", "teal": "#76b7b2",
        "blue": "#4e79a7", "purple": "#b07aa1", "pink": "#ff9da7", "brown": "#9c755f", "gray": "#a0a0a0",
        "grey": "#a0a0a0", "black": "#333333", "white": "#f0f0f0",
    ]

    /// `#rrggbb` (lower case) for a colour name or hex value, nil when it is neither.
    package static func hex(_ name: String) -> String? {
        let lower = String(name.lowercased().filter { $0 != " " && $0 != "\t" })
        if let known = named[lower] { return known }
        let digits = lower.hasPrefix("#") ? lower.dropFirst() : Substring(lower)
        guard digits.count == 6 || digits.count == 3, digits.allSatisfy(\.isHexDigit) else { return nil }
        return "#" + (digits.count == 6 ? String(digits) : digits.map { "\($0)\($0)" }.joined())
    }

    /// The colour of a group: `chosen` (a project's colour) when readable, else the palette's by hash.
    package static func color(group: String?, chosen: String?) -> String {
        if let chosen, let h = hex(chosen) { return h }
        guard let group else { return neutral }
        return palette[Int(fnv1a(WeekGroups.key(group)) % UInt64(hashed))]
    }

    /// The colours of `groups` together: each project's chosen colour, then,
    /// in the order of the groups' keys, each other group its hashed palette
    /// entry or, when a group before it has that, the next one no group has
    /// (so up to the palette's size, no two courses share a colour).
    package static func distinct(_ groups: [String], chosen: [String: String]) -> [String: String] {
        // By key: "CS 201" and "CS201" are one course.
        var byKey: [String: String] = [:]
        var taken = Set<String>()
        let keys = Set(groups.map(WeekGroups.key)).sorted()
        for k in keys {
            if let c = chosen[k].flatMap(hex) {
                byKey[k] = c
                taken.insert(c)
            }
        }
        for k in keys where byKey[k] == nil {
            let own = Int(fnv1a(k) % UInt64(hashed))
            let free = (0..<palette.count).map { palette[(own + $0) % palette.count] }.first { !taken.contains($0) }
            let c = free ?? palette[own]
            byKey[k] = c
            taken.insert(c)
        }
        var out: [String: String] = [:]
        for g in groups { out[g] = byKey[WeekGroups.key(g)] }
        return out
    }

    /// FNV-1a, 64 bits, over the UTF-8 bytes.
    static func fnv1a(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01b3
        }
        return h
    }

    /// Red, green and blue, 0–255.
    static func rgb(_ hex: String) -> (r: Int, g: Int, b: Int) {
        let digits = Array(hex.dropFirst().utf8)
        func byte(_ i: Int) -> Int {
            func nibble(_ c: UInt8) -> Int {
                switch c {
                case 48...57: Int(c) - 48
                case 97...102: Int(c) - 87
                case 65...70: Int(c) - 55
                default: 0
                }
            }
            return digits.count > i + 1 ? nibble(digits[i]) * 16 + nibble(digits[i + 1]) : 0
        }
        return (byte(0), byte(2), byte(4))
    }

    /// Whether dark text reads better than white on `hex`.
    package static func isLight(_ hex: String) -> Bool {
        let c = rgb(hex)
        return c.r * 299 + c.g * 587 + c.b * 114 > 150_000
    }

    /// The xterm-256 cube entry nearest to `hex`.
    package static func ansi256(_ hex: String) -> Int {
        let c = rgb(hex)
        func level(_ v: Int) -> Int { v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40 }
        return 16 + 36 * level(c.r) + 6 * level(c.g) + level(c.b)
    }
}
