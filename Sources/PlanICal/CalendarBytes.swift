/// A calendar's content as it was read, with the name errors and warnings
/// give it: what the service hands the exporter, wherever the calendar came
/// from (a file, a subscription, a CalDAV collection).
package struct CalendarBytes: Hashable, Sendable {
    /// What messages call it (a file's path).
    package var label: String
    /// The iCalendar text (RFC 5545), as read.
    package var bytes: [UInt8]

    package init(label: String, bytes: [UInt8]) {
        self.label = label
        self.bytes = bytes
    }
}
