import PlanICal

extension CalendarBytes {
    /// The file at `path` as the service's feed would hand it to the exporter.
    static func onDisk(_ path: String) throws -> CalendarBytes {
        CalendarBytes(label: path, bytes: try ICalImporter.fileBytes(path: path))
    }
}
