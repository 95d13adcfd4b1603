import Foundation
import PlanCore

/// Section 8: one `plan rpc` session answering 100,000 mixed requests
/// (2,000 with `--quick`), one at a time, each answer read before the next
/// request is sent.
///
/// The store is fresh, with one registered calendar. The mix, in a fixed
/// rotation: `task.add` (each task removed again ten requests later, so
/// the plan keeps its size), `task.list`, `plan.agenda`, `plan.replan`
/// (dry run), `events.expand`, the stateless `schedule`, `task.get`, and
/// three errors: an unknown method, bad params, an unknown task. Every
/// request's latency is kept; the server's resident memory (`VmRSS`) is read
/// every 1,000 requests. Memory is flat when the last reading is within
/// 10 % of the one after warm-up (10,000 requests; 1,000 with `--quick`).
struct SoakBench {
    let options: Options
    let plan: [String]
    var requests: Int { options.quick ? 2_000 : 100_000 }
    var warmUp: Int { options.quick ? 1_000 : 10_000 }
    static let sampleEvery = 1_000

    var latencies: [Double] = []
    /// (requests answered, resident bytes).
    var rss: [(Int, Int)] = []
    var wrongAnswers = 0
    var note: String?

    var rssAfterWarmUp: Int? { rss.first { $0.0 >= warmUp }?.1 }
    var rssAtEnd: Int? { rss.last?.1 }
    /// The growth from warm-up to the end, as a fraction.
    var growth: Double? {
        guard let a = rssAfterWarmUp, let b = rssAtEnd, a > 0 else { return nil }
        return Double(b - a) / Double(a)
    }
    var flat: Bool? { growth.map { abs($0) <= 0.10 } }

    func percentile(_ p: Double) -> Double? {
        guard !latencies.isEmpty else { return nil }
        let sorted = latencies.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
    }

    mutating func run() {
        print("8. Soak: one plan rpc session, \(Format.count(requests)) mixed requests")
        let dir = options.freshFolder("soak")
        let calendar = dir + "/student.ics"
        writeFile(calendar, SemesterCalendar.personal(events: options.quick ? 200 : 500, seed: options.seed))
        var env = ProcessInfo.processInfo.environment
        env["PLAN_STORE"] = dir + "/plan.sqlite"
        env["PLAN_NOW"] = EndToEndBench.nowText(0)
        env["TZ"] = EndToEndBench.zone
        env["NO_COLOR"] = "1"
        guard let server = LineServer(plan + ["rpc"], environment: env) else {
            note = "cannot start \((plan + ["rpc"]).joined(separator: " "))"
            print("   " + note!)
            return
        }
        let setUp = [#"{"jsonrpc":"2.0","id":"init","method":"initialize","params":{}}"#,
                     #"{"jsonrpc":"2.0","id":"cal","method":"calendar.add","params":{"path":"\#(calendar)","name":"student"}}"#]
        for line in setUp {
            guard let answer = server.request(line), answer.contains("\"result\"") else {
                _ = server.finish()
                note = "the session could not be set up: \(line)"
                print("   " + note!)
                return
            }
        }
        latencies.reserveCapacity(requests)
        let started = Child.monotonicSeconds()
        for k in 0..<requests {
            let (line, wantsError) = Self.request(k, calendar: calendar)
            let t0 = Child.monotonicSeconds()
            guard let answer = server.request(line) else {
                note = "plan rpc went away after \(k) requests"
                print("   " + note!)
                break
            }
            latencies.append(Child.monotonicSeconds() - t0)
            if answer.contains("\"error\"") != wantsError {
                wrongAnswers += 1
                if wrongAnswers == 1 { print("   unexpected answer to \(line.prefix(120)): \(answer.prefix(200))") }
            }
            if (k + 1) % Self.sampleEvery == 0, let bytes = Child.residentBytes(server.pid) {
                rss.append((k + 1, bytes))
            }
        }
        let seconds = Child.monotonicSeconds() - started
        let status = server.finish()
        if status != 0 { print("   plan rpc exited with status \(status)") }
        print("   \(Format.count(latencies.count)) answers in \(String(format: "%.1f", seconds)) s; latency p50 \(Format.ms(percentile(0.5))), "
              + "p99 \(Format.ms(percentile(0.99))), max \(Format.ms(latencies.max()))")
        print("   RSS after \(Format.count(warmUp)): \(Format.mb(rssAfterWarmUp)), at the end: \(Format.mb(rssAtEnd))"
              + (growth.map { String(format: " (%+.1f %%, ", $0 * 100) + (flat == true ? "flat)" : "NOT within 10 %)") } ?? ""))
        if wrongAnswers > 0 { print("   \(wrongAnswers) answers were not what the request called for") }
    }

    /// Request `k` of the rotation, and whether it should be answered with an error.
    static func request(_ k: Int, calendar: String) -> (String, Bool) {
        let id = "\"id\":\(k)"
        let year = SemesterCalendar.year
        switch k % 12 {
        case 0:
            // Removed again at k + 10 (case 10), so the plan stays small.
            let day = 1 + (k / 12) % 28
            return (#"{"jsonrpc":"2.0",\#(id),"method":"task.add","params":{"title":"Soak \#(k)","id":"soak-\#(k)","estimate":"90m","span":"1h","due":"\#(year)-03-\#(day < 10 ? "0" : "")\#(day)"}}"#, false)
        case 1: return (#"{"jsonrpc":"2.0",\#(id),"method":"task.list"}"#, false)
        case 2: return (#"{"jsonrpc":"2.0",\#(id),"method":"plan.agenda","params":{"from":"\#(year)-02-01","days":7}}"#, false)
        case 3: return (#"{"jsonrpc":"2.0",\#(id),"method":"plan.replan","params":{"dryRun":true}}"#, false)
        case 4:
            let ics = #"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//plan//soak//EN\r\nBEGIN:VEVENT\r\nUID:s\#(k % 97)@soak\r\nDTSTAMP:20260801T000000Z\r\nDTSTART;TZID=America/New_York:\#(year)0202T140000\r\nDTEND;TZID=America/New_York:\#(year)0202T153000\r\nRRULE:FREQ=WEEKLY;COUNT=12\r\nSUMMARY:Seminar\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"#
            return (#"{"jsonrpc":"2.0",\#(id),"method":"events.expand","params":{"ics":"\#(ics)","from":"\#(year)-02-01","to":"\#(year)-05-01","tz":"America/New_York"}}"#, false)
        case 5:
            return (#"{"jsonrpc":"2.0",\#(id),"method":"schedule","params":{"timeZone":"America/New_York","now":"\#(year)-01-25T08:00:00-05:00","tasks":[{"id":"a","title":"Reading","estimate":"PT2H","due":"\#(year)-02-05"},{"id":"b","title":"Essay","estimate":"PT5H","span":"PT1H30M","due":"\#(year)-02-12","after":["a"]}],"calendars":[{"path":"\#(calendar)"}]}}"#, false)
        case 6: return (#"{"jsonrpc":"2.0",\#(id),"method":"no.such.method","params":{}}"#, true)
        case 7: return (#"{"jsonrpc":"2.0",\#(id),"method":"task.add","params":{"title":"No estimate","due":"tomorrow"}}"#, true)
        case 8: return (#"{"jsonrpc":"2.0",\#(id),"method":"task.get","params":{"task":"soak-\#(k - 8)"}}"#, false)
        case 9: return (#"{"jsonrpc":"2.0",\#(id),"method":"task.get","params":{"task":"no-such-task-\#(k)"}}"#, true)
        case 10: return (#"{"jsonrpc":"2.0",\#(id),"method":"task.remove","params":{"task":"soak-\#(k - 10)"}}"#, false)
        default: return (#"{"jsonrpc":"2.0",\#(id),"method":"plan.agenda","params":{"from":"\#(year)-02-08","days":3}}"#, false)
        }
    }

    func table() -> String {
        let rows = [[
            Format.count(latencies.count), Format.ms(percentile(0.5)), Format.ms(percentile(0.99)), Format.ms(latencies.max()),
            Format.mb(rssAfterWarmUp), Format.mb(rssAtEnd), growth.map { String(format: "%+.1f %%", $0 * 100) } ?? "-",
            flat.map { $0 ? "yes" : "no" } ?? (note ?? "-"),
        ]]
        return Format.table(["requests", "p50", "p99", "max", "RSS after \(Format.count(warmUp))", "RSS at end", "growth", "within 10 %"], rows)
    }

    var json: JSON {
        .object([
            ("requests", .int(latencies.count)), ("p50Seconds", .num(percentile(0.5), 5)), ("p99Seconds", .num(percentile(0.99), 5)),
            ("maxSeconds", .num(latencies.max(), 5)), ("warmUpRequests", .int(warmUp)), ("rssAfterWarmUpBytes", .int(rssAfterWarmUp)),
            ("rssAtEndBytes", .int(rssAtEnd)), ("growth", .num(growth, 4)), ("flat", flat.map { JSON.bool($0) } ?? .null),
            ("rssSamples", .array(rss.map { .object([("requests", .int($0.0)), ("bytes", .int($0.1))]) })),
            ("wrongAnswers", .int(wrongAnswers)), ("note", .str(note)),
        ])
    }
}
