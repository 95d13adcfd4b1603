import CLibical
import PlanCore

/// One VEVENT copied out of libical into a `RawEvent`.
extension LibicalReader {
    func readEvent(_ comp: OpaquePointer, ordinal: Int, doc: inout ReadDocument) -> RawEvent {
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
            var depth = 0
            for l in lines.lines[block] {
                // Only the event's own LOCATION and CATEGORIES, not a VALARM's.
                if l.name == "BEGIN" { depth += 1 } else if l.name == "END" { depth -= 1 }
                if depth == 1, l.name == "LOCATION", e.location == nil { e.location = TextValue.unescaped(l.valueBytes) }
                if depth == 1, l.name == "CATEGORIES" { e.categories += TextValue.items(l.valueBytes) }
                // The stamps are read from the lines: plain ones never reach libical (see isInert).
                if l.name == "DTSTAMP" { stamp = Self.stamp(l.valueBytes) ?? stamp; continue }
                if l.name == "LAST-MODIFIED" { lastModified = Self.stamp(l.valueBytes) ?? lastModified; continue }
                guard Self.timeProperties.contains(l.name) else { continue }
                // A bare "RDATE:" or "EXDATE:" is an empty list: it adds or removes nothing.
                let emptyList = (l.name == "RDATE" || l.name == "EXDATE") && l.value.trimmingWhitespace.isEmpty && !l.bytes.contains(0x3B)
                if emptyList || ignoredRules.contains(l.name) || repairedLines.contains(l.number) { continue }
                if parseErrorLines.contains(l.number) || erroneous.contains(l.number) {
                    e.broken.append("\(l.name) on line \(l.number) cannot be read (\"\(LineText.excerpt(l.value))\")")
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
            case ICAL_DTSTART_PROPERTY:
                e.dtstart = time(prop, icalproperty_get_dtstart(prop), "DTSTART", ordinal, &doc)
                if e.dtstart == nil { e.broken.append("DTSTART cannot be read") }
            case ICAL_DTEND_PROPERTY:
                e.dtend = time(prop, icalproperty_get_dtend(prop), "DTEND", ordinal, &doc)
                if e.dtend == nil { e.broken.append("DTEND cannot be read") }
                if let block, let l = lines.lines[block].first(where: { $0.name == "DTEND" }) { e.dtendLine = l }
            case ICAL_DURATION_PROPERTY:
                let d = icalproperty_get_duration(prop)
                // More than 100 years is a broken value (libical wraps huge numbers around).
                let raw = rawLine("DURATION", ordinal: ordinal, containing: nil)
                e.durationLine = raw
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
    func plainText(_ prop: OpaquePointer) -> String? {
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
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        // The common case, cheaply: no UID line of the event starts or ends with white space.
        guard ordinal < eventBlocks.count, lines.lines[eventBlocks[ordinal]].contains(where: { l in
            l.name == "UID" && (l.valueBytes.first.map(isSpace) ?? false || l.valueBytes.last.map(isSpace) ?? false)
        }) else { return parsed }
        guard let raw = rawLine("UID", ordinal: ordinal, containing: parsed)?.valueBytes,
              let first = raw.first, let last = raw.last else { return parsed }
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
    func text(_ prop: OpaquePointer) -> String? {
        guard let v = icalproperty_get_value_as_string_r(prop) else { return nil }
        defer { icalmemory_free_buffer(v) }
        let s = String(cString: v)
        return s.isEmpty ? nil : s
    }

    /// A DATE or DATE-TIME value with its TZID, or nil (with a warning) when
    /// libical could not read it or normalised an impossible value.
    func time(_ prop: OpaquePointer, _ t: icaltimetype, _ name: String, _ ordinal: Int,
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

    /// An RRULE/EXRULE as text libical can re-read, after checking the parts
    /// libical would silently truncate (INTERVAL and COUNT are C shorts/ints).
    func rule(_ prop: OpaquePointer, _ name: String, index: Int, ordinal: Int,
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
}
