import FuzzDriver
import PlanFuzz

/// The process entry point (SwiftPM links `main` to it): libFuzzer over ``FuzzTarget/multistatus``.
@_cdecl("FuzzMultistatus_main")
func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    fuzzMain(.multistatus, argc: argc, argv: argv)
}
