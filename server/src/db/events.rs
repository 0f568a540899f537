//! Events: the public listing and one event. Times are stored as UTC text
//! ('YYYY-MM-DDTHH:MM:SSZ'), so comparing them as text compares instants.

use centre_core::validation::EventCategory;
use rusqlite::{Connection, OptionalExtension, Row, ToSql, params};

/// An event as stored, money in cents.
#[derive(Debug, Clone, PartialEq)]
pub struct EventRow {
    pub id: i64,
    pub title: String,
    pub title_en: Option<String>,
    pub description: String,
    pub description_en: Option<String>,
    pub category_id: Option<EventCategory>,
    pub location: String,
    pub start_date: String,
    pub end_date: Option<String>,
    pub price_cents: i64,
    pub max_participants: Option<i64>,
    pub current_participants: i64,
    pub is_active: bool,
    pub created_at: String,
    pub requires_payment: bool,
    /// The one event the centre puts forward ('À la une'), if this is it.
    pub featured: bool,
    /// Hours a waiting-list offer holds a place (2 to 336); `None` is core's default.
    pub offer_hours: Option<i64>,
}

const COLUMNS: &str = "id, title, title_en, description, description_en, category_id, location, start_date, end_date, \
     price_cents, max_participants, current_participants, is_active, created_at, requires_payment, featured, offer_hours";

/// How many columns `from_row_at` reads.
pub(super) const COLUMN_COUNT: usize = 17;

/// The event columns qualified by a table alias (`e.id, e.title, ...`), for joins.
pub(super) fn columns_of(alias: &str) -> String {
    COLUMNS.split(',').map(|c| format!("{alias}.{}", c.trim())).collect::<Vec<_>>().join(", ")
}

fn from_row(row: &Row<'_>) -> rusqlite::Result<EventRow> {
    from_row_at(row, 0)
}

/// An event read from the row's columns `at..at + COLUMN_COUNT`.
pub(super) fn from_row_at(row: &Row<'_>, at: usize) -> rusqlite::Result<EventRow> {
    Ok(EventRow {
        id: row.get(at)?,
        title: row.get(at + 1)?,
        title_en: row.get(at + 2)?,
        description: row.get(at + 3)?,
        description_en: row.get(at + 4)?,
        category_id: row.get(at + 5)?,
        location: row.get(at + 6)?,
        start_date: row.get(at + 7)?,
        end_date: row.get(at + 8)?,
        price_cents: row.get(at + 9)?,
        max_participants: row.get(at + 10)?,
        current_participants: row.get(at + 11)?,
        is_active: row.get(at + 12)?,
        created_at: row.get(at + 13)?,
        requires_payment: row.get(at + 14)?,
        featured: row.get(at + 15)?,
        offer_hours: row.get(at + 16)?,
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
/// The event as its reader may see it: any for an admin, else only an active one.
pub fn visible(conn: &Connection, id: i64, admin: bool) -> rusqlite::Result<Option<EventRow>> {
    if admin { find(conn, id) } else { find_active(conn, id) }
}

pub fn find_active(conn: &Connection, id: i64) -> rusqlite::Result<Option<EventRow>> {
    let mut stmt = conn.prepare_cached(&format!("SELECT {COLUMNS} FROM events WHERE id = ?1 AND is_active = 1"))?;
    stmt.query_row(params![id], from_row).optional()
}

/// One event, active or not (for admins).
pub fn find(conn: &Connection, id: i64) -> rusqlite::Result<Option<EventRow>> {
    let mut stmt = conn.prepare_cached(&format!("SELECT {COLUMNS} FROM events WHERE id = ?1"))?;
    stmt.query_row(params![id], from_row).optional()
}

/// Every event, active or not, past or not, with its number of registrations: the console's
/// list, the latest start first.
pub fn list_all_with_counts(conn: &Connection) -> rusqlite::Result<Vec<(EventRow, i64, bool)>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {}, (SELECT count(*) FROM event_registrations r WHERE r.event_id = e.id),
            EXISTS (SELECT 1 FROM tournaments t WHERE t.event_id = e.id)
         FROM events e ORDER BY e.start_date DESC, e.id DESC",
        columns_of("e")
    ))?;
    let rows = stmt.query_map([], |row| Ok((from_row(row)?, row.get(COLUMN_COUNT)?, row.get(COLUMN_COUNT + 1)?)))?;
    rows.collect()
}

/// The fields an admin sets on an event, already validated (by core) and converted.
#[derive(Debug, Clone, PartialEq)]
pub struct EventFields {
    pub title: String,
    pub title_en: Option<String>,
    pub description: String,
    pub description_en: Option<String>,
    pub category_id: Option<EventCategory>,
    pub location: String,
    pub start_date: String,
    pub end_date: Option<String>,
    pub price_cents: i64,
    pub max_participants: Option<i64>,
    pub requires_payment: bool,
    pub offer_hours: Option<i64>,
}

impl EventFields {
    /// The fields as SQL parameters, in the order of the struct (what `insert` and `update` number
    /// ?1 to ?12).
    fn values(&self) -> [&dyn ToSql; 12] {
        [
            &self.title,
            &self.title_en,
            &self.description,
            &self.description_en,
            &self.category_id,
            &self.location,
            &self.start_date,
            &self.end_date,
            &self.price_cents,
            &self.max_participants,
            &self.requires_payment,
            &self.offer_hours,
        ]
    }
}

/// Creates an event (active), featured or not; returns it. Run it inside the write transaction:
/// featuring it unmarks the event featured until then.
pub fn insert(conn: &Connection, fields: &EventFields, featured: bool, now: &str) -> rusqlite::Result<EventRow> {
    conn.execute(
        "INSERT INTO events (title, title_en, description, description_en, category_id, location, start_date, end_date,
                             price_cents, max_participants, current_participants, is_active, requires_payment,
                             offer_hours, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 0, 1, ?11, ?12, ?13)",
        rusqlite::params_from_iter(fields.values().into_iter().chain([&now as &dyn ToSql])),
    )?;
    let id = conn.last_insert_rowid();
    if featured {
        set_featured(conn, id, true)?;
    }
    find(conn, id)?.ok_or(rusqlite::Error::QueryReturnedNoRows)
}

/// Marks the event featured, unmarking the one featured until then (at most one is: the
/// schema's partial unique index `events_one_featured`), or unmarks it.
pub fn set_featured(conn: &Connection, id: i64, featured: bool) -> rusqlite::Result<()> {
    if featured {
        conn.execute("UPDATE events SET featured = 0 WHERE featured = 1 AND id <> ?1", params![id])?;
    }
    conn.execute("UPDATE events SET featured = ?2 WHERE id = ?1", params![id, featured])?;
    Ok(())
}

/// The switches of the edit dialog beside the form's fields; `None` keeps the event's own.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EventFlags {
    pub is_active: Option<bool>,
    pub featured: Option<bool>,
}

/// Why an update was not applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UpdateRefused {
    NotFound,
    /// The new maximum is below the people already registered (and the places live
    /// waiting-list offers hold).
    BelowRegistered,
}

/// Replaces an event's fields (and its active and featured flags when given). Run it inside the
/// write transaction: the maximum is compared with the people registered at that moment, and
/// featuring it unmarks the event featured until then.
pub fn update(
    conn: &Connection,
    id: i64,
    fields: &EventFields,
    flags: EventFlags,
) -> rusqlite::Result<Result<EventRow, UpdateRefused>> {
    let Some(current) = find(conn, id)? else {
        return Ok(Err(UpdateRefused::NotFound));
    };
    let held = super::waitlist::held(conn, &super::waitlist::Target::Event(id))?;
    if let Some(max) = fields.max_participants
        && max < current.current_participants + held
    {
        return Ok(Err(UpdateRefused::BelowRegistered));
    }
    conn.execute(
        "UPDATE events SET title = ?1, title_en = ?2, description = ?3, description_en = ?4, category_id = ?5,
                location = ?6, start_date = ?7, end_date = ?8, price_cents = ?9, max_participants = ?10,
                requires_payment = ?11, offer_hours = ?12, is_active = ?13
         WHERE id = ?14",
        rusqlite::params_from_iter(
            fields.values().into_iter().chain([&flags.is_active.unwrap_or(current.is_active) as &dyn ToSql, &id]),
        ),
    )?;
    if let Some(featured) = flags.featured
        && featured != current.featured
    {
        set_featured(conn, id, featured)?;
    }
    Ok(find(conn, id)?.ok_or(UpdateRefused::NotFound))
}

/// Deletes an event; its registrations, tournament and matches go with it (ON DELETE CASCADE).
/// False when there was no such event.
pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    Ok(conn.execute("DELETE FROM events WHERE id = ?1", params![id])? > 0)
}

/// Sets `current_participants` to the people actually registered (captains plus named
/// members, individuals), so the counter can never drift from the registrations. Fails with
/// the schema's CHECK when that would exceed the maximum.
pub fn recount_participants(conn: &Connection, event_id: i64) -> rusqlite::Result<i64> {
    conn.execute(
        "UPDATE events SET current_participants =
            (SELECT COALESCE(SUM(people_count), 0) FROM event_registrations WHERE event_id = ?1 AND status <> 'cancelled')
         WHERE id = ?1",
        params![event_id],
    )?;
    conn.query_row("SELECT current_participants FROM events WHERE id = ?1", params![event_id], |r| r.get(0))
}
