import PlanService
import Testing

/// Which project names are taken for a typo of a stored one (`PlanService.nearName`):
/// one letter added, dropped or changed; not a course number's digit, not a short name.
@Suite struct ProjectNearNameTests {
    static let stored = ["ALG101", "Physics", "CS201", "Art"]

    @Test(arguments: [
        ("ALG10", "ALG101"), ("alg1011", "ALG101"), ("ALG1O1", "ALG101"),
        ("Physcs", "Physics"), ("physicss", "Physics"), ("Fhysics", "Physics"),
        ("CS20", "CS201"), ("XS201", "CS201"), ("Arts", "Art"),
    ])
    func oneLetterOffIsNear(typed: String, near: String) {
        #expect(PlanService.nearName(typed, among: Self.stored) == near)
    }

    @Test(arguments: [
        "CS202", "ALG102",  // another course number
        "Chemistry", "Phsycis", "ALG", "Al",  // far, two edits, or too short
        "ALG101",  // the same name is no near miss (matched before this is asked)
    ])
    func otherNamesAreNotNear(typed: String) {
        #expect(PlanService.nearName(typed, among: Self.stored) == nil)
    }
}
