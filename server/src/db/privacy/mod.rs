//! Privacy (Loi 25): the person in charge of protecting personal information, members' deletion
//! requests, the register of confidentiality incidents, and what the centre holds about a member
//! (`export.rs`) or anonymises when a deletion is done (`anonymise.rs`).

pub mod anonymise;
pub mod export;
pub mod retention;

use centre_core::privacy::DeletionStatus;
use centre_core::timefmt::utc_text;
use centre_core::validation::{DeletionAnswer, Incident, PrivacyOfficer};
use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, Row, params};

use crate::db::waitlist::line;
use crate::db::waitlist::offers::{self, Refill};

/// The person in charge, as published.
#[derive(Debug, Clone)]
pub struct OfficerRow {
    pub name: String,
    pub title: String,
    pub email: String,
    pub phone: String,
    pub updated_at: String,
}

pub fn officer(conn: &Connection) -> rusqlite::Result<Option<OfficerRow>> {
    conn.query_row("SELECT name, title, email, phone, updated_at FROM privacy_officer WHERE id = 1", [], |r| {
        Ok(OfficerRow { name: r.get(0)?, title: r.get(1)?, email: r.get(2)?, phone: r.get(3)?, updated_at: r.get(4)? })
    })
    .optional()
}

pub fn set_officer(
    conn: &Connection,
    o: &PrivacyOfficer,
    by: &str,
    now: DateTime<Utc>,
) -> rusqlite::Result<OfficerRow> {
    conn.execute(
        "INSERT INTO privacy_officer (id, name, title, email, phone, updated_at, updated_by)
         VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (id) DO UPDATE SET name = ?1, title = ?2, email = ?3, phone = ?4, updated_at = ?5, updated_by = ?6",
        params![o.name(), o.title(), o.email(), o.phone(), utc_text(now), by],
    )?;
    officer(conn)?.ok_or(rusqlite::Error::QueryReturnedNoRows)
}

// ---------------------------------------------------------------------------------------------
// Deletion requests
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone)]
pub struct DeletionRow {
    pub id: i64,
    pub user_id: Option<String>,
    pub reason: Option<String>,
    pub requested_at: String,
    pub status: DeletionStatus,
    pub answered_at: Option<String>,
    pub note: Option<String>,
    /// The member as they are now (anonymised once the request is done).
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
}

const DELETION_COLUMNS: &str = "d.id, d.user_id, d.reason, d.requested_at, d.status, d.answered_at, d.note,
    u.first_name, u.last_name, u.email";

fn deletion_from_row(r: &Row<'_>) -> rusqlite::Result<DeletionRow> {
    Ok(DeletionRow {
        id: r.get(0)?,
        user_id: r.get(1)?,
        reason: r.get(2)?,
        requested_at: r.get(3)?,
        status: r.get(4)?,
        answered_at: r.get(5)?,
        note: r.get(6)?,
        first_name: r.get(7)?,
        last_name: r.get(8)?,
        email: r.get(9)?,
    })
}

fn deletion(conn: &Connection, id: i64) -> rusqlite::Result<Option<DeletionRow>> {
    conn.query_row(
        &format!(
            "SELECT {DELETION_COLUMNS} FROM deletion_requests d LEFT JOIN users u ON u.id = d.user_id WHERE d.id = ?1"
        ),
        [id],
        deletion_from_row,
    )
    .optional()
}

/// A member's requests, the latest first.
pub fn deletions_of(conn: &Connection, user_id: &str) -> rusqlite::Result<Vec<DeletionRow>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {DELETION_COLUMNS} FROM deletion_requests d LEFT JOIN users u ON u.id = d.user_id
         WHERE d.user_id = ?1 ORDER BY d.requested_at DESC, d.id DESC"
    ))?;
    stmt.query_map([user_id], deletion_from_row)?.collect()
}

/// The admin's queue: open requests first, the oldest (closest to its deadline) first, then the
/// answered ones, the latest first.
pub fn deletion_queue(conn: &Connection) -> rusqlite::Result<Vec<DeletionRow>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {DELETION_COLUMNS} FROM deletion_requests d LEFT JOIN users u ON u.id = d.user_id
         ORDER BY d.status <> 'open', CASE WHEN d.status = 'open' THEN d.requested_at END ASC,
                  d.answered_at DESC, d.id DESC"
    ))?;
    stmt.query_map([], deletion_from_row)?.collect()
}

#[derive(Debug)]
pub enum DeletionRefusal {
    /// The member has an open request already.
    AlreadyOpen,
    NotFound,
    /// The request was answered already.
    Answered,
}

/// A member's new request, refused while another is open.
pub fn request_deletion(
    conn: &Connection,
    user_id: &str,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> rusqlite::Result<Result<DeletionRow, DeletionRefusal>> {
    let open: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM deletion_requests WHERE user_id = ?1 AND status = 'open')",
        [user_id],
        |r| r.get(0),
    )?;
    if open {
        return Ok(Err(DeletionRefusal::AlreadyOpen));
    }
    conn.execute(
        "INSERT INTO deletion_requests (user_id, reason, requested_at) VALUES (?1, ?2, ?3)",
        params![user_id, reason, utc_text(now)],
    )?;
    deletion(conn, conn.last_insert_rowid())?.map(Ok).ok_or(rusqlite::Error::QueryReturnedNoRows)
}

/// The admin's answer. `done` takes the member out of every waiting list (a live offer they held
/// passes to the next in line, told through `refill`) and anonymises their personal data
/// (`anonymise::member`), in the same transaction as it closes the request.
pub fn answer_deletion(
    conn: &Connection,
    id: i64,
    answer: &DeletionAnswer,
    by: &str,
    now: DateTime<Utc>,
    refill: &Refill<'_>,
) -> rusqlite::Result<Result<DeletionRow, DeletionRefusal>> {
    let Some(request) = deletion(conn, id)? else { return Ok(Err(DeletionRefusal::NotFound)) };
    if !request.status.can_be_answered() {
        return Ok(Err(DeletionRefusal::Answered));
    }
    if answer.outcome() == DeletionStatus::Done
        && let Some(user_id) = &request.user_id
    {
        for entry in line::mine(conn, user_id)?.into_iter().filter(|e| e.state.is_active()) {
            if line::leave(conn, entry.id, user_id, &utc_text(now))?.is_some() {
                offers::refill(conn, &entry.target, refill)?;
            }
        }
        anonymise::member(conn, user_id, now)?;
    }
    conn.execute(
        "UPDATE deletion_requests SET status = ?2, answered_at = ?3, answered_by = ?4, note = ?5 WHERE id = ?1",
        params![id, answer.outcome(), utc_text(now), by, answer.note()],
    )?;
    deletion(conn, id)?.map(Ok).ok_or(rusqlite::Error::QueryReturnedNoRows)
}

// ---------------------------------------------------------------------------------------------
// Incidents register
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone)]
pub struct IncidentRow {
    pub id: i64,
    pub occurred_on: String,
    pub description: String,
    pub affected: String,
    pub reported_to_commission: bool,
    pub reported_to_people: bool,
    pub created_at: String,
    pub updated_at: String,
}

const INCIDENT_COLUMNS: &str =
    "id, occurred_on, description, affected, reported_to_commission, reported_to_people, created_at, updated_at";

fn incident_from_row(r: &Row<'_>) -> rusqlite::Result<IncidentRow> {
    Ok(IncidentRow {
        id: r.get(0)?,
        occurred_on: r.get(1)?,
        description: r.get(2)?,
        affected: r.get(3)?,
        reported_to_commission: r.get(4)?,
        reported_to_people: r.get(5)?,
        created_at: r.get(6)?,
        updated_at: r.get(7)?,
    })
}

/// The register, the latest incident first.
pub fn incidents(conn: &Connection) -> rusqlite::Result<Vec<IncidentRow>> {
    let mut stmt =
        conn.prepare(&format!("SELECT {INCIDENT_COLUMNS} FROM privacy_incidents ORDER BY occurred_on DESC, id DESC"))?;
    stmt.query_map([], incident_from_row)?.collect()
}

fn incident(conn: &Connection, id: i64) -> rusqlite::Result<Option<IncidentRow>> {
    conn.query_row(&format!("SELECT {INCIDENT_COLUMNS} FROM privacy_incidents WHERE id = ?1"), [id], incident_from_row)
        .optional()
}

pub fn add_incident(conn: &Connection, i: &Incident, by: &str, now: DateTime<Utc>) -> rusqlite::Result<IncidentRow> {
    conn.execute(
        "INSERT INTO privacy_incidents (occurred_on, description, affected, reported_to_commission, reported_to_people,
             recorded_by, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)",
        params![
            i.occurred_on().to_string(),
            i.description(),
            i.affected(),
            i.reported_to_commission(),
            i.reported_to_people(),
            by,
            utc_text(now)
        ],
    )?;
    incident(conn, conn.last_insert_rowid())?.ok_or(rusqlite::Error::QueryReturnedNoRows)
}

/// `None` when there is no such incident.
pub fn update_incident(
    conn: &Connection,
    id: i64,
    i: &Incident,
    now: DateTime<Utc>,
) -> rusqlite::Result<Option<IncidentRow>> {
    let changed = conn.execute(
        "UPDATE privacy_incidents SET occurred_on = ?2, description = ?3, affected = ?4, reported_to_commission = ?5,
             reported_to_people = ?6, updated_at = ?7
         WHERE id = ?1",
        params![
            id,
            i.occurred_on().to_string(),
            i.description(),
            i.affected(),
            i.reported_to_commission(),
            i.reported_to_people(),
            utc_text(now)
        ],
    )?;
    if changed == 0 { Ok(None) } else { incident(conn, id) }
}
