import PlanICal

extension Wire {
    /// A problem the calendar reader recovered from (not a failure): the
    /// importer's value, whose stored properties are the wire's members.
    package typealias ImportWarning = PlanICal.ImportWarning
}
