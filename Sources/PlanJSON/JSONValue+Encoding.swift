/// Encodable values as ``JSONValue``s, for the one writer: object members
/// sorted by their names' UTF-8 bytes (the order `JSONEncoder`'s
/// `.sortedKeys` gives), a missing optional left out, whole numbers as
/// written. What ``Wire/encode(_:)`` prints and sends.
extension JSONValue {
    package init(encoding value: some Encodable) {
        let node = Node()
        node.set(value, path: [])
        self = node.value
    }
}

/// A value being encoded: filled in by the containers, read once at the end.
private final class Node {
    private var scalar: JSONValue = .null
    private var members: [String: Node]?
    private var items: [Node]?

    var value: JSONValue {
        if let members {
            return .object(members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { ($0.key, $0.value.value) })
        }
        if let items { return .array(items.map(\.value)) }
        return scalar
    }

    /// Strings, booleans and whole numbers directly; anything else by its
    /// own `encode(to:)`.
    func set(_ value: some Encodable, path: [any CodingKey]) {
        switch value {
        case let s as String: scalar = .string(s)
        case let b as Bool: scalar = .bool(b)
        case let n as any BinaryInteger: scalar = .number(String(describing: n))
        case let n as any BinaryFloatingPoint: scalar = .number(String(describing: n))
        default:
            // The encoders here never throw.
            try? value.encode(to: NodeEncoder(node: self, codingPath: path))
        }
    }

    func member(_ key: String) -> Node {
        let child = Node()
        if members == nil { members = [:] }
        members![key] = child
        return child
    }

    func item() -> Node {
        let child = Node()
        if items == nil { items = [] }
        items!.append(child)
        return child
    }

    func startObject() { if members == nil { members = [:] } }
    func startArray() { if items == nil { items = [] } }
    var itemCount: Int { items?.count ?? 0 }
}

private struct NodeEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.startObject()
        return KeyedEncodingContainer(Keyed(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.startArray()
        return Unkeyed(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }
}

private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { _ = node.member(key.stringValue) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.member(key.stringValue).set(value, path: codingPath + [key])
    }

    mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) -> KeyedEncodingContainer<N> {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.member("super"), codingPath: codingPath) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct Unkeyed: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { node.itemCount }

    mutating func encodeNil() throws { _ = node.item() }

    mutating func encode<T: Encodable>(_ value: T) throws { node.item().set(value, path: codingPath) }

    mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) -> KeyedEncodingContainer<N> {
        NodeEncoder(node: node.item(), codingPath: codingPath).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.item(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.item(), codingPath: codingPath) }
}

private struct Single: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {}

    mutating func encode<T: Encodable>(_ value: T) throws { node.set(value, path: codingPath) }
}
