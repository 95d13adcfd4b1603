import CLibical
import PlanCore

/// The X-LIC-ERROR notes libical leaves in what it parsed, as warnings.
extension LibicalReader {
    /// Reports every X-LIC-ERROR property libical left in `comp` (its own, not
    /// its children's) as a warning.
    @discardableResult
    func collectErrors(_ comp: OpaquePointer, doc: inout ReadDocument, eventOrdinal: Int?) -> Set<Int> {
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
}
