//! A registration's payment: its states and their transitions, the same for event and camp
//! registrations, and when it is due and reminded.
//!
//! - pending ⇄ paid (a payment marked, or taken back);
//! - pending → expired (the deadline passed), expired → pending (restored) or paid (paid late);
//! - paid → refunded (money returned). Refunded is final.
//!
//! Expired and refunded registrations are *released*: they hold no places.

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, TimeZone, Utc};
use serde::{Deserialize, Serialize};

use crate::stored::stored_text;

/// A registration's payment state, as stored and as the API names it. Court bookings and free
/// registrations keep `pending`: what is owed is decided with the amount.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum PaymentStatus {
    Pending,
    Paid,
    /// Released for non-payment after the deadline.
    Expired,
    /// Money returned; released.
    Refunded,
}

stored_text!(PaymentStatus { Pending = "pending", Paid = "paid", Expired = "expired", Refunded = "refunded" });

impl PaymentStatus {
    /// Expired and refunded registrations hold no places.
    pub fn is_released(self) -> bool {
        matches!(self, PaymentStatus::Expired | PaymentStatus::Refunded)
    }

    /// Every transition a payment may make, by an admin or by the deadline.
    pub fn can_become(self, to: PaymentStatus) -> bool {
        use PaymentStatus::{Expired, Paid, Pending, Refunded};
        matches!(
            (self, to),
            (Pending, Paid)
                | (Paid, Pending)
                | (Pending, Expired)
                | (Expired, Pending)
                | (Expired, Paid)
                | (Paid, Refunded)
        )
    }

    /// The states an admin may move a registration to from this one, in the order the console
    /// offers them (expiring is the deadline's, never an admin's).
    pub fn admin_moves(self) -> &'static [PaymentStatus] {
        use PaymentStatus::{Expired, Paid, Pending, Refunded};
        match self {
            Pending => &[Paid],
            Paid => &[Pending, Refunded],
            Expired => &[Pending, Paid],
            Refunded => &[],
        }
    }

    /// A state an admin may set (from some state): every one but expired.
    pub fn set_by_admin(self) -> bool {
        PaymentStatus::ALL.iter().any(|from| from.admin_moves().contains(&self))
    }

    /// Still to be paid: pending with something to pay. A registration or booking that costs
    /// nothing owes nothing, whatever state its row keeps.
    pub fn owing(self, amount_due_cents: i64) -> bool {
        self == PaymentStatus::Pending && amount_due_cents > 0
    }
}

/// The payment deadline of an event or a camp program: some days after registration, a date
/// (the end of that day in the centre's time zone), both (the earlier), or none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Deadline {
    pub days: Option<i64>,
    pub date: Option<NaiveDate>,
}

impl Deadline {
    /// When a registration made at `registered` must be paid by. A date applies to those who
    /// registered before it: someone registering later is not released at once.
    pub fn due_at<Tz: TimeZone>(&self, registered: DateTime<Utc>, tz: &Tz) -> Option<DateTime<Utc>> {
        let after_days = self.days.map(|d| registered + Duration::days(d));
        let on_date = self
            .date
            .and_then(|d| {
                let next_midnight = d.succ_opt()?.and_time(NaiveTime::MIN);
                tz.from_local_datetime(&next_midnight).earliest().map(|t| t.with_timezone(&Utc))
            })
            .filter(|end| registered < *end);
        match (after_days, on_date) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// How unpaid registrations are reminded (`--payment-reminder-days`, `--payment-reminders`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReminderPolicy {
    /// Days after the registration (then after the previous reminder) before a reminder.
    pub after_days: i64,
    /// At most this many reminders per registration; 0 sends none.
    pub max: i64,
}

impl ReminderPolicy {
    /// When the next reminder of a registration made at `registered` is due, if it gets one:
    /// never without an address to write to, never past the policy's count.
    pub fn next(
        &self,
        registered: DateTime<Utc>,
        last_reminder: Option<DateTime<Utc>>,
        sent: i64,
        has_address: bool,
    ) -> Option<DateTime<Utc>> {
        (has_address && sent < self.max).then(|| last_reminder.unwrap_or(registered) + Duration::days(self.after_days))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PaymentStatus::{Expired, Paid, Pending, Refunded};

    #[test]
    fn transitions_follow_the_lifecycle_and_admins_never_expire_a_payment() {
        let all = PaymentStatus::ALL;
        let allowed: Vec<_> =
            all.iter().flat_map(|a| all.iter().map(move |b| (*a, *b))).filter(|(a, b)| a.can_become(*b)).collect();
        assert_eq!(
            allowed,
            [
                (Pending, Paid),
                (Pending, Expired),
                (Paid, Pending),
                (Paid, Refunded),
                (Expired, Pending),
                (Expired, Paid)
            ]
        );
        for from in all {
            for to in from.admin_moves() {
                assert!(from.can_become(*to) && *to != Expired, "{from} → {to}");
            }
        }
        assert!(Refunded.admin_moves().is_empty());
        assert_eq!(all.iter().filter(|s| s.set_by_admin()).copied().collect::<Vec<_>>(), [Pending, Paid, Refunded]);
        assert!(Expired.is_released() && Refunded.is_released() && !Pending.is_released() && !Paid.is_released());
    }

    #[test]
    fn a_state_reads_back_from_its_stored_text() {
        for s in PaymentStatus::ALL {
            assert_eq!(PaymentStatus::parse(s.as_str()), Some(*s));
        }
        assert_eq!(PaymentStatus::parse("Paid"), None);
        assert_eq!(serde_json::to_string(&Refunded).ok().as_deref(), Some("\"refunded\""));
    }

    #[test]
    fn nothing_to_pay_is_never_owed() {
        assert!(Pending.owing(2500));
        assert!(!Pending.owing(0));
        assert!(!Paid.owing(2500));
    }

    #[test]
    fn a_deadline_is_days_after_registration_or_the_end_of_a_day_in_the_centre_time_zone() {
        let tz = chrono_tz::America::Toronto;
        let registered = Utc.with_ymd_and_hms(2026, 6, 1, 14, 0, 0).single().unwrap_or_default();
        let days = Deadline { days: Some(7), date: None };
        assert_eq!(days.due_at(registered, &tz), Some(registered + Duration::days(7)));
        let date = Deadline { days: None, date: NaiveDate::from_ymd_opt(2026, 6, 5) };
        // Midnight after 5 June in Toronto (EDT, UTC-4).
        assert_eq!(date.due_at(registered, &tz), Utc.with_ymd_and_hms(2026, 6, 6, 4, 0, 0).single());
        let both = Deadline { days: Some(2), date: NaiveDate::from_ymd_opt(2026, 6, 5) };
        assert_eq!(both.due_at(registered, &tz), Some(registered + Duration::days(2)));
        assert_eq!(Deadline::default().due_at(registered, &tz), None);
        // Registered after the date: only the days rule, if any, applies.
        let late = Utc.with_ymd_and_hms(2026, 6, 7, 12, 0, 0).single().unwrap_or_default();
        assert_eq!(date.due_at(late, &tz), None);
        assert_eq!(both.due_at(late, &tz), Some(late + Duration::days(2)));
    }

    #[test]
    fn reminders_come_every_few_days_up_to_the_policy_s_count_and_only_to_an_address() {
        let policy = ReminderPolicy { after_days: 3, max: 2 };
        let registered = Utc.with_ymd_and_hms(2026, 6, 1, 14, 0, 0).single().unwrap_or_default();
        assert_eq!(policy.next(registered, None, 0, true), Some(registered + Duration::days(3)));
        let last = registered + Duration::days(3);
        assert_eq!(policy.next(registered, Some(last), 1, true), Some(last + Duration::days(3)));
        assert_eq!(policy.next(registered, Some(last), 2, true), None);
        assert_eq!(policy.next(registered, None, 0, false), None);
        assert_eq!(ReminderPolicy { after_days: 3, max: 0 }.next(registered, None, 0, true), None);
    }
}
