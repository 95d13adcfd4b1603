import ArgumentParser
import Foundation
import PlanCore
import PlanICal
import PlanProtocol
import PlanRender
import PlanService
import PlanStore

struct AgendaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agenda", abstract: "Classes, planned work and your study sessions, merged, day by day.")

    @Option(help: ArgumentHelp("First day. Default: today.", valueName: "date")) var from: String?
    @Option(help: "Number of days.") var days = 7
    @OptionGroup var options: StoreOptions

    func validate() throws {
        if !(1...366).contains(days) { throw ValidationError("--days must be between 1 and 366") }
    }

    func run() throws {
        try withService(options) { service in
            let zone = try service.zone()
            let first = try from.map { try day($0, option: "--from", now: service.now, zone: zone) }
            let agenda = try service.agenda(from: first, days: days)
            printWarnings(agenda.warnings)
            emit(options.json, agenda.items.map { Wire.AgendaLine(range: $0.range, item: $0.item, zone: zone) }) {
                AgendaText.render(agenda.items, range: agenda.range, zone: agenda.zone, style: Style.text)
            }
        }
    }
}
