/// Someone a scheduling message names: a calendar user address (`mailto:`)
/// and, when known, a common name (RFC 5545 §3.2.2 `CN`). Addresses are
/// compared without regard to case (``sameAddress(_:)``).
public struct CalendarUser: Hashable, Sendable {
    /// The email address, without `mailto:`.
    public var email: String
    public var name: String?

    public init(email: String, name: String?) {
        self.email = email
        self.name = name
    }

    /// Whether `email` is this user's address, compared case-insensitively.
    public func sameAddress(_ email: String) -> Bool { self.email.lowercased() == email.lowercased() }

    /// The name when known, else the address.
    public var displayName: String { name.flatMap { $0.isEmpty ? nil : $0 } ?? email }
}

/// An attendee's participation status (RFC 5545 §3.2.12), the values plan uses.
public enum Participation: String, Hashable, Sendable, CaseIterable {
    case needsAction = "NEEDS-ACTION"
    case accepted = "ACCEPTED"
    case declined = "DECLINED"
    case tentative = "TENTATIVE"
}

/// A latitude and longitude in degrees (RFC 5545 §3.8.1.6 `GEO`).
public struct GeoPoint: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// An attendee and their answer.
public struct InvitedUser: Hashable, Sendable {
    public var user: CalendarUser
    public var status: Participation

    public init(user: CalendarUser, status: Participation) {
        self.user = user
        self.status = status
    }
}

