import PlanCore

/// The week as a terminal grid: days across, hours down (two lines an hour),
/// blocks side by side in their lanes, then the legend and what has no
/// place in the grid. Every line is at most `width` cells when the width
/// allows a readable grid (six cells of hour labels and three a column);
/// labels are cut with `…`, never wrapped.
package enum WeekText {
    /// Lines per hour.
    package static let linesPerHour = 60 / WeekLayout.slotMinutes

    package static func render(_ layout: WeekLayout, width: Int, style: TextStyle = .plain) -> String {
        let width = max(20, width)
        var out = ""
        let title = "Week of \(TimeText.day(layout.first)) – \(TimeText.day(layout.last)) (\(layout.zone.identifier))"
        out += style.bold(TerminalCells.fit(title, width).trimmingTrailing) + "\n"
        let n = max(1, layout.columns.count)
        let gutter = 6
        let columnWidth = max(3, (width - gutter) / n - 1)

        // Day headers.
        var header = String(repeating: " ", count: gutter)
        for c in layout.columns {
            header += "│" + TerminalCells.fit(headerText(c.date, columnWidth), columnWidth)
        }
        out += style.bold(header.trimmingTrailing) + "\n"

        if layout.hours.isEmpty {
            out += "  nothing with a time this week\n"
        } else {
            out += grid(layout, columnWidth: columnWidth, style: style)
        }
        out += legend(layout, width: width, style: style)
        out += spread(layout, width: width, style: style)
        if let load = layout.load { out += LoadText.line(load, width: width) }
        out += listed(layout, width: width, style: style)
        return out
    }

    /// Each task's study this week, first sitting first: `Essay  6h on 3
    /// days, at most 2h a day`. Tasks of one title are one line: the occurrences
    /// of a repeating task (a reading before each seminar) add up.
    static func spread(_ layout: WeekLayout, width: Int, style: TextStyle) -> String {
        var order: [String] = [], perDay: [String: [Int: Int64]] = [:]
        for b in layout.blocks.sorted(by: { $0.range.start < $1.range.start }) where b.item.kind == .sitting {
            let suffix = " (\(b.item.detail))"
            let id = b.item.title.hasSuffix(suffix) ? String(b.item.title.dropLast(suffix.count)) : b.item.title
            if perDay[id] == nil { order.append(id) }
            perDay[id, default: [:]][b.column, default: 0] += b.range.duration
        }
        guard !order.isEmpty else { return "" }
        let h = ISODuration.humanString
        let names = order.map { TerminalText.label($0) }
        let pad = min(names.map { TerminalCells.width($0) }.max() ?? 0, max(8, width / 3))
        var out = style.bold("Study this week:") + "\n"
        for (id, name) in zip(order, names) {
            let days = perDay[id]!, total = days.values.reduce(0, +), most = days.values.max() ?? 0
            let what = days.count == 1 ? "\(h(total)) on 1 day" : "\(h(total)) on \(days.count) days, at most \(h(most)) a day"
            let cell = TerminalCells.fit(name, pad)
            let line = "  " + cell + String(repeating: " ", count: max(0, pad - TerminalCells.width(cell))) + "  " + what
            out += TerminalCells.fit(line, width).trimmingTrailing + "\n"
        }
        return out
    }

    /// `Mon 11-23`, `Mon 23` or `Mo`, whichever fits.
    static func headerText(_ date: LocalDate, _ cells: Int) -> String {
        let name = Weekday(date).shortName
        let day = (date.day < 10 ? "0" : "") + String(date.day)
        let month = (date.month < 10 ? "0" : "") + String(date.month)
        if cells >= 9 { return "\(name) \(month)-\(day)" }
        if cells >= 6 { return "\(name) \(day)" }
        return String(name.prefix(cells))
    }

    /// One cell of the grid: its text and the colour behind it.
    private struct Cell {
        var text: String = " "
        var color: String?
    }

    /// Writes `text` (already `w` cells wide) into `row` from cell `x`: a wide
    /// character fills two cells (the second empty), a zero-width one (a mark
    /// left alone, an isolate) joins the cell beside it.
    private static func place(_ text: String, in row: inout [Cell], from x: Int, width w: Int, color: String?) {
        var col = x, pending = ""
        for c in text {
            let cw = TerminalCells.width(c)
            if cw == 0 {
                if col > x, pending.isEmpty { row[col - 1].text.append(c) } else { pending.append(c) }
                continue
            }
            guard col + cw <= x + w else { break }
            row[col] = Cell(text: pending + String(c), color: color)
            pending = ""
            if cw == 2 { row[col + 1] = Cell(text: "", color: color) }
            col += cw
        }
        if !pending.isEmpty, col > x { row[col - 1].text += pending }
    }

    static func grid(_ layout: WeekLayout, columnWidth: Int, style: TextStyle) -> String {
        let lines = layout.hours.count * linesPerHour
        let firstSlot = layout.firstHour * linesPerHour
        // cells[line][column] is `columnWidth` cells of text.
        var cells = [[[Cell]]](repeating: [[Cell]](repeating: [Cell](repeating: Cell(), count: columnWidth), count: layout.columns.count),
                               count: lines)
        var taken = [[Bool]](repeating: [Bool](repeating: false, count: layout.columns.count), count: lines)

        for b in layout.blocks {
            let first = b.startMinute / WeekLayout.slotMinutes - firstSlot
            let end = max(first + 1, (b.endMinute + WeekLayout.slotMinutes - 1) / WeekLayout.slotMinutes - firstSlot)
            // Lanes share the column; when there are more lanes than cells, the last cell says how many are hidden.
            let shown = min(b.lanes, columnWidth)
            guard b.lane < shown else { continue }
            let x = b.lane * columnWidth / shown
            let w = (b.lane + 1) * columnWidth / shown - x
            // The label and the room come from outside: inert and isolated by `TerminalText.fit`.
            let texts = [b.label, "┊" + b.timeText, b.item.room.map { "┊" + $0 } ?? "┊"]
            for line in max(0, first)..<min(lines, end) {
                let k = line - first
                let text = TerminalText.fit(k < texts.count ? texts[k] : "┊", w)
                place(text, in: &cells[line][b.column], from: x, width: w, color: style.ansi ? b.color : nil)
                taken[line][b.column] = true
            }
            if b.lanes > shown, b.lane == shown - 1 {
                cells[max(0, first)][b.column][columnWidth - 1] = Cell(text: "+", color: nil)
            }
        }

        // DST: an hour that does not exist that day, or happens twice, is marked where nothing covers it.
        for (ci, c) in layout.columns.enumerated() {
            for h in layout.hours where c.missingHours.contains(h) || c.repeatedHours.contains(h) {
                let note = c.missingHours.contains(h) ? "no \(WeekLayout.clock(h * 60)) (DST)" : "\(WeekLayout.clock(h * 60)) twice"
                let line = (h - layout.firstHour) * linesPerHour
                for k in 0..<linesPerHour where !taken[line + k][ci] {
                    let text = TerminalCells.fit(k == 0 ? note : String(repeating: "░", count: columnWidth), columnWidth)
                    cells[line + k][ci] = text.map { Cell(text: String($0), color: nil) }
                }
            }
        }

        var out = ""
        for line in 0..<lines {
            let hour = layout.firstHour + line / linesPerHour
            var row = line % linesPerHour == 0 ? WeekLayout.clock(hour * 60) + " " : String(repeating: " ", count: 6)
            for ci in layout.columns.indices {
                row += style.ansi ? style.dim("│") : "│"
                var current: String?
                for cell in cells[line][ci] {
                    if cell.color != current {
                        if current != nil { row += "\u{1B}[0m" }
                        if let c = cell.color { row += background(c) }
                        current = cell.color
                    }
                    row += cell.text
                }
                if current != nil { row += "\u{1B}[0m" }
            }
            out += row.trimmingTrailing + "\n"
        }
        return out
    }

    /// ANSI 256-colour background `hex` with black or white text.
    static func background(_ hex: String) -> String {
        "\u{1B}[48;5;\(WeekColors.ansi256(hex));38;5;\(WeekColors.isLight(hex) ? 16 : 231)m"
    }

    static func legend(_ layout: WeekLayout, width: Int, style: TextStyle) -> String {
        guard !layout.legend.isEmpty else { return "" }
        let entries = layout.legend.map { e -> (plain: String, styled: String) in
            let what = [e.hasClasses ? "classes" : nil, e.hasSittings ? "▸ study" : nil, e.hasSessions ? "◆ study group" : nil]
                .compactMap { $0 }.joined(separator: ", ")
            let plain = "\(TerminalText.label(e.group)) (\(what))"
            let swatch = style.ansi ? background(e.color) + "  " + "\u{1B}[0m" + " " : ""
            return (plain, swatch + plain)
        }
        var out = "", line = "Legend:", lineWidth = 7
        for (plain, styled) in entries {
            let w = TerminalCells.width(plain) + (style.ansi ? 3 : 0)
            if lineWidth + 2 + w > width, lineWidth > 7 {
                out += line + "\n"
                line = "       "
                lineWidth = 7
            }
            line += "  " + (w + 9 > width ? TerminalCells.fit(styled, width - 9) : styled)
            lineWidth += 2 + w
        }
        out += line + "\n"
        if layout.blocks.contains(where: \.item.tentative) { out += "        ? tentative\n" }
        return out
    }

    static func listed(_ layout: WeekLayout, width: Int, style: TextStyle) -> String {
        var out = ""
        let allDay = layout.listed.filter { $0.kind == .allDay }
        if !allDay.isEmpty {
            out += style.bold("All day:") + "\n"
            for l in allDay {
                let line = "  \(l.date.map(TimeText.day) ?? "")  \(l.code.map { TerminalText.label($0) + " " } ?? "")\(TerminalText.label(l.title))"
                out += TerminalCells.fit(line, width).trimmingTrailing + "\n"
            }
        }
        let loose = layout.listed.filter { $0.kind == .noSetTime }
        if !loose.isEmpty {
            out += style.bold("No set time:") + "\n"
            for l in loose {
                let line = "  \(TerminalText.label(l.code ?? ""))  \(TerminalText.label(l.title))  \(TerminalText.label(l.when))"
                out += TerminalCells.fit(line, width).trimmingTrailing + "\n"
            }
        }
        return out
    }
}

extension String {
    var trimmingTrailing: String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
