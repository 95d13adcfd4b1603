import PlanCore

/// Columns of text under a header, two spaces apart, aligned by terminal cells (a wide
/// character takes two): `plan tasks`' tables.
enum TextTable {
    /// The header and the rows, a line each, trailing spaces trimmed; the rows whose `red`
    /// is true in red (when `style` colours).
    static func render(_ header: [String], _ rows: [[String]], red: [Bool], style: TextStyle) -> String {
        let widths = header.indices.map { c in ([header[c]] + rows.map { $0[c] }).map(TerminalCells.width).max() ?? 0 }
        func line(_ row: [String]) -> String {
            zip(row, widths).map { cell, w in cell + String(repeating: " ", count: max(0, w - TerminalCells.width(cell))) }
                .joined(separator: "  ").trimmingTrailing
        }
        var out = line(header) + "\n"
        for (row, isRed) in zip(rows, red) { out += (isRed ? style.red(line(row)) : line(row)) + "\n" }
        return out
    }

    /// `s` as it is when it fits in `cells`, else cut there with `…`.
    static func cut(_ s: String, _ cells: Int) -> String {
        TerminalCells.width(s) <= cells ? s : TerminalCells.fit(s, cells).trimmingTrailing
    }
}
