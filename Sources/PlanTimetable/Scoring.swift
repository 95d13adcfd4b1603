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
struct Scoring {
    /// The medians of the known values (display), nil when none is known.
    let filledGPA: Double?
    let filledRating: Double?
    /// The same medians in fixed point (units of 1/20,000).
    let gpaMedian: Int64?
    let ratingMedian: Int64?
    /// Weights in units of 1/100; a field with no known value anywhere has weight 0.
    let gpaWeight: Int64
    let ratingWeight: Int64
    /// Right shift applied to every course term so that sums cannot overflow.
    let shift: Int64

    static let unitsPerPoint: Double = 20_000

    init(catalog: Catalog, options: BuildOptions, courseCount: Int) {
        var gpas: [Double] = [], ratings: [Double] = []
        for course in catalog.courses {
            for s in course.sections {
                if let g = s.gpa, g.isFinite { gpas.append(g) }
                if let r = s.rating, r.isFinite { ratings.append(r) }
            }
        }
        filledGPA = Self.median(gpas)
        filledRating = Self.median(ratings)
        gpaMedian = Self.fixedMedian(gpas, limit: 4)
        ratingMedian = Self.fixedMedian(ratings, limit: 5)
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

    /// A section's gpa and rating in units of 1/20,000, and whether each was filled in
    /// (never when no value of that field is known anywhere: the field then does not count).
    func values(_ section: Section) -> (gpa: Int64, rating: Int64, filledGPA: Bool, filledRating: Bool) {
        let known = { (v: Double?) in v.flatMap { $0.isFinite ? $0 : nil } }
        let g = known(section.gpa).map { 2 * Self.fixed($0, limit: 4, scale: 10_000) }
        let r = known(section.rating).map { 2 * Self.fixed($0, limit: 5, scale: 10_000) }
        return (g ?? gpaMedian ?? 0, r ?? ratingMedian ?? 0, g == nil && gpaMedian != nil, r == nil && ratingMedian != nil)
    }

    /// 5·w_g·gpa + 4·w_r·rating: the section's score times 20·(w_g + w_r)·20,000.
    func unit(_ section: Section) -> Int64 {
        let v = values(section)
        return 5 * gpaWeight * v.gpa + 4 * ratingWeight * v.rating
    }

    /// What one unit of ``unit(_:)`` is worth in a 0–1 score.
    var unitScale: Double {
        let w = gpaWeight + ratingWeight
        return w == 0 ? 0 : 1 / (20 * Double(w) * Self.unitsPerPoint)
    }

    /// Credits in units of 1/100, clamped to 0–1,000 credits.
    static func credits(_ credits: Double) -> Int64 { fixed(credits, limit: 1_000, scale: 100) }
}
