import Foundation
import Testing

extension SubscriptionTests.Scratch {
    /// Radicale with authentication (`student`, ``SubscriptionTests/password``)
    /// and one calendar, `/student/cal/`, holding one event, `class-1.ics`
    /// (written to ``ics`` first): the server and the event's address. Nil,
    /// saying it skipped, when Radicale is not installed.
    func radicaleWithOneEvent() throws -> (server: LocalDAVServer, event: String)? {
        let (started, why) = try LocalDAVServer.radicale(password: SubscriptionTests.password)
        guard let server = started else {
            print("skipped: \(why)")
            return nil
        }
        let base = "http://127.0.0.1:\(server.port)/student/cal/"
        let auth = ["-u", "student:\(SubscriptionTests.password)"]
        #expect(try server.curl(auth + ["-X", "MKCALENDAR", base]) == "201")
        try SubscriptionTests.event("CS 201 Lecture", start: "20261123T140000Z", end: "20261123T150000Z")
            .write(toFile: ics, atomically: true, encoding: .utf8)
        #expect(try server.curl(auth + ["-X", "PUT", "-H", "Content-Type: text/calendar", "--data-binary", "@" + ics, base + "class-1.ics"]) == "201")
        return (server, base + "class-1.ics")
    }
}
