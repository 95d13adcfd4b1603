import PlanCore
import PlanICal

/// The mail reader under fuzzing: the bytes are a file `plan group reply`
/// is given (an `.eml` as a mail program saves it, or a bare `.ics`): its
/// `text/calendar` part found and decoded, its `From:` read and checked as
/// one address, and the part read as an iTIP message and as a meeting, as
/// the service reads it.
public enum MailEntry {
    public static func run(_ bytes: [UInt8]) {
        let found = MailReader.calendar(in: bytes)
        var checksum = found.problem?.utf8.count ?? 0
        if let sender = MailReader.sender(in: bytes) {
            checksum &+= MailAddress.problem(sender)?.utf8.count ?? sender.utf8.count
        }
        if let calendar = found.calendar {
            checksum &+= calendar.count
            if let message = try? SchedulingReader.read(calendar, label: "fuzz.eml") {
                checksum &+= message.uid.utf8.count &+ message.sequence &+ message.attendees.count
            }
            if let meeting = try? GroupEvent.read(calendar, label: "fuzz.eml") {
                checksum &+= meeting.summary.utf8.count &+ meeting.attendees.count
            }
        }
        blackHole(checksum)
    }
}
