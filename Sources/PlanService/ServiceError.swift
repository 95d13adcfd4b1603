import Foundation
import PlanCore
import PlanGrades
import PlanICal
import PlanStore

/// Why an operation failed: the one error model of the service, which the
/// CLI and `plan rpc` both report (`ServiceError.codes` in PlanProtocol maps
/// each case to an exit status and a JSON-RPC code).
///
/// The lower layers' errors are kept as typed cases; a failure none of them
/// describes is ``unexpected(detail:)`` — a bug, never the user's bad data.
package enum ServiceError: Error, CustomStringConvertible, Sendable {
    case store(StoreError)
    case calendar(ImportError)
    case invalid(ScheduleRequestError)
    /// A value given to a command or a method that plan cannot take (``TaskInput``, ``PolicyInput``).
    case input(InputError)
    /// No `kind` is `name`; `near` is the stored one it is likely a typo of, when there is one.
    case notFound(kind: String, name: String, near: String? = nil)
    case refused(String)
    /// A new task given no id has the title of a stored task (``SameTitle``): refused
    /// rather than given a numbered id beside it.
    case sameTitle(SameTitle)
    /// A project name one letter off a stored project's: `typed` is taken for a typo of
    /// `stored` rather than made a second project.
    case nearProject(typed: String, stored: String)
    /// An input file other than a calendar (a course catalog) is missing or cannot be read.
    case unreadable(path: String, reason: String)
    /// An output file (the export) cannot be written.
    case cannotWrite(path: String, reason: String)
    /// An output file could not be written because the disk is full or
    /// failed: what was at the path is unchanged.
    case diskFailed(path: String, reason: String)
    /// Something that should not happen did. `detail` is for the log and
    /// stderr: it describes plan's own failure, not the user's input.
    case unexpected(detail: String)

    /// Any error as a service error: ours as they are, the lower layers'
    /// typed, and the rest ``unexpected(detail:)``.
    package init(_ error: any Error) {
        switch error {
        case let e as ServiceError: self = e
        case let e as StoreError: self = .store(e)
        case let e as SQLiteError: self = .store(.sqlite(e))
        case let e as ScheduleRequestError: self = .invalid(e)
        case let e as InputError: self = .input(e)
        case let e as ImportError: self = .calendar(e)
        case let e as GradeError: self = .refused(e.description)
        default: self = .unexpected(detail: "\(type(of: error)): \(error)")
        }
    }

    package var description: String {
        switch self {
        case .store(let e): e.description
        case .calendar(let e): e.description
        case .invalid(let e): "invalid: \(e.description)"
        case .input(let e): e.description
        case .notFound(let k, let n, let near):
            "no \(k) \"\(n)\"" + (near.map { "; did you mean \"\($0)\"?" } ?? "") + " (see `\(Self.listing(k))`)"
        case .refused(let why): why
        case .sameTitle(let s):
            "a task \"\(s.title)\" exists already (\(s.id), due \(s.due)); give this one its own id with --id \(s.freeId), "
                + "or change the title"
        case .nearProject(let typed, let stored):
            "no project \"\(typed)\"; did you mean \"\(stored)\"? (create it with plan project add \(Self.shellWord(typed)))"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .cannotWrite(let path, let reason), .diskFailed(let path, let reason): "cannot write \(path): \(reason)"
        case .unexpected(let detail): "internal error (a bug: please report it): \(detail)"
        }
    }

    /// `name` as one word of a shell command: as it is when it holds only letters, digits
    /// and `._-+:@`, else in single quotes.
    static func shellWord(_ name: String) -> String {
        let plain = !name.isEmpty && name.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || $0.properties.numericType != nil || "._-+:@".unicodeScalars.contains($0)
        }
        return plain ? name : "'" + name.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// The command that lists what a kind of name can be.
    static func listing(_ kind: String) -> String {
        switch kind {
        case "task", "series": "plan tasks"
        case "timetable": "plan courses saved"
        case "group session": "plan group list"
        default: "plan \(kind) list"
        }
    }
}
