import ArgumentParser

/// The fish completion script, made to work on fish 3 as well as fish 4.
///
/// ArgumentParser's script asks fish for the cursor's place in the word being completed
/// with `commandline -tC`, which fish before 4 reads as an attempt to *set* the command line
/// ("Can not set commandline in non-interactive mode"): every completion plan makes itself
/// (task ids, projects, saved timetables) then offers nothing, on Debian 12's fish 3.6 for
/// one. On fish 3 that place is the length of the word up to the cursor, `commandline -ct`.
enum FishCompletionScript {
    /// The script `plan --generate-completion-script fish` prints.
    static var text: String { patched(PlanCommand.completionScript(for: .fish)) }

    /// `script` with its token function answering `-tC` on fish 3; unchanged when it has
    /// no such function (another ArgumentParser's script).
    static func patched(_ script: String) -> String {
        let fish3 = """
                else
                    commandline -o $argv
                end
            end
            """
        let fish3WithCursor = """
                else if test "$argv" = -tC
                    set -l token (commandline -ct)
                    string length -- "$token"
                else
                    commandline -o $argv
                end
            end
            """
        guard script.contains("function __plan_tokens"), let range = script.range(of: fish3) else { return script }
        return script.replacingCharacters(in: range, with: fish3WithCursor)
    }
}
