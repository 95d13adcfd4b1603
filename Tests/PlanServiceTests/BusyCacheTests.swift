import Testing
@testable import PlanService

@Suite struct BusyCacheTests {
    @Test func placeholder() {}
}
