import PlanService
import Testing

/// Ids made from titles (`TaskIds.slug`): Latin letters with marks in plain ASCII, other
/// scripts in Latin letters, and a stable hash when nothing readable is left.
@Suite struct TaskIdsSlugTests {
    @Test(arguments: [
        ("History essay", "history-essay"),
        ("Café-Übung lesen 📚", "cafe-ubung-lesen"),
        ("Ångström über naïve façade", "angstrom-uber-naive-facade"),
        ("Straße", "strasse"),
        ("Æsop and Œdipus", "aesop-and-oedipus"),
        ("Ørsted, Łódź, Đakovo", "orsted-lodz-dakovo"),
        ("Þórr and Ðorð", "thorr-and-dord"),
        ("Ħal İstanbul ĳs ﬁnal", "hal-istanbul-ijs-final"),
        ("Tiếng Việt ơn", "tieng-viet-on"),
        ("MATH 221 — set #3", "math-221-set-3"),
    ])
    func latinLettersLoseTheirMarks(title: String, id: String) {
        #expect(TaskIds.slug(title) == id)
    }

    /// Foundation writes Chinese, Cyrillic and Greek in Latin letters here (ICU's `Any-Latin`).
    @Test(arguments: [
        ("数学作业", "shu-xue-zuo-ye"),
        ("Привет мир", "privet-mir"),
        ("Ελληνικά", "ellenika"),
        ("Chapter 3 練習", "chapter-3-lian-xi"),
    ])
    func otherScriptsAreWrittenInLatin(title: String, id: String) {
        #expect(TaskIds.slug(title) == id)
    }

    /// Fixed strings: the hash is FNV-1a of the UTF-8 bytes, not the per-process `hashValue`.
    @Test func aTitleWithNothingReadableGetsAStableHash() {
        #expect(TaskIds.slug("📚📚") == "task-086868")
        #expect(TaskIds.slug("📚") == "task-feeef3")
        #expect(TaskIds.slug("!!!") == "task-bbe43c")
        #expect(TaskIds.titleHash("🎻 practice ✓") == "aec48a")
        // The composed and decomposed forms of a title are one title.
        #expect(TaskIds.titleHash("e\u{301}") == TaskIds.titleHash("\u{e9}"))
    }

    @Test func twoUnreadableTitlesGetTwoIds() {
        let ids = ["📚📚", "📚", "🎻", "✓✓", "!!!", "???"].map(TaskIds.slug)
        #expect(Set(ids).count == ids.count, "\(ids)")
        #expect(!ids.contains("task"))
    }

    @Test func idsAreAtMostFortyCharactersAndEndOnALetter() {
        let long = TaskIds.slug("Révision générale du chapitre sept: équations différentielles")
        #expect(long == "revision-generale-du-chapitre-sept-equat")
        #expect(long.count == TaskIds.maxSlugLength)
        // Cut where a dash would end it: the dash goes.
        let atDash = TaskIds.slug(String(repeating: "a", count: 39) + " b")
        #expect(atDash == String(repeating: "a", count: 39))
        #expect(TaskIds.slug(String(repeating: "数学", count: 30)).count <= TaskIds.maxSlugLength)
    }

    @Test(arguments: ["history-essay", "problem-set-7", "a", "x2-y3", "cafe-ubung-lesen", "task-086868"])
    func anIdIsItsOwnSlug(id: String) {
        #expect(TaskIds.slug(id) == id)
        #expect(TaskIds.slug(TaskIds.slug("Problem  Set: 7!")) == TaskIds.slug("Problem  Set: 7!"))
    }
}
