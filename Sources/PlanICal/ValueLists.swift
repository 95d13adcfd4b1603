import CLibical

/// Multi-valued properties go back out as the file wrote them: one line with
/// a value list stays one line.
///
/// RFC 5545 §3.1.1 lets CATEGORIES, RESOURCES (§3.8.1.2, §3.8.1.10), EXDATE
/// and RDATE (§3.8.5.1, §3.8.5.2) carry several values, separated by commas,
/// on one line. libical 3.0.16 holds one value per property: it reads
/// `CATEGORIES:CLASS,CS 201` as two CATEGORIES properties, each with the
/// line's parameters, and writes two lines. That is valid, but it is not what
/// the source said, and some readers (Python `ics` 0.7) fail on repeated
/// CATEGORIES (issue 12, item 10).
///
/// What "as written" means here, where libical decides the bytes:
/// - which lines to rejoin is decided by libical itself: each source line is
///   parsed alone and the properties it gives are counted; only a run that came
///   from one line becomes one line again, so two EXDATE lines stay two;
/// - the line keeps its parameters (libical copies them, in order, onto each
///   value) and its place among the event's properties;
/// - each value is as libical formats it (dates re-formatted, text escaped by
///   libical's rules), joined by commas. libical has no value-list type, so the
///   line is built as the one kind of property libical writes with its commas
///   as given (an X-property, here carrying the standard name); libical still
///   writes the name, the parameters, the escapes and the folding;
/// - a text item that itself holds a comma (`x\,y`) cannot be told from two
///   items in libical 3.0.16's output (it never escapes commas in CATEGORIES or
///   RESOURCES, rejoined or not): a limit of the library, left as it is;
/// - when the counts do not line up (a line libical could not read), that
///   property name is left as libical wrote it.
enum ValueLists {
    /// The names whose values libical splits into one property each.
    static let names = ["CATEGORIES", "RESOURCES", "EXDATE", "RDATE"]

    /// Rejoins, in `event` (a VEVENT copied from the file, X-LIC-ERRORs
    /// already removed), the properties libical split off each of `lines`:
    /// the event's own content lines, in order, without nested components'.
    static func rejoin(_ event: OpaquePointer, lines: [ContentLines.Line]) {
        var properties: [OpaquePointer] = []
        var p = icalcomponent_get_first_property(event, ICAL_ANY_PROPERTY)
        while let prop = p {
            properties.append(prop)
            p = icalcomponent_get_next_property(event, ICAL_ANY_PROPERTY)
        }
        // The run length at the index of each run's first property.
        var runs: [Int: Int] = [:]
        for name in names {
            let kind = icalproperty_string_to_kind(name)
            let counts = lines.filter { $0.name == name }.map { valueCount($0, kind: kind) }
            let indices = properties.indices.filter { icalproperty_isa(properties[$0]) == kind }
            guard counts.reduce(0, +) == indices.count, counts.contains(where: { $0 > 1 }) else { continue }
            var next = 0
            var found: [Int: Int] = [:]
            for count in counts where count > 0 {
                let run = indices[next..<(next + count)]
                // One line's values sit side by side.
                guard run.last! - run.first! == count - 1 else {
                    found = [:]
                    break
                }
                if count > 1 { found[run.first!] = count }
                next += count
            }
            runs.merge(found) { a, _ in a }
        }
        guard !runs.isEmpty else { return }
        // libical only appends: take every property out and put them back in
        // order, each run as one line.
        for prop in properties { icalcomponent_remove_property(event, prop) }
        var i = 0
        while i < properties.count {
            let count = runs[i] ?? 1
            if count > 1, let joined = oneLine(properties[i..<(i + count)]) {
                icalcomponent_add_property(event, joined)
                for prop in properties[i..<(i + count)] { icalproperty_free(prop) }
            } else {
                for prop in properties[i..<(i + count)] { icalcomponent_add_property(event, prop) }
            }
            i += count
        }
    }

    /// How many properties libical makes of `line` alone (1 when its value
    /// has no comma, 0 when libical cannot read it).
    private static func valueCount(_ line: ContentLines.Line, kind: icalproperty_kind) -> Int {
        guard line.valueBytes.contains(0x2C) else { return 1 }
        var bytes = Array("BEGIN:VEVENT\r\n".utf8)
        bytes += line.bytes
        bytes += Array("\r\nEND:VEVENT\r\n".utf8)
        var doc = ReadDocument()
        var reader = LibicalReader(file: "", lines: ContentLines(bytes))
        let roots = reader.parseRoots(&doc)
        defer { for r in roots { icalcomponent_free(r) } }
        guard let event = roots.first else { return 0 }
        return Int(icalcomponent_count_properties(event, kind))
    }

    /// One property with the name and parameters of the first of `run` and
    /// the values of all of them, comma-separated.
    private static func oneLine(_ run: ArraySlice<OpaquePointer>) -> OpaquePointer? {
        var values: [String] = []
        for prop in run {
            guard let value = icalproperty_get_value(prop) else { return nil }
            if icalvalue_isa(value) == ICAL_TEXT_VALUE {
                // Unescaped: the X-property escapes it once, as libical would.
                guard let t = icalvalue_get_text(value) else { return nil }
                values.append(String(cString: t))
            } else {
                guard let v = icalproperty_get_value_as_string_r(prop) else { return nil }
                defer { icalmemory_free_buffer(v) }
                values.append(String(cString: v))
            }
        }
        guard let first = run.first, let name = icalproperty_get_property_name_r(first) else { return nil }
        defer { icalmemory_free_buffer(name) }
        guard let joined = icalproperty_new_x(values.joined(separator: ",")) else { return nil }
        icalproperty_set_x_name(joined, name)
        var parameter = icalproperty_get_first_parameter(first, ICAL_ANY_PARAMETER)
        while let param = parameter {
            if let copy = icalparameter_new_clone(param) { icalproperty_add_parameter(joined, copy) }
            parameter = icalproperty_get_next_parameter(first, ICAL_ANY_PARAMETER)
        }
        return joined
    }
}

extension LibicalReader {
    /// The content lines of VEVENT `ordinal` that belong to it and not to a
    /// component nested in it (a VALARM's), BEGIN and END left out.
    /// The line numbers of the VEVENT numbered `ordinal`, its components' included.
    func lineNumbers(ordinal: Int) -> Set<Int> {
        guard ordinal < eventBlocks.count else { return [] }
        return Set(lines.lines[eventBlocks[ordinal]].map(\.number))
    }

    func ownLines(ordinal: Int) -> [ContentLines.Line] {
        guard ordinal < eventBlocks.count else { return [] }
        var depth = 0
        var own: [ContentLines.Line] = []
        for line in lines.lines[eventBlocks[ordinal]] {
            if line.name == "BEGIN" {
                depth += 1
            } else if line.name == "END" {
                depth -= 1
            } else if depth == 1 {
                own.append(line)
            }
        }
        return own
    }
}
