import Foundation

// plan-manual: plan's man page, plan(1), written from the command
// definitions themselves. Reads what `plan --experimental-dump-help` prints
// (ArgumentParser's description of every command, option and argument) on
// stdin and writes roff on stdout:
//
//   plan --experimental-dump-help | plan-manual --version "$(plan --version | head -n 1)" > plan.1
//
// Packaging/install.sh runs it at install time, so the page always matches
// the binary beside it. The output depends only on the input (no date).

/// The part of ArgumentParser's dump this page uses.
struct Dump: Decodable {
    var command: Command
}

struct Command: Decodable {
    var commandName: String
    var abstract: String?
    var discussion: String?
    var shouldDisplay: Bool?
    var arguments: [Argument]?
    var subcommands: [Command]?
}

struct Argument: Decodable {
    struct Name: Decodable {
        var kind: String
        var name: String
    }

    var kind: String
    var names: [Name]?
    var valueName: String?
    var abstract: String?
    var discussion: String?
    var isOptional: Bool
    var isRepeating: Bool
    var shouldDisplay: Bool
    var defaultValue: String?
}

/// Text made safe for roff: backslashes escaped, characters beyond ASCII
/// as `\[uXXXX]` (no preprocessor needed), a line never starting with a
/// control character.
func roff(_ text: String) -> String {
    var escaped = ""
    for c in text.unicodeScalars {
        if c == "\\" {
            escaped += "\\e"
        } else if c.value > 127 {
            let hex = String(c.value, radix: 16, uppercase: true)
            escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
        } else {
            escaped.unicodeScalars.append(c)
        }
    }
    return escaped
        .split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }
        .joined(separator: "\n")
}

/// A discussion as roff paragraphs; indented lines (examples) kept as they are.
func paragraphs(_ text: String) -> String {
    var out: [String] = []
    var literal = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let indented = line.hasPrefix("  ")
        if indented != literal {
            out.append(indented ? ".PP\n.nf\n.RS 4" : ".RE\n.fi")
            literal = indented
        }
        if line.trimmingCharacters(in: .whitespaces).isEmpty {
            if !literal { out.append(".PP") }
        } else {
            out.append(roff(indented ? String(line.dropFirst(2)) : String(line)))
        }
    }
    if literal { out.append(".RE\n.fi") }
    return out.joined(separator: "\n")
}

func flagNames(_ a: Argument) -> String {
    (a.names ?? []).map { n in
        let dashes = n.kind == "long" ? "\\-\\-" : n.kind == "short" ? "\\-" : "\\-"
        return "\\fB" + dashes + roff(n.name).replacingOccurrences(of: "-", with: "\\-") + "\\fR"
    }.joined(separator: ", ")
}

/// One option or argument as a tagged paragraph.
func item(_ a: Argument) -> String {
    var tag: String
    switch a.kind {
    case "positional": tag = "\\fI" + roff(a.valueName ?? "value") + "\\fR" + (a.isRepeating ? " ..." : "")
    case "flag": tag = flagNames(a)
    default: tag = flagNames(a) + " \\fI" + roff(a.valueName ?? "value") + "\\fR"
    }
    var body = roff(a.abstract ?? "")
    if let d = a.discussion, !d.isEmpty { body += "\n" + roff(d) }
    if let v = a.defaultValue, !v.isEmpty, a.kind != "flag" { body += " (default: " + roff(v) + ")" }
    return ".TP\n" + tag + "\n" + body
}

/// The usage line of `path`: its name, its positional arguments, `[options]`.
func synopsis(_ path: [String], _ c: Command) -> String {
    let shown = (c.arguments ?? []).filter(\.shouldDisplay)
    var words = path.map { "\\fB" + roff($0) + "\\fR" }
    for a in shown where a.kind == "positional" {
        let v = "\\fI" + roff(a.valueName ?? "value") + "\\fR" + (a.isRepeating ? " ..." : "")
        words.append(a.isOptional ? "[" + v + "]" : v)
    }
    if shown.contains(where: { $0.kind != "positional" && !isStandard($0) }) { words.append("[\\fIoptions\\fR]") }
    if let subs = c.subcommands?.filter({ $0.shouldDisplay != false && $0.commandName != "help" }), !subs.isEmpty {
        words.append("\\fIsubcommand\\fR")
    }
    return words.joined(separator: " ")
}

/// --help and --version: said once, at the top, not under every command.
func isStandard(_ a: Argument) -> Bool {
    let names = Set((a.names ?? []).map(\.name))
    return names.contains("help") || names.contains("version")
}

/// Each command below the top, depth first, with its section.
func commands(_ path: [String], _ c: Command) -> [String] {
    var out: [String] = []
    for sub in c.subcommands ?? [] where sub.shouldDisplay != false && sub.commandName != "help" {
        let full = path + [sub.commandName]
        var text = ".SS \"" + roff(full.joined(separator: " ")) + "\"\n"
        text += synopsis(full, sub) + "\n.PP\n" + roff(sub.abstract ?? "")
        if let d = sub.discussion, !d.isEmpty { text += "\n" + paragraphs(d) }
        let args = (sub.arguments ?? []).filter { $0.shouldDisplay && !isStandard($0) }
        if !args.isEmpty { text += "\n" + args.map(item).joined(separator: "\n") }
        out.append(text)
        out += commands(full, sub)
    }
    return out
}

var version = "plan"
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    if a == "--version", let v = args.popFirst() {
        version = v
    } else {
        FileHandle.standardError.write(Data("usage: plan --experimental-dump-help | plan-manual [--version TEXT] > plan.1\n".utf8))
        exit(64)
    }
}
let input = FileHandle.standardInput.readDataToEndOfFile()
let dump: Dump
do {
    dump = try JSONDecoder().decode(Dump.self, from: input)
} catch {
    FileHandle.standardError.write(Data("plan-manual: stdin is not the output of plan --experimental-dump-help: \(error)\n".utf8))
    exit(65)
}
let top = dump.command
let name = top.commandName
var page = """
    .\\" Generated by plan-manual from `\(name) --experimental-dump-help`; do not edit.
    .TH \(name.uppercased()) 1 "" "\(roff(version))" "User Commands"
    .SH NAME
    \(name) \\- \(roff(top.abstract ?? ""))
    .SH SYNOPSIS
    \(synopsis([name], top))
    .PP
    \\fB\(name)\\fR \\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR
    .SH DESCRIPTION
    \(paragraphs(top.discussion ?? ""))
    .PP
    Every command takes \\fB\\-\\-help\\fR (\\fB\\-h\\fR); \\fB\(name) help\\fR \\fIcommand\\fR says the same.
    .SH COMMANDS
    \(commands([name], top).joined(separator: "\n"))
    .SH ENVIRONMENT
    .TP
    .B PLAN_STORE
    The store file when \\fB\\-\\-store\\fR is not given (default: \\fI$XDG_DATA_HOME/plan/plan.sqlite\\fR, else \\fI~/.local/share/plan/plan.sqlite\\fR).
    .TP
    .B TZ
    The time zone (an IANA name) for dates and times given and shown; default: the system's.
    .TP
    .B PLAN_NOW
    The current time (ISO 8601 with an offset), for reproducible runs.
    .TP
    .B NO_COLOR
    When set and not empty, no colour on a terminal.
    .TP
    .BR PLAN_CALDAV_USER ", " PLAN_CALDAV_PASSWORD ", " NETRC
    Credentials for calendar subscriptions (else \\fI~/.netrc\\fR, which must be mode 600). Never printed.
    .SH SEE ALSO
    \\fB\(name) doctor\\fR checks the setup; the README of plan says more.

    """
FileHandle.standardOutput.write(Data(page.utf8))
