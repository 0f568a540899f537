//! Privacy (Loi 25): the published person in charge (`officer.rs`), a member's 'Mes données'
//! and deletion request (`member.rs`), the admin's deletion queue and incidents register
//! (`admin.rs`), and how long personal data is kept (`retention.rs`).

pub(crate) mod admin;
pub(crate) mod member;
pub(crate) mod officer;
pub(crate) mod retention;

use chrono::NaiveDate;

use crate::app::AppState;

/// The centre's local date of a stored UTC instant (a request's day).
fn local_day(state: &AppState, utc: &str) -> Option<NaiveDate> {
    centre_core::timefmt::parse_utc(utc).map(|t| t.with_timezone(&state.settings.timezone).date_naive())
}
