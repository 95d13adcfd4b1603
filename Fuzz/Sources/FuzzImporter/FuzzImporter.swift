import FuzzDriver
import PlanFuzz

/// The process entry point (SwiftPM links `main` to it): libFuzzer over ``FuzzTarget/importer``.
@_cdecl("FuzzImporter_main")
func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    fuzzMain(.importer, argc: argc, argv: argv)
}
