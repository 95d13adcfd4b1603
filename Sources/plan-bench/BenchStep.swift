/// One step of a section that runs `plan` processes one after another (term, weekly):
/// what it was, how the process ran, and the line of its output kept as a note.
struct BenchStep {
    var label: String
    var run: ChildRun
    var note: String

    /// The step in the report's JSON.
    var json: JSON {
        .object([("step", .string(label)), ("status", .int(Int(run.status))), ("seconds", .num(run.seconds, 4)),
                 ("cpuSeconds", .num(run.cpuSeconds, 4)), ("peakRSSBytes", .int(run.peakRSS)), ("said", .string(note))])
    }
}
