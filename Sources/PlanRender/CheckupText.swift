import PlanCore

/// `plan doctor` in text: one line per finding, its fix beneath it, and a
/// closing line that counts the problems and warnings.
package enum CheckupText {
    package static func render(_ checkups: [Checkup], style: TextStyle) -> String {
        var out = ""
        for c in checkups {
            let mark = switch c.status {
            case .ok: style.green("ok     ")
            case .warning: style.bold("warning")
            case .problem: style.red("problem")
            }
            out += "\(mark)  \(c.area.label.padding(toLength: 11, withPad: " ", startingAt: 0))  \(TerminalText.label(c.subject)): \(TerminalText.inert(c.detail))\n"
            if let fix = c.fix, c.status != .ok { out += "         fix: \(TerminalText.inert(fix))\n" }
        }
        let problems = checkups.filter { $0.status == .problem }.count
        let warnings = checkups.filter { $0.status == .warning }.count
        if problems == 0 && warnings == 0 { return out + "\nAll is well.\n" }
        let counted = [(problems, "problem"), (warnings, "warning")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        return out + "\n" + counted.joined(separator: ", ") + (problems > 0 ? ": fix each as it says, then run plan doctor again.\n" : ".\n")
    }
}

extension Checkup.Area {
    /// `time zone`.
    package var label: String {
        switch self {
        case .store: "store"
        case .calendar: "calendar"
        case .timeZone: "time zone"
        case .credentials: "credentials"
        }
    }
}
