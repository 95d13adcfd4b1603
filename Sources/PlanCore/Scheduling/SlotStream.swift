/// The slots of a requirement in time order, produced day by day on demand so
/// that placing a task only walks as far as it needs.
struct SlotStream {
    let board: Scoreboard
    let req: Requirement
    /// `lower` and `due` snapped onto the grid.
    let lo: Instant
    let hi: Instant
    private(set) var slots: [Slot] = []
    private(set) var nextDay: Int64
    let lastDay: Int64
    /// Some day can hold a sitting (else the stream is empty from the start).
    let hasDays: Bool
    private let useCache: Bool
    /// Days known to be full can be skipped (no rule is lifted that would
    /// give them room).
    let skipsFullDays: Bool
    /// The board's free time under the policy window bounds what this
    /// requirement can place (no rule is lifted that would add time).
    let boundedByFreeTime: Bool
    /// The day's kept free list that holds this requirement's free time (a
    /// part of it clipped to the window), or nil to work it out day by day.
    private let keptList: Scoreboard.FreeList?

    init(board: Scoreboard, req: Requirement) {
        self.board = board
        self.req = req
        lo = board.grid.ceil(req.lower)
        hi = board.grid.floor(req.due)
        useCache = req.withBusy && req.withOthers
            && req.windowStart >= board.dayStart && req.windowEnd <= board.dayEnd
        skipsFullDays = useCache && !req.allDays && (req.withMaxPerDay || board.maxPerDay == nil)
        boundedByFreeTime = useCache && !req.allDays
        let insidePolicyWindow = req.windowStart >= board.dayStart && req.windowEnd <= board.dayEnd
        if useCache {
            keptList = .current
        } else if !board.usesBounds {
            keptList = nil
        } else if req.withBusy && !req.withOthers && insidePolicyWindow {
            keptList = .ofBusyOnly
        } else if req.withBusy && req.withOthers && req.windowStart == .startOfDay && req.windowEnd == .endOfDay {
            keptList = .wholeDay
        } else {
            keptList = nil
        }
        let anyDay = req.allDays || board.hasWorkingDays
        if hi - lo >= req.minSitting && req.windowStart < req.windowEnd && anyDay && req.remaining > 0 {
            nextDay = board.dayNumber(lo)
            lastDay = board.dayNumber(hi)
            hasDays = true
        } else {
            nextDay = 1
            lastDay = 0
            hasDays = false
        }
    }

    /// The `i`-th slot, or nil when there are no more before `due`.
    mutating func slot(_ i: Int) -> Slot? {
        while i >= slots.count {
            if skipsFullDays { nextDay = board.nextDay(from: nextDay, fitting: req.minSitting) }
            guard nextDay <= lastDay else { return nil }
            generate(day: nextDay)
            nextDay += 1
        }
        return slots[i]
    }

    private mutating func generate(day: Int64) {
        // Out of `self` while it grows: the call below reads `self`, and a
        // copy of it would share the buffer, so every append would copy it.
        var grown: [Slot] = []
        swap(&grown, &slots)
        if grown.capacity == 0 { grown = board.borrowSlots() }
        generate(day: day, into: &grown)
        swap(&grown, &slots)
    }

    /// Gives the slot buffer back to the board (see ``Placer/using(_:_:_:)``).
    mutating func recycle() { board.recycle(&slots) }

    /// Appends the slots of local day `day` to `slots`.
    func generate(day: Int64, into slots: inout [Slot]) {
        let bi = board.bookIndex(day: day)
        let book = board.summary(bi)
        if !req.allDays && !book.working { return }
        var cap = Int64.max
        if req.withMaxPerDay, let m = board.maxPerDay {
            cap = m - (req.withOthers ? book.used : 0)
        }
        // The common case: the policy's window, the whole of it before `due`.
        // The day's free ranges lie on the grid inside it: no clipping.
        if useCache && req.windowStart == board.dayStart && req.windowEnd == board.dayEnd
            && lo <= book.window.start && book.window.end <= hi {
            board.appendFreeSlots(book: bi, from: book.window.start, to: book.window.end,
                                  minLength: req.minSitting, day: day, cap: cap, into: &slots)
            return
        }
        let ws = board.instant(book: bi, req.windowStart)
        let we = board.instant(book: bi, req.windowEnd)
        let clipStart = max(ws, lo), clipEnd = min(we, hi)
        guard clipEnd - clipStart >= req.minSitting else { return }
        if let list = keptList {
            let a = board.grid.ceil(clipStart), b = board.grid.floor(clipEnd)
            board.appendFreeSlots(book: bi, list: list, from: a, to: b, minLength: req.minSitting, day: day, cap: cap,
                                  into: &slots)
        } else {
            let free = board.freeRanges(in: TimeRange(start: clipStart, end: clipEnd),
                                        sittings: req.withOthers ? board.books[bi].sittings : [],
                                        withBusy: req.withBusy)
            for f in free where f.duration >= req.minSitting {
                slots.append(Slot(start: f.start, end: f.end, day: day, cap: cap))
            }
        }
    }
}
