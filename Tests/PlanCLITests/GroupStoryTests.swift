import Foundation
import Testing

/// `Examples/group-story.sh` (a study group of three) played with the real
/// binary and compared with `Golden/group-story.txt` (`PLAN_RECORD=1` re-records it).
@Suite struct GroupStoryTests {
    @Test func theStoryPrintsWhatTheGoldenFileSays() throws {
        let out = try CLIRunner.runTool(["bash", "Examples/group-story.sh"],
                                        environment: ["PLAN": CLIRunner.binary.path, "NO_COLOR": "1"])
        #expect(out.status == 0, "\(out.stderr)")
        try CLIRunner.expectGolden("group-story", out)
    }
}
