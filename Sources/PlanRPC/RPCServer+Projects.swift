import Foundation
import PlanCore
import PlanICal
import PlanProtocol
import PlanService
import PlanStore

/// The `project.*` methods.
extension RPCServer {
    func projectAdd(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["name", "color", "notes"])
        let name = try p.name("name")
        let color = try p.optionalString("color"), notes = try p.optionalString("notes")
        return try withService { Self.encode(Wire.Project(try $0.addProject(name: name, color: color, notes: notes))) }
    }

    func projectList(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly([])
        return try withService { Self.encode(try $0.projects().map(Wire.Project.init)) }
    }

    func projectRemove(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["name", "force"])
        let name = try p.name("name")
        let force = try p.optionalBool("force") ?? false
        return try withService { service in
            let tasks = try service.removeProject(named: name, force: force)
            return Self.encode(Wire.ProjectRemoved(removed: name, tasks: tasks))
        }
    }
}
