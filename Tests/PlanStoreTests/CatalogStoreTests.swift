import Foundation
import PlanCore
@testable import PlanStore
import PlanTimetable
import Testing

/// Catalogs kept in the typed tables come back as they went in.
@Suite struct CatalogStoreTests {
    static func date(_ text: String) -> LocalDate { LocalDate(iso: text)! }

    static let catalog = Catalog(
        term: Term(name: "Fall 2027", timeZone: "America/New_York", start: date("2027-08-30"), end: date("2027-12-10"),
                   holidays: [DateSpan(day: date("2027-09-06")), DateSpan(from: date("2027-11-24"), to: date("2027-11-28"))]),
        courses: [
            Course(code: "CMSC436", title: "Programming Handheld Systems", credits: 3, sections: [
                Section(id: "0101", instructors: ["Ada Byron", "Alan Turing"], gpa: 3.21, rating: 4.2,
                        seats: Seats(open: 3, total: 40, waitlist: 0),
                        meetings: [Meeting(days: [.monday, .wednesday], start: 600, end: 650, room: "IRB 0324", kind: "lecture"),
                                   Meeting(days: [.friday], start: 540, end: 590, kind: "lab", from: date("2027-09-13"), to: date("2027-12-10"))]),
                Section(id: "0201"),
            ]),
            Course(code: "MATH240", title: "Linear Algebra", credits: 4.5, sections: []),
        ])

    func withStore(_ body: (PlanStore, String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("plan.sqlite").path
        try body(try PlanStore(path: path), path)
    }

    @Test func aCatalogRoundTrips() throws {
        try withStore { store, _ in
            let kept = StoredCatalog(name: "Fall 2027", catalog: Self.catalog, source: "/tmp/catalog.json", saved: Instant(seconds: 100), score: 87.25)
            try store.write { try $0.putCatalog(kept, as: .imported) }
            #expect(try store.read { try $0.catalogs(.imported) } == [kept])
            #expect(try store.read { try $0.catalogs(.imported, named: "fall 2027") } == [kept])
            #expect(try store.read { try $0.catalogs(.timetable) }.isEmpty)
        }
    }

    @Test func puttingAgainReplacesAndRemovingNamesWhatIsMissing() throws {
        try withStore { store, path in
            var kept = StoredCatalog(name: "fall", catalog: Self.catalog, source: "build", saved: Instant(seconds: 1))
            try store.write { try $0.putCatalog(kept, as: .timetable) }
            kept.catalog.courses.removeLast()
            try store.write { try $0.putCatalog(kept, as: .timetable) }
            #expect(try store.read { try $0.catalogs(.timetable) } == [kept])
            try store.write { try $0.removeCatalogs(.timetable, named: "FALL") }
            #expect(try store.read { try $0.catalogs(.timetable) }.isEmpty)
            let error = #expect(throws: StoreError.self) { try store.write { try $0.removeCatalogs(.timetable, named: "spring") } }
            #expect(error?.description == StoreError.notFound(kind: "timetable", name: "spring").description)
            var meetings = -1
            try SQLiteDatabase(path: path).query("SELECT count(*) FROM catalog_meetings") { meetings = Int($0.int(0)) }
            #expect(meetings == 0)
        }
    }
}
