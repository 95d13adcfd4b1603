import CLibical
import PlanCore

/// Reading a plainly laid out file one event at a time (the fast path).
extension LibicalReader {
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
            let root = Self.feed(target, line, buffer: &buffer)
            if icalparser_get_state(target) == ICALPARSER_ERROR, !Self.isUnknownIanaProperty(line) {
                noteParseError(line, &doc)
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
}
