import ArgumentParser
import Foundation
import PlanCore
import PlanProtocol
import PlanRender
import PlanService

struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review", abstract: "Look back: work planned, recorded and missed, and how long work took against its estimates.",
        discussion: """
            plan review                           the seven days before today
            plan review --from mon --to today     a stretch of your own (at most a year)

            First the stretch: each task's sittings that passed, the time recorded, and what was \
            missed (planned, nothing recorded). Then each project and each repeating task over all \
            its finished tasks: their estimates, the time recorded on them, and the ratio (the \
            median of time ÷ estimate, from 3 finished tasks on). When a ratio lies outside \
            0.9–1.1×, new work of that project or series is planned for its estimate times the \
            ratio, and plan says so (`plan policy set --learn off` turns that off; \
            `add-task --as-estimated` plans one task as typed).
            """)

    @Option(help: ArgumentHelp("First day. Default: a week before --to.", valueName: "date")) var from: String?
    @Option(help: ArgumentHelp("Last day. Default: yesterday, or six days after --from.", valueName: "date")) var to: String?
    @OptionGroup var options: StoreOptions

    func run() throws {
        try withService(options) { service in
            let settings = try service.settings()
            let zone = settings.zone
            let first = try from.map { try day($0, option: "--from", now: service.now, zone: zone) }
            let last = try to.map { try day($0, option: "--to", now: service.now, zone: zone) }
            let review = try service.review(from: first, through: last)
            emit(options.json, Wire.Review(review, learning: settings.learn)) {
                ReviewText.render(review, learning: settings.learn)
            }
        }
    }
}
