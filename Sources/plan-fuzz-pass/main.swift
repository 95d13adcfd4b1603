import Foundation
import PlanFuzz

// plan-fuzz-pass TARGET INPUTS REPOSITORY DIRECTORY: the short fuzz pass of
// one target (FuzzPass), for MutationPassTests, which runs it in a process
// of its own: a crash ends only this process, and the requests of the rpc
// target, which may name files, find them in RPCEntry.directory (made the
// current one here, as Fuzz/Sources/FuzzRPC does), not in the tests' folder.
// Prints one summary line; exit 0, or 1 for an input over the time limit
// (saved in DIRECTORY and named on stderr), 2 for bad usage.
let args = CommandLine.arguments.dropFirst()
guard args.count == 4, let target = FuzzTarget(rawValue: args[1]), let inputs = Int(args[2]), inputs >= 0 else {
    FileHandle.standardError.write(Data("usage: plan-fuzz-pass TARGET INPUTS REPOSITORY DIRECTORY (targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: " ")))\n".utf8))
    exit(2)
}
guard FileManager.default.changeCurrentDirectoryPath(RPCEntry.directory) else {
    FileHandle.standardError.write(Data("plan-fuzz-pass: cannot enter \(RPCEntry.directory)\n".utf8))
    exit(1)
}
let summary = FuzzPass.run(target, inputs: inputs, seeds: FuzzSeeds(repository: URL(fileURLWithPath: args[3])),
                           directory: URL(fileURLWithPath: args[4]), limit: FuzzTarget.debugTimeLimit)
print("fuzz pass: \(summary)")
