import FuzzDriver
import Glibc
import PlanFuzz

/// One input: ``FuzzTarget/rpc`` on its bytes. libFuzzer calls it from its
/// driver (below), or from its own `main` when a linker picks that one.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.rpc.run(inputBytes(data, size))
    return 0
}

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

/// The process entry point (SwiftPM links `main` to it): libFuzzer's driver.
@_cdecl("FuzzRPC_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc: argc, argv: argv) { data, size in testOneInput(data, size) }
}
