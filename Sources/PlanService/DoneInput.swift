import PlanCore

/// What `plan done TASK` and `task.done` are told, as typed: time spent, the work left, and
/// whether the task is finished. Both faces fill one in; the service reads it here, once.
///
/// - nothing given (or only `finished`): finished, with the time recorded so far;
/// - `spent`: that much more time recorded (as given, never cut to the estimate); the work
///   left is what the plan had less it, unless the student says (`left`);
/// - `left`: the work still to do, from now (with `spent`: after it);
/// - `spent` and `finished`: the time recorded, then finished (the real total).
package struct DoneInput: Hashable, Sendable {
    package var spent: String?
    package var left: String?
    package var finished = false

    package init(spent: String? = nil, left: String? = nil, finished: Bool = false) {
        self.spent = spent
        self.left = left
        self.finished = finished
    }

    /// The values read: seconds recorded, seconds left, finished.
    package struct Read: Hashable, Sendable {
        package var spent: Int64?
        package var left: Int64?
        package var finished: Bool
    }

    /// Reads the fields: durations of at least a minute; `left` and `finished` refused together.
    package func read() throws(InputError) -> Read {
        if left != nil && finished {
            throw InputError("left", "--left and --finished do not go together: a finished task has no work left")
        }
        let spent = try spent.map { text throws(InputError) in try InputValue.positiveDuration(text, field: "spent") }
        let left = try left.map { text throws(InputError) in try InputValue.positiveDuration(text, field: "left") }
        return Read(spent: spent, left: left, finished: finished || (spent == nil && left == nil))
    }
}
