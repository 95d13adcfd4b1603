import PlanCore

/// The columns of a registrar's CSV export that ``RegistrarCSV`` reads, found by
/// header name without regard to case, spaces or punctuation (`Start Time`,
/// `start_time` and `STARTTIME` are one name), each under its common aliases.
/// Other columns are ignored. When two headers name the same column, the first
/// is read.
enum RegistrarColumn: String, CaseIterable, Hashable, Sendable {
    case course, subject, number, title, credits, section, instructors, days, start, end, time
    case room, building, kind, open, enrolled, capacity, waitlist, gpa, rating, startDate, endDate

    /// The names this column goes by, squeezed (lower case, letters and digits only).
    var aliases: [String] {
        switch self {
        case .course: ["course", "coursecode", "courseid", "code", "class", "classcode", "coursenumber"]
        case .subject: ["subject", "subj", "dept", "department", "prefix", "subjectcode"]
        case .number: ["number", "num", "no", "catalognumber", "catalognbr", "catalogno", "catalog", "crsnum", "coursenum"]
        case .title: ["title", "coursetitle", "name", "coursename", "classtitle"]
        case .credits: ["credits", "credit", "units", "unit", "credithours", "crhrs", "cr", "hrs", "semesterhours"]
        case .section: ["section", "sec", "sect", "sectionnumber", "sectionid", "sectionno", "classsection"]
        case .instructors: ["instructor", "instructors", "professor", "professors", "prof", "teacher", "faculty", "instructorname", "instructornames", "staff"]
        case .days: ["days", "day", "meetingdays", "daysofweek", "weekdays", "pattern", "meetingpattern"]
        case .start: ["start", "starttime", "begin", "begintime", "timestart", "from", "fromtime"]
        case .end: ["end", "endtime", "stop", "stoptime", "timeend", "finish", "to", "totime"]
        case .time: ["time", "times", "meetingtime", "meetingtimes", "classtime"]
        case .room: ["room", "roomnumber", "rm", "location", "where", "classroom", "facility"]
        case .building: ["building", "bldg", "buildingcode", "buildingname"]
        case .kind: ["type", "kind", "component", "activity", "classtype", "instructiontype", "scheduletype", "meetingtype", "sectiontype", "format"]
        case .open: ["open", "openseats", "seatsopen", "available", "avail", "seatsavailable", "remaining", "seatsremaining"]
        case .enrolled: ["enrolled", "enrollment", "enrl", "enrolltotal", "taken", "actual", "filled"]
        case .capacity: ["capacity", "cap", "seats", "total", "totalseats", "max", "maxenrollment", "enrollmentcap", "enrollcap", "limit", "classsize", "size"]
        case .waitlist: ["waitlist", "wait", "waitlisted", "waitlistcount", "waitlisttotal", "wl", "waiting"]
        case .gpa: ["gpa", "avggpa", "averagegpa", "meangpa", "avggrade", "averagegrade"]
        case .rating: ["rating", "instructorrating", "profrating", "professorrating", "avgrating"]
        case .startDate: ["startdate", "begindate", "datestart", "fromdate", "firstday", "sessionstart"]
        case .endDate: ["enddate", "finishdate", "dateend", "todate", "lastday", "sessionend"]
        }
    }

    /// A header squeezed: lower case, letters and digits only (`Start Time` → `starttime`).
    static func squeeze(_ header: String) -> String {
        String(header.lowercased().unicodeScalars.filter { ($0.value >= 0x61 && $0.value <= 0x7A) || ($0.value >= 0x30 && $0.value <= 0x39) }.map(Character.init))
    }

    /// A header row as an error lists it: the first 20 names, each quoted as an
    /// excerpt (``LineText/excerpt(_:limit:)``), `…` for the rest; `none` when empty.
    static func shown(_ header: [String]) -> String {
        let names = header.prefix(20).map { "\"\(LineText.excerpt($0))\"" }.joined(separator: ", ")
        return header.isEmpty ? "none" : names + (header.count > 20 ? ", …" : "")
    }

    /// The column index of each role in a header row (the first header with a matching name).
    static func find(in header: [String]) -> [RegistrarColumn: Int] {
        var found: [RegistrarColumn: Int] = [:]
        for (i, h) in header.enumerated() {
            let name = squeeze(h)
            for column in allCases where found[column] == nil && column.aliases.contains(name) {
                found[column] = i
                break
            }
        }
        return found
    }

    /// How the error messages name what was looked for (`Credits, Units, Credit Hours…`).
    var lookedFor: String {
        switch self {
        case .course: "Course (or Subject and Number)"
        case .section: "Section"
        case .credits: "Credits or Units"
        case .days: "Days"
        case .start: "Start Time (or Time)"
        case .end: "End Time (or Time)"
        default: rawValue
        }
    }
}
