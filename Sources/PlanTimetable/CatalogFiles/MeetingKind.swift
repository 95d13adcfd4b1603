import Foundation

/// The kind of a meeting in the words the catalog uses (`lecture`, `lab`,
/// `discussion`…), from a registrar's or a service's code or word.
enum MeetingKind {
    private static let codes: [String: String] = [
        "LEC": "lecture", "LECT": "lecture", "LECTURE": "lecture", "LE": "lecture",
        "LAB": "lab", "LABORATORY": "lab", "LB": "lab",
        "DIS": "discussion", "DISC": "discussion", "DISCUSSION": "discussion", "DI": "discussion",
        "REC": "recitation", "RECITATION": "recitation", "RE": "recitation",
        "SEM": "seminar", "SEMINAR": "seminar",
        "STU": "studio", "STUDIO": "studio",
        "TUT": "tutorial", "TUTORIAL": "tutorial",
        "PRA": "practicum", "PRC": "practicum", "PRACTICUM": "practicum",
        "ONL": "online", "ONLINE": "online", "WEB": "online",
        "IND": "independent study", "FLD": "field work", "CLN": "clinic", "HYB": "hybrid",
    ]

    /// `LEC` → `lecture`, `Discussion` → `discussion`; another word lower-cased; nil when empty.
    static func normalized(_ text: String) -> String? {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty else { return nil }
        return codes[t.uppercased()] ?? t.lowercased()
    }
}
