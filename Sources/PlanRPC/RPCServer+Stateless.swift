import Foundation
import PlanCore
import PlanICal
import PlanJSON
import PlanProtocol
import PlanService
import PlanStore

/// The stateless methods (`events.expand`, `schedule`): no store is opened.
extension RPCServer {
    /// `{"path": …}` or `{"ics": …}` at `pointer`.
    static func calendarInput(_ v: JSONValue, pointer: String, index: Int) throws(RPCError) -> StatelessSchedule.CalendarInput {
        guard case .object(let m) = v else { throw RPCError.params(pointer, "expected {\"path\": …} or {\"ics\": …}, got \(v.typeName)") }
        let c = Params(members: m, base: pointer)
        try c.allowOnly(["path", "ics"])
        switch (c.has("path"), c.has("ics")) {
        case (true, false): return .path(try c.name("path"))
        case (false, true): return .ics(try c.string("ics"), label: "<calendars/\(index)>")
        default: throw RPCError.params(pointer, "give exactly one of \"path\" (an .ics file) and \"ics\" (its text)")
        }
    }

    func eventsExpand(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["path", "ics", "from", "to", "tz", "maxPerSeries"])
        let input = try Self.calendarInput(.object(p.members.filter { $0.0 == "path" || $0.0 == "ics" }), pointer: "", index: 0)
        let zoneName = try p.optionalString("tz") ?? environment.localZone
        guard let zone = SystemZone(identifier: zoneName) else {
            throw RPCError.params(p.pointer("tz"), "unknown time zone \"\(zoneName)\" (expected an IANA name such as America/New_York)")
        }
        let maxPerSeries = try p.optionalInt("maxPerSeries", in: 1...100_000) ?? 100_000
        func instant(_ key: String) throws(RPCError) -> Instant? {
            guard let text = try p.optionalString(key) else { return nil }
            guard let v = DateText.parse(text) else {
                throw RPCError.params(p.pointer(key), "\"\(text)\" is not a date or date-time (2026-11-23, 2026-11-23T08:00, 2026-11-23T08:00:00-05:00)")
            }
            return v.instant(in: zone)
        }
        let start = try instant("from") ?? zone.resolve(LocalDateTime(date: zone.local(environment.clock()).date))
        let end = try instant("to") ?? zone.resolve(LocalDateTime(date: zone.local(start).date.adding(days: 7)))
        guard start < end else { throw RPCError.params(p.pointer("to"), "must be after \"from\"") }
        guard end - start <= RPCLimits.maxExpandWindow else {
            throw RPCError.params(p.pointer("to"), "the window is longer than ten years, the most plan rpc expands")
        }
        let options = ImportOptions(window: TimeRange(start: start, end: end), floatingZone: zone, maxOccurrencesPerSeries: maxPerSeries)
        let result: ImportResult
        do {
            switch input {
            case .path(let path): result = try ICalImporter.importFile(path: path, options: options)
            case .ics(let text, _): result = try ICalImporter.importData(Array(text.utf8), label: "<ics>", options: options)
            }
        } catch {
            throw RPCError(.calendar(error), pointer: p.has("path") ? p.pointer("path") : p.pointer("ics"))
        }
        return Self.encode(Wire.Expanded(occurrences: result.occurrences.map { Wire.Occurrence($0, zone: zone) },
                                        eventCount: result.eventCount, warnings: result.warnings))
    }

    /// The stateless contract: params are a schedule request plus
    /// `calendars`; the result is exactly the contract's response.
    func schedule(_ p: Params) throws(RPCError) -> String {
        var calendars: [StatelessSchedule.CalendarInput] = []
        for (i, v) in (try p.optionalArray("calendars") ?? []).enumerated() {
            calendars.append(try Self.calendarInput(v, pointer: p.pointer("calendars") + "/\(i)", index: i))
        }
        let request = JSONValue.object(p.members.filter { $0.0 != "calendars" })
        let input: ScheduleInput
        do {
            input = try ScheduleRequest.decode(request).validated(defaultNow: environment.clock())
        } catch {
            throw RPCError.params(error.field, error.message, kind: error.kind.rawValue)
        }
        do {
            try StatelessSchedule.checkLimits(input)
        } catch {
            throw RPCError.params(error.field, error.message)
        }
        do {
            let (response, warnings) = try StatelessSchedule.run(input, calendars: calendars)
            for w in warnings { environment.log("plan rpc: \(w)") }
            // The contract's members in the contract's order, compact for the wire.
            return response.json.text
        } catch {
            throw RPCError(.calendar(error.error), pointer: p.pointer("calendars") + "/\(error.index)")
        }
    }
}
