//! The admin's side: every list with someone in line (its places, the people in rank order and
//! the offers made to each), and a place offered by hand.

use rusqlite::Connection;

use crate::db::users::{self, UserRow};
use crate::db::waitlist::line::active;
use crate::db::waitlist::offers::{self, ByHandError, OfferRow, Refill, What};
use crate::db::waitlist::{EntryRow, Target, counts, is_closed, listed_targets};
use crate::error::AppError;

/// A list as the console shows it.
pub struct List {
    pub target: Target,
    /// What the list is for; none when its event or week is gone.
    pub what: Option<What>,
    pub closed: bool,
    pub capacity: Option<i64>,
    pub registered: i64,
    /// Places live offers hold.
    pub held: i64,
    /// In rank order.
    pub entries: Vec<InLine>,
}

/// Someone in line: the entry, its member and every offer made to it, the newest first.
pub struct InLine {
    pub entry: EntryRow,
    pub member: UserRow,
    pub offers: Vec<OfferRow>,
}

/// Every event's and camp week's list with someone in line, the longest waiting first.
pub fn lists(conn: &Connection, tz: chrono_tz::Tz) -> Result<Vec<List>, AppError> {
    let mut out = Vec::new();
    for target in listed_targets(conn)? {
        let (capacity, registered, held) = counts(conn, &target)?.unwrap_or((None, 0, 0));
        let mut entries = Vec::new();
        for entry in active(conn, &target)? {
            let member = users::find(conn, &entry.user_id)?.ok_or(rusqlite::Error::QueryReturnedNoRows)?;
            let offers = offers::of_entry(conn, entry.id)?;
            entries.push(InLine { entry, member, offers });
        }
        let what = offers::what(conn, &target, tz)?;
        let closed = is_closed(conn, &target)?;
        out.push(List { target, what, closed, capacity, registered, held, entries });
    }
    Ok(out)
}

/// An admin offers a free place to this entry out of turn, with the usual window and e-mail:
/// the offer made. 409 `event_full` when no place is free for it.
pub fn offer_by_hand(tx: &Connection, entry_id: i64, refill: &Refill<'_>) -> Result<OfferRow, AppError> {
    let id = offers::offer_by_hand(tx, entry_id, refill).map_err(|e| match e {
        ByHandError::NotFound => AppError::not_found(),
        ByHandError::NoPlace => AppError::conflict("event_full"),
        ByHandError::Db(e) => e.into(),
    })?;
    offers::find(tx, id)?.ok_or_else(AppError::not_found)
}
