//! The line: joining, leaving, the active entries in rank order, an admin's move and close.

use centre_core::Lang;
use centre_core::waitlist::{self as rules, InLine};
use rusqlite::{Connection, params};

use super::{ENTRY_COLUMNS, EntryRow, EntryState, ListKind, OfferState, Target, entry_from_row};

/// Runs `f` and undoes whatever it wrote, keeping its answer: "would this registration go
/// through now?" asked of the one registration function, without copying its checks.
pub fn dry_run<T, E: From<rusqlite::Error>>(
    conn: &Connection,
    f: impl FnOnce(&Connection) -> Result<T, E>,
) -> Result<T, E> {
    conn.execute_batch("SAVEPOINT waitlist_dry_run")?;
    let answer = f(conn);
    conn.execute_batch("ROLLBACK TO waitlist_dry_run; RELEASE waitlist_dry_run")?;
    answer
}

/// A new entry, as joined.
pub struct Join<'a> {
    pub target: &'a Target,
    pub user_id: &'a str,
    pub child_key: Option<&'a str>,
    pub places: i64,
    /// The registration form as JSON text: accepting an offer registers it.
    pub form: Option<&'a str>,
    pub lang: Lang,
    pub now: &'a str,
}

#[derive(Debug)]
pub enum JoinError {
    /// The same team, child or member is already in this list.
    Already,
    /// An admin closed the list.
    Closed,
    Db(rusqlite::Error),
}

impl From<rusqlite::Error> for JoinError {
    fn from(e: rusqlite::Error) -> Self {
        JoinError::Db(e)
    }
}

/// Puts an entry at the end of the line. The caller checked that the target is full.
pub fn join(conn: &Connection, j: &Join<'_>) -> Result<EntryRow, JoinError> {
    if super::is_closed(conn, j.target)? {
        return Err(JoinError::Closed);
    }
    let (event_id, program_id, week_id, court_id, slot_start) = match j.target {
        Target::Event(id) => (Some(*id), None, None, None, None),
        Target::CampWeek { program_id, week_id } => (None, Some(program_id.as_str()), Some(*week_id), None, None),
        Target::CourtSlot { court_id, start } => (None, None, None, Some(*court_id), Some(start.as_str())),
    };
    let (filter, values) = j.target.filter();
    let sort_key: i64 = conn.query_row(
        &format!("SELECT COALESCE(MAX(sort_key), 0) + 1 FROM waitlist_entries WHERE {filter}"),
        rusqlite::params_from_iter(values),
        |r| r.get(0),
    )?;
    let inserted = conn.execute(
        "INSERT INTO waitlist_entries (kind, event_id, program_id, week_id, court_id, slot_start, user_id, child_key,
                                       places, form, lang, state, sort_key, joined_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'waiting', ?12, ?13)",
        params![
            j.target.kind(),
            event_id,
            program_id,
            week_id,
            court_id,
            slot_start,
            j.user_id,
            j.child_key,
            j.places,
            j.form,
            j.lang,
            sort_key,
            j.now
        ],
    );
    match inserted {
        Ok(_) => {}
        Err(e) if crate::db::refusal(&e) == Some(crate::db::Refusal::Unique) => return Err(JoinError::Already),
        Err(e) => return Err(e.into()),
    }
    let id = conn.last_insert_rowid();
    super::find_entry(conn, id)?.ok_or(JoinError::Db(rusqlite::Error::QueryReturnedNoRows))
}

/// The active entries of a target in rank order (rank = index + 1).
pub fn active(conn: &Connection, target: &Target) -> rusqlite::Result<Vec<EntryRow>> {
    let (filter, values) = target.filter();
    conn.prepare_cached(&format!(
        "SELECT {ENTRY_COLUMNS} FROM waitlist_entries
          WHERE {filter} AND state IN ('waiting', 'offered') ORDER BY sort_key, id"
    ))?
    .query_map(rusqlite::params_from_iter(values), entry_from_row)?
    .collect()
}

/// The line as core's rule reads it.
pub fn in_line(entries: &[EntryRow]) -> Vec<InLine> {
    entries
        .iter()
        .map(|e| InLine { entry_id: e.id, places: e.places, has_live_offer: e.state == EntryState::Offered })
        .collect()
}

/// The rank of an active entry (1 = next), `None` when it is not in line.
pub fn rank(conn: &Connection, entry: &EntryRow) -> rusqlite::Result<Option<usize>> {
    Ok(active(conn, &entry.target)?.iter().position(|e| e.id == entry.id).map(|i| i + 1))
}

/// Ends an entry in `state` (and its live offer, if any, in `offer_state`). False when the
/// entry was not active.
pub(super) fn end(
    conn: &Connection,
    entry_id: i64,
    state: EntryState,
    offer_state: OfferState,
    now: &str,
) -> rusqlite::Result<bool> {
    let ended = conn.execute(
        "UPDATE waitlist_entries SET state = ?2, ended_at = ?3 WHERE id = ?1 AND state IN ('waiting', 'offered')",
        params![entry_id, state, now],
    )?;
    conn.execute(
        "UPDATE waitlist_offers SET state = ?2, answered_at = ?3 WHERE entry_id = ?1 AND state = 'live'",
        params![entry_id, offer_state, now],
    )?;
    Ok(ended == 1)
}

/// The member leaves the list: a live offer they held is declined, and the caller refills.
/// False when the entry is not theirs or not active.
pub fn leave(conn: &Connection, entry_id: i64, user_id: &str, now: &str) -> rusqlite::Result<Option<EntryRow>> {
    let Some(entry) = super::find_entry(conn, entry_id)?.filter(|e| e.user_id == user_id && e.state.is_active()) else {
        return Ok(None);
    };
    end(conn, entry.id, EntryState::Left, OfferState::Declined, now)?;
    Ok(Some(entry))
}

/// Someone in line registers directly (a member's team, or the child for a camp week, whoever
/// registers them): their entry leaves the line as registered, and the places its live offer
/// held become theirs. Call it before the registration counts its places, so that the schema's
/// guard sees them free; the registration's transaction undoes it if the registration fails.
pub fn registered_directly(
    conn: &Connection,
    target: &Target,
    user_id: &str,
    child_key: Option<&str>,
    now: &str,
) -> rusqlite::Result<()> {
    for entry in active(conn, target)? {
        let own = match target {
            Target::CampWeek { .. } => entry.child_key.as_deref() == child_key,
            _ => entry.user_id == user_id,
        };
        if own {
            end(conn, entry.id, EntryState::Registered, OfferState::Accepted, now)?;
        }
    }
    Ok(())
}

/// An admin moves an active entry to `rank` (1-based): the line's keys are rewritten in the new
/// order. False when the entry is not active.
pub fn move_to(conn: &Connection, entry_id: i64, rank: usize) -> rusqlite::Result<bool> {
    let Some(entry) = super::find_entry(conn, entry_id)?.filter(|e| e.state.is_active()) else {
        return Ok(false);
    };
    let order: Vec<i64> = active(conn, &entry.target)?.iter().map(|e| e.id).collect();
    let Some(order) = rules::move_to(&order, entry_id, rank) else { return Ok(false) };
    for (i, id) in order.iter().enumerate() {
        conn.execute("UPDATE waitlist_entries SET sort_key = ?2 WHERE id = ?1", params![id, i as i64 + 1])?;
    }
    Ok(true)
}

/// An admin closes a list: every active entry ends 'closed', live offers are withdrawn (their
/// places open to all), and nobody joins again. False when the target does not exist.
pub fn close(conn: &Connection, target: &Target, now: &str) -> rusqlite::Result<bool> {
    let changed = match target {
        Target::Event(id) => conn.execute("UPDATE events SET waitlist_closed = 1 WHERE id = ?1", params![id])?,
        Target::CampWeek { program_id, week_id } => conn.execute(
            "UPDATE day_camp_places SET waitlist_closed = 1 WHERE program_id = ?1 AND week_id = ?2",
            params![program_id, week_id],
        )?,
        Target::CourtSlot { .. } => 1,
    };
    for entry in active(conn, target)? {
        end(conn, entry.id, EntryState::Closed, OfferState::Withdrawn, now)?;
    }
    Ok(changed > 0)
}

/// Court-slot entries whose slot has begun (`slot_start` at or before `now`, UTC text): nobody
/// can book it any more, so they end as a closed list's do. One statement, so a second pass (or
/// a second process) finds nothing left to end. Answers how many ended.
pub fn end_passed_slots(conn: &Connection, now: &str) -> rusqlite::Result<usize> {
    conn.prepare_cached(
        "UPDATE waitlist_entries SET state = ?1, ended_at = ?2
          WHERE kind = ?3 AND state IN ('waiting', 'offered') AND slot_start <= ?2",
    )?
    .execute(params![EntryState::Closed, now, ListKind::CourtSlot])
}

/// The member's active entries, soonest joined first.
pub fn mine(conn: &Connection, user_id: &str) -> rusqlite::Result<Vec<EntryRow>> {
    conn.prepare_cached(&format!(
        "SELECT {ENTRY_COLUMNS} FROM waitlist_entries
          WHERE user_id = ?1 AND state IN ('waiting', 'offered') ORDER BY joined_at, id"
    ))?
    .query_map(params![user_id], entry_from_row)?
    .collect()
}

/// Whether a live booking holds the court slot starting at `start` (UTC text): only a taken
/// slot has a waiting list.
pub fn slot_is_booked(conn: &Connection, court_id: i64, start: &str) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM court_bookings WHERE court_id = ?1 AND start_time = ?2 AND status <> 'cancelled')",
        params![court_id, start],
        |r| r.get(0),
    )
}
