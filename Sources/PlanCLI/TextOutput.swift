import PlanCore
import PlanRender

/// The one way human-readable text reaches stdout and stderr: through
/// ``TerminalText/output(_:keepingStyle:)``, the last guard after each label
/// was made inert where it entered its rendering, so no control character or
/// escape sequence from data reaches the terminal (plan's own colours pass,
/// on a terminal without `NO_COLOR`). JSON is written as it is: its writer
/// escapes every control character.
enum TextOutput {
    /// Writes `text` to stdout as it is meant to be seen.
    static func write(_ text: String) {
        print(TerminalText.output(text, keepingStyle: Style.enabled), terminator: "")
    }

    /// Writes `plan: message` and a newline to stderr.
    static func stderr(_ message: String) {
        FileHandleStderr.write(TerminalText.output("plan: \(message)\n", keepingStyle: false))
    }
}

/// The data the command exists to print (a listing, the reason a task does
/// not fit): printed whatever the verbosity.
func show(_ text: String, terminator: String = "\n") {
    TextOutput.write(text + terminator)
}

/// What a command did (`Added …`, `Wrote …`): left out with `--quiet`.
func say(_ text: String, terminator: String = "\n") {
    guard Verbosity.current != .quiet else { return }
    TextOutput.write(text + terminator)
}

/// What plan did, on stderr, with `--verbose` only: `plan: store /path`.
func printVerbose(_ message: String) {
    guard Verbosity.current == .verbose else { return }
    TextOutput.stderr(message)
}
