import CLibical

/// A whole iCalendar text parsed by libical in time linear in its size.
/// `icalcomponent_new_from_string` is quadratic in line length (a 16 MB
/// line took 24 s): the lines are unfolded here (``ContentLines``) and fed to
/// libical's parser one by one instead. Callers hold ``ICalExporter/lock``.
enum LibicalText {
    /// The component libical builds from `bytes` (one top-level component;
    /// several come back inside an XROOT, as libical's own string parser
    /// gives them), nil for text with none or with a NUL byte. The caller
    /// owns it and frees it with `icalcomponent_free`.
    static func parse(_ bytes: [UInt8]) -> OpaquePointer? { parse(ContentLines(bytes)) }

    /// The component libical builds from lines already unfolded (``parse(_:)-([UInt8])``); with
    /// `only`, libical is given the BEGIN and END lines and the properties of those names alone
    /// (upper case), so a caller that reads a few properties pays nothing for long others.
    static func parse(_ lines: ContentLines, only: Set<String>? = nil) -> OpaquePointer? {
        guard !lines.hadNUL, let parser = icalparser_new() else { return nil }
        defer { icalparser_free(parser) }
        var roots: [OpaquePointer] = []
        var buffer: [UInt8] = []
        var depth = 0
        for line in lines.lines {
            // Only what lies inside a component goes to libical: it prints "END before BEGIN" to stderr.
            if line.componentMarker("BEGIN") != nil {
                depth += 1
            } else if line.componentMarker("END") != nil {
                guard depth > 0 else { continue }
                depth -= 1
            } else if depth == 0 || (only.map { !$0.contains(line.name) } ?? false) {
                continue
            }
            if let root = LibicalReader.feed(parser, line, buffer: &buffer) { roots.append(root) }
        }
        // A component left open is the parser's to free (icalparser_free): a cut text is no text.
        _ = icalparser_clean(parser)
        switch roots.count {
        case 0: return nil
        case 1: return roots[0]
        default:
            guard let root = icalcomponent_new(ICAL_XROOT_COMPONENT) else {
                for r in roots { icalcomponent_free(r) }
                return nil
            }
            for r in roots { icalcomponent_add_component(root, r) }
            return root
        }
    }
}
