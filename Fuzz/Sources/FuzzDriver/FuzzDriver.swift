import PlanFuzz

/// libFuzzer's driver (compiler-rt), linked in by `-sanitize=fuzzer`: it
/// parses libFuzzer's options from `argv` and calls `callback` with each input.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// The target this process fuzzes, set once by ``fuzzMain(_:argc:argv:)``
/// before libFuzzer starts and only read after.
nonisolated(unsafe) private var fuzzed: FuzzTarget?

/// One input: the fuzzed target on its bytes. libFuzzer calls it from its
/// driver, or from its own `main` when a linker picks that one.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzed?.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

/// What each executable's entry point (`<Executable>_main`, which SwiftPM
/// links `main` to) does: libFuzzer over `target` with the process's
/// arguments; returns its exit status.
public func fuzzMain(_ target: FuzzTarget, argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    fuzzed = target
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in testOneInput(data, size) }
}
