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
    static func parse(_ bytes: [UInt8]) -> OpaquePointer? {
        let lines = ContentLines(bytes)
        guard !lines.hadNUL, let parser = icalparser_new() else { return nil }
        defer { icalparser_free(parser) }
        var roots: [OpaquePointer] = []
        var buffer: [UInt8] = []
        for line in lines.lines {
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
