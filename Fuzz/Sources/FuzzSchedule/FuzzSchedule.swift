import FuzzDriver
import PlanFuzz

/// The process entry point (SwiftPM links `main` to it): libFuzzer over ``FuzzTarget/schedule``.
@_cdecl("FuzzSchedule_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(.schedule, argc: argc, argv: argv)
}
