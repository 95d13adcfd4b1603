import PlanFuzz

/// libFuzzer's driver (compiler-rt), linked in by `-sanitize=fuzzer`: it
/// parses libFuzzer's options from `argv` and calls `callback` with each input.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// The target this process fuzzes (set once, before the driver starts).
nonisolated(unsafe) private var current = FuzzTarget.importer

/// Runs libFuzzer over `target` with the process's arguments; returns its exit status.
public func runLibFuzzer(_ target: FuzzTarget, argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    current = target
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        current.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
}
