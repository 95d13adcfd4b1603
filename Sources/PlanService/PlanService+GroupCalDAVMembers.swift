import Foundation
import PlanCore
import PlanDAV
import PlanICal
import PlanStore

/// The CalDAV members of `plan group find`: a collection read once for the
/// search (`caldav:URL`: its events, read as a registered collection is,
/// then expanded by the importer) or asked for its free-busy time
/// (`freebusy:URL`: an RFC 4791 §7.10 free-busy-query, the VFREEBUSY read
/// by libical). Nothing is kept. Credentials are those of every CalDAV
/// command (the environment, a password command set for the host, netrc);
/// a member that cannot be read is one line naming it (exit 66).
extension PlanService {
    /// The collection's URL as kept (a trailing `/`) and a client with the
    /// password commands of the store `t` reads.
    func memberClient(_ source: GroupMemberSource, _ text: String, t: StoreTransaction) throws -> (SubscriptionURL, DAVClient) {
        let url: SubscriptionURL
        do throws(DAVError) {
            url = try SubscriptionURL(text, insecure: false)
        } catch {
            // The member as given may hold credentials: shown as the URL the error names (without them).
            throw ServiceError.refused("--member \(source.description.dropLast(text.count))\(error.url): \(error.reason)")
        }
        return (try Self.collectionURL(url.text, insecure: false), try davClient(insecure: false, t: t))
    }

    /// Every event of the collection at `url`, merged into one calendar
    /// (``CalDAVCalendars/read(_:client:copy:now:)`` from no copy).
    func collectionEvents(_ url: SubscriptionURL, client: DAVClient, source: GroupMemberSource) throws -> [UInt8] {
        let copy: CalDAVCopy?
        do throws(DAVError) {
            copy = try CalDAVCalendars.read(url, client: client, copy: nil, now: now)
        } catch {
            throw ServiceError.calendar(.unreadable(file: source.description, reason: error.reason))
        }
        guard let copy else { return [] }
        do throws(ImportError) {
            return try CalDAVCalendars.content(copy).bytes
        } catch {
            throw ServiceError.calendar(error)
        }
    }

    /// The busy periods the server at `url` answers for the collection over
    /// `window` (FBTYPE BUSY, BUSY-UNAVAILABLE, BUSY-TENTATIVE; FREE is free).
    /// The collection is asked first (PROPFIND) whether it is a calendar; a
    /// server that refuses the report is told apart, with `caldav:URL` as
    /// what to give instead.
    func freeBusy(_ url: SubscriptionURL, client: DAVClient, window: TimeRange, source: GroupMemberSource) throws -> [TimeRange] {
        let info: DAVClient.CollectionInfo?
        let answer: DAVClient.FreeBusyAnswer?
        do throws(DAVError) {
            info = try client.collection(url)
            answer = info?.isCalendar == true
                ? try client.freeBusy(url, start: Date(timeIntervalSince1970: TimeInterval(window.start.seconds)),
                                      end: Date(timeIntervalSince1970: TimeInterval(window.end.seconds)))
                : nil
        } catch {
            throw ServiceError.calendar(.unreadable(file: source.description, reason: error.reason))
        }
        guard let answer else {
            throw ServiceError.calendar(.unreadable(file: source.description,
                reason: "no calendar collection at this address (check the URL: the calendar's own, ending in /)"))
        }
        switch answer {
        case .refused(let status):
            throw ServiceError.calendar(.unreadable(file: source.description,
                reason: "the server does not answer a free-busy query for it (REPORT free-busy-query: HTTP \(status)); give --member caldav:\(url.text) to read its events instead"))
        case .answered(let bytes):
            do throws(ImportError) {
                return try FreeBusyReader.busy(bytes, label: source.description)
            } catch {
                throw ServiceError.calendar(error)
            }
        }
    }
}
