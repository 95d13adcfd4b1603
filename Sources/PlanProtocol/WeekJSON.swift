import PlanCore
import PlanJSON

/// `plan week --json`: the laid-out grid as `Schemas/week.schema.json`
/// describes it, written with the one JSON writer. Times are local with
/// their offset (`2026-11-23T10:00:00-05:00`); minutes are wall-clock
/// minutes after the day's midnight.
package enum WeekJSON {
    package static func text(_ layout: WeekLayout) -> String {
        let w = JSONWriter(capacity: 4096 + layout.blocks.count * 400)
        let zone = layout.zone
        func local(_ i: Instant) -> String { zone.local(i).isoString + formatOffset(zone.offset(at: i)) }
        w.member("{\"from\":", layout.first.isoString)
        w.member(",\"to\":", layout.last.isoString)
        w.ascii(",\"days\":")
        w.int(layout.days)
        w.member(",\"timeZone\":", zone.identifier)
        w.ascii(",\"name\":")
        w.optional(layout.name)
        w.ascii(",\"rows\":")
        w.array(layout.hours) { h in
            w.ascii("{\"hour\":")
            w.int(h)
            w.member(",\"label\":", WeekLayout.clock(h * 60))
            w.ascii("}")
        }
        w.ascii(",\"columns\":")
        w.array(layout.columns) { c in
            w.member("{\"date\":", c.date.isoString)
            w.member(",\"weekday\":", Weekday(c.date).shortName)
            w.ascii(",\"missingHours\":")
            w.array(c.missingHours) { w.int($0) }
            w.ascii(",\"repeatedHours\":")
            w.array(c.repeatedHours) { w.int($0) }
            w.ascii("}")
        }
        w.ascii(",\"blocks\":")
        w.array(layout.blocks) { b in
            w.member("{\"day\":", layout.columns[b.column].date.isoString)
            w.ascii(",\"column\":")
            w.int(b.column)
            w.member(",\"start\":", local(b.range.start))
            w.member(",\"end\":", local(b.range.end))
            w.ascii(",\"startMinute\":")
            w.int(b.startMinute)
            w.ascii(",\"endMinute\":")
            w.int(b.endMinute)
            w.ascii(",\"lane\":")
            w.int(b.lane)
            w.ascii(",\"lanes\":")
            w.int(b.lanes)
            w.member(",\"color\":", b.color)
            w.member(",\"label\":", b.label)
            w.ascii(",\"group\":")
            w.optional(b.item.group)
            w.member(",\"title\":", b.item.title)
            w.ascii(",\"room\":")
            w.optional(b.item.room)
            w.ascii(",\"tentative\":")
            w.bool(b.item.tentative)
            w.member(",\"source\":{\"kind\":", b.item.kind.rawValue)
            switch b.item.kind {
            case .event:
                w.member(",\"calendar\":", b.item.origin)
                w.member(",\"uid\":", b.item.detail)
            case .session:
                w.member(",\"session\":", b.item.origin)
                w.member(",\"uid\":", b.item.detail)
            case .sitting:
                w.member(",\"task\":", b.item.origin)
                w.member(",\"sitting\":", b.item.detail)
            }
            w.ascii("}}")
        }
        w.ascii(",\"legend\":")
        w.array(layout.legend) { e in
            w.member("{\"group\":", e.group)
            w.member(",\"color\":", e.color)
            w.ascii(",\"classes\":")
            w.bool(e.hasClasses)
            w.ascii(",\"sittings\":")
            w.bool(e.hasSittings)
            w.ascii(",\"sessions\":")
            w.bool(e.hasSessions)
            w.ascii("}")
        }
        w.ascii(",\"unscheduled\":")
        w.array(layout.listed) { l in
            w.member("{\"kind\":", l.kind.rawValue)
            w.ascii(",\"date\":")
            w.optional(l.date?.isoString)
            w.ascii(",\"code\":")
            w.optional(l.code)
            w.member(",\"title\":", l.title)
            w.member(",\"when\":", l.when)
            w.member(",\"color\":", l.color)
            w.ascii("}")
        }
        if let load = layout.load {
            w.ascii(",\"load\":")
            w.value(Wire.Load(load).json)
        }
        w.ascii("}")
        return w.text
    }
}
