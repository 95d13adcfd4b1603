import PlanCore

/// The week as an SVG 1.1 picture of `width`×`height` pixels: a title (the
/// week's dates and the calendars' name), day headers, hour labels, each
/// block with its course code, title and room, the legend and what has no
/// place in the grid. Every text is cut with `…` to fit its box by
/// ``FontMetric``; a block's first line (its code) shrinks to fit a short
/// block, so a 50-minute class shows its code at 1000×650.
///
/// Blocks are `<g class="block">` with `data-label`, `data-x`, `data-y`,
/// `data-width` and `data-height` (the box its text must stay in), so a
/// reader can check the picture against the layout.
package enum WeekSVG {
    package static let fontFamily = "DejaVu Sans, Helvetica, Arial, sans-serif"
    static let margin = 12.0, gutter = 44.0, headerHeight = 22.0
    static let titleSize = 16.0, headerSize = 12.0, hourSize = 10.0
    static let codeSize = 11.0, textSize = 10.0, lineHeight = 12.0, pad = 3.0
    static let listSize = 11.0, listLine = 15.0

    package static func render(_ layout: WeekLayout, width: Int, height: Int) -> String {
        let w = Double(width), h = Double(height)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
        out += " font-family=\"\(fontFamily)\">\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>\n"

        var title = "Week of \(TimeText.day(layout.first)) – \(TimeText.day(layout.last))"
        if let name = layout.name { title += " · " + name }
        out += text(title, x: margin, y: margin + titleSize, size: titleSize, bold: true, room: w - 2 * margin)

        // What goes under the grid, measured first: the grid takes the rest.
        let bottom = bottomLines(layout, width: w)
        let gridTop = margin + titleSize + 10 + headerHeight
        let gridBottom = max(gridTop + 20, h - margin - Double(bottom.count) * listLine - (bottom.isEmpty ? 0 : 6))
        let gridLeft = margin + gutter
        let columns = max(1, layout.columns.count)
        let columnWidth = (w - margin - gridLeft) / Double(columns)

        for (i, c) in layout.columns.enumerated() {
            let x = gridLeft + Double(i) * columnWidth
            let label = "\(Weekday(c.date).shortName) \(c.date.month)/\(c.date.day)"
            out += text(label, x: x + 4, y: gridTop - 7, size: headerSize, bold: true, room: columnWidth - 8)
        }
        let hours = layout.hours
        let hourHeight = hours.isEmpty ? 0 : (gridBottom - gridTop) / Double(hours.count)
        func y(_ minute: Int) -> Double { gridTop + Double(minute - layout.firstHour * 60) / 60 * hourHeight }
        if hours.isEmpty {
            out += text("Nothing with a time this week.", x: gridLeft + 4, y: gridTop + 16, size: headerSize, room: w - gridLeft - margin)
        }
        for hour in hours {
            let top = y(hour * 60)
            out += "<line x1=\"\(n(gridLeft))\" y1=\"\(n(top))\" x2=\"\(n(w - margin))\" y2=\"\(n(top))\" stroke=\"#dddddd\" stroke-width=\"1\"/>\n"
            out += text(WeekLayout.clock(hour * 60), x: margin, y: top + hourSize + 1, size: hourSize, room: gutter - 6, fill: "#666666")
        }
        if !hours.isEmpty {
            out += "<line x1=\"\(n(gridLeft))\" y1=\"\(n(gridBottom))\" x2=\"\(n(w - margin))\" y2=\"\(n(gridBottom))\" stroke=\"#dddddd\" stroke-width=\"1\"/>\n"
        }
        for i in 0...columns {
            let x = gridLeft + Double(i) * columnWidth
            out += "<line x1=\"\(n(x))\" y1=\"\(n(gridTop - headerHeight))\" x2=\"\(n(x))\" y2=\"\(n(gridBottom))\" stroke=\"#cccccc\" stroke-width=\"1\"/>\n"
        }
        // DST: hours this day skips or has twice.
        for (i, c) in layout.columns.enumerated() {
            for hour in hours where c.missingHours.contains(hour) || c.repeatedHours.contains(hour) {
                let x = gridLeft + Double(i) * columnWidth + 1, top = y(hour * 60)
                let missing = c.missingHours.contains(hour)
                out += "<rect x=\"\(n(x))\" y=\"\(n(top))\" width=\"\(n(columnWidth - 2))\" height=\"\(n(hourHeight))\" fill=\"\(missing ? "#eeeeee" : "#f6f1dc")\"/>\n"
                let note = missing ? "no \(WeekLayout.clock(hour * 60)) (DST)" : "\(WeekLayout.clock(hour * 60)) twice (DST)"
                if hourHeight >= hourSize + 4 {
                    out += text(note, x: x + pad, y: top + hourSize + 2, size: hourSize, room: columnWidth - 2 - 2 * pad, fill: "#888888")
                }
            }
        }

        // Lanes by the minute: only blocks that overlap share a column's width.
        for b in layout.blocksLanedByMinute {
            let lanes = Double(b.lanes)
            let x = gridLeft + Double(b.column) * columnWidth + Double(b.lane) * columnWidth / lanes + 1
            let bw = max(1, columnWidth / lanes - 2)
            let top = y(b.startMinute) + 0.5
            let bh = max(1, y(b.endMinute) - y(b.startMinute) - 1)
            out += block(b, x: x, y: top, width: bw, height: bh)
        }

        var line = gridBottom + 6
        for l in bottom {
            line += listLine
            out += l(line)
        }
        out += "</svg>\n"
        return out
    }

    /// One block: its box, then as many of code, title and room as fit, each cut to the width.
    static func block(_ b: WeekLayout.Block, x: Double, y: Double, width: Double, height: Double) -> String {
        let ink = WeekColors.isLight(b.color) ? "#1a1a1a" : "#ffffff"
        var head = b.item.kind == .sitting ? "▸ " : b.item.kind == .session ? "◆ " : ""
        if b.item.tentative { head = "? " + head }
        let code = head + (b.item.group ?? b.item.title)
        let lines = b.item.group == nil ? [b.item.room].compactMap { $0 } : [b.item.title] + [b.item.room].compactMap { $0 }
        let room = width - 2 * pad
        var out = "<g class=\"block\" data-label=\"\(escape(b.label))\" data-x=\"\(n(x))\" data-y=\"\(n(y))\""
        out += " data-width=\"\(n(width))\" data-height=\"\(n(height))\">\n"
        var rect = "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" rx=\"3\" fill=\"\(b.color)\""
        if b.item.tentative { rect += " fill-opacity=\"0.55\" stroke=\"\(b.color)\" stroke-dasharray=\"4 2\"" }
        if b.item.kind == .sitting { rect += " fill-opacity=\"0.8\"" }
        out += rect + "/>\n"
        // The code always: smaller when the block is short.
        let size = min(codeSize, height - 2)
        if size >= 5 {
            out += text(code, x: x + pad, y: y + 1 + size * 0.95, size: size, bold: true, room: room, fill: ink)
        }
        var baseline = y + 1 + size * 0.95
        // Lines that fit under the code; a title wraps over those the room does not need.
        let fitting = max(0, Int(((y + height - 1 - baseline) / lineHeight).rounded(.down)))
        var shown = lines
        if let title = lines.first, fitting > lines.count {
            shown = wrap(title, room: room, size: textSize, lines: fitting - lines.count + 1) + lines.dropFirst()
        }
        for l in shown.prefix(fitting) {
            baseline += lineHeight
            out += text(l, x: x + pad, y: baseline, size: textSize, room: room, fill: ink)
        }
        return out + "</g>\n"
    }

    /// `s` over at most `lines` lines of `room` points, broken between words (the last
    /// line cut with `…` when the rest does not fit; a word longer than a line is cut).
    static func wrap(_ s: String, room: Double, size: Double, lines: Int) -> [String] {
        var out: [String] = [], current = ""
        let words = s.split(separator: " ").map(String.init)
        for (k, word) in words.enumerated() {
            let candidate = current.isEmpty ? word : current + " " + word
            if FontMetric.width(candidate, size: size) <= room || current.isEmpty {
                current = candidate
                continue
            }
            if out.count == lines - 1 {
                // The last line takes the rest, cut by ``text(_:x:y:size:bold:room:fill:)``.
                return out + [([current] + words[k...]).joined(separator: " ")]
            }
            out.append(current)
            current = word
        }
        return current.isEmpty ? out : out + [current]
    }

    /// The legend and the list under the grid, as lines drawn at a baseline.
    static func bottomLines(_ layout: WeekLayout, width: Double) -> [(Double) -> String] {
        var lines: [(Double) -> String] = []
        // Legend: swatch and name side by side, wrapped between entries.
        var row: [(String, String)] = [], used = 0.0
        let room = width - 2 * margin
        var rows: [[(String, String)]] = []
        for e in layout.legend {
            let what = [e.hasClasses ? "classes" : nil, e.hasSittings ? "study" : nil, e.hasSessions ? "study group" : nil]
                .compactMap { $0 }.joined(separator: ", ")
            let label = "\(e.group) (\(what))"
            let entry = 16 + FontMetric.width(label, size: listSize) + 14
            if used + entry > room, !row.isEmpty {
                rows.append(row)
                row = []
                used = 0
            }
            row.append((label, e.color))
            used += entry
        }
        if !row.isEmpty { rows.append(row) }
        for r in rows {
            lines.append { base in
                var x = margin, out = ""
                for (label, color) in r {
                    out += "<rect x=\"\(n(x))\" y=\"\(n(base - 10))\" width=\"11\" height=\"11\" rx=\"2\" fill=\"\(color)\"/>\n"
                    let fitted = FontMetric.fit(label, room: room - (x - margin) - 16, size: listSize)
                    out += text(fitted, x: x + 16, y: base, size: listSize, room: room - (x - margin) - 16)
                    x += 16 + FontMetric.width(fitted, size: listSize) + 14
                }
                return out
            }
        }
        // At most eight listed lines: a picture, not a report.
        let listed = layout.listed
        let shown = listed.count > 8 ? 7 : listed.count
        for l in listed.prefix(shown) {
            let label = l.kind == .allDay
                ? "All day \(TimeText.day(l.date ?? layout.first)): \(l.code.map { $0 + " " } ?? "")\(l.title)"
                : "\(l.code ?? "") \(l.title): \(l.when)"
            lines.append { base in text(label, x: margin, y: base, size: listSize, room: room, fill: "#333333") }
        }
        if listed.count > shown {
            let more = "… and \(listed.count - shown) more (plan week lists them all)"
            lines.append { base in text(more, x: margin, y: base, size: listSize, room: room, fill: "#333333") }
        }
        return lines
    }

    static func text(_ s: String, x: Double, y: Double, size: Double, bold: Bool = false, room: Double, fill: String = "#1a1a1a") -> String {
        let fitted = FontMetric.fit(s, room: room, size: size, bold: bold)
        guard !fitted.isEmpty else { return "" }
        return "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\"\(bold ? " font-weight=\"bold\"" : "") fill=\"\(fill)\">\(escape(fitted))</text>\n"
    }

    /// Text for XML: the five entities escaped, characters XML 1.0 forbids as spaces.
    package static func escape(_ s: String) -> String {
        XMLText.escaped(s, forbidden: .spaced)
    }

    /// A coordinate with at most two decimals, the same on every machine.
    static func n(_ v: Double) -> String {
        let hundredths = Int((v * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let a = abs(hundredths)
        let whole = String(a / 100), frac = a % 100
        if frac == 0 { return sign + whole }
        return sign + whole + "." + (frac % 10 == 0 ? String(frac / 10) : (frac < 10 ? "0" : "") + String(frac))
    }
}
