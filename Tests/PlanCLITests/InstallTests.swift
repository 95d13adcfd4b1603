import Foundation
import Testing

/// `Packaging/install.sh` into a throwaway prefix, from the binaries these
/// tests run: the binary, a man page and three completion scripts in their
/// usual places, each naming every command the binary has.
@Suite struct InstallTests {
    /// Every command path of the binary (`["add-task"]`, `["grades", "unit", "add"]`),
    /// read from its own `--experimental-dump-help`, not from the page.
    static func commandPaths() throws -> [[String]] {
        let dump = try CLIRunner.run(["--experimental-dump-help"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var out: [[String]] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                guard let name = sub["commandName"] as? String, name != "help", sub["shouldDisplay"] as? Bool != false else { continue }
                out.append(path + [name])
                walk(sub, path + [name])
            }
        }
        walk(try #require(object["command"] as? [String: Any]), [])
        return out
    }

    @Test func installPutsTheToolItsManPageAndCompletionsInTheUsualPlaces() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("plan-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let built = CLIRunner.binary.deletingLastPathComponent().path
        let installed = try CLIRunner.runTool(["bash", "Packaging/install.sh", "--prefix", prefix.path, "--from", built])
        try #require(installed.status == 0, "\(installed.stderr)")
        func read(_ relative: String) throws -> String {
            try String(contentsOf: prefix.appendingPathComponent(relative), encoding: .utf8)
        }
        // The installed binary runs and says its version.
        let version = try CLIRunner.runTool([prefix.appendingPathComponent("bin/plan").path, "--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("plan "))

        let paths = try Self.commandPaths()
        #expect(paths.count > 40 && paths.contains(["doctor"]) && paths.contains(["grades", "unit", "add"]))
        let page = try read("share/man/man1/plan.1")
        #expect(page.contains(".TH PLAN 1"))
        // The options every command shares are on the page too.
        #expect(page.contains("quiet") && page.contains("verbose"), "plan.1 does not document --quiet and --verbose")
        #expect(page.contains("\"\(version.stdout.split(separator: "\n").first ?? "")\""), "the page names the binary's version")
        for path in paths {
            #expect(page.contains(".SS \"plan \(path.joined(separator: " "))\""), "plan.1 has no section for plan \(path.joined(separator: " "))")
        }
        let topLevel = Set(paths.map { $0[0] })
        for (file, needle) in [("share/bash-completion/completions/plan", "-F _plan plan"),
                               ("share/zsh/site-functions/_plan", "#compdef plan"),
                               ("share/fish/vendor_completions.d/plan.fish", "complete -c 'plan'")] {
            let script = try read(file)
            #expect(script.contains(needle), "\(file)")
            for name in topLevel {
                #expect(script.contains(name), "\(file) does not complete \(name)")
            }
        }
        // The page is clean roff, where groff is there to say so.
        let lint = try CLIRunner.runTool(["groff", "-man", "-Tutf8", "-ww", "-z", prefix.appendingPathComponent("share/man/man1/plan.1").path])
        if lint.status == 127 {
            print("InstallTests: groff not installed; the man page's roff was not linted")
        } else {
            #expect(lint.status == 0 && lint.stderr.isEmpty, "\(lint.stderr)")
        }
    }

    @Test func bashCompletesSubcommandsAndOptions() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("plan-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let built = CLIRunner.binary.deletingLastPathComponent().path
        try #require(try CLIRunner.runTool(["bash", "Packaging/install.sh", "--prefix", prefix.path, "--from", built]).status == 0)
        // The completion function called as bash calls it (command, word, previous word), for `plan ba` and `plan doctor --j`.
        let script = prefix.appendingPathComponent("share/bash-completion/completions/plan").path
        let probe = """
            source '\(script)'
            PATH='\(prefix.appendingPathComponent("bin").path)':$PATH
            COMP_WORDS=(plan ba); COMP_CWORD=1; COMP_LINE='plan ba'; COMP_POINT=${#COMP_LINE}
            _plan plan ba plan; echo "${COMPREPLY[*]}"
            COMPREPLY=()
            COMP_WORDS=(plan doctor --j); COMP_CWORD=2; COMP_LINE='plan doctor --j'; COMP_POINT=${#COMP_LINE}
            _plan plan --j doctor; echo "${COMPREPLY[*]}"
            """
        let out = try CLIRunner.runTool(["bash", "-c", probe])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout == "backup\n--json\n", "\(out.stdout)\(out.stderr)")
    }
}

/// `plan --version` names the libraries the process runs with, checked
/// against what the system says it has (pkg-config), where it can say.
@Suite struct VersionTests {
    @Test func versionNamesPlanAndTheLinkedLibraries() throws {
        let out = try CLIRunner.run(["--version"])
        #expect(out.status == 0)
        let lines = out.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(out.stdout)")
        guard lines.count == 4 else { return }
        #expect(lines[0].hasPrefix("plan ") && lines[0].dropFirst(5).split(separator: ".").count == 3)
        #expect(lines[2].hasSuffix(" (store schema \(StoreFaultTests.schema))") && StoreFaultTests.schema > 0)
        let said = [("libical", lines[1]), ("sqlite3", lines[2]), ("librsvg-2.0", lines[3])]
        for (module, line) in said {
            let version = line.split(separator: " ").dropFirst().first.map(String.init) ?? ""
            #expect(version.split(separator: ".").count == 3 && version.allSatisfy { $0.isNumber || $0 == "." }, "\(line)")
            let system = try CLIRunner.runTool(["pkg-config", "--modversion", module])
            if system.status == 0 {
                #expect(version == system.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "\(line) vs pkg-config \(module) \(system.stdout)")
            } else {
                print("VersionTests: pkg-config cannot say the version of \(module); only the form of \"\(line)\" was checked")
            }
        }
    }
}

/// librsvg and cairo are opened only when a picture is drawn: the binary
/// does not name them (so the ~40 libraries they bring are not loaded and
/// bound by every command), and `plan --version` still finds them.
@Suite struct PictureLibraryTests {
    @Test func theDrawingLibrariesAreNotLoadedAtStart() throws {
        let dump = try CLIRunner.runTool(["objdump", "-p", CLIRunner.binary.path])
        guard dump.status == 0 else {
            print("PictureLibraryTests: objdump is not here (status \(dump.status)); the binary's libraries were not read")
            return
        }
        let needed = dump.stdout.split(separator: "\n").filter { $0.contains("NEEDED") }.map(String.init)
        #expect(needed.contains { $0.contains("libsqlite3") }, "\(needed)")
        for lib in ["librsvg", "libcairo", "libpango", "libgdk_pixbuf", "libfontconfig"] {
            #expect(!needed.contains { $0.contains(lib) }, "\(lib) in \(needed)")
        }
        let version = try CLIRunner.run(["--version"])
        #expect(version.stdout.split(separator: "\n").last?.hasPrefix("librsvg 2.") == true, "\(version.stdout)")
    }
}
