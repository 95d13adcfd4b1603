/// One finding of `plan doctor`: what was checked, how it stands, what was
/// found and, when something is wrong, what to do about it.
public struct Checkup: Hashable, Sendable {
    /// The part of the setup checked.
    public enum Area: String, Hashable, Sendable, CaseIterable {
        case store, calendar, timeZone, credentials
    }

    /// `ok`; `warning`: plan works, but not as well as it could;
    /// `problem`: something plan needs is broken.
    public enum Status: String, Hashable, Sendable, Comparable {
        case ok, warning, problem

        private var rank: Int { self == .ok ? 0 : self == .warning ? 1 : 2 }
        public static func < (a: Status, b: Status) -> Bool { a.rank < b.rank }
    }

    public var area: Area
    /// What was checked: the store's path, a calendar's name, a zone, a file.
    public var subject: String
    public var status: Status
    /// What was found.
    public var detail: String
    /// What to do, when the status is not ok.
    public var fix: String?

    public init(_ area: Area, _ subject: String, _ status: Status, _ detail: String, fix: String? = nil) {
        self.area = area
        self.subject = subject
        self.status = status
        self.detail = detail
        self.fix = fix
    }
}
