import FuzzDriver
import Glibc
import PlanFuzz

/// Called by libFuzzer before the first input: the session's private
/// directory becomes the current one, so that a file a request names (always
/// one name: see ``RPCEntry``) is there.
@_cdecl("LLVMFuzzerInitialize")
func initialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 {
    guard chdir(RPCEntry.directory) == 0 else {
        print("FuzzRPC: cannot enter \(RPCEntry.directory)")
        exit(1)
    }
    return 0
}

/// The process entry point (SwiftPM links `main` to it): libFuzzer over ``FuzzTarget/rpc``.
@_cdecl("FuzzRPC_main")
func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    fuzzMain(.rpc, argc: argc, argv: argv)
}
