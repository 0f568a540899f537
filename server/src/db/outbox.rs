//! The e-mail outbox: rows written in the same transaction as what they announce, delivered
//! after commit by the mail worker, retried with backoff. A worker claims a row (`claim_next`)
//! before sending it, so two processes on one file never send the same message twice.

use centre_core::timefmt::utc_text;
use chrono::{DateTime, Duration, Utc};
use rusqlite::{Connection, OptionalExtension, params};

/// An e-mail to send. `ics` is an optional iCalendar attachment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email {
    pub to: String,
    pub subject: String,
    pub body_text: String,
    pub ics: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Queued {
    pub id: i64,
    pub email: Email,
    pub attempts: i64,
}

/// Attempts before a message is marked failed for good.
pub const MAX_ATTEMPTS: i64 = 8;

/// The record an e-mail is about. Its owner (the account the e-mail is written for, whose
/// 'Mes données' lists it and whose deletion erases it) is that record's `user_id`, read by the
/// statement that writes the e-mail: never a second value to keep in step, never an address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum About {
    EventRegistration(i64),
    CampRegistration(i64),
    CourtBooking(i64),
    /// An offer of a place (its entry's member).
    WaitlistOffer(i64),
    /// A waiting-list entry (a court slot freed for its member).
    WaitlistEntry(i64),
}

impl About {
    /// The stored `about_kind` (V22's CHECK lists them), the record's id, and the query of its
    /// owner by that id.
    fn parts(self) -> (&'static str, i64, &'static str) {
        match self {
            About::EventRegistration(id) => {
                ("event_registration", id, "SELECT user_id FROM event_registrations WHERE id = ?1")
            }
            About::CampRegistration(id) => {
                ("camp_registration", id, "SELECT user_id FROM day_camp_registrations WHERE id = ?1")
            }
            About::CourtBooking(id) => ("court_booking", id, "SELECT user_id FROM court_bookings WHERE id = ?1"),
            About::WaitlistOffer(id) => (
                "waitlist_offer",
                id,
                "SELECT e.user_id FROM waitlist_offers o JOIN waitlist_entries e ON e.id = o.entry_id WHERE o.id = ?1",
            ),
            About::WaitlistEntry(id) => ("waitlist_entry", id, "SELECT user_id FROM waitlist_entries WHERE id = ?1"),
        }
    }
}

/// Queues `email` about `about`, in the caller's transaction (the one that wrote the record):
/// the row records the record and, from it, its owner. A record that does not exist is an
/// error (`QueryReturnedNoRows`): an e-mail about nothing would belong to nobody.
pub fn enqueue(conn: &Connection, about: About, email: &Email, now: DateTime<Utc>) -> rusqlite::Result<i64> {
    let (kind, id, owner) = about.parts();
    let inserted = conn.execute(
        &format!(
            "INSERT INTO outbox_emails (user_id, about_kind, about_id, to_address, subject, body_text, ics,
                                        next_attempt_at, created_at)
             SELECT ({owner}), ?2, ?1, ?3, ?4, ?5, ?6, ?7, ?7
             WHERE EXISTS ({owner})"
        ),
        params![id, kind, email.to, email.subject, email.body_text, email.ics, utc_text(now)],
    )?;
    if inserted == 0 {
        return Err(rusqlite::Error::QueryReturnedNoRows);
    }
    Ok(conn.last_insert_rowid())
}

/// How long a claimed message is kept from every worker, its own included, while it is being
/// sent: well above the SMTP timeout (20 s), so only a process that died mid-send lets it run
/// out, and the message is then sent again (at least once after a crash, exactly once otherwise).
pub const LEASE: Duration = Duration::minutes(5);

/// Takes the next message due at `now`, if any, for one worker: its `next_attempt_at` moves to
/// the end of its `LEASE` in the same statement that picks it, so no other worker (in this
/// process or another on the same file) takes it until `mark_sent` or `mark_failed` settles it
/// or, its process having died, the lease runs out. Run it in a write transaction (`Db::write`,
/// `BEGIN IMMEDIATE`): the pick and the claim are one.
pub fn claim_next(conn: &Connection, now: DateTime<Utc>) -> rusqlite::Result<Option<Queued>> {
    conn.query_row(
        "UPDATE outbox_emails SET next_attempt_at = ?2
         WHERE id = (SELECT id FROM outbox_emails WHERE status = 'pending' AND next_attempt_at <= ?1
                     ORDER BY id LIMIT 1)
         RETURNING id, to_address, subject, body_text, ics, attempts",
        params![utc_text(now), utc_text(now + LEASE)],
        |r| {
            Ok(Queued {
                id: r.get(0)?,
                email: Email { to: r.get(1)?, subject: r.get(2)?, body_text: r.get(3)?, ics: r.get(4)? },
                attempts: r.get(5)?,
            })
        },
    )
    .optional()
}

pub fn mark_sent(conn: &Connection, id: i64, now: DateTime<Utc>) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE outbox_emails SET status = 'sent', sent_at = ?2, attempts = attempts + 1, last_error = NULL WHERE id = ?1",
        params![id, utc_text(now)],
    )?;
    Ok(())
}

/// Records a failed attempt: retried later with exponential backoff, failed after MAX_ATTEMPTS.
pub fn mark_failed(
    conn: &Connection,
    id: i64,
    attempts_before: i64,
    error: &str,
    now: DateTime<Utc>,
) -> rusqlite::Result<()> {
    let attempts = attempts_before + 1;
    let delay = Duration::seconds(30 * (1_i64 << attempts.min(10)));
    // The state stays in SQL, where the schema's CHECK guards its text.
    conn.execute(
        "UPDATE outbox_emails SET status = CASE WHEN ?2 >= ?5 THEN 'failed' ELSE 'pending' END,
                attempts = ?2, last_error = ?3, next_attempt_at = ?4 WHERE id = ?1",
        params![id, attempts, error, utc_text(now + delay), MAX_ATTEMPTS],
    )?;
    Ok(())
}
