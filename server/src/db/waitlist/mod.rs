//! Waiting lists (core's `waitlist` rules, stored by V14): entries in line, offers holding a
//! freed place. Every function runs inside the caller's `BEGIN IMMEDIATE` transaction, and the
//! schema's triggers refuse registrations plus live offers above a capacity.
//!
//! - `line.rs`: joining, leaving, the line in rank order, an admin's move and close.
//! - `offers.rs`: what a freed place does (`refill`), answering an offer, and the scheduled
//!   expiry of offers whose window passed, which offers the place to the next.

pub mod line;
pub mod offers;
pub mod views;

use centre_core::Lang;
pub use centre_core::waitlist::{EntryState, ListKind, OfferState};
use rusqlite::{Connection, Row, params};

/// What a list waits for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Target {
    Event(i64),
    CampWeek { program_id: String, week_id: i64 },
    CourtSlot { court_id: i64, start: String },
}

impl Target {
    pub fn kind(&self) -> ListKind {
        match self {
            Target::Event(_) => ListKind::Event,
            Target::CampWeek { .. } => ListKind::CampWeek,
            Target::CourtSlot { .. } => ListKind::CourtSlot,
        }
    }

    /// The `WHERE` that selects this target's rows of `waitlist_entries` (`?1..?3`), and its
    /// parameters, always three.
    fn filter(&self) -> (&'static str, [rusqlite::types::Value; 3]) {
        use rusqlite::types::Value::{Integer, Null, Text};
        match self {
            Target::Event(id) => {
                ("kind = 'event' AND event_id = ?1 AND ?2 IS NULL AND ?3 IS NULL", [Integer(*id), Null, Null])
            }
            Target::CampWeek { program_id, week_id } => (
                "kind = 'camp_week' AND program_id = ?1 AND week_id = ?2 AND ?3 IS NULL",
                [Text(program_id.clone()), Integer(*week_id), Null],
            ),
            Target::CourtSlot { court_id, start } => (
                "kind = 'court_slot' AND court_id = ?1 AND slot_start = ?2 AND ?3 IS NULL",
                [Integer(*court_id), Text(start.clone()), Null],
            ),
        }
    }
}

/// An entry as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryRow {
    pub id: i64,
    pub target: Target,
    pub user_id: String,
    pub child_key: Option<String>,
    pub places: i64,
    pub form: Option<String>,
    pub lang: Lang,
    pub state: EntryState,
    pub joined_at: String,
    pub ended_at: Option<String>,
    pub registration_id: Option<i64>,
}

const ENTRY_COLUMNS: &str = "id, kind, event_id, program_id, week_id, court_id, slot_start, user_id, child_key, places, \
     form, lang, state, joined_at, ended_at, registration_id";

fn entry_from_row(row: &Row<'_>) -> rusqlite::Result<EntryRow> {
    let kind: ListKind = row.get(1)?;
    let target = match kind {
        ListKind::Event => Target::Event(row.get(2)?),
        ListKind::CampWeek => Target::CampWeek { program_id: row.get(3)?, week_id: row.get(4)? },
        ListKind::CourtSlot => Target::CourtSlot { court_id: row.get(5)?, start: row.get(6)? },
    };
    Ok(EntryRow {
        id: row.get(0)?,
        target,
        user_id: row.get(7)?,
        child_key: row.get(8)?,
        places: row.get(9)?,
        form: row.get(10)?,
        lang: row.get(11)?,
        state: row.get(12)?,
        joined_at: row.get(13)?,
        ended_at: row.get(14)?,
        registration_id: row.get(15)?,
    })
}

pub fn find_entry(conn: &Connection, id: i64) -> rusqlite::Result<Option<EntryRow>> {
    use rusqlite::OptionalExtension;
    conn.prepare_cached(&format!("SELECT {ENTRY_COLUMNS} FROM waitlist_entries WHERE id = ?1"))?
        .query_row(params![id], entry_from_row)
        .optional()
}

/// The capacity of a target, the places its registrations take and those its live offers hold;
/// `None` when the target does not exist. Court slots have no count (one booking each).
pub fn counts(conn: &Connection, target: &Target) -> rusqlite::Result<Option<(Option<i64>, i64, i64)>> {
    use rusqlite::OptionalExtension;
    match target {
        Target::Event(id) => conn
            .query_row(
                "SELECT e.max_participants, e.current_participants,
                        (SELECT COALESCE(SUM(places), 0) FROM waitlist_offers WHERE event_id = e.id AND state = 'live')
                   FROM events e WHERE e.id = ?1",
                params![id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional(),
        Target::CampWeek { program_id, week_id } => conn
            .query_row(
                "SELECT p.capacity, p.taken,
                        (SELECT COALESCE(SUM(places), 0) FROM waitlist_offers
                          WHERE program_id = p.program_id AND week_id = p.week_id AND state = 'live')
                   FROM day_camp_places p WHERE p.program_id = ?1 AND p.week_id = ?2",
                params![program_id, week_id],
                |r| Ok((Some(r.get(0)?), r.get(1)?, r.get(2)?)),
            )
            .optional(),
        Target::CourtSlot { .. } => Ok(Some((None, 0, 0))),
    }
}

/// The places live offers hold on a target.
pub fn held(conn: &Connection, target: &Target) -> rusqlite::Result<i64> {
    Ok(counts(conn, target)?.map_or(0, |(_, _, held)| held))
}

/// Whether an admin closed the target's list.
pub fn is_closed(conn: &Connection, target: &Target) -> rusqlite::Result<bool> {
    use rusqlite::OptionalExtension;
    let closed: Option<bool> = match target {
        Target::Event(id) => {
            conn.query_row("SELECT waitlist_closed FROM events WHERE id = ?1", params![id], |r| r.get(0)).optional()?
        }
        Target::CampWeek { program_id, week_id } => conn
            .query_row(
                "SELECT waitlist_closed FROM day_camp_places WHERE program_id = ?1 AND week_id = ?2",
                params![program_id, week_id],
                |r| r.get(0),
            )
            .optional()?,
        Target::CourtSlot { .. } => Some(false),
    };
    Ok(closed.unwrap_or(true))
}

/// Every event's and camp week's list with someone in line, the one waiting longest first.
pub fn listed_targets(conn: &Connection) -> rusqlite::Result<Vec<Target>> {
    conn.prepare(
        "SELECT kind, event_id, program_id, week_id FROM waitlist_entries
          WHERE state IN ('waiting', 'offered') AND kind IN ('event', 'camp_week')
          GROUP BY kind, event_id, program_id, week_id ORDER BY MIN(joined_at)",
    )?
    .query_map([], |r| {
        let kind: ListKind = r.get(0)?;
        Ok(match kind {
            ListKind::Event => Target::Event(r.get(1)?),
            _ => Target::CampWeek { program_id: r.get(2)?, week_id: r.get(3)? },
        })
    })?
    .collect()
}

/// The places live offers hold, per event.
pub fn held_by_event(conn: &Connection) -> rusqlite::Result<std::collections::HashMap<i64, i64>> {
    conn.prepare_cached(
        "SELECT event_id, SUM(places) FROM waitlist_offers WHERE state = 'live' AND event_id IS NOT NULL GROUP BY event_id",
    )?
    .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
    .collect()
}
