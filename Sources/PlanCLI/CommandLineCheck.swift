import ArgumentParser
import PlanCore

/// What plan says, before ArgumentParser reads the command line, about the two mistakes
/// ArgumentParser words poorly: a mistyped command (`plan agnda` is "Unexpected argument",
/// `plan add-tsk x --estimate 1h` "Unknown option '--estimate'") and a mistyped option next
/// to a missing one (`--estimat 2h` is "Missing expected argument '--estimate'"). The
/// command is named with the nearest real one; an unknown option is named before anything
/// is found missing, with the nearest real option.
enum CommandLineCheck {
    /// A usage error for `arguments`, with the command path it was found under (for
    /// "See 'plan … --help'"); nil when ArgumentParser should read them as they are.
    static func problem(_ arguments: [String]) -> (message: String, path: [String])? {
        // The shell asking for completions (`plan ---completion …`) is ArgumentParser's to answer.
        if arguments.first?.hasPrefix("---") == true { return nil }
        var command: any ParsableCommand.Type = PlanCommand.self
        var path: [String] = []
        var i = 0
        // The commands typed, down to the one that runs.
        while i < arguments.count, !arguments[i].hasPrefix("-") {
            let word = arguments[i]
            let subcommands = command.configuration.subcommands
            if subcommands.isEmpty { break }
            if path.isEmpty && word == "help" { return nil }
            guard let next = subcommands.first(where: { $0._commandName == word }) else {
                // A group with a default command takes the word as that command's argument.
                if command.configuration.defaultSubcommand != nil { break }
                return unknownCommand(word, among: subcommands.map { $0._commandName }, path: path)
            }
            command = next
            path.append(word)
            i += 1
        }
        // Long options the command does not have, before ArgumentParser finds one missing.
        var known = options(of: command)
        // A group with a default command (`plan grades`) runs it with these options.
        if let run = command.configuration.defaultSubcommand { known.formUnion(options(of: run)) }
        for token in arguments[i...] {
            if token == "--" { break }
            guard token.hasPrefix("--"), token.count > 2 else { continue }
            let name = String(token.split(separator: "=", maxSplits: 1)[0])
            if known.contains(name) { continue }
            let hint = EditDistance.nearest(name, in: known.sorted()).map { " Did you mean '\($0)'?" } ?? ""
            return ("Unknown option '\(name)'.\(hint)", path)
        }
        return nil
    }

    /// `Unknown command 'agnda'. Did you mean 'agenda'?`, else the commands there are.
    private static func unknownCommand(_ word: String, among names: [String], path: [String]) -> (message: String, path: [String]) {
        let what = path.isEmpty ? "command" : "\(path.joined(separator: " ")) command"
        let hint = EditDistance.nearest(word, in: names).map { " Did you mean '\($0)'?" }
            ?? " The commands: \(names.joined(separator: ", "))."
        return ("Unknown \(what) '\(word)'.\(hint)", path)
    }

    /// The long options `command` lists in its help (`--estimate`, `--store`, `--help`).
    static func options(of command: any ParsableCommand.Type) -> Set<String> {
        let help = command.helpMessage(columns: 10_000)
        // ArgumentParser's own, on every command, listed or not.
        var out: Set<String> = ["--help", "--version", "--experimental-dump-help", "--generate-completion-script"]
        var i = help.startIndex
        while let dash = help[i...].range(of: "--") {
            var end = dash.upperBound
            while end < help.endIndex, help[end].isLetter || help[end].isNumber || help[end] == "-" { end = help.index(after: end) }
            if end > dash.upperBound, help[dash.upperBound].isLetter { out.insert(String(help[dash.lowerBound..<end])) }
            i = end > dash.upperBound ? end : dash.upperBound
        }
        return out
    }
}
