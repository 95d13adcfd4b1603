import PlanTimetable

extension CSVEncoding {
    /// The encoding `--encoding` or an RPC `encoding` names (``RatingsFileRequest``,
    /// ``CatalogFileRequest``), read once here for both faces: UTF-8 when none is given.
    package static func chosen(_ text: String?) throws(CoursesInputError) -> CSVEncoding {
        guard let text else { return .utf8 }
        guard let encoding = CSVEncoding(text: text) else {
            throw CoursesInputError(field: "encoding", value: text,
                                    expected: "one of \(names) (the encoding of a CSV file without a byte order mark)")
        }
        return encoding
    }
}
