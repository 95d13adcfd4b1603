/// Someone a scheduling message names: a calendar user address (`mailto:`)
/// and, when known, a common name (RFC 5545 §3.2.2 `CN`). Addresses are
/// compared without regard to case (``sameAddress(_:)``).
package struct CalendarUser: Hashable, Sendable {
    /// The email address, without `mailto:`.
    package var email: String
    package var name: String?

    package init(email: String, name: String?) {
        self.email = email
        self.name = name
    }

    /// Whether `email` is this user's address, compared case-insensitively.
    package func sameAddress(_ email: String) -> Bool { self.email.lowercased() == email.lowercased() }

    /// The name when known, else the address.
    package var displayName: String { name.flatMap { $0.isEmpty ? nil : $0 } ?? email }
}

/// An attendee's participation status (RFC 5545 §3.2.12), the values plan uses.
package enum Participation: String, Hashable, Sendable, CaseIterable {
    case needsAction = "NEEDS-ACTION"
    case accepted = "ACCEPTED"
    case declined = "DECLINED"
    case tentative = "TENTATIVE"
}

/// A latitude and longitude in degrees (RFC 5545 §3.8.1.6 `GEO`).
package struct GeoPoint: Hashable, Sendable {
    package var latitude: Double
    package var longitude: Double

    package init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// An attendee and their answer.
package struct InvitedUser: Hashable, Sendable {
    package var user: CalendarUser
    package var status: Participation

    package init(user: CalendarUser, status: Participation) {
        self.user = user
        self.status = status
    }
}

