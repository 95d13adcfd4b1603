import CLibical
import PlanCore


/// Feeds unfolded lines to libical's parser and copies what it built into
/// Swift values. Every libical object is freed before `read` returns, except
/// the zones, which their `LibicalZone` owners free.
struct LibicalReader {
    let file: String
    let lines: ContentLines
    /// Logical-line index ranges of each VEVENT, in document order.
    var eventBlocks: [Range<Int>] = []
    /// Physical lines libical's parser flagged as errors.
    var parseErrorLines: Set<Int> = []
    /// The VEVENT the file ends inside (no END:VEVENT), if any.
    var incompleteEvent: Int?

    /// Properties that decide when an event happens: when one of them cannot
    /// be read, the event's occurrences cannot be known.
    static let timeProperties: Set<String> = ["DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE", "EXRULE", "RECURRENCE-ID"]

    mutating func read() -> ReadDocument {
        if let layout = Self.plainLayout(lines) {
            var attempt = self
            if var doc = attempt.readStreaming(layout) {
                self = attempt
                reportIgnored(&doc)
                return doc
            }
        }
        var doc = ReadDocument()
        let roots = parseRoots(&doc)
        defer { for r in roots { icalcomponent_free(r) } }
        doc = copyOut(roots, into: doc)
        reportIgnored(&doc)
        return doc
    }

    /// The one line that says how many non-standard properties were ignored
    /// (see ``ReadDocument/ignoredNames``), at the first of them.
    func reportIgnored(_ doc: inout ReadDocument) {
        guard !doc.ignoredNames.isEmpty else { return }
        let total = doc.ignoredNames.reduce(0) { $0 + $1.count }
        // Named in the order they first appear in the file (events and the
        // calendar are read in different orders), with the first one's line.
        var firstLine: [String: Int] = [:]
        for name in doc.ignoredNames.map(\.name) { firstLine[name] = Int.max }
        for l in lines.lines where firstLine[l.name] == Int.max { firstLine[l.name] = l.number }
        let names = firstLine.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
        let shown = names.prefix(5).map(\.key).joined(separator: ", ")
        let more = names.count > 5 ? ", …" : ""
        let line = names.first.flatMap { $0.value == Int.max ? nil : $0.value }
        doc.warnings.append(warning("ignored-properties", line: line, property: nil, value: nil,
                                    "\(total) line(s) of properties RFC 5545 does not define (\(shown)\(more)) were ignored"))
    }

    /// Whether a line libical's parser refused is a property with a name
    /// libical does not know and that is a legal iana-token: not a parse
    /// error, only a property to ignore (counted from its X-LIC-ERROR by
    /// ``collectErrors(_:doc:eventOrdinal:)``). Asked only after a refusal,
    /// so clean files pay nothing for it.
    static func isUnknownIanaProperty(_ line: ContentLines.Line) -> Bool {
        line.name != "BEGIN" && line.name != "END" && line.bytes.contains(0x3A) && isIanaToken(line.name)
            && icalproperty_string_to_kind(line.name) == ICAL_NO_PROPERTY
    }

    /// Whether `name` is an iana-token (RFC 5545 §3.1: letters, digits and
    /// `-`) without the `X-` prefix: a property a later standard or a
    /// publisher may define, which a reader ignores without complaint.
    static func isIanaToken(_ name: String) -> Bool {
        !name.isEmpty && !name.uppercased().hasPrefix("X-")
            && name.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }

    /// Hands one line to libical's parser as a NUL-terminated copy made in
    /// `buffer` (reused from line to line); returns a component it completed.
    static func feed(_ parser: OpaquePointer, _ line: ContentLines.Line, buffer: inout [UInt8]) -> OpaquePointer? {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: line.bytes)
        buffer.append(0)
        return buffer.withUnsafeMutableBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) { icalparser_add_line(parser, $0) }
        }
    }

    /// Records a line libical's parser refused, with a warning naming it.
    mutating func noteParseError(_ line: ContentLines.Line, _ doc: inout ReadDocument) {
        parseErrorLines.insert(line.number)
        if line.bytes.contains(0x3A) {
            doc.warn(warning("parse-error", line: line.number, property: line.name,
                             value: line.value, "libical could not parse this line; it was skipped"))
        } else {
            doc.warn(warning("parse-error", line: line.number, property: nil, value: nil,
                             "\"\(LineText.excerpt(String(decoding: line.bytes.prefix(200), as: UTF8.self)))\" is not a NAME:value line; it was skipped"))
        }
    }

    /// Feeds every line to libical's parser; returns the top-level components,
    /// which the caller owns and must free.
    mutating func parseRoots(_ doc: inout ReadDocument) -> [OpaquePointer] {
        var roots: [OpaquePointer] = []
        guard let parser = icalparser_new() else { return roots }
        var depth: [String] = []
        var openEvent: Int?
        var skippedOutside: [Int] = []
        // One NUL-terminated copy of the current line, reused.
        var buffer: [UInt8] = []
        buffer.reserveCapacity(4096)
        for (index, line) in lines.lines.enumerated() {
            if let begin = line.componentMarker("BEGIN") {
                depth.append(begin)
                if begin == "VEVENT" { openEvent = index }
            } else if let end = line.componentMarker("END") {
                guard !depth.isEmpty else {
                    // libical prints "END before BEGIN" to stderr; never feed it.
                    skippedOutside.append(line.number)
                    continue
                }
                if let i = depth.lastIndex(of: end) { depth.removeSubrange(i...) } else { depth.removeLast() }
                if end == "VEVENT", let start = openEvent {
                    eventBlocks.append(start..<(index + 1))
                    openEvent = nil
                }
            } else if depth.isEmpty {
                skippedOutside.append(line.number)
                continue
            }
            let root = Self.feed(parser, line, buffer: &buffer)
            if let root { roots.append(root) }
            if icalparser_get_state(parser) == ICALPARSER_ERROR, !Self.isUnknownIanaProperty(line) {
                noteParseError(line, &doc)
            }
        }
        if let openEvent, eventBlocks.last?.lowerBound != openEvent {
            eventBlocks.append(openEvent..<lines.lines.count)
            incompleteEvent = eventBlocks.count - 1
        }
        if let partial = icalparser_clean(parser) {
            // The parser still owns the partial tree: copy it before freeing the parser.
            if let copy = icalcomponent_new_clone(partial) { roots.append(copy) }
            let open = depth.filter { !$0.isEmpty }
            let inside = open.isEmpty ? "a component" : open.joined(separator: " > ")
            doc.warn(warning("truncated", line: lines.lines.last?.number, property: nil, value: nil,
                                        "the file ends inside \(inside) with no END line; what was complete was read"))
        }
        icalparser_free(parser)
        if !skippedOutside.isEmpty {
            let shown = skippedOutside.prefix(5).map(String.init).joined(separator: ", ")
            doc.warn(warning("outside-component", line: skippedOutside[0], property: nil, value: nil,
                                        "\(skippedOutside.count) line(s) outside any BEGIN/END block were ignored (lines \(shown)\(skippedOutside.count > 5 ? ", …" : ""))"))
        }
        doc.roots = roots.count
        doc.knownRoots = roots.filter {
            let k = icalcomponent_isa($0)
            return k != ICAL_X_COMPONENT && k != ICAL_NO_COMPONENT && k != ICAL_ANY_COMPONENT
        }.count
        return roots
    }

    /// Copies the calendars in `roots` into Swift values.
    func copyOut(_ roots: [OpaquePointer], into start: ReadDocument) -> ReadDocument {
        var doc = start
        var ordinal = 0
        var loose = RawCalendar()
        var looseZones: [String: LibicalZone] = [:]
        for root in roots {
            switch icalcomponent_isa(root) {
            case ICAL_VCALENDAR_COMPONENT:
                appendCalendar(root, to: &doc, ordinal: &ordinal)
            case ICAL_XROOT_COMPONENT:
                var c = icalcomponent_get_first_component(root, ICAL_ANY_COMPONENT)
                while let comp = c {
                    if icalcomponent_isa(comp) == ICAL_VCALENDAR_COMPONENT {
                        appendCalendar(comp, to: &doc, ordinal: &ordinal)
                    } else {
                        readMember(comp, into: &loose, zones: &looseZones, doc: &doc, ordinal: &ordinal)
                    }
                    c = icalcomponent_get_next_component(root, ICAL_ANY_COMPONENT)
                }
            default:
                // Bare components with no VCALENDAR around them.
                readMember(root, into: &loose, zones: &looseZones, doc: &doc, ordinal: &ordinal)
            }
        }
        if !loose.events.isEmpty || !loose.timezoneIds.isEmpty {
            doc.calendars.append(loose)
            doc.customZones.append(looseZones)
        }
        return doc
    }

    func appendCalendar(_ cal: OpaquePointer, to doc: inout ReadDocument, ordinal: inout Int) {
        var raw = RawCalendar()
        var zones: [String: LibicalZone] = [:]
        collectErrors(cal, doc: &doc, eventOrdinal: nil)
        raw.xWRTimezone = Self.xWRTimezone(cal)
        var c = icalcomponent_get_first_component(cal, ICAL_ANY_COMPONENT)
        while let comp = c {
            readMember(comp, into: &raw, zones: &zones, doc: &doc, ordinal: &ordinal)
            c = icalcomponent_get_next_component(cal, ICAL_ANY_COMPONENT)
        }
        doc.calendars.append(raw)
        doc.customZones.append(zones)
    }

    /// The calendar's last non-empty X-WR-TIMEZONE, trimmed.
    static func xWRTimezone(_ cal: OpaquePointer) -> String? {
        var found: String?
        var p = icalcomponent_get_first_property(cal, ICAL_X_PROPERTY)
        while let prop = p {
            if let name = icalproperty_get_x_name(prop), String(cString: name).uppercased() == "X-WR-TIMEZONE",
               let v = icalproperty_get_x(prop) {
                let tz = String(cString: v).trimmingWhitespace
                if !tz.isEmpty { found = tz }
            }
            p = icalcomponent_get_next_property(cal, ICAL_X_PROPERTY)
        }
        return found
    }

    /// Reads one member of a calendar: a VEVENT or a VTIMEZONE (others are ignored).
    func readMember(_ comp: OpaquePointer, into cal: inout RawCalendar, zones: inout [String: LibicalZone],
                            doc: inout ReadDocument, ordinal: inout Int) {
        switch icalcomponent_isa(comp) {
        case ICAL_VEVENT_COMPONENT:
            let event = readEvent(comp, ordinal: ordinal, doc: &doc)
            ordinal += 1
            cal.events.append(event)
        case ICAL_VTIMEZONE_COMPONENT:
            collectErrors(comp, doc: &doc, eventOrdinal: nil)
            guard let p = icalcomponent_get_first_property(comp, ICAL_TZID_PROPERTY),
                  let t = icalproperty_get_tzid(p) else { return }
            let tzid = String(cString: t)
            cal.timezoneIds.append(tzid)
            guard zones[tzid] == nil else { return }
            if let (rule, problem) = LibicalZone.excessiveRule(in: comp) {
                doc.warnings.append(warning("bad-rule", line: nil, property: "RRULE", value: rule,
                                            "the VTIMEZONE \"\(tzid)\" \(problem); the zone was ignored"))
            } else if let z = LibicalZone(vtimezone: comp) {
                zones[tzid] = z
            }
        default:
            collectErrors(comp, doc: &doc, eventOrdinal: nil)
        }
    }

    // MARK: Lines

    func eventLine(_ ordinal: Int) -> Int? {
        ordinal < eventBlocks.count ? lines.lines[eventBlocks[ordinal].lowerBound].number : nil
    }

    func rawLines(_ name: String, ordinal: Int) -> [ContentLines.Line] {
        guard ordinal < eventBlocks.count else { return [] }
        return lines.lines[eventBlocks[ordinal]].filter { $0.name == name }
    }

    func rawLine(_ name: String, ordinal: Int, containing value: String?) -> ContentLines.Line? {
        let all = rawLines(name, ordinal: ordinal)
        if let value, let hit = all.first(where: { $0.value.contains(value) }) { return hit }
        return all.first
    }

    func warning(_ id: String, line: Int?, property: String?, value: String?, _ message: String) -> ImportWarning {
        ImportWarning(id: id, file: file, line: line, property: property, value: value, message: message)
    }
}

extension String {
    func trimmingCharacters(_ set: Character) -> String {
        var s = Substring(self)
        while s.last == set { s.removeLast() }
        return String(s)
    }
}
