import FuzzDriver
import Glibc
import PlanFuzz

/// The process entry point (SwiftPM links `main` to it): libFuzzer over
/// ``FuzzTarget/rpc``, run from the session's private directory so that a
/// file a request names (always one name: see ``RPCEntry``) is there.
@_cdecl("FuzzRPC_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    guard chdir(RPCEntry.directory) == 0 else {
        print("FuzzRPC: cannot enter \(RPCEntry.directory)")
        return 1
    }
    return runLibFuzzer(.rpc, argc: argc, argv: argv)
}
