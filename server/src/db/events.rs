//! Events: the public listing and one event. Times are stored as UTC text
//! ('YYYY-MM-DDTHH:MM:SSZ'), so comparing them as text compares instants.

use rusqlite::{Connection, OptionalExtension, Row, params};

/// An event as stored, money in cents.
#[derive(Debug, Clone, PartialEq)]
pub struct EventRow {
    pub id: i64,
    pub title: String,
    pub title_en: Option<String>,
    pub description: String,
    pub description_en: Option<String>,
    pub category_id: Option<String>,
    pub location: String,
    pub start_date: String,
    pub end_date: Option<String>,
    pub price_cents: i64,
    pub max_participants: Option<i64>,
    pub current_participants: i64,
    pub is_active: bool,
    pub created_at: String,
    pub requires_payment: bool,
}

const COLUMNS: &str = "id, title, title_en, description, description_en, category_id, location, start_date, end_date, \
     price_cents, max_participants, current_participants, is_active, created_at, requires_payment";

fn from_row(row: &Row<'_>) -> rusqlite::Result<EventRow> {
    Ok(EventRow {
        id: row.get(0)?,
        title: row.get(1)?,
        title_en: row.get(2)?,
        description: row.get(3)?,
        description_en: row.get(4)?,
        category_id: row.get(5)?,
        location: row.get(6)?,
        start_date: row.get(7)?,
        end_date: row.get(8)?,
        price_cents: row.get(9)?,
        max_participants: row.get(10)?,
        current_participants: row.get(11)?,
        is_active: row.get(12)?,
        created_at: row.get(13)?,
        requires_payment: row.get(14)?,
    })
}

/// Active events starting at or after `from_utc` (the start of today in the centre's time
/// zone, as UTC text), soonest first.
pub fn list_upcoming(conn: &Connection, from_utc: &str) -> rusqlite::Result<Vec<EventRow>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM events WHERE is_active = 1 AND start_date >= ?1 ORDER BY start_date, id"
    ))?;
    let rows = stmt.query_map(params![from_utc], from_row)?;
    rows.collect()
}

/// One active event, or None when it is missing or inactive.
pub fn find_active(conn: &Connection, id: i64) -> rusqlite::Result<Option<EventRow>> {
    let mut stmt = conn.prepare_cached(&format!("SELECT {COLUMNS} FROM events WHERE id = ?1 AND is_active = 1"))?;
    stmt.query_row(params![id], from_row).optional()
}
