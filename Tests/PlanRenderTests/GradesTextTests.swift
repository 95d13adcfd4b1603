import Foundation
import PlanGrades
@testable import PlanRender
import Testing

@Suite struct GradesTextTests {
    static func course(_ code: String, _ credits: Decimal, _ term: String?, _ percent: Decimal) -> CourseGrades {
        CourseGrades(code: code, credits: credits, term: term, assessments: [Assessment(name: "All", weight: 100, score: .percent(percent))])
    }

    @Test func severalTermsGetTheirOwnGPAThenTheCumulative() {
        let courses = [Self.course("CS201", 4, "fall-2026", 85), Self.course("CS101", 3, "spring-2026", 95)]
        let prior = PriorRecord(gpa: 3, credits: 30)
        let text = GradesText.book(courses: courses, units: [], prior: prior, gpa: GPA.figures(courses, prior: prior))
        // fall: B (3.0); spring: A (4.0); cumulative (12 + 12 + 90) / 37 = 3.081…
        #expect(text.hasSuffix("""
            GPA fall-2026: 3.00 over 4 credits
            GPA spring-2026: 4.00 over 3 credits
            Cumulative GPA: 3.08 over 37 credits (with 30 earlier credits at 3)

            """))
    }

    @Test func oneTermIsTheTermGPA() {
        let courses = [Self.course("CS201", 4, "fall-2026", 85), Self.course("LAB", 1, nil, 50)]
        let text = GradesText.book(courses: courses, units: [], prior: nil, gpa: GPA.figures(courses, prior: nil))
        // (4 · 3.0 + 1 · 0.0) / 5 = 2.4
        #expect(text.hasSuffix("Term GPA: 2.40 over 5 credits\n"))
    }
}
