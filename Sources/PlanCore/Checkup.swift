/// One finding of `plan doctor`: what was checked, how it stands, what was
/// found and, when something is wrong, what to do about it.
package struct Checkup: Hashable, Sendable {
    /// The part of the setup checked.
    package enum Area: String, Hashable, Sendable, CaseIterable {
        case store, calendar, timeZone, credentials
    }

    /// `ok`; `warning`: plan works, but not as well as it could;
    /// `problem`: something plan needs is broken.
    package enum Status: String, Hashable, Sendable, Comparable {
        case ok, warning, problem

        private var rank: Int { self == .ok ? 0 : self == .warning ? 1 : 2 }
        package static func < (a: Status, b: Status) -> Bool { a.rank < b.rank }
    }

    package var area: Area
    /// What was checked: the store's path, a calendar's name, a zone, a file.
    package var subject: String
    package var status: Status
    /// What was found.
    package var detail: String
    /// What to do, when the status is not ok.
    package var fix: String?

    package init(_ area: Area, _ subject: String, _ status: Status, _ detail: String, fix: String? = nil) {
        self.area = area
        self.subject = subject
        self.status = status
        self.detail = detail
        self.fix = fix
    }
}
