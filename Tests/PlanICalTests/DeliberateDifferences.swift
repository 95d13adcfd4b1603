/// Every deliberate difference between what plan's importer lists and what
/// the corpus peer (Python icalendar 7.3.0 + recurring-ical-events 3.8.2 +
/// x-wr-timezone 2.0.1) lists for the same file, each with the RFC clause or
/// client behaviour that argues it and the test that shows it.
///
/// Nothing outside this list may differ: `CorpusTests` fails on any other
/// difference, and each corpus file where one of these shows is named in
/// `CorpusTests.argued` with the difference it shows, byte for byte.
/// Calendars from elsewhere are held to the same list.
enum DeliberateDifference: String, CaseIterable {
    /// RFC 7529 `RSCALE` rules (non-Gregorian calendars, `SKIP=`, leap
    /// months) are expanded by libical through ICU; the peer's rule parser
    /// refuses them and drops the series. RFC 7529 §3 extends RFC 5545's
    /// RECUR grammar with exactly these parts. (`CorpusTests`.)
    case rscaleRules

    /// Several VEVENTs with one UID and no RECURRENCE-ID: plan reads the
    /// newest copy — highest SEQUENCE, then latest LAST-MODIFIED (DTSTAMP
    /// without it), then the last in the file; the peer keeps the first in
    /// the file when SEQUENCE ties. RFC 5545 §3.8.4.7 lets a UID name one
    /// event, RFC 5546 §2.1.5 orders revisions by SEQUENCE then DTSTAMP, and
    /// a client applying the copies in turn as updates ends with the last.
    /// (Issue 12 item 3; `InstanceMatchingTests.newestCopyWins`.)
    case newestCopyOfAnEvent

    /// An all-day event whose DTEND equals DTSTART lasts that day; the peer
    /// lists it with zero length. RFC 5545 §3.6.1 gives a date DTSTART
    /// without an end one day and requires DTEND later than DTSTART; Google
    /// Calendar and Thunderbird show such an event on its day. (Item 5;
    /// `ImportFidelityTests.allDayEndEqualToStartIsOneDay`.)
    case allDayEventOfZeroDays

    /// An RRULE with no usable FREQ leaves the event as one occurrence at
    /// DTSTART; the peer drops the whole event. RFC 5545 §3.8.5.3: DTSTART
    /// defines the first instance, whatever the rule adds. (Item 1;
    /// `RecoveredRuleTests.noUsableFrequencyKeepsDTSTART`.)
    case ruleWithoutFrequency

    /// RRULEs a lenient client still reads — unknown parts (`X-NAME=…`),
    /// a part given twice, COUNT with UNTIL, COUNT below 1, an empty part,
    /// a trailing `;` — are repaired and expanded with a warning; the peer
    /// drops some of these series (unknown parts). (Item 1;
    /// `RecoveredRuleTests`.)
    case repairedRules

    /// A RECURRENCE-ID written as a date for a series of date-times names
    /// that local date's instance, which the override replaces, and a
    /// date-time at any time of day (not only midnight) names the all-day
    /// instance of its date; the peer matches neither and lists the instance
    /// and the override both, or keeps the excluded day. Google Calendar and
    /// Thunderbird show the moved instance once. (Zoned or UTC midnights
    /// naming all-day instances and date EXDATEs the peer matches as plan
    /// does.) (Item 2; `InstanceMatchingTests.dateValuesOnATimedSeries`,
    /// `otherFormsNameTheSameInstance`.)
    case dateNamesTheDaysInstance

    /// An EXDATE in another zone than its series excludes the instance at the
    /// same instant (RFC 5545 §3.8.5.1: the EXDATE's TZID, or `Z`, says which
    /// instant it is); the peer sometimes compares the wall-clock readings
    /// instead and excludes an instance hours away. (Item 2;
    /// `InstanceMatchingTests.otherFormsNameTheSameInstance`.)
    case exdateByInstant

    /// An override whose RECURRENCE-ID an EXDATE of its master names is
    /// shown where it says when it is not older than that master (RFC 5546
    /// §2.1.5 orders revisions by SEQUENCE, then DTSTAMP; plan reads
    /// LAST-MODIFIED first, as for copies of an event): RFC 5545 §3.8.5.1 has
    /// EXDATE remove instances from the set the rules generate, while an
    /// override is a component of its own (§3.8.4.4), and a class hidden by a
    /// guess gets study planned on top of it. An override older than the
    /// master that excludes its instance was edited, then deleted: it is
    /// dropped (issue 34). The peer hides every override whose RECURRENCE-ID
    /// an EXDATE names, and so does Thunderbird (`CalRecurrenceInfo`'s
    /// `calculateDates` applies EXDATEs after adding the overrides); both
    /// show an override of an instance the rule never generated, as plan
    /// does. (Item 4; `InstanceMatchingTests.overrideOfAnExcludedInstanceIsShown`,
    /// `overrideOfNoInstanceIsShown`; `ImportRevisionTests`.)
    case overridesAreShown

    /// A DATE UNTIL on a series of date-times includes that whole local day
    /// (RFC 5545 §3.3.10: UNTIL bounds the recurrence inclusively, and a date
    /// is the whole day); the peer reads it as that day's midnight and drops
    /// the day's instances. (`RecurrenceRuleTests`.)
    case dateUntilOnTimedSeries

    /// Every instance of a series keeps the exact length DTEND − DTSTART
    /// (RFC 5545 §3.8.5.3: "the same exact duration will apply to all the
    /// members"), across DST changes too; the peer, for UTC times it moved
    /// into an X-WR-TIMEZONE, keeps the wall-clock length instead, an hour
    /// off after a change. (`DaylightSavingTests`.)
    case exactLengthAcrossDST

    /// A DURATION of hours or none on an all-day event lasts the whole days
    /// it reaches into, at least one; the peer makes a floating date-time
    /// event of it. RFC 5545 §3.8.2.5 allows only days and weeks there, and
    /// clients show the event on its day. (Item 6;
    /// `ImportFidelityTests.allDayDurationInHours`.)
    case allDayDurationInHours

    /// A DTEND of the other value type than DTSTART: DTSTART decides, as in
    /// the clients (a date DTSTART is an all-day event through the day the
    /// end falls on; a date-time DTSTART ends at the DTEND date's midnight in
    /// its zone, or at the end of that date); the peer reads the date as a
    /// UTC midnight date-time and mixes the two. RFC 5545 §3.6.1 requires the
    /// same type and says nothing more. (Item 6;
    /// `ImportFidelityTests.dateAndDateTimeMixed`.)
    case mixedValueTypes

    /// A rule whose UNTIL is before DTSTART still has its DTSTART instance
    /// (RFC 5545 §3.8.5.3: DTSTART is the first instance, as plan already
    /// reads a DTSTART the rule does not match, like the peer); the peer,
    /// and Thunderbird's ical.js, list nothing. A class that vanishes gets
    /// study planned on top of it. (Item 7;
    /// `ImportFidelityTests.untilBeforeStartKeepsStart`.)
    case untilBeforeStart

    /// EXRULE removes the instances it generates (RFC 2445 §4.8.5.2; RFC
    /// 5545 Appendix A.3 deprecates it for writers but still lists its
    /// meaning); the peer ignores it and lists them.
    /// (`RecurrenceSetTests`.)
    case exrule

    /// A DATE value with a TZID parameter stays a date (RFC 5545 §3.2.19:
    /// TZID applies to DATE-TIME values only); the peer reads it as midnight
    /// in that zone, a date-time with no length.
    /// (`ImportFidelityTests.dateWithTZIDStaysADate`.)
    case dateWithTZID
}
