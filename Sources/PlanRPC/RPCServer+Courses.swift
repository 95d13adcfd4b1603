import Foundation
import PlanCore
import PlanJSON
import PlanProtocol
import PlanService
import PlanTimetable

/// The `courses.*` methods: `plan courses` for editors, with the same
/// service calls and the same checks of their inputs (``BuildRequest``,
/// ``CatalogFileRequest``); `Schemas/methods/courses.*` describe them.
extension RPCServer {
    /// A refused input, pointed at its parameter.
    func params(_ e: CoursesInputError, _ p: Params) -> RPCError {
        let key = e.field.hasPrefix("term") || e.field == "timeZone" ? "term" : e.field
        return RPCError.params(p.pointer(key), e.paramsMessage)
    }

    /// `path`, `format`, `encoding` and `term` {name, start, end, timeZone} of a catalog file.
    func catalogFile(_ p: Params, pathKey: String) throws(RPCError) -> CatalogFileRequest {
        var request = CatalogFileRequest(path: try p.name(pathKey))
        request.format = try p.optionalString("format") ?? "auto"
        request.encoding = try p.optionalString("encoding")
        if let term = try p.optionalObject("term") {
            try term.allowOnly(["name", "start", "end", "timeZone"])
            request.termName = try term.optionalString("name")
            request.termStart = try term.string("start")
            request.termEnd = try term.string("end")
            request.timeZone = try term.string("timeZone")
        }
        return request
    }

    func readCatalog(_ request: CatalogFileRequest, _ p: Params, pathKey: String) throws(RPCError) -> Catalog {
        try loadCatalog(request, p, pathKey: pathKey).catalog
    }

    func loadCatalog(_ request: CatalogFileRequest, _ p: Params, pathKey: String) throws(RPCError) -> ImportedCatalog {
        do {
            return try request.load()
        } catch let e as CoursesInputError {
            throw params(e, p)
        } catch let e as ServiceError {
            throw RPCError(e, pointer: p.pointer(pathKey))
        } catch {
            throw RPCError(ServiceError(error), pointer: p.pointer(pathKey))
        }
    }

    func coursesImport(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["path", "format", "encoding", "term"])
        let imported = try loadCatalog(try catalogFile(p, pathKey: "path"), p, pathKey: "path")
        let path = try p.string("path")
        return try withService { service in
            Self.encode(Wire.CatalogSummary(try service.importCatalog(imported.catalog, source: path), warnings: imported.warnings))
        }
    }

    func coursesSearch(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["text"])
        let text = try p.name("text")
        return try withService { service in
            Self.encode(CourseSearch.find(text, in: try service.catalog().catalog).map(Wire.CourseSummary.init))
        }
    }

    func coursesBuild(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["courses", "catalog", "format", "encoding", "term", "top", "noEarlier", "noLater", "freeDays", "maxDays",
                         "maxCourses", "maxCredits", "onlyOpen", "variants", "exclude", "around", "weights"])
        guard let courses = try p.optionalStrings("courses"), !courses.isEmpty else {
            throw RPCError.params(p.pointer("courses"), "required parameter \"courses\" is missing or empty: name at least one course code")
        }
        var request = BuildRequest()
        request.top = try p.optionalInt("top", in: Int.min...Int.max)
        request.maxDays = try p.optionalInt("maxDays", in: Int.min...Int.max)
        request.maxCourses = try p.optionalInt("maxCourses", in: Int.min...Int.max)
        if let v = p["maxCredits"] {
            guard case .number(let text) = v, let credits = Double(text) else {
                throw RPCError.params(p.pointer("maxCredits"), "expected a number more than 0, at most 60, got \(v.typeName)")
            }
            request.maxCredits = credits
        }
        request.noEarlier = try p.optionalString("noEarlier")
        request.noLater = try p.optionalString("noLater")
        request.freeDays = try p.optionalStrings("freeDays") ?? []
        request.onlyOpen = try p.optionalBool("onlyOpen") ?? false
        request.variants = try p.optionalBool("variants") ?? false
        request.exclude = try p.optionalStrings("exclude") ?? []
        if let weights = try p.optionalObject("weights") {
            try weights.allowOnly(["gpa", "rating"])
            for key in ["gpa", "rating"] {
                guard let v = weights[key] else { continue }
                guard case .number(let text) = v, let w = Double(text) else {
                    throw RPCError.params(weights.pointer(key), "expected a number from 0 to 1000, got \(v.typeName)")
                }
                request.weights.append((key, w))
            }
        }
        let options: BuildOptions
        do {
            options = try request.options()
        } catch {
            throw params(error, p)
        }
        let around = try p.optionalStrings("around") ?? []
        let given = p.has("catalog") ? try readCatalog(try catalogFile(p, pathKey: "catalog"), p, pathKey: "catalog") : nil
        return try withService { service in
            let (result, _) = try service.buildTimetables(codes: courses, catalog: given, options: options, around: around)
            // The `--json` document, made compact for the wire (same members, same order).
            let bytes = TimetableBuildJSON.encode(result)
            return (try? JSONValue.parse(bytes).text) ?? String(decoding: bytes, as: UTF8.self)
        }
    }

    func coursesSave(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["rank", "name", "sections"])
        guard let rank = try p.optionalInt("rank", in: 1...1000) else {
            throw RPCError.params(p.pointer("rank"), "required parameter \"rank\" is missing")
        }
        var request = SaveRequest(rank: rank)
        request.name = try p.optionalString("name")
        request.sections = try p.optionalStrings("sections") ?? []
        let refs: [SectionRef]
        do {
            refs = try request.sectionRefs()
        } catch {
            throw params(error, p)
        }
        return try withService { service in
            let saved = try service.saveTimetable(rank: rank, name: request.name, sections: refs)
            return Self.encode(Wire.SavedTimetable(saved.kept, inUse: false, identical: saved.identical))
        }
    }

    func coursesSaved(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly([])
        return try withService { service in
            let inUse = try service.timetableInUse()?.lowercased()
            return Self.encode(try service.savedTimetables().map { Wire.SavedTimetable($0, inUse: $0.name.lowercased() == inUse) })
        }
    }

    func coursesUse(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["name", "out"])
        let name = try p.name("name")
        let out = try p.optionalString("out")
        return try withService { Self.encode(Wire.TimetableUse(try $0.useTimetable(named: name, out: out))) }
    }
}
