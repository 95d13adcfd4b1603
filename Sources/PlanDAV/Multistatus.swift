import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML element's name with its namespace, as WebDAV compares them
/// (`DAV:` `getetag`, whatever prefix the server chose).
package struct QName: Hashable, Sendable, CustomStringConvertible {
    package var namespace: String
    package var name: String

    package init(_ namespace: String, _ name: String) {
        self.namespace = namespace
        self.name = name
    }

    package static func dav(_ name: String) -> QName { QName("DAV:", name) }
    package static func caldav(_ name: String) -> QName { QName("urn:ietf:params:xml:ns:caldav", name) }
    package static func apple(_ name: String) -> QName { QName("http://apple.com/ns/ical/", name) }

    package var description: String { "{\(namespace)}\(name)" }
}

/// A WebDAV `multistatus` body (RFC 4918 §14.16) as values: one
/// ``Response`` per resource, and the `sync-token` of a sync-collection
/// report (RFC 6578).
///
/// ``parse(_:)`` reads it with FoundationXML's `XMLParser`, namespaces
/// resolved, within bounds (``maxBytes``, ``maxDepth``, ``maxElements``),
/// after refusing what could make the parser work without bound or trap:
/// a DTD, the encodings in which one could hide, bytes that are not UTF-8,
/// processing instructions (``XMLScreen``). A pure function of the bytes.
package struct Multistatus: Hashable, Sendable {
    package var responses: [Response]
    package var syncToken: String?

    /// One `response`: a resource's `href` and either its properties by
    /// status (`propstat`) or one status for the whole resource (a member
    /// removed since a sync token: 404).
    package struct Response: Hashable, Sendable {
        /// The `href` as sent (percent-encoded; a path or a whole URL).
        package var href: String
        /// The status of the whole response, when it has one.
        package var status: Int?
        package var propstats: [PropStat]

        /// Property `name` when the server found it (a 2xx propstat).
        package func property(_ name: QName) -> Property? {
            for p in propstats where (200..<300).contains(p.status) {
                if let found = p.properties.first(where: { $0.name == name }) { return found }
            }
            return nil
        }
    }

    /// Properties under one status (200 found, 404 not found…).
    package struct PropStat: Hashable, Sendable {
        package var status: Int
        package var properties: [Property]
    }

    /// One property: its text (the element's character data and that of
    /// every element inside it, trimmed) and the names of the elements
    /// inside it, in document order (`resourcetype`'s `collection` and
    /// `calendar`, a `supported-report-set`'s reports).
    package struct Property: Hashable, Sendable {
        package var name: QName
        package var text: String
        package var children: [QName]
        /// The `href`s inside it (`current-user-principal`, `calendar-home-set`).
        package var hrefs: [String] = []
    }

    /// A body larger than this is refused before it is read.
    package static let maxBytes = 50_000_000
    /// Elements nested deeper than this are refused.
    package static let maxDepth = 64
    /// More elements than this are refused.
    package static let maxElements = 2_000_000

    /// Why a body is not a multistatus plan can read.
    package struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        package var reason: String
        package var description: String { reason }
    }

    /// Reads a `multistatus` body. Throws ``ParseError`` for a body that is
    /// not well-formed XML, whose root is not `DAV:multistatus`, that has a
    /// DTD or is not UTF-8 (or ASCII, Latin-1), or that passes a bound.
    package static func parse(_ bytes: [UInt8]) throws(ParseError) -> Multistatus {
        guard bytes.count <= maxBytes else { throw ParseError(reason: "the answer is larger than \(maxBytes / 1_000_000) MB") }
        guard bytes.contains(where: { !" \t\r\n".utf8.contains($0) }) else { throw ParseError(reason: "the answer is empty") }
        if let refused = XMLScreen.refusal(bytes) { throw ParseError(reason: refused) }
        let reader = MultistatusReader()
        // Fed to libxml2 in chunks from a stream: given as one buffer, libxml2
        // refuses any document over 10 MB ("huge input lookup"), far under
        // ``maxBytes``, and FoundationXML offers no way to ask for more.
        let parser = XMLParser(stream: InputStream(data: Data(bytes)))
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let ok = parser.parse()
        if let refused = reader.refused { throw ParseError(reason: refused) }
        guard ok else {
            let line = parser.lineNumber
            throw ParseError(reason: "the answer is not well-formed XML (line \(line))")
        }
        guard reader.sawRoot else { throw ParseError(reason: "the answer is not a WebDAV multistatus") }
        // FoundationXML reports a document cut short as parsed: every element must have closed.
        guard reader.rootClosed else { throw ParseError(reason: "the answer is not well-formed XML (cut short)") }
        return Multistatus(responses: reader.responses, syncToken: reader.syncToken)
    }

    /// The status code of a `status` element's text (`HTTP/1.1 404 Not Found` → 404).
    static func statusCode(_ text: String) -> Int? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard words.count >= 2, words[0].hasPrefix("HTTP/"), words[1].count == 3 else { return nil }
        return Int(words[1])
    }
}

/// The `XMLParser` delegate behind ``Multistatus/parse(_:)``: a stack of
/// open elements, and the response, propstat and property being read.
private final class MultistatusReader: NSObject, XMLParserDelegate {
    var responses: [Multistatus.Response] = []
    var syncToken: String?
    var sawRoot = false
    /// The root element has ended (anything after it is refused).
    var rootClosed = false
    var refused: String?

    private var stack: [QName] = []
    private var elements = 0
    private var text = ""
    // The response being read.
    private var href: String?
    private var responseStatus: Int?
    private var propstats: [Multistatus.PropStat] = []
    // The propstat being read.
    private var properties: [Multistatus.Property] = []
    private var propstatStatus: Int?
    // The property being read: its depth in the stack, its text, its children, its hrefs.
    private var property: (depth: Int, name: QName)?
    private var propertyText = ""
    private var propertyChildren: [QName] = []
    private var propertyHrefs: [String] = []

    private func refuse(_ parser: XMLParser, _ why: String) {
        if refused == nil { refused = why }
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard refused == nil else { return }
        elements += 1
        if elements > Multistatus.maxElements { return refuse(parser, "the answer has more than \(Multistatus.maxElements) elements") }
        if stack.count >= Multistatus.maxDepth { return refuse(parser, "the answer nests elements deeper than \(Multistatus.maxDepth)") }
        let name = QName(namespaceURI ?? "", elementName)
        if rootClosed { return refuse(parser, "the answer is not well-formed XML (more after its root element)") }
        if stack.isEmpty {
            guard name == .dav("multistatus") else { return refuse(parser, "the answer is not a WebDAV multistatus (its root is \(name.name))") }
            sawRoot = true
        }
        if property != nil { propertyChildren.append(name) }
        text = ""
        stack.append(name)
        let parent = stack.count >= 2 ? stack[stack.count - 2] : nil
        switch (parent, name) {
        case (.dav("multistatus")?, .dav("response")):
            href = nil
            responseStatus = nil
            propstats = []
        case (.dav("response")?, .dav("propstat")):
            properties = []
            propstatStatus = nil
        case (.dav("prop")?, _) where property == nil && stack.count >= 3 && stack[stack.count - 3] == .dav("propstat"):
            property = (stack.count, name)
            propertyText = ""
            propertyChildren = []
            propertyHrefs = []
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard refused == nil else { return }
        text += string
        if property != nil { propertyText += string }
    }

    /// libxml2's warnings (`XML_WAR_*` of xmlerror.h: an unknown XML version,
    /// a relative namespace URI…), which leave a body well-formed.
    static let warnings: Set<Int> = [27, 93, 97, 98, 99, 100, 102, 106, 107]

    /// The first error makes the body malformed (`parse()` fails whatever
    /// follows), so parsing stops there: libxml2's recovery would only raise
    /// more, and FoundationXML leaks the strings of every error it reports
    /// (216 bytes each; docs/fuzzing.md).
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard !Self.warnings.contains((parseError as NSError).code) else { return }
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        self.parser(parser, foundCharacters: String(decoding: CDATABlock, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard refused == nil, let name = stack.popLast() else { return }
        if stack.isEmpty { rootClosed = true }
        let parent = stack.last
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let p = property {
            if name == .dav("href") { propertyHrefs.append(value) }
            if stack.count + 1 == p.depth {
                properties.append(Multistatus.Property(name: p.name, text: propertyText.trimmingCharacters(in: .whitespacesAndNewlines),
                                                       children: propertyChildren, hrefs: propertyHrefs))
                property = nil
            }
            text = ""
            return
        }
        switch (parent, name) {
        case (.dav("response")?, .dav("href")):
            // A response names one resource; a second href (RFC 4918 allows several with one status) is not read.
            if href == nil { href = value }
        case (.dav("response")?, .dav("status")):
            responseStatus = Multistatus.statusCode(value)
        case (.dav("propstat")?, .dav("status")):
            propstatStatus = Multistatus.statusCode(value)
        case (.dav("response")?, .dav("propstat")):
            propstats.append(Multistatus.PropStat(status: propstatStatus ?? 0, properties: properties))
        case (.dav("multistatus")?, .dav("response")):
            if let href { responses.append(Multistatus.Response(href: href, status: responseStatus, propstats: propstats)) }
        case (.dav("multistatus")?, .dav("sync-token")):
            syncToken = value
        default:
            break
        }
        text = ""
    }
}
