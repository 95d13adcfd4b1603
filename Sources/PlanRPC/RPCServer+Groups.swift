import PlanCore
import PlanGroups
import PlanProtocol
import PlanService

/// The `group.*` methods: `plan group` for editors, with the same checks of
/// their inputs (``GroupFindInput``); `Schemas/methods/group.*` describe them.
extension RPCServer {
    func groupFind(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["members", "duration", "within", "between", "days", "granularity", "minMembers", "top"])
        var input = GroupFindInput()
        input.members = try p.optionalStrings("members") ?? []
        input.duration = try p.string("duration")
        input.within = try p.optionalString("within")
        input.between = try p.optionalString("between")
        input.days = try p.optionalString("days")
        input.granularity = try p.optionalString("granularity")
        input.minMembers = try p.optionalInt("minMembers", in: 1...1_000)
        input.top = try p.optionalInt("top", in: 1...100)
        return try withService { service in
            let zone = try service.zone()
            let request: GroupFindRequest
            do throws(CoursesInputError) {
                request = try input.request(now: service.now, zone: zone)
            } catch {
                throw RPCError.params(p.pointer(error.field == "member" ? "members" : error.field), error.paramsMessage)
            }
            return Self.encode(Wire.GroupFound(try service.findGroupTime(request)))
        }
    }
}

/// The `group.*` methods that change sessions or read a group calendar:
/// thin faces over the operations `plan group create|list|join|leave|cancel|reply`
/// call, returning what those commands print with `--json`.
extension RPCServer {
    /// `me`: who the user is (the ORGANIZER of what they create, the ATTENDEE
    /// they answer as); sets `name` and/or `email` when given.
    func me(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["name", "email"])
        let name = try p.optionalString("name")
        let email = try p.optionalString("email")
        return try withService { service in
            Self.encode(Wire.me(name == nil && email == nil ? try service.me() : try service.setMe(name: name, email: email)))
        }
    }

    /// `group.create`: proposes a session (see `plan group create`).
    func groupCreate(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["title", "course", "at", "duration", "location", "geo", "notes", "invite", "calendar", "mailDir", "insecure"])
        var input = GroupSessionInput()
        input.title = try p.name("title")
        input.course = try p.optionalString("course")
        input.at = try p.string("at")
        input.duration = try p.string("duration")
        input.location = try p.optionalString("location")
        input.geo = try p.optionalString("geo")
        input.notes = try p.optionalString("notes")
        input.invite = try p.optionalStrings("invite") ?? []
        input.calendar = try p.optionalString("calendar")
        let mailDir = try p.optionalString("mailDir")
        let insecure = try p.optionalBool("insecure") ?? false
        return try withService { service in
            let zone = try service.zone()
            let spec: GroupSessionSpec
            do throws(CoursesInputError) {
                spec = try input.spec(now: service.now, zone: zone)
            } catch {
                throw RPCError.params(p.pointer(error.field), error.paramsMessage)
            }
            let change = try service.createGroupSession(spec, mailDir: mailDir, insecure: insecure)
            return Self.encode(Wire.GroupChanged(change, me: try service.me()?.email, zone: zone))
        }
    }

    /// `group.list`: the sessions, after reading the group calendar when `calendar` is given.
    func groupList(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["course", "from", "calendar", "insecure"])
        let course = try p.optionalString("course")
        let from = try p.optionalString("from")
        let calendar = try p.optionalString("calendar")
        let insecure = try p.optionalBool("insecure") ?? false
        return try withService { service in
            let zone = try service.zone()
            var start: Instant? = zone.resolve(LocalDateTime(date: zone.local(service.now).date))
            if let from {
                if from == "all" {
                    start = nil
                } else if case .date(let d)? = HumanInput.date(from, now: service.now, zone: zone) {
                    start = zone.resolve(LocalDateTime(date: d))
                } else {
                    let tomorrow = HumanInput.nearDays(now: service.now, zone: zone).tomorrow
                    throw RPCError.params(p.pointer("from"), "\"\(from)\": expected a day like \(tomorrow), today, or all")
                }
            }
            if let calendar { _ = try service.readGroupCalendar(calendar, insecure: insecure) }
            let me = try service.me()?.email
            return Self.encode(try service.groupSessions(course: course, from: start).map { Wire.GroupSession($0, me: me, zone: zone) })
        }
    }

    /// `group.join` / `group.leave`: the user's answer (ACCEPTED / DECLINED), on the group calendar when the session is there.
    func groupAnswer(_ p: Params, _ status: Participation) throws(RPCError) -> String {
        try p.allowOnly(["id", "insecure", "mailDir"])
        let id = try p.name("id")
        let insecure = try p.optionalBool("insecure") ?? false
        let mailDir = p.has("mailDir") ? try p.name("mailDir") : nil
        return try withService { service in
            let zone = try service.zone()
            let change = try service.answerGroupSession(id, status, insecure: insecure, mailDir: mailDir)
            return Self.encode(Wire.GroupChanged(change, me: try service.me()?.email, zone: zone))
        }
    }

    /// `group.cancel`: cancels a session the user organizes.
    func groupCancel(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["id", "mailDir", "insecure"])
        let id = try p.name("id")
        let mailDir = try p.optionalString("mailDir")
        let insecure = try p.optionalBool("insecure") ?? false
        return try withService { service in
            let zone = try service.zone()
            let change = try service.cancelGroupSession(id, mailDir: mailDir, insecure: insecure)
            return Self.encode(Wire.GroupChanged(change, me: try service.me()?.email, zone: zone))
        }
    }

    /// `group.answer`: answers an invitation received by mail (an iTIP REQUEST, `.ics` or `.eml`).
    func groupAnswerInvitation(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["file", "answer", "mailDir"])
        let file = try p.name("file")
        let answer = try p.name("answer")
        guard let status: Participation = ["accept": .accepted, "decline": .declined][answer] else {
            throw RPCError.params("/answer", "\"\(answer)\" is not an answer: accept or decline")
        }
        let mailDir = p.has("mailDir") ? try p.name("mailDir") : nil
        return try withService { service in
            let zone = try service.zone()
            let change = try service.answerInvitation(path: file, status, mailDir: mailDir)
            return Self.encode(Wire.GroupChanged(change, me: try service.me()?.email, zone: zone))
        }
    }

    /// `group.reply`: applies an iTIP REPLY file.
    func groupReply(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["file"])
        let file = try p.name("file")
        return try withService { service in
            let zone = try service.zone()
            let applied = try service.applyGroupReply(path: file)
            return Self.encode(Wire.GroupSession(applied.session, me: try service.me()?.email, zone: zone))
        }
    }
}
