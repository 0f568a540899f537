//! Retention (s. 23 of the private-sector Act): which rows' personal data goes when, by the
//! periods in `retention_policy` and core's rule (`centre_core::privacy::retention`), and the
//! scheduled pass that erases children's health data and attendance and anonymises old records
//! (`anonymise.rs`), and removes what served an operation long ago (sent e-mails, the forms
//! of waiting-list entries that ended). Each row is done once (`health_erased_at`, `anonymised_at`).

use centre_core::privacy::retention::{Policy, RetentionKind, is_due, operation_goes_on};
use centre_core::timefmt::{parse_date, utc_text};
use chrono::{DateTime, NaiveDate, Utc};
use rusqlite::{Connection, params};

use super::anonymise::{self, Rows};

pub struct PolicyRow {
    pub policy: Policy,
    pub updated_at: String,
}

pub fn policy(conn: &Connection) -> rusqlite::Result<PolicyRow> {
    conn.query_row("SELECT health_months, records_years, updated_at FROM retention_policy WHERE id = 1", [], |r| {
        let policy = Policy::new(r.get(0)?, r.get(1)?).unwrap_or_default();
        Ok(PolicyRow { policy, updated_at: r.get(2)? })
    })
}

pub fn set_policy(conn: &Connection, p: Policy, by: &str, now: DateTime<Utc>) -> rusqlite::Result<PolicyRow> {
    conn.execute(
        "UPDATE retention_policy SET health_months = ?1, records_years = ?2, updated_at = ?3, updated_by = ?4 WHERE id = 1",
        params![p.health_months(), p.records_years(), utc_text(now), by],
    )?;
    policy(conn)
}

/// One row whose personal data is still there, and the day it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Due {
    pub kind: RetentionKind,
    pub id: i64,
    pub on: NaiveDate,
}

/// A camp registration's last camp day: its weeks' last days (enrolled, or given back when
/// unpaid), else the day it was made.
const CAMP_DAYS: &str = "WITH days AS (
        SELECT e.registration_id AS id, w.end_date AS day
        FROM day_camp_enrolments e JOIN day_camp_weeks w ON w.id = e.week_id
        UNION ALL
        SELECT r.id, w.end_date
        FROM day_camp_registrations r, json_each(r.released_weeks) j JOIN day_camp_weeks w ON w.id = j.value
    )
    SELECT r.id, COALESCE(MAX(d.day), substr(r.created_at, 1, 10))
    FROM day_camp_registrations r LEFT JOIN days d ON d.id = r.id";

/// Every row still holding what retention will remove, with its day.
pub fn pending(conn: &Connection, policy: Policy) -> rusqlite::Result<Vec<Due>> {
    let days = |sql: &str| -> rusqlite::Result<Vec<(i64, NaiveDate)>> {
        let mut stmt = conn.prepare(sql)?;
        let rows = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
        // A day the database holds is always one; a row without one is never due.
        Ok(rows
            .filter_map(Result::ok)
            .filter_map(|(id, day)| parse_date(day.get(..10).unwrap_or(&day)).map(|d| (id, d)))
            .collect())
    };
    let season: Vec<NaiveDate> = {
        let mut stmt = conn.prepare("SELECT end_date FROM day_camp_weeks")?;
        let rows = stmt.query_map([], |r| r.get::<_, String>(0))?;
        rows.filter_map(Result::ok).filter_map(|d| parse_date(&d)).collect()
    };
    let mut due = Vec::new();
    for (id, day) in days(&format!("{CAMP_DAYS} WHERE r.health_erased_at IS NULL GROUP BY r.id"))? {
        due.push(Due { kind: RetentionKind::Health, id, on: policy.health_goes_on(day, &season) });
    }
    // A child's attendance: with the health data, after the season of its last day.
    let attendance = "SELECT registration_id, MAX(day) FROM (
            SELECT registration_id, day FROM camp_attendance UNION ALL
            SELECT registration_id, day FROM camp_attendance_entries UNION ALL
            SELECT registration_id, day FROM camp_absence_notices UNION ALL
            SELECT registration_id, day FROM camp_pickup_overrides
        ) GROUP BY registration_id";
    for (id, day) in days(attendance)? {
        due.push(Due { kind: RetentionKind::Attendance, id, on: policy.health_goes_on(day, &season) });
    }
    let records = [
        (RetentionKind::CampRegistration, format!("{CAMP_DAYS} WHERE r.anonymised_at IS NULL GROUP BY r.id")),
        (
            RetentionKind::EventRegistration,
            "SELECT r.id, COALESCE(e.end_date, e.start_date) FROM event_registrations r JOIN events e ON e.id = r.event_id
             WHERE r.anonymised_at IS NULL"
                .to_owned(),
        ),
        (
            RetentionKind::CourtBooking,
            "SELECT id, start_time FROM court_bookings WHERE anonymised_at IS NULL".to_owned(),
        ),
    ];
    for (kind, sql) in records {
        for (id, day) in days(&sql)? {
            due.push(Due { kind, id, on: policy.record_goes_on(day) });
        }
    }
    for (id, day) in days("SELECT id, created_at FROM outbox_emails WHERE status <> 'pending'")? {
        due.push(Due { kind: RetentionKind::SentEmail, id, on: operation_goes_on(day) });
    }
    let ended = "SELECT id, ended_at FROM waitlist_entries WHERE ended_at IS NOT NULL AND form IS NOT NULL";
    for (id, day) in days(ended)? {
        due.push(Due { kind: RetentionKind::WaitingListForm, id, on: operation_goes_on(day) });
    }
    Ok(due)
}

/// How many e-mails belong to no account: written before e-mails recorded their owner (V22)
/// and naming no one record. They go in no member's export; retention removes them 180 days
/// after they were written, as every sent e-mail.
pub fn ownerless_emails(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("SELECT count(*) FROM outbox_emails WHERE user_id IS NULL", [], |r| r.get(0))
}

/// What a pass did, by kind.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    pub health: usize,
    /// Children whose attendance was deleted.
    pub attendance: usize,
    pub camp_registrations: usize,
    pub event_registrations: usize,
    pub court_bookings: usize,
    pub emails: usize,
    pub waiting_list_forms: usize,
}

/// Erases and anonymises what is due on `today` (the centre's date), in the caller's
/// transaction.
pub fn run(conn: &Connection, today: NaiveDate, now: DateTime<Utc>) -> rusqlite::Result<Report> {
    let policy = policy(conn)?.policy;
    let due: Vec<Due> = pending(conn, policy)?.into_iter().filter(|d| is_due(d.on, today)).collect();
    let ids = |kind| due.iter().filter(|d| d.kind == kind).map(|d| d.id).collect::<Vec<i64>>();
    let attendance = ids(RetentionKind::Attendance);
    let (health, camps, events, bookings, emails, forms) = (
        ids(RetentionKind::Health),
        ids(RetentionKind::CampRegistration),
        ids(RetentionKind::EventRegistration),
        ids(RetentionKind::CourtBooking),
        ids(RetentionKind::SentEmail),
        ids(RetentionKind::WaitingListForm),
    );
    if !health.is_empty() {
        anonymise::camp_health(conn, Rows::Ids(&health), now)?;
    }
    if !attendance.is_empty() {
        anonymise::camp_attendance(conn, Rows::Ids(&attendance))?;
    }
    if !camps.is_empty() {
        anonymise::camp_registrations(conn, Rows::Ids(&camps), now)?;
    }
    if !events.is_empty() {
        anonymise::event_registrations(conn, Rows::Ids(&events), now)?;
    }
    if !bookings.is_empty() {
        anonymise::court_bookings(conn, Rows::Ids(&bookings), now)?;
    }
    if !emails.is_empty() {
        conn.execute(
            "DELETE FROM outbox_emails WHERE id IN (SELECT value FROM json_each(?1))",
            [serde_json::json!(emails).to_string()],
        )?;
    }
    if !forms.is_empty() {
        conn.execute(
            "UPDATE waitlist_entries SET form = NULL WHERE id IN (SELECT value FROM json_each(?1))",
            [serde_json::json!(forms).to_string()],
        )?;
    }
    Ok(Report {
        health: health.len(),
        attendance: attendance.len(),
        camp_registrations: camps.len(),
        event_registrations: events.len(),
        court_bookings: bookings.len(),
        emails: emails.len(),
        waiting_list_forms: forms.len(),
    })
}
