import PlanJSON
import PlanProtocol
import PlanService
import PlanTimetable

/// `courses.ratings.import`: `plan courses ratings import` for editors, with
/// the same input type (``RatingsFileRequest``) and the same wire shape.
extension RPCServer {
    /// `path`, `format`, `encoding` and `map` {column: field}.
    func coursesRatingsImport(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["path", "format", "encoding", "map"])
        var request = RatingsFileRequest(path: try p.name("path"))
        request.format = try p.optionalString("format") ?? "auto"
        request.encoding = try p.optionalString("encoding")
        if let map = try p.optionalObject("map") {
            for (column, v) in map.members {
                guard case .string(let field) = v else {
                    let fields = RatingsFile.Field.allCases.map(\.rawValue).joined(separator: ", ")
                    throw RPCError.params(map.pointer(column), "expected a field name (\(fields)), got \(v.typeName)")
                }
                request.map.append((column, field))
            }
        }
        let rows: [RatingRow]
        do {
            rows = try request.read()
        } catch let e as CoursesInputError {
            throw params(e, p)
        } catch let e as ServiceError {
            throw RPCError(e, pointer: p.pointer("path"))
        } catch {
            throw RPCError(ServiceError(error), pointer: p.pointer("path"))
        }
        return try withService { service in
            let (kept, report) = try service.importRatings(rows, source: request.path)
            return Self.encode(Wire.RatingsImported(kept, report, source: request.path))
        }
    }
}
