import FuzzDriver
import PlanFuzz

/// One input: ``FuzzTarget/multistatus`` on its bytes. libFuzzer calls it from its
/// driver (below), or from its own `main` when a linker picks that one.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.multistatus.run(inputBytes(data, size))
    return 0
}

/// The process entry point (SwiftPM links `main` to it): libFuzzer's driver.
@_cdecl("FuzzMultistatus_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc: argc, argv: argv) { data, size in testOneInput(data, size) }
}
