/// How a rendering marks emphasis: ANSI escapes on a terminal, nothing elsewhere.
/// The face decides (`NO_COLOR`, a pipe); the renderer only says what is bold.
public struct TextStyle: Sendable {
    /// Whether to write ANSI escapes at all.
    public var ansi: Bool

    public init(ansi: Bool) { self.ansi = ansi }

    /// No escapes: the text golden files and `plan rpc` see.
    public static let plain = TextStyle(ansi: false)

    public func bold(_ s: String) -> String { wrap(s, "1") }
    public func dim(_ s: String) -> String { wrap(s, "2") }
    public func red(_ s: String) -> String { wrap(s, "31") }
    public func green(_ s: String) -> String { wrap(s, "32") }

    private func wrap(_ s: String, _ code: String) -> String { ansi ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
}
