import CLibical
import PlanCore

/// What reading one file through libical gave: calendars of plain Swift
/// values, the VTIMEZONEs as libical zones, and what was recovered from.
struct ReadDocument {
    var calendars: [RawCalendar] = []
    /// Per calendar (same index): TZID → zone built from its VTIMEZONE.
    var customZones: [[String: LibicalZone]] = []
    var warnings: [ImportWarning] = []
    /// Number of top-level components libical returned.
    var roots = 0
    /// How many of them are iCalendar components (not junk libical wrapped up).
    var knownRoots = 0
    /// While set, warnings go here instead of `warnings` (those of one VEVENT
    /// read ahead of its place; see ``LibicalReader/readStreaming(_:)``).
    var sink: [ImportWarning]?
    /// Properties whose names RFC 5545 does not define and that have no `X-`
    /// prefix (`EVENT-ID`, `SUBCALENDAR-NAME`), by name in first-seen order,
    /// with how many lines of each were ignored. RFC 5545 §3.7 (`iana-prop`)
    /// makes them legal; §3.1 says to ignore what is not understood. They are
    /// reported once per file by ``LibicalReader/read()``, not per line: a
    /// calendar publisher may write several on every event.
    var ignoredNames: [(name: String, count: Int)] = []

    /// Removes the warnings with these ids about `line` (one a later, more
    /// telling warning replaces), wherever they were put.
    mutating func dropWarnings(line: Int, ids: Set<String>) {
        warnings.removeAll { $0.line == line && ids.contains($0.id) }
        sink?.removeAll { $0.line == line && ids.contains($0.id) }
    }

    mutating func noteIgnored(_ name: String) {
        if let k = ignoredNames.firstIndex(where: { $0.name == name }) {
            ignoredNames[k].count += 1
        } else {
            ignoredNames.append((name, 1))
        }
    }

    mutating func warn(_ w: ImportWarning) {
        if sink != nil { sink!.append(w) } else { warnings.append(w) }
    }
}

/// Feeds unfolded lines to libical's parser and copies what it built into
/// Swift values. Every libical object is freed before `read` returns, except
/// the zones, which their `LibicalZone` owners free.
struct LibicalReader {
    let file: String
    let lines: ContentLines
    /// Logical-line index ranges of each VEVENT, in document order.
    private(set) var eventBlocks: [Range<Int>] = []
    /// Physical lines libical's parser flagged as errors.
    private var parseErrorLines: Set<Int> = []
    /// The VEVENT the file ends inside (no END:VEVENT), if any.
    private var incompleteEvent: Int?

    /// Properties that decide when an event happens: when one of them cannot
    /// be read, the event's occurrences cannot be known.
    static let timeProperties: Set<String> = ["DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE", "EXRULE", "RECURRENCE-ID"]

    init(file: String, lines: ContentLines) {
        self.file = file
        self.lines = lines
    }

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
    private func reportIgnored(_ doc: inout ReadDocument) {
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

    // MARK: One event at a time

    /// Where the blocks of a plainly laid out file are: one VCALENDAR from the
    /// first line to the last, VEVENTs directly inside it, every BEGIN/END
    /// line exactly `BEGIN:NAME`/`END:NAME` with the END matching, and
    /// nothing outside.
    struct Layout {
        /// Line ranges of the VEVENTs (BEGIN through END), in order.
        var events: [Range<Int>] = []
        /// First lines of the calendar's other components, in order.
        var members: [Int] = []
    }

    static func plainLayout(_ lines: ContentLines) -> Layout? {
        let all = lines.lines
        guard all.count >= 2, all[0].bytes.elementsEqual("BEGIN:VCALENDAR".utf8),
              all[all.count - 1].bytes.elementsEqual("END:VCALENDAR".utf8) else { return nil }
        var layout = Layout()
        var stack: [ArraySlice<UInt8>] = []
        var eventStart = 0
        for index in 1..<(all.count - 1) {
            let line = all[index]
            let isBegin = line.name == "BEGIN", isEnd = line.name == "END"
            guard isBegin || isEnd else { continue }
            let prefix = isBegin ? 6 : 4
            let bytes = line.bytes
            guard bytes.count > prefix, bytes[bytes.startIndex + prefix - 1] == 0x3A,
                  bytes.prefix(prefix - 1).elementsEqual((isBegin ? "BEGIN" : "END").utf8) else { return nil }
            let value = bytes[(bytes.startIndex + prefix)...]
            guard value.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }) else { return nil }
            let isEvent = value.elementsEqual("VEVENT".utf8)
            if isBegin {
                if value.elementsEqual("VCALENDAR".utf8) { return nil }
                if isEvent {
                    guard stack.isEmpty else { return nil }
                    eventStart = index
                } else if stack.isEmpty {
                    layout.members.append(index)
                }
                stack.append(value)
            } else {
                guard let top = stack.popLast(), top.elementsEqual(value) else { return nil }
                if isEvent && stack.isEmpty { layout.events.append(eventStart..<(index + 1)) }
            }
        }
        return stack.isEmpty ? layout : nil
    }

    /// Lines of an event that nothing reads and that libical reads without
    /// a complaint, so they need not be handed to it: a well-formed DTSTAMP,
    /// CREATED or LAST-MODIFIED (`YYYYMMDDTHHMMSSZ`), a non-empty DESCRIPTION
    /// or LOCATION, and a CATEGORIES list of plain printable ASCII words, all
    /// without parameters.
    static func isInert(_ line: ContentLines.Line) -> Bool {
        let stamp: Bool
        var list = false
        switch line.name {
        case "DTSTAMP", "CREATED", "LAST-MODIFIED": stamp = true
        case "DESCRIPTION", "LOCATION": stamp = false
        case "CATEGORIES":
            stamp = false
            list = true
        default: return false
        }
        let bytes = line.bytes
        let n = line.name.utf8.count
        // Exactly NAME: (upper case, no parameters), then the value.
        guard bytes.count > n + 1, bytes[bytes.startIndex + n] == 0x3A,
              bytes.prefix(n).elementsEqual(line.name.utf8) else { return false }
        let value = bytes[(bytes.startIndex + n + 1)...]
        if list {
            // Items separated by single commas, none empty; no escapes, quotes or semicolons.
            guard value.first != 0x2C, value.last != 0x2C else { return false }
            var previous: UInt8 = 0
            for b in value {
                guard b >= 0x20, b < 0x7F, b != 0x5C, b != 0x22, b != 0x3B, !(b == 0x2C && previous == 0x2C) else { return false }
                previous = b
            }
            return true
        }
        guard stamp else { return true }
        guard value.count == 16 else { return false }
        for (k, b) in value.enumerated() {
            switch k {
            case 8: if b != 0x54 { return false }
            case 15: if b != 0x5A { return false }
            default: if b < 0x30 || b > 0x39 { return false }
            }
        }
        return true
    }

    /// ``read()`` for a plainly laid out file without holding the whole file
    /// as one libical tree: each VEVENT goes to a parser of its own, is
    /// copied out as soon as its END line is read and freed; the calendar and
    /// its other components go to the main parser. The events and their
    /// warnings are then put back in their places, so the result is the one
    /// ``parseRoots(_:)`` + ``copyOut(_:into:)`` give. nil (and nothing
    /// changed) when libical builds anything other than expected.
    mutating func readStreaming(_ layout: Layout) -> ReadDocument? {
        guard let parser = icalparser_new() else { return nil }
        defer { icalparser_free(parser) }
        guard let eventParser = icalparser_new() else { return nil }
        defer { icalparser_free(eventParser) }
        var doc = ReadDocument()
        var roots: [OpaquePointer] = []
        defer { for r in roots { icalcomponent_free(r) } }
        var events: [(event: RawEvent, warnings: [ImportWarning])] = []
        events.reserveCapacity(layout.events.count)
        var nextEvent = 0
        var buffer: [UInt8] = []
        buffer.reserveCapacity(4096)
        for (index, line) in lines.lines.enumerated() {
            let inEvent = nextEvent < layout.events.count && layout.events[nextEvent].contains(index)
            let endsEvent = inEvent && index == layout.events[nextEvent].upperBound - 1
            if endsEvent { eventBlocks.append(layout.events[nextEvent]) }
            if inEvent && !endsEvent && Self.isInert(line) { continue }
            let target = inEvent ? eventParser : parser
            buffer.removeAll(keepingCapacity: true)
            buffer.append(contentsOf: line.bytes)
            buffer.append(0)
            let root = buffer.withUnsafeMutableBufferPointer { buf in
                buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) {
                    icalparser_add_line(target, $0)
                }
            }
            if icalparser_get_state(target) == ICALPARSER_ERROR, !Self.isUnknownIanaProperty(line) {
                parseErrorLines.insert(line.number)
                if line.bytes.contains(0x3A) {
                    doc.warn(warning("parse-error", line: line.number, property: line.name,
                                     value: line.value, "libical could not parse this line; it was skipped"))
                } else {
                    doc.warn(warning("parse-error", line: line.number, property: nil,
                                     value: nil, "\"\(String(decoding: line.bytes.prefix(60), as: UTF8.self))\" is not a NAME:value line; it was skipped"))
                }
            }
            if inEvent {
                guard endsEvent == (root != nil) else {
                    if let root { icalcomponent_free(root) }
                    return nil
                }
                if let root {
                    defer { icalcomponent_free(root) }
                    guard icalcomponent_isa(root) == ICAL_VEVENT_COMPONENT else { return nil }
                    doc.sink = []
                    let event = readEvent(root, ordinal: nextEvent, doc: &doc)
                    events.append((event, doc.sink!))
                    doc.sink = nil
                    nextEvent += 1
                }
            } else if let root {
                roots.append(root)
            }
        }
        guard roots.count == 1, icalcomponent_isa(roots[0]) == ICAL_VCALENDAR_COMPONENT,
              icalparser_clean(parser) == nil, icalparser_clean(eventParser) == nil,
              nextEvent == layout.events.count else { return nil }
        doc.roots = 1
        doc.knownRoots = 1
        // The calendar, with each event back between the components around it.
        let cal = roots[0]
        var members: [OpaquePointer] = []
        var c = icalcomponent_get_first_component(cal, ICAL_ANY_COMPONENT)
        while let comp = c {
            if icalcomponent_isa(comp) == ICAL_VEVENT_COMPONENT { return nil }
            members.append(comp)
            c = icalcomponent_get_next_component(cal, ICAL_ANY_COMPONENT)
        }
        guard members.count == layout.members.count else { return nil }
        var raw = RawCalendar()
        raw.events.reserveCapacity(events.count)
        var zones: [String: LibicalZone] = [:]
        collectErrors(cal, doc: &doc, eventOrdinal: nil)
        raw.xWRTimezone = Self.xWRTimezone(cal)
        var ordinal = 0
        func placeEvents(before line: Int) {
            while ordinal < events.count && layout.events[ordinal].lowerBound < line {
                raw.events.append(events[ordinal].event)
                doc.warnings += events[ordinal].warnings
                ordinal += 1
            }
        }
        var unused = 0
        for (k, comp) in members.enumerated() {
            placeEvents(before: layout.members[k])
            readMember(comp, into: &raw, zones: &zones, doc: &doc, ordinal: &unused)
        }
        placeEvents(before: Int.max)
        doc.calendars.append(raw)
        doc.customZones.append(zones)
        return doc
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
            buffer.removeAll(keepingCapacity: true)
            buffer.append(contentsOf: line.bytes)
            buffer.append(0)
            let root = buffer.withUnsafeMutableBufferPointer { buf in
                buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) {
                    icalparser_add_line(parser, $0)
                }
            }
            if let root { roots.append(root) }
            if icalparser_get_state(parser) == ICALPARSER_ERROR, !Self.isUnknownIanaProperty(line) {
                parseErrorLines.insert(line.number)
                if line.bytes.contains(0x3A) {
                    doc.warn(warning("parse-error", line: line.number, property: line.name,
                                                value: line.value, "libical could not parse this line; it was skipped"))
                } else {
                    doc.warn(warning("parse-error", line: line.number, property: nil,
                                                value: nil, "\"\(String(decoding: line.bytes.prefix(60), as: UTF8.self))\" is not a NAME:value line; it was skipped"))
                }
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
    private func copyOut(_ roots: [OpaquePointer], into start: ReadDocument) -> ReadDocument {
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

    private func appendCalendar(_ cal: OpaquePointer, to doc: inout ReadDocument, ordinal: inout Int) {
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
    private static func xWRTimezone(_ cal: OpaquePointer) -> String? {
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
    private func readMember(_ comp: OpaquePointer, into cal: inout RawCalendar, zones: inout [String: LibicalZone],
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
            if zones[tzid] == nil, let z = LibicalZone(vtimezone: comp) { zones[tzid] = z }
        default:
            collectErrors(comp, doc: &doc, eventOrdinal: nil)
        }
    }

    // MARK: VEVENT

    private func readEvent(_ comp: OpaquePointer, ordinal: Int, doc: inout ReadDocument) -> RawEvent {
        var e = RawEvent(ordinal: ordinal)
        let block = ordinal < eventBlocks.count ? eventBlocks[ordinal] : nil
        e.line = block.map { lines.lines[$0.lowerBound].number }
        let erroneous = collectErrors(comp, doc: &doc, eventOrdinal: ordinal)
        if ordinal == incompleteEvent {
            e.broken.append("the file ends inside it (no END:VEVENT), so some of its properties may be missing")
        }
        // INTERVAL/COUNT beyond what libical stores (C short/int): the rule is
        // ignored, DTSTART stays (its next instance is that far away anyway).
        var ignoredRules: Set<String> = []
        if let block {
            for l in lines.lines[block] where l.name == "RRULE" || l.name == "EXRULE" {
                if Self.mayBeOutOfRange(l.valueBytes), let problem = Self.outOfRange(rule: l.value) {
                    ignoredRules.insert(l.name)
                    e.hadIgnoredRule = true
                    // This warning says more than libical's parse error for the same line.
                    doc.warnings.removeAll { $0.id == "parse-error" && $0.line == l.number }
                    doc.warn(warning("bad-rule", line: l.number, property: l.name, value: l.value,
                                                "\(problem); this rule was ignored and only DTSTART kept"))
                }
            }
        }
        // RRULEs libical refused or misreads but a lenient client reads (see
        // RuleRepair): the event keeps its busy time, with a warning naming
        // the line. When one is repaired, every RRULE of the event is taken
        // from its line (libical dropped the refused ones, so its properties
        // no longer line up with the lines).
        var repairedLines: Set<Int> = []
        var rulesFromLines: [String]?
        if let block, !ignoredRules.contains("RRULE") {
            var fromLines: [String] = []
            for l in lines.lines[block] where l.name == "RRULE" {
                let refused = parseErrorLines.contains(l.number) || erroneous.contains(l.number)
                guard refused || RuleRepair.mayNeedRepair(l.valueBytes), !Self.hasSpaceOrTab(l.valueBytes) else {
                    if !refused { fromLines.append(l.value) }
                    continue
                }
                let message: String
                switch RuleRepair.read(l.value) {
                case .wellFormed:
                    if !refused { fromLines.append(l.value) }
                    continue
                case .empty:
                    message = "an empty rule: no recurrence, the event is read as a single occurrence"
                case .noFrequency(let why):
                    // Nothing says how the event recurs, but DTSTART still says
                    // when it happens (RFC 5545 §3.8.5.3: DTSTART is the first
                    // instance); clients show that one occurrence. (The corpus
                    // peer drops the event; see CorpusTests' argued list.)
                    message = "\(why): the rule is ignored and the event is read as a single occurrence (DTSTART)"
                case .repaired(let text, let notes):
                    fromLines.append(text)
                    message = notes.joined(separator: "; ") + "; read as \(text)"
                }
                repairedLines.insert(l.number)
                // This warning says more than libical's for the same line.
                doc.dropWarnings(line: l.number, ids: ["parse-error", "bad-value"])
                doc.warn(warning("recovered-rule", line: l.number, property: "RRULE", value: l.value, message))
            }
            if !repairedLines.isEmpty { rulesFromLines = fromLines }
        }
        var lastModified: LocalDateTime?, stamp: LocalDateTime?
        if let block {
            for l in lines.lines[block] {
                // The stamps are read from the lines: plain ones never reach libical (see isInert).
                if l.name == "DTSTAMP" { stamp = Self.stamp(l.valueBytes) ?? stamp; continue }
                if l.name == "LAST-MODIFIED" { lastModified = Self.stamp(l.valueBytes) ?? lastModified; continue }
                guard Self.timeProperties.contains(l.name) else { continue }
                // A bare "RDATE:" or "EXDATE:" is an empty list: it adds or removes nothing.
                let emptyList = (l.name == "RDATE" || l.name == "EXDATE") && l.value.trimmingWhitespace.isEmpty && !l.bytes.contains(0x3B)
                if emptyList || ignoredRules.contains(l.name) || repairedLines.contains(l.number) { continue }
                if parseErrorLines.contains(l.number) || erroneous.contains(l.number) {
                    e.broken.append("\(l.name) on line \(l.number) cannot be read (\"\(l.value.prefix(60))\")")
                } else if l.hasEmptyParameter, l.name != "RRULE", l.name != "EXRULE" {
                    e.broken.append("\(l.name) on line \(l.number) has an empty parameter")
                }
            }
            let starts = lines.lines[block].filter { $0.name == "DTSTART" }
            if starts.count > 1 {
                e.broken.append("DTSTART appears \(starts.count) times (lines \(starts.map { String($0.number) }.joined(separator: ", "))); RFC 5545 allows one")
            }
        }
        var rruleIndex = 0, exruleIndex = 0
        var p = icalcomponent_get_first_property(comp, ICAL_ANY_PROPERTY)
        while let prop = p {
            defer { p = icalcomponent_get_next_property(comp, ICAL_ANY_PROPERTY) }
            switch icalproperty_isa(prop) {
            case ICAL_UID_PROPERTY:
                e.uid = uidAsWritten(plainText(prop), ordinal: ordinal)
            case ICAL_SUMMARY_PROPERTY:
                e.summary = plainText(prop)
            case ICAL_STATUS_PROPERTY:
                e.status = text(prop)?.trimmingWhitespace.uppercased()
            case ICAL_TRANSP_PROPERTY:
                e.transparent = text(prop)?.trimmingWhitespace.uppercased() == "TRANSPARENT"
            case ICAL_SEQUENCE_PROPERTY:
                e.sequence = Int(icalproperty_get_sequence(prop))
            case ICAL_LASTMODIFIED_PROPERTY:
                lastModified = Self.stamp(icalproperty_get_lastmodified(prop))
            case ICAL_DTSTAMP_PROPERTY:
                stamp = Self.stamp(icalproperty_get_dtstamp(prop))
            case ICAL_DTSTART_PROPERTY:
                e.dtstart = time(prop, icalproperty_get_dtstart(prop), "DTSTART", ordinal, &doc)
                if e.dtstart == nil { e.broken.append("DTSTART cannot be read") }
            case ICAL_DTEND_PROPERTY:
                e.dtend = time(prop, icalproperty_get_dtend(prop), "DTEND", ordinal, &doc)
                if e.dtend == nil { e.broken.append("DTEND cannot be read") }
                if let block, let l = lines.lines[block].first(where: { $0.name == "DTEND" }) { e.dtendLine = (l.number, l.value) }
            case ICAL_DURATION_PROPERTY:
                let d = icalproperty_get_duration(prop)
                // More than 100 years is a broken value (libical wraps huge numbers around).
                let raw = rawLine("DURATION", ordinal: ordinal, containing: nil)
                let absurd = raw.map { r in r.value.split(whereSeparator: { !$0.isNumber }).contains { $0.count > 6 } } ?? false
                if icaldurationtype_is_bad_duration(d) != 0 || absurd || Int64(d.days) + 7 * Int64(d.weeks) > 36_600 {
                    doc.warn(warning("bad-value", line: raw?.number ?? e.line, property: "DURATION", value: raw?.value,
                                                "not a usable duration"))
                    e.broken.append("DURATION cannot be read")
                } else {
                    let days = Int64(d.days) + 7 * Int64(d.weeks)
                    let secs = Int64(d.hours) * 3600 + Int64(d.minutes) * 60 + Int64(d.seconds)
                    let sign: Int64 = d.is_neg != 0 ? -1 : 1
                    e.duration = RawDuration(days: sign * days, seconds: sign * secs)
                }
            case ICAL_RRULE_PROPERTY where ignoredRules.contains("RRULE") || rulesFromLines != nil,
                 ICAL_EXRULE_PROPERTY where ignoredRules.contains("EXRULE"):
                break
            case ICAL_RRULE_PROPERTY:
                if let r = rule(prop, "RRULE", index: rruleIndex, ordinal: ordinal, &doc) { e.rrules.append(r) } else { e.broken.append("RRULE cannot be read") }
                rruleIndex += 1
            case ICAL_EXRULE_PROPERTY:
                if let r = rule(prop, "EXRULE", index: exruleIndex, ordinal: ordinal, &doc) { e.exrules.append(r) } else { e.broken.append("EXRULE cannot be read") }
                exruleIndex += 1
            case ICAL_RDATE_PROPERTY:
                let v = icalproperty_get_rdate(prop)
                if icaltime_is_null_time(v.period.start) == 0 {
                    guard let s = time(prop, v.period.start, "RDATE", ordinal, &doc) else { break }
                    if icaltime_is_null_time(v.period.end) == 0, let end = time(prop, v.period.end, "RDATE", ordinal, &doc) {
                        e.rdates.append(.period(s, end: end))
                    } else {
                        let d = v.period.duration
                        let secs = Int64(d.days + 7 * d.weeks) * 86_400 + Int64(d.hours) * 3600 + Int64(d.minutes) * 60 + Int64(d.seconds)
                        e.rdates.append(.periodDuration(s, RawDuration(days: 0, seconds: d.is_neg != 0 ? -secs : secs)))
                    }
                } else if let s = time(prop, v.time, "RDATE", ordinal, &doc) {
                    e.rdates.append(.time(s))
                }
            case ICAL_EXDATE_PROPERTY:
                // The value as written. (icalproperty_get_exdate also looks the TZID up
                // among libical's builtin zones, which only sets the zone pointer,
                // not read here: a TZID parameter is read from the property.)
                if let t = time(prop, icalvalue_get_datetime(icalproperty_get_value(prop)), "EXDATE", ordinal, &doc) { e.exdates.append(t) } else { e.broken.append("EXDATE cannot be read") }
            case ICAL_RECURRENCEID_PROPERTY:
                e.recurrenceId = time(prop, icalproperty_get_recurrenceid(prop), "RECURRENCE-ID", ordinal, &doc)
                if let param = icalproperty_get_first_parameter(prop, ICAL_RANGE_PARAMETER),
                   icalparameter_get_range(param) == ICAL_RANGE_THISANDFUTURE {
                    e.thisAndFuture = true
                }
            default:
                break
            }
        }
        if let rulesFromLines { e.rrules = rulesFromLines }
        e.revised = lastModified ?? stamp
        return e
    }

    /// A DTSTAMP or LAST-MODIFIED value as libical read it (UTC by RFC 5545
    /// §3.8.7.2–3), as a wall clock; nil when it could not.
    private static func stamp(_ t: icaltimetype) -> LocalDateTime? {
        guard icaltime_is_null_time(t) == 0, icaltime_is_valid_time(t) != 0 else { return nil }
        return LocalDateTime(date: LocalDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)),
                             hour: Int(t.hour), minute: Int(t.minute), second: Int(t.second))
    }

    /// `YYYYMMDDTHHMMSS[Z]` as a wall clock; nil for anything else.
    static func stamp(_ value: ArraySlice<UInt8>) -> LocalDateTime? {
        let v = Array(value)
        guard v.count == 15 || (v.count == 16 && v[15] == 0x5A), v[8] == 0x54 else { return nil }
        var n: [Int] = []
        for range in [0..<4, 4..<6, 6..<8, 9..<11, 11..<13, 13..<15] {
            var x = 0
            for b in v[range] {
                guard b >= 0x30 && b <= 0x39 else { return nil }
                x = x * 10 + Int(b - 0x30)
            }
            n.append(x)
        }
        let date = LocalDate(year: n[0], month: n[1], day: n[2])
        guard date.isValid, n[3] < 24, n[4] < 60, n[5] < 61 else { return nil }
        return LocalDateTime(date: date, hour: n[3], minute: n[4], second: min(n[5], 59))
    }

    /// A TEXT value with its escapes (`\\,` `\\;` `\\n`) undone (RFC 5545 §3.3.11), nil when empty.
    private func plainText(_ prop: OpaquePointer) -> String? {
        guard let value = icalproperty_get_value(prop), icalvalue_isa(value) == ICAL_TEXT_VALUE,
              let t = icalvalue_get_text(value) else { return text(prop) }
        let s = String(cString: t)
        return s.isEmpty ? nil : s
    }

    /// The UID of event `ordinal` byte for byte (RFC 5545 §3.8.4.7: an
    /// opaque TEXT value; issue 12, item 8). libical drops the white space
    /// around a value, so what the UID line had before and after it is put
    /// back: a UID with a trailing space names another event than the same
    /// UID without it, and goes back out on export as it came in.
    func uidAsWritten(_ parsed: String?, ordinal: Int) -> String? {
        guard let raw = rawLine("UID", ordinal: ordinal, containing: parsed)?.valueBytes,
              let first = raw.first, let last = raw.last else { return parsed }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        guard isSpace(first) || isSpace(last) else { return parsed }
        let lead = raw.prefix(while: isSpace)
        guard lead.count < raw.count else { return String(decoding: raw, as: UTF8.self) }
        let trail = raw.reversed().prefix(while: isSpace)
        let inner = String(decoding: raw.dropFirst(lead.count).dropLast(trail.count), as: UTF8.self)
        // Only when the line is the value libical read (escapes aside).
        guard let parsed, inner == parsed || inner.contains("\\"),
              parsed.first.map({ $0 != " " && $0 != "\t" }) ?? false,
              parsed.last.map({ $0 != " " && $0 != "\t" }) ?? false else { return parsed }
        return String(decoding: lead, as: UTF8.self) + parsed + String(decoding: trail, as: UTF8.self)
    }

    /// The value of a property as libical writes it, nil when empty.
    private func text(_ prop: OpaquePointer) -> String? {
        guard let v = icalproperty_get_value_as_string_r(prop) else { return nil }
        defer { icalmemory_free_buffer(v) }
        let s = String(cString: v)
        return s.isEmpty ? nil : s
    }

    /// A DATE or DATE-TIME value with its TZID, or nil (with a warning) when
    /// libical could not read it or normalised an impossible value.
    private func time(_ prop: OpaquePointer, _ t: icaltimetype, _ name: String, _ ordinal: Int,
                      _ doc: inout ReadDocument) -> RawTime? {
        let raw = rawLine(name, ordinal: ordinal, containing: nil)
        if icaltime_is_null_time(t) != 0 {
            doc.warn(warning("bad-value", line: raw?.number ?? eventLine(ordinal), property: name,
                                        value: raw?.value, "not a valid date or date-time; ignored"))
            return nil
        }
        let date = LocalDate(year: Int(t.year), month: Int(t.month), day: Int(t.day))
        // libical silently normalises values such as 20251345T999999: refuse them.
        if let raw, Self.mayHoldImpossibleDateTime(raw.valueBytes), let bad = Self.impossibleDateTime(in: raw.value) {
            doc.warn(warning("bad-value", line: raw.number, property: name, value: bad,
                                        "not a real date or time of day; ignored"))
            return nil
        }
        if t.is_date != 0 { return .date(date) }
        let local = LocalDateTime(date: date, hour: Int(t.hour), minute: Int(t.minute), second: Int(t.second))
        // A TZID wins over a stray trailing Z (peers read "TZID=X:…T160000Z" as X's wall clock).
        if let param = icalproperty_get_first_parameter(prop, ICAL_TZID_PARAMETER), let z = icalparameter_get_tzid(param) {
            let tzid = String(cString: z).trimmingWhitespace
            if !tzid.isEmpty { return .zoned(local, tzid: tzid) }
        }
        if icaltime_is_utc(t) != 0 { return .utc(local) }
        return .floating(local)
    }

    /// The first comma-separated value in `text` that looks like a date or
    /// date-time but names an impossible one (month 13, hour 25, …).
    static func impossibleDateTime(in text: String) -> String? {
        for part in text.split(whereSeparator: { $0 == "," || $0 == "/" }) {
            let v = part.trimmingWhitespace
            let chars = Array(v.utf8)
            guard chars.count >= 8, chars.prefix(8).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { continue }
            func num(_ a: Int, _ n: Int) -> Int { chars[a..<(a + n)].reduce(0) { $0 * 10 + Int($1 - 0x30) } }
            if !LocalDate(year: num(0, 4), month: num(4, 2), day: num(6, 2)).isValid { return v }
            if chars.count >= 15, chars[8] == 0x54, chars[9..<15].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                if num(9, 2) > 23 || num(11, 2) > 59 || num(13, 2) > 60 { return v }
            }
        }
        return nil
    }

    /// False when no value in `bytes` is an impossible date or date-time (the
    /// question ``impossibleDateTime(in:)`` answers), checked on the bytes;
    /// true when one is, or when the text is not plain ASCII.
    static func mayHoldImpossibleDateTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        var partStart = bytes.startIndex
        var k = bytes.startIndex
        while true {
            if k < bytes.endIndex && bytes[k] >= 0x80 { return true }
            if k == bytes.endIndex || bytes[k] == 0x2C || bytes[k] == 0x2F {
                var a = partStart, b = k
                while a < b, isSpace(bytes[a]) { a += 1 }
                while b > a, isSpace(bytes[b - 1]) { b -= 1 }
                if b - a >= 8, (a..<(a + 8)).allSatisfy({ isDigit(bytes[$0]) }) {
                    func num(_ at: Int, _ n: Int) -> Int { (at..<(at + n)).reduce(0) { $0 * 10 + Int(bytes[$1] - 0x30) } }
                    if !LocalDate(year: num(a, 4), month: num(a + 4, 2), day: num(a + 6, 2)).isValid { return true }
                    if b - a >= 15, bytes[a + 8] == 0x54, ((a + 9)..<(a + 15)).allSatisfy({ isDigit(bytes[$0]) }),
                       num(a + 9, 2) > 23 || num(a + 11, 2) > 59 || num(a + 13, 2) > 60 {
                        return true
                    }
                }
                if k == bytes.endIndex { return false }
                partStart = k + 1
            }
            k += 1
        }
    }

    /// An RRULE/EXRULE as text libical can re-read, after checking the parts
    /// libical would silently truncate (INTERVAL and COUNT are C shorts/ints).
    private func rule(_ prop: OpaquePointer, _ name: String, index: Int, ordinal: Int,
                      _ doc: inout ReadDocument) -> String? {
        let raw = rawLines(name, ordinal: ordinal).dropFirst(index).first
        if let raw {
            if Self.hasSpaceOrTab(raw.valueBytes) {
                doc.warn(warning("bad-rule", line: raw.number, property: name, value: raw.value,
                                            "spaces are not allowed inside a recurrence rule (RFC 5545 §3.3.10)"))
                return nil
            }
        }
        guard let v = icalproperty_get_value_as_string_r(prop) else { return nil }
        defer { icalmemory_free_buffer(v) }
        return String(cString: v)
    }

    /// False when ``outOfRange(rule:)`` has nothing to say: the (ASCII) rule
    /// names neither INTERVAL nor COUNT, in any case.
    static func mayBeOutOfRange(_ bytes: ArraySlice<UInt8>) -> Bool {
        func upper(_ b: UInt8) -> UInt8 { b >= 0x61 && b <= 0x7A ? b - 0x20 : b }
        func has(_ word: StaticString, at k: Int) -> Bool {
            word.withUTF8Buffer { w in
                guard k + w.count <= bytes.endIndex else { return false }
                for (i, c) in w.enumerated() where upper(bytes[k + i]) != c { return false }
                return true
            }
        }
        for k in bytes.indices {
            let b = bytes[k]
            if b >= 0x80 { return true }
            if upper(b) == 0x49, has("INTERVAL", at: k) { return true }
            if upper(b) == 0x43, has("COUNT", at: k) { return true }
        }
        return false
    }

    /// Whether the text has a space or a tab (as Characters: in ASCII text
    /// a byte is one; other text is read as a String).
    static func hasSpaceOrTab(_ bytes: ArraySlice<UInt8>) -> Bool {
        if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.contains { $0 == 0x20 || $0 == 0x09 } }
        return String(decoding: bytes, as: UTF8.self).contains { $0 == " " || $0 == "\t" }
    }

    /// Why a rule's INTERVAL or COUNT cannot be handed to libical, or nil.
    static func outOfRange(rule text: String) -> String? {
        for part in text.uppercased().split(separator: ";") {
            let kv: [String] = part.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace }
            guard kv.count == 2 else { continue }
            let limit: Int? = switch kv[0] {
            case "INTERVAL": 32_767
            case "COUNT": 100_000_000
            default: nil
            }
            guard let limit, kv[1].allSatisfy({ $0.isNumber }), !kv[1].isEmpty else { continue }
            if (Int(kv[1]) ?? .max) > limit {
                return "\(kv[0])=\(kv[1].prefix(40)) is beyond \(limit), the most this reader supports"
            }
        }
        return nil
    }

    /// Reports every X-LIC-ERROR property libical left in `comp` (its own, not
    /// its children's) as a warning.
    @discardableResult
    private func collectErrors(_ comp: OpaquePointer, doc: inout ReadDocument, eventOrdinal: Int?) -> Set<Int> {
        var found: Set<Int> = []
        var p = icalcomponent_get_first_property(comp, ICAL_XLICERROR_PROPERTY)
        while let prop = p {
            defer { p = icalcomponent_get_next_property(comp, ICAL_XLICERROR_PROPERTY) }
            let message = icalproperty_get_xlicerror(prop).map { String(cString: $0) } ?? "unreadable property"
            // Reported once, as "truncated", by read().
            if message.hasPrefix("Missing END tag") { continue }
            // libical's word for a name it does not know: counted, reported once per file.
            let unknownName = "Parse error in property name: "
            if message.hasPrefix(unknownName) {
                let name = message.dropFirst(unknownName.count).trimmingWhitespace
                if Self.isIanaToken(name) {
                    doc.noteIgnored(name)
                    continue
                }
            }
            var (property, value) = Self.erroneousProperty(in: message)
            var line: Int? = nil
            if let ordinal = eventOrdinal, ordinal < eventBlocks.count {
                // The block line whose name the message mentions, preferring one whose value it quotes.
                let words = Set(message.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }).map { $0.uppercased() })
                let candidates = lines.lines[eventBlocks[ordinal]].filter { words.contains($0.name) && $0.name != "BEGIN" && $0.name != "END" }
                let hit = candidates.first { !$0.value.isEmpty && message.contains($0.value) } ?? candidates.first
                if let hit {
                    line = hit.number
                    property = hit.name
                    if value == nil || value!.isEmpty { value = hit.value }
                    found.insert(hit.number)
                    // The parser-state warning already named this line.
                    if parseErrorLines.contains(hit.number) { continue }
                } else {
                    line = eventLine(ordinal)
                }
            } else if let property {
                line = lines.lines.first(where: { l in l.name == property && (value.map { v in l.value.contains(v) } ?? true) })?.number
            }
            doc.warn(warning("bad-value", line: line, property: property, value: value,
                                        "libical could not read it (\(message.trimmingWhitespace)); it was skipped"))
        }
        return found
    }

    /// Pulls the property name and value out of libical's X-LIC-ERROR texts,
    /// e.g. "No value for DTSTART property. Removing entire property:" or
    /// "Could not parse value 'xyz' for property DTSTART".
    static func erroneousProperty(in message: String) -> (String?, String?) {
        let words = message.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "," })
        var property: String?
        for (i, w) in words.enumerated() where w.lowercased() == "property" || w.lowercased() == "for" {
            if i + 1 < words.count, words[i + 1].uppercased() == words[i + 1], words[i + 1].count > 1,
               words[i + 1].first?.isLetter == true {
                property = String(words[i + 1]).trimmingCharacters(".")
                break
            }
            if i > 0, w.lowercased() == "property", words[i - 1].uppercased() == words[i - 1], words[i - 1].count > 1 {
                property = String(words[i - 1])
            }
        }
        var value: String?
        if let q1 = message.firstIndex(of: "'"), let q2 = message[message.index(after: q1)...].firstIndex(of: "'") {
            value = String(message[message.index(after: q1)..<q2])
        } else if let colon = message.lastIndex(of: ":") {
            let tail = message[message.index(after: colon)...].trimmingWhitespace
            if !tail.isEmpty { value = tail }
        }
        return (property, value)
    }

    // MARK: Lines

    private func eventLine(_ ordinal: Int) -> Int? {
        ordinal < eventBlocks.count ? lines.lines[eventBlocks[ordinal].lowerBound].number : nil
    }

    private func rawLines(_ name: String, ordinal: Int) -> [ContentLines.Line] {
        guard ordinal < eventBlocks.count else { return [] }
        return lines.lines[eventBlocks[ordinal]].filter { $0.name == name }
    }

    private func rawLine(_ name: String, ordinal: Int, containing value: String?) -> ContentLines.Line? {
        let all = rawLines(name, ordinal: ordinal)
        if let value, let hit = all.first(where: { $0.value.contains(value) }) { return hit }
        return all.first
    }

    private func warning(_ id: String, line: Int?, property: String?, value: String?, _ message: String) -> ImportWarning {
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
