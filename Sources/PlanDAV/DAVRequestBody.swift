import PlanCore

/// The XML bodies of the WebDAV and CalDAV requests plan sends, built as
/// elements (every text and attribute escaped), never pasted together.
enum DAVRequestBody {
    /// An XML element to be written: a name in a namespace, attributes, and
    /// either text or child elements.
    struct Element {
        var name: QName
        var attributes: [(String, String)] = []
        var text: String?
        var children: [Element] = []

        init(_ name: QName, attributes: [(String, String)] = [], text: String? = nil, _ children: [Element] = []) {
            self.name = name
            self.attributes = attributes
            self.text = text
            self.children = children
        }
    }

    /// The prefixes plan writes, by namespace.
    static let prefixes: [(namespace: String, prefix: String)] = [
        ("DAV:", "D"), ("urn:ietf:params:xml:ns:caldav", "C"), ("http://apple.com/ns/ical/", "A"),
        ("http://calendarserver.org/ns/", "CS"),
    ]

    /// `root` as a document, every namespace it uses declared on the root.
    static func document(_ root: Element) -> [UInt8] {
        var used: [String] = []
        collect(root, into: &used)
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        write(root, used: used, declare: true, into: &out)
        return Array(out.utf8)
    }

    private static func collect(_ e: Element, into used: inout [String]) {
        if !used.contains(e.name.namespace) { used.append(e.name.namespace) }
        for c in e.children { collect(c, into: &used) }
    }

    private static func prefix(_ namespace: String, _ used: [String]) -> String {
        prefixes.first { $0.namespace == namespace }?.prefix ?? "N\(used.firstIndex(of: namespace) ?? 0)"
    }

    private static func write(_ e: Element, used: [String], declare: Bool, into out: inout String) {
        let tag = prefix(e.name.namespace, used) + ":" + e.name.name
        out += "<" + tag
        if declare { for ns in used { out += " xmlns:\(prefix(ns, used))=\"\(escape(ns))\"" } }
        for (k, v) in e.attributes { out += " \(k)=\"\(escape(v))\"" }
        if e.text == nil && e.children.isEmpty {
            out += "/>"
            return
        }
        out += ">"
        if let text = e.text { out += escape(text) }
        for c in e.children { write(c, used: used, declare: false, into: &out) }
        out += "</" + tag + ">"
    }

    /// `text` with the five XML specials escaped (and control characters XML cannot hold dropped).
    static func escape(_ text: String) -> String {
        XMLText.escaped(text, forbidden: .dropped)
    }

    // MARK: The bodies

    /// PROPFIND for `props`.
    static func propfind(_ props: [QName]) -> [UInt8] {
        document(Element(.dav("propfind"), [Element(.dav("prop"), props.map { Element($0) })]))
    }

    /// RFC 6578 sync-collection from `token` (the whole collection when nil), asking for each member's ETag.
    static func syncCollection(token: String?) -> [UInt8] {
        document(Element(.dav("sync-collection"), [
            Element(.dav("sync-token"), text: token ?? ""),
            Element(.dav("sync-level"), text: "1"),
            Element(.dav("prop"), [Element(.dav("getetag"))]),
        ]))
    }

    /// RFC 4791 calendar-query: every VCALENDAR member's ETag.
    static func etagQuery() -> [UInt8] {
        document(Element(.caldav("calendar-query"), [
            Element(.dav("prop"), [Element(.dav("getetag"))]),
            Element(.caldav("filter"), [Element(.caldav("comp-filter"), attributes: [("name", "VCALENDAR")])]),
        ]))
    }

    /// RFC 4791 calendar-multiget of `hrefs`: their ETags and calendar data.
    static func multiget(_ hrefs: [String]) -> [UInt8] {
        document(Element(.caldav("calendar-multiget"), [
            Element(.dav("prop"), [Element(.dav("getetag")), Element(.caldav("calendar-data"))]),
        ] + hrefs.map { Element(.dav("href"), text: $0) }))
    }

    /// RFC 4791 §7.10 free-busy-query over `start`..<`end` (UTC, `yyyyMMddTHHmmssZ`).
    static func freeBusyQuery(start: String, end: String) -> [UInt8] {
        document(Element(.caldav("free-busy-query"), [Element(.caldav("time-range"), attributes: [("start", start), ("end", end)])]))
    }

    /// RFC 4791 MKCALENDAR: a calendar of events named `name`, with `color` (`#rrggbb`).
    static func mkcalendar(name: String, color: String?) -> [UInt8] {
        var props = [
            Element(.dav("displayname"), text: name),
            Element(.caldav("supported-calendar-component-set"), [Element(.caldav("comp"), attributes: [("name", "VEVENT")])]),
        ]
        if let color { props.append(Element(.apple("calendar-color"), text: color)) }
        return document(Element(.caldav("mkcalendar"), [Element(.dav("set"), [Element(.dav("prop"), props)])]))
    }
}
