import Foundation
import PlanCore
import PlanICal

/// Section 1: parse and expand semester calendars of growing size, with our
/// importer (as `plan events --json` and as the bare importer call), a bare
/// libical loop (the floor) and the Python peer, each in its own process so
/// that peak RSS is that process's alone.
struct ImportBench {
    /// One measured program on one file.
    struct Measure {
        /// Median wall time.
        var seconds: Double
        /// Median CPU time (user + system).
        var cpuSeconds: Double
        var runs: Int
        var peakRSS: Int
        var count: Int?

        var json: JSON {
            .object([("seconds", .num(seconds, 4)), ("cpuSeconds", .num(cpuSeconds, 4)), ("runs", .int(runs)),
                     ("peakRSSBytes", .int(peakRSS)), ("occurrences", .int(count))])
        }
    }

    struct Row {
        var events: Int
        var bytes: Int
        var occurrences: Int?
        var plan: Measure?
        var importer: Measure?
        var floor: Measure?
        var python: Measure?
        var pythonNote: String?

        var planRate: Double? { plan.flatMap { p in occurrences.map { Double($0) / p.seconds } } }
        var pythonOverPlan: Double? { python.flatMap { py in plan.map { py.seconds / $0.seconds } } }
        var planMemoryShare: Double? { python.flatMap { py in plan.map { Double($0.peakRSS) / Double(py.peakRSS) } } }
        var planOverFloor: Double? { floor.flatMap { f in plan.map { $0.seconds / f.seconds } } }
        var importerOverFloor: Double? { floor.flatMap { f in importer.map { $0.seconds / f.seconds } } }
    }

    static let zone = "America/New_York"
    static let from = "\(SemesterCalendar.year)-01-01"
    static let to = "\(SemesterCalendar.year + 1)-01-01"

    let options: Options
    let plan: [String]
    let python: PythonPeer?
    var rows: [Row] = []

    mutating func run() {
        let sizes = options.importSizes ?? (options.quick ? [1_000] : [1_000, 10_000, 100_000])
        print("1. Import: semester calendars over \(Self.from) … \(Self.to) (\(Self.zone)), seed \(options.seed)")
        for n in sizes {
            let path = options.workdir + "/semester-\(n).ics"
            let bytes = SemesterCalendar.generate(events: n, seed: options.seed)
            writeFile(path, bytes)
            var row = Row(events: n, bytes: bytes.count)
            let runs = options.quick ? 2 : (n <= 10_000 ? 7 : 1)
            row.importer = measure(Child.selfArgv + ["--child", "import", path, Self.from, Self.to, Self.zone], runs: runs)
            row.occurrences = row.importer?.count
            row.plan = measure(plan + ["events", path, "--from", Self.from, "--to", Self.to, "--tz", Self.zone, "--json"],
                               runs: runs, counted: false)
            row.floor = measure(Child.selfArgv + ["--child", "floor", path, Self.from, Self.to, Self.zone], runs: runs)
            if let python {
                if n > 10_000 && !options.pythonAll {
                    row.pythonNote = "skipped above 10k (takes minutes; --python-all runs it)"
                } else {
                    note("Python peer on \(n) events …")
                    row.python = measure(python.argv(path, from: Self.from, to: Self.to, zone: Self.zone), runs: 1)
                    if row.python == nil { row.pythonNote = "the Python peer failed" }
                }
            } else {
                row.pythonNote = options.quick ? "not run with --quick" : "not available"
            }
            rows.append(row)
            print("   \(Format.count(n)) VEVENTs: plan \(Format.ms(row.plan?.seconds)), floor \(Format.ms(row.floor?.seconds)), "
                  + "python \(row.python.map { Format.ms($0.seconds) } ?? (row.pythonNote ?? "-"))")
        }
    }

    /// Runs the command `runs` times: the median wall time and the largest peak RSS.
    /// With `counted`, the child prints the occurrence count on stdout.
    func measure(_ argv: [String], runs: Int, counted: Bool = true) -> Measure? {
        var times: [Double] = []
        var cpu: [Double] = []
        var peak = 0
        var count: Int?
        for _ in 0..<runs {
            let r = Child.run(argv, capture: counted)
            guard r.status == 0 else {
                note("\(argv.prefix(4).joined(separator: " ")) … failed (status \(r.status)): \(r.stderr.suffix(400))")
                return nil
            }
            times.append(r.seconds)
            cpu.append(r.cpuSeconds)
            peak = max(peak, r.peakRSS)
            if counted { count = Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        return Measure(seconds: medianOf(times), cpuSeconds: medianOf(cpu), runs: runs, peakRSS: peak, count: count)
    }

    func table() -> String {
        var out = ""
        var body: [[String]] = []
        for r in rows {
            let occ = r.occurrences
            func rate(_ m: Measure?) -> String { Format.rate(m.flatMap { m in occ.map { Double($0) / m.seconds } }) }
            func row(_ name: String, _ m: Measure?, _ count: Int?) -> [String] {
                [name, Format.count(count), Format.ms(m?.seconds), Format.ms(m?.cpuSeconds), rate(m), Format.mb(m?.peakRSS)]
            }
            body.append([Format.count(r.events)] + row("plan events --json", r.plan, occ))
            body.append([""] + row("importer (no output)", r.importer, occ))
            body.append([""] + row("libical bare loop", r.floor, r.floor?.count))
            if let py = r.python {
                body.append([""] + row("Python peer", py, py.count))
            } else {
                body.append(["", "Python peer", "-", r.pythonNote ?? "-", "", "", ""])
            }
        }
        out += Format.table(["VEVENTs", "program", "occurrences", "wall", "CPU", "occurrences/s", "peak RSS"], body)
        out += "\n"
        var ratios: [[String]] = []
        for r in rows {
            ratios.append([Format.count(r.events), Format.ratio(r.pythonOverPlan), r.planMemoryShare.map { String(format: "%.1f%%", $0 * 100) } ?? "-",
                           Format.ratio(r.planOverFloor), Format.ratio(r.importerOverFloor)])
        }
        out += Format.table(["VEVENTs", "Python ÷ plan (time)", "plan ÷ Python (RSS)", "plan ÷ floor", "importer ÷ floor"], ratios)
        if let g = importGrowth() {
            out += "  growth exponent of plan events from \(Format.count(g.0)) to \(Format.count(g.1)) VEVENTs: \(String(format: "%.2f", g.2)) (1 = linear)\n"
        }
        return out
    }

    /// The growth exponent of `plan events` between the two largest sizes.
    func importGrowth() -> (Int, Int, Double)? {
        let measured = rows.filter { $0.plan != nil && $0.occurrences != nil }
        guard measured.count >= 2 else { return nil }
        let a = measured[measured.count - 2], b = measured[measured.count - 1]
        // Per occurrence: the calendars grow by events, the work by occurrences.
        return (a.events, b.events, growth(a.occurrences!, a.plan!.seconds, b.occurrences!, b.plan!.seconds))
    }

    var json: JSON {
        .object([
            ("window", .object([("from", .string(Self.from)), ("to", .string(Self.to)), ("zone", .string(Self.zone))])),
            ("rows", .array(rows.map { r in
                .object([
                    ("vevents", .int(r.events)), ("bytes", .int(r.bytes)), ("occurrences", .int(r.occurrences)),
                    ("planEvents", r.plan?.json ?? .null), ("importer", r.importer?.json ?? .null),
                    ("libicalFloor", r.floor?.json ?? .null), ("python", r.python?.json ?? .null),
                    ("pythonNote", .str(r.pythonNote)),
                    ("occurrencesPerSecond", .num(r.planRate, 0)),
                    ("pythonTimeOverPlan", .num(r.pythonOverPlan)), ("planRSSOverPython", .num(r.planMemoryShare)),
                    ("planOverFloor", .num(r.planOverFloor)), ("importerOverFloor", .num(r.importerOverFloor)),
                ])
            })),
            ("growthExponent", .num(importGrowth()?.2)),
        ])
    }

    // MARK: Children

    /// `plan-bench --child import|floor FILE FROM TO ZONE`: one import in this
    /// process, printing the occurrence count.
    static func child(_ args: [String]) -> Int32 {
        guard args.count == 5, let zone = SystemZone(identifier: args[4]),
              let from = LocalDate(iso: args[2]), let to = LocalDate(iso: args[3]) else {
            note("usage: plan-bench --child import|floor FILE FROM TO ZONE")
            return 64
        }
        let window = TimeRange(start: zone.resolve(LocalDateTime(date: from)), end: zone.resolve(LocalDateTime(date: to)))
        switch args[0] {
        case "import":
            do {
                let r = try ICalImporter.importFile(path: args[1], options: ImportOptions(window: window, floatingZone: zone))
                print(r.occurrences.count)
            } catch {
                note(error.description)
                return 65
            }
        case "floor":
            guard let data = FileManager.default.contents(atPath: args[1]) else { return 66 }
            print(LibicalFloor.expandBare(bytes: [UInt8](data), window: window))
        default:
            return 64
        }
        return 0
    }
}

/// Python `icalendar` + `recurring-ical-events`, the peer the importer is
/// compared with (pinned as in `.ci/run`).
struct PythonPeer {
    static let pins = ["icalendar==7.3.0", "recurring-ical-events==3.8.2"]
    var python: String
    var script: String

    /// Parses the file and lists every occurrence in the window, like `plan events`.
    static let source = """
    import sys, datetime, zoneinfo
    import icalendar, recurring_ical_events
    path, start, end, tz = sys.argv[1:5]
    zone = zoneinfo.ZoneInfo(tz)
    a = datetime.datetime.fromisoformat(start).replace(tzinfo=zone)
    b = datetime.datetime.fromisoformat(end).replace(tzinfo=zone)
    with open(path, "rb") as f:
        calendar = icalendar.Calendar.from_ical(f.read())
    occurrences = recurring_ical_events.of(calendar).between(a, b)
    print(len(occurrences))
    """

    func argv(_ path: String, from: String, to: String, zone: String) -> [String] {
        [python, script, path, from, to, zone]
    }

    /// The peer, installed with pip when missing; nil (with a note) when it cannot be had.
    static func find(workdir: String) -> PythonPeer? {
        let python = "python3"
        let check = """
        import sys
        from importlib.metadata import version
        import icalendar, recurring_ical_events
        for pin in sys.argv[1:]:
            name, want = pin.split("==")
            if version(name) != want: sys.exit(f"{name} {version(name)} is installed, want {want}")
        """
        var r = Child.run([python, "-c", check] + pins)
        if r.status == 127 {
            note("python3 not found; the Python peer is not measured")
            return nil
        }
        if r.status != 0 {
            note("installing the Python peer: \(pins.joined(separator: " "))")
            let args = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"] + pins
            var install = Child.run(args)
            if install.status != 0, install.stderr.contains("externally-managed") {
                install = Child.run(args + ["--break-system-packages"])
            }
            r = Child.run([python, "-c", check] + pins)
            if r.status != 0 {
                note("the Python peer cannot be had (\((install.stderr + r.stderr).split(separator: "\n").last ?? "pip failed")); it is not measured")
                return nil
            }
        }
        let script = workdir + "/peer.py"
        writeFile(script, Array(source.utf8))
        return PythonPeer(python: python, script: script)
    }
}
