//! The scheduled work, computed from the database at `now` (a parameter: the server's task
//! passes the clock, tests pass any moment): reminders for unpaid registrations, and the
//! release of those whose payment deadline passed. Everything runs in the caller's
//! `BEGIN IMMEDIATE` transaction, so a second process running it at the same time waits for the
//! lock and then finds the work done: a reminder is counted in the same statement that checks
//! it is due, and its e-mail is queued in the same transaction.

use centre_core::timefmt::utc_text;
use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};

use super::overview::{Unpaid, unpaid};
use super::status::{self, StatusError};
use super::{Kind, PaymentStatus, ReminderPolicy};
use crate::db::outbox::{self, About, Email};

/// What one pass did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Report {
    pub reminders: usize,
    pub expired: usize,
    /// Past their deadline but kept: a team in a tournament that started.
    pub held: usize,
}

impl Report {
    pub fn queued_mail(&self) -> bool {
        self.reminders + self.expired > 0
    }
}

/// The e-mails of the pass: written by `emails::payments` from the registration.
pub trait Letters {
    fn reminder(&self, unpaid: &Unpaid) -> Email;
    fn expired(&self, unpaid: &Unpaid) -> Email;
}

/// When the next reminder of `u` is due, if it gets one (core's policy).
pub fn next_reminder(u: &Unpaid, policy: ReminderPolicy) -> Option<DateTime<Utc>> {
    policy.next(u.created_at, u.last_reminder_at, u.reminders_sent, u.to.is_some())
}

/// The registration an unpaid registration's e-mail is about.
fn about(u: &Unpaid) -> About {
    match u.kind {
        Kind::Event => About::EventRegistration(u.id),
        Kind::Camp => About::CampRegistration(u.id),
    }
}

pub fn run(
    conn: &Connection,
    now: DateTime<Utc>,
    tz: chrono_tz::Tz,
    policy: ReminderPolicy,
    letters: &dyn Letters,
) -> Result<Report, StatusError> {
    let mut report = Report::default();
    let now_text = utc_text(now);
    for u in unpaid(conn, tz)? {
        if u.deadline.is_some_and(|d| now >= d) {
            if !u.held_by_tournament {
                status::set(conn, u.kind, u.id, PaymentStatus::Expired, &now_text)?;
                // Written to the member's own verified address only; without one, nobody.
                if u.to.is_some() {
                    outbox::enqueue(conn, about(&u), &letters.expired(&u), now)?;
                }
                report.expired += 1;
                continue;
            }
            // Kept in its tournament: the admin is told (the payments view); the team is still
            // reminded.
            report.held += 1;
        }
        if next_reminder(&u, policy).is_some_and(|due| now >= due) {
            let table = match u.kind {
                Kind::Event => "event_registrations",
                Kind::Camp => "day_camp_registrations",
            };
            let counted = conn.execute(
                &format!(
                    "UPDATE {table} SET reminders_sent = reminders_sent + 1, last_reminder_at = ?3
                      WHERE id = ?1 AND reminders_sent = ?2 AND payment_status = 'pending'"
                ),
                params![u.id, u.reminders_sent, now_text],
            )?;
            if counted == 1 {
                outbox::enqueue(conn, about(&u), &letters.reminder(&u), now)?;
                report.reminders += 1;
            }
        }
    }
    Ok(report)
}
