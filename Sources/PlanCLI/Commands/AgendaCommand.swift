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
        commandName: "agenda", abstract: "Classes and planned work, merged, day by day.")

    @Option(help: ArgumentHelp("First day. Default: today.", valueName: "date")) var from: String?
    @Option(help: "Number of days.") var days = 7
    @OptionGroup var options: StoreOptions

    func validate() throws {
        if !(1...366).contains(days) { throw ValidationError("--days must be between 1 and 366") }
    }

    func run() throws {
        try withService(options) { service, defaultZone in
            let zone = zoneOf(try service.settings(defaultZone: defaultZone))
            var first: LocalDate?
            if let from {
                guard let v = HumanInput.date(from, now: service.now, zone: zone) else {
                    throw ValidationError("--from \(from): expected a date like 2026-11-23, today or mon")
                }
                switch v {
                case .date(let d): first = d
                case .local(let l): first = l.date
                case .instant(let i): first = zone.local(i).date
                }
            }
            let agenda = try service.agenda(from: first, days: days, defaultZone: defaultZone)
            printWarnings(agenda.warnings)
            emit(options.json, agenda.items.map { Wire.AgendaLine(range: $0.range, item: $0.item, zone: zone) }) {
                AgendaText.render(agenda.items, range: agenda.range, zone: agenda.zone, style: Style.text)
            }
        }
    }
}
