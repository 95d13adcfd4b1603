/// Which course or project a calendar event belongs to: a CATEGORIES item
/// that names one, else a course code at the start of its SUMMARY
/// (`CMSC330 Lecture`, `CS 201 Data Structures`), as `plan courses use`
/// writes classes.
package enum WeekGroups {
    /// The form groups are compared in: upper case letters and digits only
    /// (`cs 201` and `CS201` are one course).
    package static func key(_ name: String) -> String {
        String(name.uppercased().unicodeScalars.filter { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }.map(Character.init))
    }

    /// The course code `text` starts with — 2 to 5 capital letters, an optional
    /// space or dash, 3 or 4 digits, an optional letter, then the end or a
    /// non-alphanumeric character — as written, and the rest after it
    /// (without the `:` or `-` that may separate them).
    package static func leadingCode(_ text: String) -> (code: String, rest: String)? {
        let chars = Array(text)
        var i = 0
        while i < chars.count, i < 6, chars[i].isASCII, chars[i].isUppercase { i += 1 }
        guard (2...5).contains(i) else { return nil }
        if i < chars.count, chars[i] == " " || chars[i] == "-" { i += 1 }
        let digitsStart = i
        while i < chars.count, i - digitsStart < 5, chars[i].isASCII, chars[i].isNumber { i += 1 }
        guard (3...4).contains(i - digitsStart) else { return nil }
        if i < chars.count, chars[i].isASCII, chars[i].isLetter, i + 1 == chars.count || !(chars[i + 1].isLetter || chars[i + 1].isNumber) { i += 1 }
        if i < chars.count, chars[i].isLetter || chars[i].isNumber { return nil }
        var rest = Substring(String(chars[i...]))
        while let c = rest.first, c == " " || c == ":" || c == "-" || c == "–" { rest = rest.dropFirst() }
        return (String(chars[..<i]), String(rest).trimmingSpaces)
    }

    /// The group of an event: the first CATEGORIES item that is a course
    /// code or names one of `known` (projects), else the summary's leading
    /// code; the title is the summary without that code in front.
    package static func group(summary: String, categories: [String], known: Set<String>) -> (group: String?, title: String) {
        let lead = leadingCode(summary)
        let fromCategories = categories.first { known.contains(key($0)) || leadingCode($0)?.rest.isEmpty == true }
        guard let group = fromCategories ?? lead?.code else { return (nil, summary) }
        if let lead, key(lead.code) == key(group) { return (group, lead.rest.isEmpty ? summary : lead.rest) }
        return (group, summary)
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
