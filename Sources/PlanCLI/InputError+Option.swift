import PlanService

extension InputError {
    /// The option of `plan` that gives this field: `--min` for `minSitting`,
    /// `--day-start` for `dayStart`.
    var option: String {
        switch field {
        case "title": "<title>"
        case "minSitting": "--min"
        case "breakBetweenSittings": "--break"
        case "timeZone": "--tz"
        case "busy/allDay": "--busy-all-day"
        case "busy/tentative": "--busy-tentative"
        default: "--" + name.reduce(into: "") { out, c in out += c.isUppercase ? "-" + c.lowercased() : String(c) }
        }
    }
}
