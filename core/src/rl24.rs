//! The RL-24 figures (childcare expenses, day camps included): what each payer paid for each
//! child in a calendar year. The product prepares the figures an admin copies onto Revenu
//! Québec's own form; it never produces an official slip.
//!
//! A payment counts on the day it was received (the centre's calendar), a refund is taken off
//! on the day it was made; a year's total for a registration never goes below zero (a refund of
//! an earlier year's payment leaves the later year at zero). The total is split between the
//! payers by their shares to the cent, the cents left over going to the first payers, so the
//! parts always sum to the total.

use chrono::{Datelike, NaiveDate};

/// A movement of money on a registration: received (positive) or refunded (negative), on a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Movement {
    pub on: NaiveDate,
    pub cents: i64,
}

/// What a registration's movements come to in `year`: received minus refunded, at least 0.
pub fn paid_in_year(movements: &[Movement], year: i32) -> i64 {
    movements.iter().filter(|m| m.on.year() == year).map(|m| m.cents).sum::<i64>().max(0)
}

/// `total` split by whole-percent `shares` (summing to 100): each part rounded down to the
/// cent, then the cents left over given one each to the first payers. The parts sum to `total`.
pub fn split_by_shares(total: i64, shares: &[u8]) -> Vec<i64> {
    let mut parts: Vec<i64> = shares.iter().map(|s| total * i64::from(*s) / 100).collect();
    let mut left = total - parts.iter().sum::<i64>();
    for part in parts.iter_mut() {
        if left <= 0 {
            break;
        }
        *part += 1;
        left -= 1;
    }
    parts
}

/// Whether the parent may still change a registration's payers on `today`: until 31 January
/// of the year after its last camp week, so a name or address can be set right before the
/// January export.
pub fn payers_editable(last_week_end: NaiveDate, today: NaiveDate) -> bool {
    NaiveDate::from_ymd_opt(last_week_end.year() + 1, 1, 31).is_some_and(|limit| today <= limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap_or_default()
    }

    #[test]
    fn halves_of_an_odd_cent_total_sum_to_it() {
        assert_eq!(split_by_shares(30_001, &[50, 50]), [15_001, 15_000]);
        assert_eq!(split_by_shares(30_000, &[50, 50]), [15_000, 15_000]);
        assert_eq!(split_by_shares(10_000, &[100]), [10_000]);
        // 33 % of 100.01 is 33.0033, 67 % is 67.0067: 33.00 + 67.00, one cent left to the first.
        assert_eq!(split_by_shares(10_001, &[33, 67]), [3_301, 6_700]);
        assert_eq!(split_by_shares(0, &[50, 50]), [0, 0]);
    }

    #[test]
    fn a_year_counts_what_was_received_in_it_less_refunds() {
        let m = [
            Movement { on: d("2025-12-30"), cents: 20_000 },
            Movement { on: d("2026-01-05"), cents: 15_000 },
            Movement { on: d("2026-03-01"), cents: -5_000 },
        ];
        assert_eq!(paid_in_year(&m, 2025), 20_000);
        assert_eq!(paid_in_year(&m, 2026), 10_000);
        assert_eq!(paid_in_year(&m, 2024), 0);
        // A refund, in a later year, of an earlier year's payment: that later year is zero.
        let refunded =
            [Movement { on: d("2025-06-01"), cents: 20_000 }, Movement { on: d("2026-02-01"), cents: -20_000 }];
        assert_eq!(paid_in_year(&refunded, 2025), 20_000);
        assert_eq!(paid_in_year(&refunded, 2026), 0);
    }

    #[test]
    fn payers_change_until_the_end_of_january_after() {
        let end = d("2026-08-14");
        assert!(payers_editable(end, d("2026-09-01")));
        assert!(payers_editable(end, d("2027-01-31")));
        assert!(!payers_editable(end, d("2027-02-01")));
    }
}
