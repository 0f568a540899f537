//! A member's deletion request and its clock: the centre answers within 30 days (s. 32 of the
//! private-sector Act; silence counts as a refusal). How long personal data is kept is
//! `retention`.

pub mod retention;

use chrono::{Duration, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::stored::stored_text;

/// Days the centre has to answer a request.
pub const ANSWER_DAYS: i64 = 30;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum DeletionStatus {
    /// Waiting for the admin's answer.
    Open,
    /// Answered: the member's personal data was anonymised.
    Done,
    /// Answered: refused, with the admin's note.
    Refused,
}

stored_text!(DeletionStatus { Open = "open", Done = "done", Refused = "refused" });

impl DeletionStatus {
    /// Only an open request takes an answer.
    pub fn can_be_answered(self) -> bool {
        self == DeletionStatus::Open
    }
}

/// The last day to answer a request made on `requested_on` (the centre's local date).
pub fn answer_due(requested_on: NaiveDate) -> NaiveDate {
    requested_on + Duration::days(ANSWER_DAYS)
}

/// Days left until [`answer_due`] on `today`: 0 on the last day, negative once overdue.
pub fn days_left(requested_on: NaiveDate, today: NaiveDate) -> i64 {
    (answer_due(requested_on) - today).num_days()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap_or_default()
    }

    #[test]
    fn the_clock_runs_thirty_days_then_goes_negative() {
        // 1 March + 30 days = 31 March (written by hand).
        assert_eq!(answer_due(d("2026-03-01")), d("2026-03-31"));
        assert_eq!(days_left(d("2026-03-01"), d("2026-03-01")), 30);
        assert_eq!(days_left(d("2026-03-01"), d("2026-03-31")), 0);
        assert_eq!(days_left(d("2026-03-01"), d("2026-04-02")), -2);
    }

    #[test]
    fn only_an_open_request_is_answered() {
        assert!(DeletionStatus::Open.can_be_answered());
        assert!(!DeletionStatus::Done.can_be_answered());
        assert!(!DeletionStatus::Refused.can_be_answered());
    }
}
