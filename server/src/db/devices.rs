//! A device's numbered entries, whatever their kind: a scorekeeper's scores, a counsellor's
//! attendance, and any kind that follows. One protocol, written once here; each kind says what
//! an entry does ([`Kind`]).
//!
//! A phone numbers its entries 1, 2, 3… across every kind, and the server keeps one last number
//! per device (`sync_devices`), written in the transaction that takes the entry, so an entry is
//! taken exactly once: a number at or below the device's is a replay, answered its stored
//! outcome and changing nothing; a number beyond the next one is a gap, refused, the phone then
//! sending again from the server's number; an entry id taken before under another number is a
//! duplicate. What an entry does runs inside a savepoint: a refusal after part of it was written
//! leaves nothing of it. Run [`push`] in the caller's `BEGIN IMMEDIATE` transaction.

use centre_core::sync::{Sequence, SyncOutcome, Verdict};
use centre_core::timefmt::utc_text;
use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

/// An entry as a device numbered it.
pub trait Numbered {
    fn seq(&self) -> i64;
    fn entry_id(&self) -> &str;
}

/// What one kind of entry does, and where it keeps them.
pub trait Kind {
    type Entry: Numbered;
    /// What the device is answered for one entry.
    type Outcome;
    /// The stored outcome of number `seq` of `device`, when this kind took it.
    fn stored(&self, conn: &Connection, device: &str, seq: i64) -> rusqlite::Result<Option<Self::Outcome>>;
    /// Whether an entry with this id was taken before, under any number.
    fn taken(&self, conn: &Connection, entry_id: &str) -> rusqlite::Result<bool>;
    /// Judges the entry and writes what it does (inside [`push`]'s savepoint).
    fn apply(&self, conn: &Connection, entry: &Self::Entry, now: DateTime<Utc>) -> rusqlite::Result<Verdict>;
    /// Keeps the entry with its verdict, for replays and the console.
    fn store(
        &self,
        conn: &Connection,
        device: &str,
        entry: &Self::Entry,
        verdict: Verdict,
        now: DateTime<Utc>,
    ) -> rusqlite::Result<()>;
    /// The answer for `entry`.
    fn outcome(&self, entry: &Self::Entry, outcome: SyncOutcome, code: Option<&str>) -> Self::Outcome;
}

/// What a push took: an answer per entry up to a gap, and the device's number after it.
#[derive(Debug)]
pub struct Pushed<O> {
    pub outcomes: Vec<O>,
    pub last_seq: i64,
    /// The entries stopped at a number beyond the device's next one.
    pub gap: bool,
}

/// The last entry number taken from `device_id` (0 for a device never seen).
pub fn last_seq(conn: &Connection, device_id: &str) -> rusqlite::Result<i64> {
    conn.query_row("SELECT last_seq FROM sync_devices WHERE device_id = ?1", params![device_id], |r| r.get(0))
        .optional()
        .map(|v| v.unwrap_or(0))
}

fn advance(conn: &Connection, device_id: &str, seq: i64, now: &str) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO sync_devices (device_id, last_seq, updated_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (device_id) DO UPDATE SET last_seq = excluded.last_seq, updated_at = excluded.updated_at",
        params![device_id, seq, now],
    )?;
    Ok(())
}

/// Names device `device_id` (its user's choice), before or after its first entry.
pub fn name_device(conn: &Connection, device_id: &str, name: &str, now: &str) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO sync_devices (device_id, last_seq, updated_at, name) VALUES (?1, 0, ?3, ?2)
         ON CONFLICT (device_id) DO UPDATE SET name = excluded.name",
        params![device_id, name, now],
    )?;
    Ok(())
}

/// Takes `device`'s entries of one kind in order (named `name` first, when given), up to a gap.
pub fn push<K: Kind>(
    conn: &Connection,
    kind: &K,
    device: &str,
    name: Option<&str>,
    entries: &[K::Entry],
    now: DateTime<Utc>,
) -> rusqlite::Result<Pushed<K::Outcome>> {
    if let Some(name) = name {
        name_device(conn, device, name, &utc_text(now))?;
    }
    let mut outcomes = Vec::with_capacity(entries.len());
    let mut gap = false;
    for entry in entries {
        match take(conn, kind, device, entry, now)? {
            Some(outcome) => outcomes.push(outcome),
            None => {
                gap = true;
                break;
            }
        }
    }
    Ok(Pushed { outcomes, last_seq: last_seq(conn, device)?, gap })
}

/// One entry under the protocol (see the module documentation); none at a gap.
pub fn take<K: Kind>(
    conn: &Connection,
    kind: &K,
    device: &str,
    entry: &K::Entry,
    now: DateTime<Utc>,
) -> rusqlite::Result<Option<K::Outcome>> {
    match Sequence::of(entry.seq(), last_seq(conn, device)?) {
        Sequence::Replay => {
            let stored = kind.stored(conn, device, entry.seq())?;
            return Ok(Some(stored.unwrap_or_else(|| kind.outcome(entry, SyncOutcome::Duplicate, None))));
        }
        Sequence::Gap => return Ok(None),
        Sequence::Next => {}
    }
    // The same entry under another number: already counted once.
    let taken = kind.taken(conn, entry.entry_id())?;
    let verdict = if taken { Verdict::Duplicate } else { applied(conn, kind, entry, now)? };
    if !taken {
        kind.store(conn, device, entry, verdict, now)?;
    }
    advance(conn, device, entry.seq(), &utc_text(now))?;
    Ok(Some(kind.outcome(entry, verdict.outcome(), verdict.code())))
}

/// The kind's verdict, its writes undone when it refuses the entry.
fn applied<K: Kind>(conn: &Connection, kind: &K, entry: &K::Entry, now: DateTime<Utc>) -> rusqlite::Result<Verdict> {
    conn.execute_batch("SAVEPOINT device_entry")?;
    let verdict = kind.apply(conn, entry, now);
    if !matches!(verdict, Ok(Verdict::Apply | Verdict::Conflict | Verdict::Duplicate)) {
        conn.execute_batch("ROLLBACK TO device_entry")?;
    }
    conn.execute_batch("RELEASE device_entry")?;
    verdict
}
