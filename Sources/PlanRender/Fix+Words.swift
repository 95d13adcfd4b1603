import PlanCore

extension Fix {
    /// The change in words, e.g. `move due to Sat 2026-12-12 17:00`.
    package func phrase(_ zone: some UTCOffsetProvider) -> String {
        switch self {
        case .due(let t): "move due to \(TimeText.due(t, zone))"
        case .start(let t): "let it start from \(TimeText.dayAndTime(t, zone))"
        case .earliest(let t): "set earliest to \(t.hhmm)"
        case .latest(let t): "set latest to \(t.hhmm)"
        case .span(let d): "allow sittings up to \(ISODuration.humanString(d)) (--span)"
        case .minSitting(let d): "allow sittings as short as \(ISODuration.humanString(d)) (--min)"
        }
    }
}
