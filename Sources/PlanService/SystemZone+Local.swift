import Foundation
import PlanCore

extension SystemZone {
    /// The zone this machine runs in: `$TZ` when it names a zone this
    /// system knows (a leading `:` ignored, as the C library does), else the
    /// system's. What plan uses until the store names one.
    package static func local(environment: [String: String]) -> SystemZone {
        if let env = environment["TZ"], !env.isEmpty {
            let name = env.hasPrefix(":") ? String(env.dropFirst()) : env
            if let zone = SystemZone(identifier: name) { return zone }
        }
        return SystemZone(TimeZone.current)
    }
}
