/// The store as `plan backup`, `plan restore` and `plan doctor` describe it.
package enum StoreText {
    /// `3 tasks, 1 calendar, schema 6, 172 KiB`.
    package static func contents(tasks: Int, calendars: Int, schemaVersion: Int, bytes: Int) -> String {
        "\(count(tasks, "task")), \(count(calendars, "calendar")), schema \(schemaVersion), \(bytes / 1024) KiB"
    }

    /// `1 task`, `2 tasks`.
    package static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
