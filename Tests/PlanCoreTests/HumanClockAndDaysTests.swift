import Testing
@testable import PlanCore

/// Times and days in the forms people type and timetables print.
@Suite struct HumanClockAndDaysTests {
    @Test func timesOfDay() {
        let table: [(String, Int?)] = [
            ("09:00", 540), ("9:00", 540), ("9am", 540), ("9 am", 540), ("9AM", 540), ("9:30pm", 1290), ("9:30 p.m.", 1290),
            ("12am", 0), ("12pm", 720), ("12:15pm", 735), ("noon", 720), ("23:59", 1439), ("00:00", 0),
            ("9", nil), ("13pm", nil), ("0am", nil), ("9:5", nil), ("9:60", nil), ("25:00", nil), ("", nil), ("nine", nil), ("9:00:00", nil),
        ]
        for (text, minutes) in table { #expect(HumanInput.clock(text) == minutes, "\(text)") }
        #expect(HumanInput.clock("24:00", allow24: true) == 1440)
        #expect(HumanInput.clock("24:00") == nil)
    }

    /// Every way of writing each day, against the day it names (written out here).
    @Test func days() {
        let week: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]
        let forms = [["MO", "Monday", "mon", "M"], ["TU", "Tuesday", "tue", "T"], ["WE", "Wednesday", "wed", "W"],
                     ["TH", "Thursday", "thu", "R"], ["FR", "Friday", "fri", "F"], ["SA", "Saturday", "sat", "S"],
                     ["SU", "Sunday", "sun", "U"]]
        for (day, spellings) in zip(week, forms) {
            for s in spellings { #expect(HumanInput.days(s) == [day], "\(s)") }
        }
        #expect(HumanInput.days("TR") == [.tuesday, .thursday])
        #expect(HumanInput.days("MWF") == [.monday, .wednesday, .friday])
        #expect(HumanInput.days("MO,FR") == [.monday, .friday])
        #expect(HumanInput.days("mon fri") == [.monday, .friday])
        for bad in ["", "X", "Fridays", "fr1", "MX", "frid"] { #expect(HumanInput.days(bad) == nil, "\(bad)") }
    }
}
