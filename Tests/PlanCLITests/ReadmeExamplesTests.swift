import Foundation
import Testing

/// Every example of the README is a real run. An example is a fenced block
/// whose lines start with `$ plan `, right after a line
///
///     <!-- example: PLAN_NOW=2026-11-23T08:00:00-05:00 TZ=America/New_York calendar=Examples/fall-2026-classes.ics -->
///
/// (the README says so under "Examples in this README"). Each block runs on a
/// fresh store (a fresh `HOME`, so `~/.local/share/plan/plan.sqlite`), with
/// the comment's upper-case settings as its environment (and `NO_COLOR`);
/// `calendar=FILE` registers that calendar first, unshown. Each `$ plan …`
/// line (a line ending in `\` goes on on the next) runs the real binary in the
/// package root, in order; `< FILE` gives it FILE as standard input. The
/// lines shown after it must be what it printed (stderr, then stdout): a line
/// `…` stands for lines left out, a line ending in `…` for a line that goes
/// on, and a last line `(exit N)` for its exit status (else 0). A CRLF is
/// a line end as LF is.
@Suite struct ReadmeExamplesTests {
    struct Example {
        var line: Int
        var environment: [String: String]
        var calendars: [String]
        var commands: [Command]
    }

    struct Command {
        var line: Int
        var text: String
        var shown: [String]
    }

    static func examples() throws -> [Example] {
        let readme = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        var found: [Example] = []
        var i = 0
        while i < lines.count {
            let line = lines[i].trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("<!-- example:"), line.hasSuffix("-->") else { i += 1; continue }
            let settings = line.dropFirst("<!-- example:".count).dropLast(3).split(separator: " ").map(String.init)
            var example = Example(line: i + 1, environment: [:], calendars: [], commands: [])
            for setting in settings {
                let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { Issue.record("README.md:\(i + 1): \(setting) is not KEY=VALUE"); continue }
                if parts[0] == "calendar" { example.calendars.append(parts[1]) } else { example.environment[parts[0]] = parts[1] }
            }
            i += 1
            guard i < lines.count, lines[i].hasPrefix("```") else {
                Issue.record("README.md:\(i): an example comment must be right above its fenced block")
                continue
            }
            i += 1
            while i < lines.count, !lines[i].hasPrefix("```") {
                if lines[i].hasPrefix("$ plan ") {
                    var text = String(lines[i].dropFirst(2))
                    let start = i + 1
                    while text.hasSuffix("\\"), i + 1 < lines.count {
                        i += 1
                        text = String(text.dropLast()) + " " + lines[i].trimmingCharacters(in: .whitespaces)
                    }
                    example.commands.append(Command(line: start, text: text, shown: []))
                } else if !example.commands.isEmpty {
                    example.commands[example.commands.count - 1].shown.append(lines[i])
                } else {
                    Issue.record("README.md:\(i + 1): an example block starts with `$ plan `")
                }
                i += 1
            }
            found.append(example)
        }
        return found
    }

    /// Shell words: spaces split, '…' and "…" quote, `\` escapes one character.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for c in text {
            if escaped { word.append(c); escaped = false; continue }
            if let q = quote {
                if c == q { quote = nil } else if c == "\\" && q == "\"" { escaped = true } else { word.append(c) }
                continue
            }
            switch c {
            case "'", "\"": quote = c; inWord = true
            case "\\": escaped = true; inWord = true
            case " ", "\t": if inWord { words.append(word); word = ""; inWord = false }
            default: word.append(c); inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// Whether `real` shows `shown`: segments between `…` lines appear in
    /// order and whole; the ends are anchored unless a `…` is there.
    static func matches(_ shown: [String], _ real: [String]) -> Bool {
        func same(_ s: String, _ r: String) -> Bool {
            s.hasSuffix("…") && s != "…" ? r.hasPrefix(String(s.dropLast())) : s == r
        }
        var segments: [[String]] = [[]]
        for s in shown { if s == "…" { segments.append([]) } else { segments[segments.count - 1].append(s) } }
        let openStart = shown.first == "…", openEnd = shown.last == "…"
        var at = 0
        for (n, segment) in segments.enumerated() where !segment.isEmpty || n == 0 || n == segments.count - 1 {
            let first = n == 0, last = n == segments.count - 1
            let candidates: [Int]
            if first && !openStart {
                candidates = [0]
            } else if last && !openEnd {
                candidates = [real.count - segment.count]
            } else {
                candidates = Array(stride(from: at, through: real.count - segment.count, by: 1))
            }
            guard let start = candidates.first(where: { s in
                s >= at && s + segment.count <= real.count
                    && zip(segment, real[s..<(s + segment.count)]).allSatisfy { same($0, $1) }
            }) else { return false }
            if first && last && !openStart && !openEnd && start + segment.count != real.count { return false }
            at = start + segment.count
        }
        return true
    }

    @Test func everyExampleIsARealRun() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 8, "the README has its examples, each under an <!-- example: … --> line")
        for example in examples {
            #expect(example.environment["PLAN_NOW"] != nil && example.environment["TZ"] != nil,
                    "README.md:\(example.line): an example states its clock (PLAN_NOW) and zone (TZ)")
            #expect(!example.commands.isEmpty, "README.md:\(example.line): an example runs at least one command")
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("plan-readme-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: home) }
            var env = example.environment
            env["HOME"] = home.path
            for calendar in example.calendars {
                let out = try CLIRunner.run(["calendar", "add", calendar], environment: env)
                #expect(out.status == 0, "README.md:\(example.line): calendar add \(calendar): \(out.stderr)")
            }
            for command in example.commands {
                var args = Self.words(command.text)
                #expect(args.first == "plan")
                args.removeFirst()
                var stdin: Data?
                if args.count >= 2, args[args.count - 2] == "<" {
                    stdin = try Data(contentsOf: CLIRunner.packageRoot.appendingPathComponent(args[args.count - 1]))
                    args.removeLast(2)
                }
                var shown = command.shown
                while shown.last?.isEmpty == true { shown.removeLast() }
                var status: Int32 = 0
                if let last = shown.last, last.hasPrefix("(exit "), last.hasSuffix(")"), let n = Int32(last.dropFirst(6).dropLast()) {
                    status = n
                    shown.removeLast()
                }
                let out = try CLIRunner.run(args, stdin: stdin, environment: env)
                // A calendar ends its lines with CRLF, one Character in Swift.
                var real = (out.stderr + out.stdout).replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
                while real.last?.isEmpty == true { real.removeLast() }
                #expect(out.status == status, "README.md:\(command.line): `\(command.text)` exits \(out.status), the README says \(status)\n\(out.stderr)")
                #expect(Self.matches(shown, real),
                        "README.md:\(command.line): `\(command.text)` printed\n\(real.joined(separator: "\n"))\nwhich does not show the README's\n\(shown.joined(separator: "\n"))")
            }
        }
    }

    @Test func theComparisonIsStrict() {
        #expect(Self.matches(["a", "b"], ["a", "b"]))
        #expect(!Self.matches(["a"], ["a", "b"]))
        #expect(Self.matches(["a", "…"], ["a", "b"]))
        #expect(Self.matches(["…", "b"], ["a", "b"]))
        #expect(Self.matches(["a", "…", "c"], ["a", "b", "c"]))
        #expect(!Self.matches(["c", "…", "a"], ["a", "b", "c"]))
        #expect(Self.matches(["ab…"], ["abc"]))
        #expect(!Self.matches(["b"], ["a", "b"]))
        #expect(Self.matches([], []))
        #expect(Self.words(#"add-task "History essay" --due 'fri 23:59' a\ b"#) == ["add-task", "History essay", "--due", "fri 23:59", "a b"])
    }
}
