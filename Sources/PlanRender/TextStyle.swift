/// How a rendering marks emphasis: ANSI escapes on a terminal, nothing elsewhere.
/// The face decides (`NO_COLOR`, a pipe); the renderer only says what is bold.
package struct TextStyle: Sendable {
    /// Whether to write ANSI escapes at all.
    package var ansi: Bool

    package init(ansi: Bool) { self.ansi = ansi }

    /// No escapes: the text golden files and `plan rpc` see.
    package static let plain = TextStyle(ansi: false)

    package func bold(_ s: String) -> String { wrap(s, "1") }
    package func dim(_ s: String) -> String { wrap(s, "2") }
    package func red(_ s: String) -> String { wrap(s, "31") }
    package func green(_ s: String) -> String { wrap(s, "32") }

    private func wrap(_ s: String, _ code: String) -> String { ansi ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
}
