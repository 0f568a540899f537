//! A day camp's daily attendance, as counsellors record it on their phones (often offline, through
//! the same outbox as the scores): a child's arrival, departure, or an absence the parent gave
//! notice of ('absence motivée', recorded when the parent phones), for a day of the child's week.
//!
//! [`judge`] decides what an entry does to the child's day, on the server for every entry a phone
//! pushes; the phone's clock never decides anything, the entry's own times are only checked for
//! sense. The first arrival (or departure, or notice) of a child's day wins: another phone
//! recording it again is a duplicate, answered and not doubled. A departure names who took the
//! child: the registering parent, an adult of the health form's pick-up list, the child alone
//! where the form allows it, or someone else only with an admin's override for that child and
//! day; anything else is refused with `pickup_not_authorised`.
//!
//! [`absent_without_notice`] flags a child who has not arrived by 9:30 (the centre's time) without
//! a notice.
//!
//! [`project_day`] applies a phone's entries, in its order, to the child's day as last read, each
//! judged as the server will judge it, so the counsellor's phone shows what its waiting entries
//! will do before they reach the server.

use chrono::{DateTime, NaiveDate, NaiveTime, TimeZone, Utc};
use serde::{Deserialize, Serialize};

use crate::stored::stored_text;
use crate::sync::Verdict;

/// What a counsellor records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum AttendanceAction {
    Arrival,
    Departure,
    /// The parent said the child will not come that day.
    Absence,
}

stored_text!(AttendanceAction { Arrival = "arrival", Departure = "departure", Absence = "absence" });

/// Who took the child home.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum PickupKind {
    /// The parent who registered the child.
    Parent,
    /// An adult of the health form's pick-up list, by name.
    Authorised,
    /// The child left alone (only where the health form allows it).
    Alone,
    /// Someone else, by name: only with an admin's override for that child and day.
    Other,
}

stored_text!(PickupKind { Parent = "parent", Authorised = "authorised", Alone = "alone", Other = "other" });

/// Catalogue codes of a refused entry.
pub const CODE_DAY_OUTSIDE_WEEK: &str = "attendance_day_outside_week";
pub const CODE_TIME_OUTSIDE_DAY: &str = "attendance_time_outside_day";
pub const CODE_NOT_ARRIVED: &str = "attendance_not_arrived";
pub const CODE_BEFORE_ARRIVAL: &str = "attendance_departure_before_arrival";
pub const CODE_ALREADY_ARRIVED: &str = "attendance_already_arrived";
pub const CODE_NOTICE_PAST: &str = "attendance_notice_past";
pub const CODE_PICKUP_REQUIRED: &str = "pickup_required";
pub const CODE_PICKUP_NOT_AUTHORISED: &str = "pickup_not_authorised";

/// The time from which a child not arrived, without notice, is flagged.
pub const FLAG_AT: NaiveTime = match NaiveTime::from_hms_opt(9, 30, 0) {
    Some(t) => t,
    None => NaiveTime::MIN,
};

/// Who took the child, as the phone says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pickup {
    pub kind: PickupKind,
    /// The person's name (an authorised adult's or someone else's); none for the parent or alone.
    pub name: Option<String>,
}

/// An entry as judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub action: AttendanceAction,
    /// The camp day, in the centre's time zone.
    pub day: NaiveDate,
    /// When it happened (an absence's: when it was recorded).
    pub at: DateTime<Utc>,
    /// A departure's.
    pub pickup: Option<Pickup>,
}

/// What is known of the child and their day before the entry.
#[derive(Clone, Debug, Default)]
pub struct ChildDay<'a> {
    /// The child's week, first and last day.
    pub week_start: NaiveDate,
    pub week_end: NaiveDate,
    pub arrived_at: Option<DateTime<Utc>>,
    pub left_at: Option<DateTime<Utc>>,
    pub absence_notice: bool,
    /// The health form's pick-up adults, by name.
    pub authorised: &'a [String],
    /// The health form allows the child to leave alone.
    pub may_leave_alone: bool,
    /// The people an admin allowed for this child and day.
    pub overrides: &'a [String],
}

/// A name as compared: spaces trimmed and collapsed, letters in lower case.
pub fn same_person(a: &str, b: &str) -> bool {
    let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
    let a = norm(a);
    !a.is_empty() && a == norm(b)
}

/// Whether `pickup` may take the child on this day (see the module documentation).
pub fn pickup_allowed(pickup: &Pickup, child: &ChildDay<'_>) -> bool {
    let named = |list: &[String]| pickup.name.as_deref().is_some_and(|n| list.iter().any(|p| same_person(p, n)));
    match pickup.kind {
        PickupKind::Parent => true,
        PickupKind::Authorised => named(child.authorised) || named(child.overrides),
        PickupKind::Alone => child.may_leave_alone,
        PickupKind::Other => named(child.overrides),
    }
}

/// What `entry` does to the child's day, with the centre's time zone `tz` (see the module
/// documentation).
pub fn judge<Tz: TimeZone>(entry: &Entry, child: &ChildDay<'_>, tz: &Tz) -> Verdict {
    if entry.day < child.week_start || entry.day > child.week_end {
        return Verdict::Rejected(CODE_DAY_OUTSIDE_WEEK);
    }
    if entry.at.with_timezone(tz).date_naive() != entry.day {
        return Verdict::Rejected(CODE_TIME_OUTSIDE_DAY);
    }
    match entry.action {
        AttendanceAction::Arrival if child.arrived_at.is_some() => Verdict::Duplicate,
        AttendanceAction::Arrival => Verdict::Apply,
        AttendanceAction::Absence if child.arrived_at.is_some() => Verdict::Rejected(CODE_ALREADY_ARRIVED),
        AttendanceAction::Absence if child.absence_notice => Verdict::Duplicate,
        AttendanceAction::Absence => Verdict::Apply,
        AttendanceAction::Departure => {
            let Some(arrived) = child.arrived_at else {
                return Verdict::Rejected(CODE_NOT_ARRIVED);
            };
            if child.left_at.is_some() {
                return Verdict::Duplicate;
            }
            if entry.at <= arrived {
                return Verdict::Rejected(CODE_BEFORE_ARRIVAL);
            }
            match &entry.pickup {
                None => Verdict::Rejected(CODE_PICKUP_REQUIRED),
                Some(p) if pickup_allowed(p, child) => Verdict::Apply,
                Some(_) => Verdict::Rejected(CODE_PICKUP_NOT_AUTHORISED),
            }
        }
    }
}

/// A child's day as a phone shows it once its entries are applied ([`project_day`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DayProjection {
    pub arrived_at: Option<DateTime<Utc>>,
    pub left_at: Option<DateTime<Utc>>,
    /// Who took the child, once left.
    pub pickup: Option<Pickup>,
    pub absence_notice: bool,
    /// 'Absent sans avis': as read, until an arrival or a notice lowers it.
    pub flagged: bool,
    /// One per entry, in the given order: what the server will make of it.
    pub verdicts: Vec<Verdict>,
}

/// What `entries` (a phone's, in its order) do to the child's day as last read (`child`, with who
/// took the child, `pickup`, and the read's 'absent sans avis' flag, `flagged`): each one judged
/// by [`judge`] against the day as the entries before it left it, as the server takes them one
/// after another. An entry judged a duplicate or refused changes nothing. The flag's 9:30 part is
/// the read's; only an arrival or a notice lowers it ([`absent_without_notice`]).
pub fn project_day<Tz: TimeZone>(
    child: &ChildDay<'_>,
    pickup: Option<Pickup>,
    flagged: bool,
    entries: &[Entry],
    tz: &Tz,
) -> DayProjection {
    let mut day = child.clone();
    let mut pickup = pickup;
    let mut verdicts = Vec::with_capacity(entries.len());
    for entry in entries {
        let verdict = judge(entry, &day, tz);
        if verdict == Verdict::Apply {
            match entry.action {
                AttendanceAction::Arrival => day.arrived_at = Some(entry.at),
                AttendanceAction::Departure => {
                    day.left_at = Some(entry.at);
                    pickup.clone_from(&entry.pickup);
                }
                AttendanceAction::Absence => day.absence_notice = true,
            }
        }
        verdicts.push(verdict);
    }
    DayProjection {
        arrived_at: day.arrived_at,
        left_at: day.left_at,
        pickup,
        absence_notice: day.absence_notice,
        flagged: flagged && day.arrived_at.is_none() && !day.absence_notice,
        verdicts,
    }
}

/// Whether a parent may give notice today (`today`, the centre's date) that the child will not
/// come on `day`: a day of one of the child's weeks (`weeks`, first and last days), today or
/// later, and not once the child has arrived that day. A notice given again is not an error (the
/// server keeps the first).
pub fn parent_notice(
    day: NaiveDate,
    today: NaiveDate,
    weeks: &[(NaiveDate, NaiveDate)],
    arrived: bool,
) -> Result<(), &'static str> {
    if !weeks.iter().any(|(start, end)| *start <= day && day <= *end) {
        Err(CODE_DAY_OUTSIDE_WEEK)
    } else if day < today {
        Err(CODE_NOTICE_PAST)
    } else if arrived {
        Err(CODE_ALREADY_ARRIVED)
    } else {
        Ok(())
    }
}

/// Whether a child of `day` is flagged 'absent sans avis' at `now`: not arrived, no notice, and
/// 9:30 of that day (the centre's time) has come.
pub fn absent_without_notice<Tz: TimeZone>(
    now: DateTime<Utc>,
    day: NaiveDate,
    arrived: bool,
    notice: bool,
    tz: &Tz,
) -> bool {
    !arrived && !notice && now.with_timezone(tz).naive_local() >= day.and_time(FLAG_AT)
}

#[cfg(test)]
mod tests {
    use chrono_tz::America::Toronto;

    use super::*;

    fn d(day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2030, 7, day).expect("date")
    }

    /// 2030-07-`day` at `h:m` in Toronto (EDT, UTC-4), as UTC.
    fn at(day: u32, h: u32, m: u32) -> DateTime<Utc> {
        let local = d(day).and_hms_opt(h, m, 0).expect("time");
        (local + chrono::Duration::hours(4)).and_utc()
    }

    fn entry(action: AttendanceAction, h: u32, pickup: Option<(PickupKind, &str)>) -> Entry {
        Entry {
            action,
            day: d(2),
            at: at(2, h, 0),
            pickup: pickup.map(|(kind, name)| Pickup { kind, name: (!name.is_empty()).then(|| name.to_owned()) }),
        }
    }

    fn week<'a>(authorised: &'a [String], overrides: &'a [String]) -> ChildDay<'a> {
        ChildDay { week_start: d(1), week_end: d(5), authorised, overrides, ..ChildDay::default() }
    }

    use AttendanceAction::*;
    use PickupKind::*;

    #[test]
    fn an_arrival_applies_once_on_a_day_of_the_week() {
        let child = week(&[], &[]);
        assert_eq!(judge(&entry(Arrival, 8, None), &child, &Toronto), Verdict::Apply);
        let arrived = ChildDay { arrived_at: Some(at(2, 8, 5)), ..week(&[], &[]) };
        // Another phone records it again: the first wins.
        assert_eq!(judge(&entry(Arrival, 8, None), &arrived, &Toronto), Verdict::Duplicate);
        let outside = Entry { day: d(8), at: at(8, 8, 0), ..entry(Arrival, 8, None) };
        assert_eq!(judge(&outside, &child, &Toronto), Verdict::Rejected("attendance_day_outside_week"));
        // 23:30 in Toronto on the 2nd is the 3rd in UTC: still the 2nd's arrival.
        let late = Entry { at: at(2, 23, 30), ..entry(Arrival, 8, None) };
        assert_eq!(judge(&late, &child, &Toronto), Verdict::Apply);
        let other_day = Entry { at: at(3, 8, 0), ..entry(Arrival, 8, None) };
        assert_eq!(judge(&other_day, &child, &Toronto), Verdict::Rejected("attendance_time_outside_day"));
    }

    #[test]
    fn a_departure_follows_an_arrival_and_names_someone_allowed() {
        let adults = vec!["Marie Tremblay".to_owned()];
        let allowed = vec!["Oncle Paul".to_owned()];
        let arrived = |overrides| ChildDay { arrived_at: Some(at(2, 8, 0)), ..week(&adults, overrides) };
        let none: &[String] = &[];
        assert_eq!(
            judge(&entry(Departure, 16, Some((Parent, ""))), &week(&adults, none), &Toronto),
            Verdict::Rejected("attendance_not_arrived")
        );
        assert_eq!(
            judge(&entry(Departure, 7, Some((Parent, ""))), &arrived(none), &Toronto),
            Verdict::Rejected("attendance_departure_before_arrival")
        );
        assert_eq!(judge(&entry(Departure, 16, None), &arrived(none), &Toronto), Verdict::Rejected("pickup_required"));
        assert_eq!(judge(&entry(Departure, 16, Some((Parent, ""))), &arrived(none), &Toronto), Verdict::Apply);
        assert_eq!(
            judge(&entry(Departure, 16, Some((Authorised, "  marie   TREMBLAY "))), &arrived(none), &Toronto),
            Verdict::Apply
        );
        assert_eq!(
            judge(&entry(Departure, 16, Some((Authorised, "Jean Tremblay"))), &arrived(none), &Toronto),
            Verdict::Rejected("pickup_not_authorised")
        );
        // Someone else: refused, until an admin allows that person for the day.
        assert_eq!(
            judge(&entry(Departure, 16, Some((Other, "Oncle Paul"))), &arrived(none), &Toronto),
            Verdict::Rejected("pickup_not_authorised")
        );
        assert_eq!(
            judge(&entry(Departure, 16, Some((Other, "oncle paul"))), &arrived(&allowed), &Toronto),
            Verdict::Apply
        );
        assert_eq!(
            judge(&entry(Departure, 16, Some((Other, "Tante Lise"))), &arrived(&allowed), &Toronto),
            Verdict::Rejected("pickup_not_authorised")
        );
        assert_eq!(
            judge(&entry(Departure, 16, Some((Other, ""))), &arrived(&allowed), &Toronto),
            Verdict::Rejected("pickup_not_authorised")
        );
        // Alone: only where the form allows it.
        assert_eq!(
            judge(&entry(Departure, 16, Some((Alone, ""))), &arrived(none), &Toronto),
            Verdict::Rejected("pickup_not_authorised")
        );
        let alone_ok = ChildDay { may_leave_alone: true, ..arrived(none) };
        assert_eq!(judge(&entry(Departure, 16, Some((Alone, ""))), &alone_ok, &Toronto), Verdict::Apply);
        // Left already: the second departure is not doubled.
        let left = ChildDay { left_at: Some(at(2, 15, 0)), ..arrived(none) };
        assert_eq!(judge(&entry(Departure, 16, Some((Parent, ""))), &left, &Toronto), Verdict::Duplicate);
    }

    #[test]
    fn an_absence_notice_is_kept_once_and_not_after_an_arrival() {
        let child = week(&[], &[]);
        assert_eq!(judge(&entry(Absence, 7, None), &child, &Toronto), Verdict::Apply);
        let noticed = ChildDay { absence_notice: true, ..week(&[], &[]) };
        assert_eq!(judge(&entry(Absence, 7, None), &noticed, &Toronto), Verdict::Duplicate);
        // The child came after all.
        assert_eq!(judge(&entry(Arrival, 10, None), &noticed, &Toronto), Verdict::Apply);
        let arrived = ChildDay { arrived_at: Some(at(2, 8, 0)), ..week(&[], &[]) };
        assert_eq!(
            judge(&entry(Absence, 9, None), &arrived, &Toronto),
            Verdict::Rejected("attendance_already_arrived")
        );
    }

    #[test]
    fn the_flag_rises_at_half_past_nine_in_toronto() {
        assert!(!absent_without_notice(at(2, 9, 29), d(2), false, false, &Toronto));
        assert!(absent_without_notice(at(2, 9, 30), d(2), false, false, &Toronto));
        assert!(absent_without_notice(at(2, 9, 31), d(2), false, false, &Toronto));
        assert!(!absent_without_notice(at(2, 9, 31), d(2), true, false, &Toronto));
        assert!(!absent_without_notice(at(2, 9, 31), d(2), false, true, &Toronto));
        // A day not come yet is never flagged; a past one stays flagged.
        assert!(!absent_without_notice(at(2, 11, 0), d(3), false, false, &Toronto));
        assert!(absent_without_notice(at(4, 7, 0), d(3), false, false, &Toronto));
    }

    #[test]
    fn a_phone_s_entries_apply_in_its_order_as_the_server_will_judge_them() {
        let adults = vec!["Julie Roy".to_owned()];
        let none: &[String] = &[];
        let child = week(&adults, none);
        let julie = Some((Authorised, "Julie Roy"));
        // Offline: an arrival, a departure with the aunt, then the same arrival from this phone again.
        let entries = [entry(Arrival, 8, None), entry(Departure, 16, julie), entry(Arrival, 9, None)];
        let p = project_day(&child, None, true, &entries, &Toronto);
        assert_eq!(p.verdicts, [Verdict::Apply, Verdict::Apply, Verdict::Duplicate]);
        assert_eq!((p.arrived_at, p.left_at), (Some(at(2, 8, 0)), Some(at(2, 16, 0))));
        assert_eq!(p.pickup, Some(Pickup { kind: Authorised, name: Some("Julie Roy".to_owned()) }));
        assert!(!p.flagged, "an arrival lowers the 9:30 flag");

        // Someone not on the list, without an admin's override: the child has not left.
        let arrived = ChildDay { arrived_at: Some(at(2, 8, 5)), ..week(&adults, none) };
        let p = project_day(&arrived, None, false, &[entry(Departure, 16, Some((Other, "Oncle Paul")))], &Toronto);
        assert_eq!(p.verdicts, [Verdict::Rejected(CODE_PICKUP_NOT_AUTHORISED)]);
        assert_eq!((p.arrived_at, p.left_at, p.pickup), (Some(at(2, 8, 5)), None, None));

        // The day as read stays: another phone's departure is kept, this phone's is a duplicate.
        let parent = Pickup { kind: Parent, name: None };
        let left = ChildDay { left_at: Some(at(2, 15, 0)), ..arrived.clone() };
        let p = project_day(&left, Some(parent.clone()), false, &[entry(Departure, 16, julie)], &Toronto);
        assert_eq!((p.left_at, p.pickup, p.verdicts), (Some(at(2, 15, 0)), Some(parent), vec![Verdict::Duplicate]));
    }

    #[test]
    fn a_notice_lowers_the_flag_and_nothing_else_does() {
        let child = week(&[], &[]);
        let p = project_day(&child, None, true, &[entry(Absence, 7, None)], &Toronto);
        assert_eq!((p.absence_notice, p.flagged, p.verdicts), (true, false, vec![Verdict::Apply]));
        // An entry of another day is refused: the flag stays.
        let elsewhere = Entry { at: at(3, 8, 0), ..entry(Arrival, 8, None) };
        let p = project_day(&child, None, true, &[elsewhere], &Toronto);
        assert_eq!((p.arrived_at, p.flagged), (None, true));
        assert_eq!(p.verdicts, [Verdict::Rejected(CODE_TIME_OUTSIDE_DAY)]);
        // Nothing waits: the day as read.
        assert!(!project_day(&child, None, false, &[], &Toronto).flagged);
    }

    #[test]
    fn states_are_stored_by_their_names() {
        assert_eq!(AttendanceAction::parse("departure"), Some(Departure));
        assert_eq!(PickupKind::Authorised.as_str(), "authorised");
    }

    #[test]
    fn a_parent_gives_notice_for_a_day_of_the_week_from_today_on_before_the_arrival() {
        let weeks = [(d(8), d(12)), (d(22), d(26))];
        assert_eq!(parent_notice(d(10), d(9), &weeks, false), Ok(()));
        assert_eq!(parent_notice(d(9), d(9), &weeks, false), Ok(()), "the day itself");
        assert_eq!(parent_notice(d(22), d(9), &weeks, false), Ok(()), "a later week");
        assert_eq!(parent_notice(d(8), d(9), &weeks, false), Err(CODE_NOTICE_PAST));
        assert_eq!(parent_notice(d(15), d(9), &weeks, false), Err(CODE_DAY_OUTSIDE_WEEK));
        assert_eq!(parent_notice(d(9), d(9), &weeks, true), Err(CODE_ALREADY_ARRIVED));
    }
}
