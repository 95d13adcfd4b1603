import FuzzDriver
import PlanFuzz

/// The process entry point (SwiftPM links `main` to it): libFuzzer over ``FuzzTarget/catalog``.
@_cdecl("FuzzCatalog_main")
func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    fuzzMain(.catalog, argc: argc, argv: argv)
}
