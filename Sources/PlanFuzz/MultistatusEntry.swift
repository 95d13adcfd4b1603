import PlanDAV

/// The CalDAV multistatus parser under fuzzing: the bytes are the body of a
/// PROPFIND or REPORT answer, read by `Multistatus.parse(_:)` as `plan sync`
/// and the subscriptions read one; every value it hands back is looked at.
public enum MultistatusEntry {
    public static func run(_ bytes: [UInt8]) {
        guard let answer = try? Multistatus.parse(bytes) else { return }
        var checksum = answer.syncToken?.utf8.count ?? 0
        for response in answer.responses {
            checksum &+= response.href.utf8.count &+ (response.status ?? 0)
            for propstat in response.propstats {
                checksum &+= propstat.status
                for property in propstat.properties {
                    checksum &+= property.text.utf8.count &+ property.children.count &+ property.hrefs.count
                }
            }
        }
        blackHole(checksum)
    }
}
