import Foundation
import PlanDAV
import PlanICal
import PlanCore
import PlanJSON
import PlanTimetable

/// Section 13: every reader of outside input grows linearly (issue 46). Each
/// row reads a generated input at 1× and at 10× its size in this process and
/// gives the ratio of the least processor times: at most 12× is linear with room for
/// noise; a quadratic reader shows about 100×. The mail's 1× is 8 MB so that, like its 10×, it does
/// not fit in the processor's cache with the copies the reader makes (a 1.6 MB mail does, here, and
/// reads at three times the speed per byte).
struct ReadersBench {
    let options: Options
    var rows: [Row] = []

    /// One reader at two sizes.
    struct Row {
        var reader: String
        var unit: String
        var small: Int
        var large: Int
        var smallBytes: Int
        var largeBytes: Int
        var smallSeconds: Double
        var largeSeconds: Double
        var ratio: Double { largeSeconds / max(smallSeconds, 1e-9) }
        /// The most the ratio may be (10× the input).
        static let limit = 12.0
    }

    init(options: Options) { self.options = options }

    /// 1× sizes; `--quick` reads a tenth.
    private func size(_ n: Int) -> Int { options.quick ? max(1, n / 10) : n }

    mutating func run() {
        #if canImport(Glibc)
        // Every run at either size reuses the memory of the one before, as the 1× runs do unaided:
        // glibc would give a large block back to the system when freed, so that each 10× run paid
        // first-touch page faults again — a cost per page, not the reader's.
        // mallopt (malloc.h, which Glibc's module leaves out): M_MMAP_MAX is -4, M_TRIM_THRESHOLD -1.
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
            let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
            _ = mallopt(-4, 0)
            _ = mallopt(-1, Int32.max)
        }
        #endif
        print("13. Readers: each at 1× and 10× its input, in this process; the 10× time at most \(Int(Row.limit))× the 1×")
        measure("JSON object (plan rpc, catalogs)", unit: "keys", size(80_000), Self.jsonObject) { bytes in
            guard case .object = try? JSONValue.parse(bytes) else { fatalError("plan-bench: the generated JSON did not read") }
        }
        measure("mail with one long line (plan group reply)", unit: "bytes in the line", size(8_000_000), Self.mailWithLongLine) { bytes in
            guard let calendar = MailReader.calendar(in: bytes).calendar,
                  (try? SchedulingReader.read(calendar, label: "bench.eml")) != nil else { fatalError("plan-bench: the generated mail did not read") }
        }
        measure("calendar with one long line (plan import)", unit: "bytes in the line", size(1_600_000), Self.calendarWithLongLine) { bytes in
            let zone = SystemZone(identifier: "UTC")!
            let window = TimeRange(start: zone.resolve(LocalDateTime(date: LocalDate(year: 2026, month: 12, day: 1))),
                                   end: zone.resolve(LocalDateTime(date: LocalDate(year: 2027, month: 1, day: 1))))
            guard (try? ICalImporter.importData(bytes, label: "bench.ics", options: ImportOptions(window: window, floatingZone: zone)))?
                .occurrences.count == 1 else { fatalError("plan-bench: the generated calendar did not read") }
        }
        measure("multistatus, one long property (plan sync)", unit: "bytes of calendar-data", size(2_000_000), Self.multistatusLongProperty) { bytes in
            guard (try? Multistatus.parse(bytes))?.responses.count == 2 else { fatalError("plan-bench: the generated multistatus did not read") }
        }
        measure("multistatus, many responses (plan sync)", unit: "responses", size(6_000), Self.multistatusManyResponses) { bytes in
            guard let m = try? Multistatus.parse(bytes), !m.responses.isEmpty else { fatalError("plan-bench: the generated multistatus did not read") }
        }
        measure("ratings CSV (plan courses ratings import)", unit: "rows", size(10_000), Self.ratingsCSV) { bytes in
            guard (try? RatingsFile.read(bytes, file: "ratings.csv", format: .csv))?.isEmpty == false else {
                fatalError("plan-bench: the generated ratings did not read")
            }
        }
    }

    /// Times `read` on `make(n)` and `make(10 n)`: the least processor time of this process over
    /// at least five runs (and half a second), so that other work on the machine does not count.
    private mutating func measure(_ reader: String, unit: String, _ n: Int, _ make: (Int) -> [UInt8], _ read: ([UInt8]) -> Void) {
        func least(_ bytes: [UInt8]) -> Double {
            var times: [Double] = []
            var spent = 0.0
            repeat {
                let t0 = Self.processorSeconds()
                read(bytes)
                times.append(Self.processorSeconds() - t0)
                spent += times.last!
            } while times.count < 5 || (spent < 0.5 && times.count < 50)
            return times.min()!
        }
        let small = make(n), large = make(10 * n)
        let row = Row(reader: reader, unit: unit, small: n, large: 10 * n, smallBytes: small.count, largeBytes: large.count,
                      smallSeconds: least(small), largeSeconds: least(large))
        rows.append(row)
        print("   \(reader): \(Format.count(row.small)) → \(Format.count(row.large)) \(unit): \(Format.ms(row.smallSeconds)) → "
              + "\(Format.ms(row.largeSeconds)) (\(Format.ratio(row.ratio)))")
    }

    /// Processor time of this process so far (user and system).
    static func processorSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    // MARK: Inputs

    /// `{"k0":0,"k1":1,…}` with `n` names.
    static func jsonObject(_ n: Int) -> [UInt8] {
        var out: [UInt8] = Array("{".utf8)
        out.reserveCapacity(n * 16)
        for k in 0..<n { out += Array(((k == 0 ? "" : ",") + "\"key\(k)\":\(k)").utf8) }
        return out + Array("}".utf8)
    }

    /// An iMIP invitation whose DESCRIPTION is one unfolded line of `n` bytes, sent as 8bit.
    static func mailWithLongLine(_ n: Int) -> [UInt8] {
        let head = "From: Ada <ada@uni.edu>\r\nTo: Bob <bob@uni.edu>\r\nSubject: Review\r\nMIME-Version: 1.0\r\n"
            + "Content-Type: text/calendar; method=REQUEST; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n"
            + "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//plan-bench//EN\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\n"
            + "UID:bench-review@uni.edu\r\nDTSTAMP:20261201T120000Z\r\nDTSTART:20261210T150000Z\r\nDTEND:20261210T160000Z\r\n"
            + "SUMMARY:Review\r\nORGANIZER;CN=Ada:mailto:ada@uni.edu\r\nATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:bob@uni.edu\r\nDESCRIPTION:"
        return Array(head.utf8) + letters(n) + Array("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
    }

    /// A calendar of one event whose DESCRIPTION is one unfolded line of `n` bytes.
    static func calendarWithLongLine(_ n: Int) -> [UInt8] {
        let mail = mailWithLongLine(n)
        let start = mail.indices.first { mail[$0...].starts(with: Array("BEGIN:VCALENDAR".utf8)) }!
        return Array(mail[start...])
    }

    /// A ratings export of `n` rows (a name with a comma in quotes, a course, a GPA, a rating), a
    /// few names with letters outside ASCII.
    static func ratingsCSV(_ n: Int) -> [UInt8] {
        var out = Array("Professor,Course,Average GPA,Rating\r\n".utf8)
        for k in 0..<n {
            out += Array("\"Lee\(k % 7 == 0 ? "ø" : ""), Ada \(k)\",CS \(100 + k % 400),\(2 + k % 20 / 10).\(k % 10),\(1 + k % 4).5\r\n".utf8)
        }
        return out
    }

    /// A multiget answer of two events, each with `n / 2` bytes of notes in one line.
    static func multistatusLongProperty(_ n: Int) -> [UInt8] {
        multistatus((0..<2).map { response($0, notes: letters(n / 2)) })
    }

    /// A listing of `n` responses, each an href and an etag.
    static func multistatusManyResponses(_ n: Int) -> [UInt8] {
        multistatus((0..<n).map { response($0, notes: nil) })
    }

    private static func response(_ i: Int, notes: [UInt8]?) -> [UInt8] {
        var out = Array("<d:response><d:href>/dav/ada/plan/e\(i).ics</d:href><d:propstat><d:prop><d:getetag>\"etag-\(i)\"</d:getetag>".utf8)
        if let notes {
            out += Array(("<c:calendar-data>BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//plan-bench//EN\r\nBEGIN:VEVENT\r\nUID:e\(i)\r\n"
                          + "DTSTAMP:20261201T120000Z\r\nDTSTART:20261210T150000Z\r\nDTEND:20261210T160000Z\r\nDESCRIPTION:").utf8)
            out += notes
            out += Array("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n</c:calendar-data>".utf8)
        }
        return out + Array("</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>\n".utf8)
    }

    private static func multistatus(_ responses: [[UInt8]]) -> [UInt8] {
        var out = Array("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<d:multistatus xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\">\n".utf8)
        for r in responses { out += r }
        return out + Array("</d:multistatus>\n".utf8)
    }

    /// `n` bytes of words (letters and spaces), the same on every run.
    private static func letters(_ n: Int) -> [UInt8] {
        let word = Array("notes for the review session ".utf8)
        return (0..<n).map { word[$0 % word.count] }
    }

    // MARK: Report

    func table() -> String {
        var out = "| reader | 1× | 10× | 1× time | 10× time | ratio (at most \(Int(Row.limit))×) |\n|---|---|---|---|---|---|\n"
        for r in rows {
            out += "| \(r.reader) | \(Format.count(r.small)) \(r.unit) (\(Format.mb(r.smallBytes))) | \(Format.count(r.large)) (\(Format.mb(r.largeBytes))) "
                + "| \(Format.ms(r.smallSeconds)) | \(Format.ms(r.largeSeconds)) | \(Format.ratio(r.ratio))\(r.ratio > Row.limit ? " (over)" : "") |\n"
        }
        return out
    }

    var json: JSON {
        .array(rows.map { r in
            .object([("reader", .string(r.reader)), ("unit", .string(r.unit)), ("small", .int(r.small)), ("large", .int(r.large)),
                     ("smallBytes", .int(r.smallBytes)), ("largeBytes", .int(r.largeBytes)),
                     ("smallSeconds", .num(r.smallSeconds, 6)), ("largeSeconds", .num(r.largeSeconds, 6)), ("ratio", .num(r.ratio, 2))])
        })
    }
}
