/// Exact, integer scoring.
///
/// A section's score is s = (w_g·gpa/4 + w_r·rating/5) / (w_g + w_r) and a
/// combination's is Σ cᵢ·sᵢ / Σ cᵢ over its courses. Every combination takes one
/// section of the same courses, so Σ cᵢ and (w_g + w_r) are the same for all of
/// them, and ranking by score is ranking by
///
///     key = Σ cᵢ · (5·w_g·gpaᵢ + 4·w_r·ratingᵢ)
///
/// which is computed here in integers, so equal scores are equal keys and the order
/// never depends on floating-point rounding. Fixed point:
/// - gpa and rating: units of 1/20,000 (`(value·10⁴).rounded()·2`), clamped to 0–4
///   and 0–5: four decimals, and the doubling makes the mean of two middle values
///   (an even median) exact. gpa ≤ 80,000, rating ≤ 100,000.
/// - weights: units of 1/100, at most 10⁴ (two larger weights are scaled down together,
///   which keeps their ratio to 10⁻⁴; only the ratio matters).
/// - credits: units of 1/100, clamped to 0–1,000 credits (≤ 10⁵).
/// So one section's `unit` = 5·w_g·gpa + 4·w_r·rating ≤ 5·10⁴·8·10⁴ + 4·10⁴·10⁵ = 8·10⁹,
/// a course's term cᵢ·unit ≤ 8·10¹⁴, and a sum over up to 11,000 courses stays below
/// 8.8·10¹⁸ < Int64.max ≈ 9.22·10¹⁸. Beyond that (no real request comes near it) every
/// course term is divided by the same factor first (``Scoring/shift``), which keeps the
/// order except between keys closer than the factor.
///
/// A missing value is filled with the median of the known values nearest the section: of
/// the same course's sections, else of its department's (the courses whose code starts
/// with the same letters: `CMSC` of `CMSC131`), else of the whole catalog — so an
/// "Instructor: TBA" section of an intro course is compared with that course's
/// professors, not with graduate seminars. Every section counts once (an instructor with
/// three sections, three times).
struct Scoring {
    /// The medians of the known values over the whole catalog (display), nil when none is known.
    let filledGPA: Double?
    let filledRating: Double?
    /// The same medians in fixed point (units of 1/20,000).
    let gpaMedian: Int64?
    let ratingMedian: Int64?
    /// Per course key, then per department, the medians of its known values.
    private let courseFills: [String: Fills]
    private let departmentFills: [String: Fills]
    /// Weights in units of 1/100; a field with no known value anywhere has weight 0.
    let gpaWeight: Int64
    let ratingWeight: Int64
    /// Right shift applied to every course term so that sums cannot overflow.
    let shift: Int64

    static let unitsPerPoint: Double = 20_000

    /// The known values of a set of sections, and their medians.
    struct Fills {
        var gpas: [Double] = []
        var ratings: [Double] = []
        var gpa: (shown: Double, fixed: Int64)?
        var rating: (shown: Double, fixed: Int64)?

        mutating func add(_ s: Section) {
            if let g = s.gpa, g.isFinite { gpas.append(g) }
            if let r = s.rating, r.isFinite { ratings.append(r) }
        }

        /// Works out the medians and lets the values go.
        mutating func settle() {
            if let shown = Scoring.median(gpas), let fixed = Scoring.fixedMedian(gpas, limit: 4) { gpa = (shown, fixed) }
            if let shown = Scoring.median(ratings), let fixed = Scoring.fixedMedian(ratings, limit: 5) { rating = (shown, fixed) }
            gpas = []
            ratings = []
        }
    }

    /// A course's department: the letters its code (``Course/key(_:)``) starts with; nil when none.
    static func department(_ code: String) -> String? {
        let letters = Course.key(code).prefix { $0.isLetter }
        return letters.isEmpty ? nil : String(letters)
    }

    init(catalog: Catalog, options: BuildOptions, courseCount: Int) {
        var all = Fills()
        var byCourse: [String: Fills] = [:], byDepartment: [String: Fills] = [:]
        for course in catalog.courses {
            let key = Course.key(course.code), department = Self.department(course.code)
            for s in course.sections {
                all.add(s)
                byCourse[key, default: Fills()].add(s)
                if let department { byDepartment[department, default: Fills()].add(s) }
            }
        }
        all.settle()
        for k in byCourse.keys { byCourse[k]?.settle() }
        for k in byDepartment.keys { byDepartment[k]?.settle() }
        courseFills = byCourse
        departmentFills = byDepartment
        filledGPA = all.gpa?.shown
        filledRating = all.rating?.shown
        gpaMedian = all.gpa?.fixed
        ratingMedian = all.rating?.fixed
        // Weights that are not finite or below 0 count as 0; above 100, both are scaled so the larger is 100.
        let weights = [options.gpaWeight, options.ratingWeight].map { $0.isFinite ? max($0, 0) : 0 }
        let big = max(weights[0], weights[1])
        let factor = big > 100 ? 100 / big : 1
        var wg = Self.fixed(weights[0] * factor, limit: 100, scale: 100)
        var wr = Self.fixed(weights[1] * factor, limit: 100, scale: 100)
        if wg == 0 && wr == 0 { (wg, wr) = (100, 100) }  // both 0: the documented default
        if gpaMedian == nil { wg = 0 }
        if ratingMedian == nil { wr = 0 }
        gpaWeight = wg
        ratingWeight = wr
        var shift: Int64 = 0
        let maxTerm: Int64 = 800_000_000_000_000
        while Int64(courseCount).multipliedReportingOverflow(by: maxTerm >> shift).overflow { shift += 1 }
        self.shift = shift
    }

    /// The median of `values` (mean of the two middle ones for an even count), nil for none.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let s = values.sorted()
        let n = s.count
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2
    }

    /// The median of the fixed-point values, in units of 1/20,000 (exact).
    static func fixedMedian(_ values: [Double], limit: Double) -> Int64? {
        guard !values.isEmpty else { return nil }
        let s = values.map { fixed($0, limit: limit, scale: 10_000) }.sorted()
        let n = s.count
        return n % 2 == 1 ? 2 * s[n / 2] : s[n / 2 - 1] + s[n / 2]
    }

    /// `value` clamped to 0…limit, times `scale`, rounded to an integer.
    static func fixed(_ value: Double, limit: Double, scale: Double) -> Int64 {
        guard value.isFinite else { return 0 }
        return Int64((min(max(value, 0), limit) * scale).rounded())
    }

    /// A section's gpa and rating in units of 1/20,000, and for each that was missing the
    /// median that stood in and where from (never when no value of that field is known
    /// anywhere: the field then does not count).
    func values(_ section: Section, of course: Course) -> (gpa: Int64, rating: Int64, gpaFill: FilledValue?, ratingFill: FilledValue?) {
        let known = { (v: Double?) in v.flatMap { $0.isFinite ? $0 : nil } }
        let courseFill = courseFills[Course.key(course.code)]
        let departmentFill = Self.department(course.code).flatMap { departmentFills[$0] }
        func fill(_ pick: (Fills) -> (shown: Double, fixed: Int64)?, catalog: Int64?, shown: Double?) -> (Int64, FilledValue)? {
            if let v = courseFill.flatMap(pick) { return (v.fixed, FilledValue(value: v.shown, source: .course)) }
            if let v = departmentFill.flatMap(pick) { return (v.fixed, FilledValue(value: v.shown, source: .department)) }
            if let catalog, let shown { return (catalog, FilledValue(value: shown, source: .catalog)) }
            return nil
        }
        let g = known(section.gpa).map { 2 * Self.fixed($0, limit: 4, scale: 10_000) }
        let r = known(section.rating).map { 2 * Self.fixed($0, limit: 5, scale: 10_000) }
        let gf = g == nil ? fill({ $0.gpa }, catalog: gpaMedian, shown: filledGPA) : nil
        let rf = r == nil ? fill({ $0.rating }, catalog: ratingMedian, shown: filledRating) : nil
        return (g ?? gf?.0 ?? 0, r ?? rf?.0 ?? 0, gf?.1, rf?.1)
    }

    /// 5·w_g·gpa + 4·w_r·rating: the section's score times 20·(w_g + w_r)·20,000.
    func unit(_ section: Section, of course: Course) -> Int64 {
        let v = values(section, of: course)
        return 5 * gpaWeight * v.gpa + 4 * ratingWeight * v.rating
    }

    /// The part of a section's score that rests on filled values, in the same units as ``unit(_:of:)``'s
    /// weights: w_g when its GPA was filled, plus w_r when its rating was (0 to w_g + w_r).
    func filledWeight(_ section: Section, of course: Course) -> Int64 {
        let v = values(section, of: course)
        return (v.gpaFill == nil ? 0 : gpaWeight) + (v.ratingFill == nil ? 0 : ratingWeight)
    }

    /// What one unit of ``unit(_:)`` is worth in a 0–1 score.
    var unitScale: Double {
        let w = gpaWeight + ratingWeight
        return w == 0 ? 0 : 1 / (20 * Double(w) * Self.unitsPerPoint)
    }

    /// Credits in units of 1/100, clamped to 0–1,000 credits.
    static func credits(_ credits: Double) -> Int64 { fixed(credits, limit: 1_000, scale: 100) }
}
