//! How long the centre keeps personal data (s. 23 of the private-sector Act: destroyed or
//! anonymised once its purpose is done), and when each kind goes.
//!
//! - A child's health data (the health form, the emergency contact) serves the camp's season:
//!   it goes `health_months` after that season's last camp day (default 12 months). So does
//!   the child's daily attendance (arrivals, departures, who picked them up, absence notices).
//! - Registrations, bookings and their payments are accounting records, kept six years after the
//!   end of the year they belong to (Tax Administration Act, s. 35), then anonymised: the rows,
//!   amounts and states stay, so every count and total is unchanged.

use chrono::{Datelike, Months, NaiveDate};
use serde::{Deserialize, Serialize};

/// The defaults: a year for health data, the six years the accounting law asks for.
pub const HEALTH_MONTHS: u32 = 12;
pub const RECORDS_YEARS: u32 = 6;

/// Days the centre keeps what only served one operation, to answer questions about it, then
/// removes it: a sent e-mail (its text names people and children), the form a waiting-list
/// entry kept for registering once it ended.
pub const OPERATION_DAYS: u64 = 180;

/// The bounds an admin may choose within: records never less than the law's six years.
pub const HEALTH_MONTHS_RANGE: (u32, u32) = (1, 60);
pub const RECORDS_YEARS_RANGE: (u32, u32) = (RECORDS_YEARS, 20);

/// What goes, each on its own day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum RetentionKind {
    /// A camp registration's health data (erased).
    Health,
    /// A child's attendance at camp: arrivals, departures, absence notices, pick-up overrides
    /// (deleted), with the health data's period.
    Attendance,
    /// A camp registration (anonymised).
    CampRegistration,
    /// An event registration (anonymised).
    EventRegistration,
    /// A court booking (anonymised).
    CourtBooking,
    /// An e-mail the centre sent, or gave up sending (deleted).
    SentEmail,
    /// The form kept with a waiting-list entry that ended (erased).
    WaitingListForm,
}

/// The centre's retention periods.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    health_months: u32,
    records_years: u32,
}

impl Default for Policy {
    fn default() -> Self {
        Policy { health_months: HEALTH_MONTHS, records_years: RECORDS_YEARS }
    }
}

impl Policy {
    /// `None` outside the bounds.
    pub fn new(health_months: u32, records_years: u32) -> Option<Policy> {
        let within = |v: u32, (lo, hi): (u32, u32)| (lo..=hi).contains(&v);
        (within(health_months, HEALTH_MONTHS_RANGE) && within(records_years, RECORDS_YEARS_RANGE))
            .then_some(Policy { health_months, records_years })
    }

    pub fn health_months(self) -> u32 {
        self.health_months
    }

    pub fn records_years(self) -> u32 {
        self.records_years
    }

    /// The day a child's health data goes: `health_months` after the last camp day of the
    /// season of `camp_day` (a day the child attended or was registered for).
    pub fn health_goes_on(self, camp_day: NaiveDate, season_days: &[NaiveDate]) -> NaiveDate {
        let end = season_end(camp_day, season_days);
        end.checked_add_months(Months::new(self.health_months)).unwrap_or(NaiveDate::MAX)
    }

    /// The day a record of `activity_day` (the event's, the booking's, the camp's) is
    /// anonymised: the first day after `records_years` full years following its year.
    pub fn record_goes_on(self, activity_day: NaiveDate) -> NaiveDate {
        i32::try_from(self.records_years)
            .ok()
            .and_then(|years| activity_day.year().checked_add(years + 1))
            .and_then(|year| NaiveDate::from_ymd_opt(year, 1, 1))
            .unwrap_or(NaiveDate::MAX)
    }
}

/// The last camp day of `day`'s season: the latest of the camp's days in the same year (the
/// weeks' last days), never before `day` itself.
pub fn season_end(day: NaiveDate, season_days: &[NaiveDate]) -> NaiveDate {
    season_days.iter().copied().filter(|d| d.year() == day.year()).fold(day, NaiveDate::max)
}

/// The day what served an operation done on `day` (an e-mail sent, an entry ended) goes.
pub fn operation_goes_on(day: NaiveDate) -> NaiveDate {
    day.checked_add_days(chrono::Days::new(OPERATION_DAYS)).unwrap_or(NaiveDate::MAX)
}

/// Whether something due on `due` goes on `today`.
pub fn is_due(due: NaiveDate, today: NaiveDate) -> bool {
    due <= today
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap_or_default()
    }

    #[test]
    fn health_data_goes_a_year_after_the_seasons_last_camp_day() {
        let weeks = [d("2026-07-03"), d("2026-08-21"), d("2025-08-22")];
        // A child of the first week: the season ended 21 August 2026 (written by hand).
        assert_eq!(Policy::default().health_goes_on(d("2026-07-03"), &weeks), d("2027-08-21"));
        // Another year's weeks do not count.
        assert_eq!(Policy::default().health_goes_on(d("2025-07-04"), &weeks), d("2026-08-22"));
        let six = Policy::new(6, 6).unwrap_or_default();
        assert_eq!(six.health_goes_on(d("2026-07-03"), &weeks), d("2027-02-21"));
    }

    #[test]
    fn records_stay_six_full_years_after_their_year() {
        assert_eq!(Policy::default().record_goes_on(d("2026-07-15")), d("2033-01-01"));
        assert_eq!(Policy::default().record_goes_on(d("2026-12-31")), d("2033-01-01"));
        assert_eq!(Policy::new(12, 10).unwrap_or_default().record_goes_on(d("2026-01-01")), d("2037-01-01"));
        assert_eq!(operation_goes_on(d("2026-07-15")), d("2027-01-11"));
        assert!(!is_due(d("2033-01-01"), d("2032-12-31")));
        assert!(is_due(d("2033-01-01"), d("2033-01-01")));
    }

    #[test]
    fn the_law_bounds_what_an_admin_may_choose() {
        assert_eq!(Policy::new(12, 5), None, "records are kept at least six years");
        assert_eq!(Policy::new(0, 6), None);
        assert_eq!(Policy::new(61, 6), None);
        assert_eq!(Policy::new(12, 21), None);
        assert!(Policy::new(1, 6).is_some());
        assert!(Policy::new(60, 20).is_some());
    }
}
