import Foundation
import PlanCore
import PlanJSON
import PlanProtocol

/// A JSON value with its keys in the order written, so the report is stable.
indirect enum JSON {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double, digits: Int)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    static func num(_ v: Double?, _ digits: Int = 3) -> JSON {
        guard let v, v.isFinite else { return .null }
        return .number(v, digits: digits)
    }
    static func int(_ v: Int?) -> JSON { v.map { JSON.int($0) } ?? .null }
    static func str(_ v: String?) -> JSON { v.map { JSON.string($0) } ?? .null }

    func render(_ indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .number(let v, let digits): return String(format: "%.\(digits)f", v)
        case .string(let s): return jsonString(s)
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + $0.render(inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let fields):
            if fields.isEmpty { return "{}" }
            return "{\n" + fields.map { inner + jsonString($0.0) + ": " + $0.1.render(inner) }.joined(separator: ",\n") + "\n\(indent)}"
        }
    }
}

/// Formatting helpers for the printed table.
enum Format {
    static func ms(_ seconds: Double?) -> String {
        guard let s = seconds else { return "-" }
        let ms = s * 1000
        if ms >= 10_000 { return String(format: "%.1f s", s) }
        if ms >= 100 { return String(format: "%.0f ms", ms) }
        return String(format: "%.1f ms", ms)
    }

    static func mb(_ bytes: Int?) -> String {
        guard let b = bytes, b > 0 else { return "-" }
        return String(format: "%.0f MB", Double(b) / 1_048_576)
    }

    static func rate(_ perSecond: Double?) -> String {
        guard let r = perSecond, r.isFinite else { return "-" }
        if r >= 1_000_000 { return String(format: "%.2f M/s", r / 1_000_000) }
        if r >= 1_000 { return String(format: "%.0f k/s", r / 1_000) }
        return String(format: "%.0f /s", r)
    }

    static func ratio(_ r: Double?) -> String {
        guard let r, r.isFinite else { return "-" }
        return r >= 10 ? String(format: "%.0f×", r) : String(format: "%.2f×", r)
    }

    static func count(_ n: Int?) -> String {
        guard let n else { return "-" }
        var s = String(n)
        var i = s.count - 3
        while i > 0 {
            s.insert(",", at: s.index(s.startIndex, offsetBy: i))
            i -= 3
        }
        return s
    }

    static func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let n = s.count
        if n >= width { return s }
        let fill = String(repeating: " ", count: width - n)
        return right ? fill + s : s + fill
    }

    /// A table with a header row; the first column left-aligned, others right.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        var widths = header.map(\.count)
        for r in rows {
            for (k, c) in r.enumerated() where k < widths.count { widths[k] = max(widths[k], c.count) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { k, c in pad(c, widths[k], right: k > 0) }.joined(separator: "  ")
        }
        var out = "  " + line(header) + "\n"
        for r in rows { out += "  " + line(r) + "\n" }
        return out
    }
}

/// Median of a non-empty list.
func medianOf(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// Growth exponent between two sizes: log(t₂/t₁) / log(n₂/n₁); 1 is linear.
func growth(_ n1: Int, _ t1: Double, _ n2: Int, _ t2: Double) -> Double {
    log(t2 / t1) / log(Double(n2) / Double(n1))
}

func note(_ text: String) {
    FileHandle.standardError.write(Data("plan-bench: \(text)\n".utf8))
}

/// Writes a generated file; a failure ends the benchmark (exit 73).
func writeFile(_ path: String, _ bytes: [UInt8]) {
    do {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    } catch {
        note("cannot write \(path): \(error.localizedDescription)")
        exit(73)
    }
}
