//! Score entries pushed by phones that scored offline, and the conflicts they raise.
//!
//! Each device numbers its entries 1, 2, 3…; [`push`] takes one entry in the caller's
//! `BEGIN IMMEDIATE` transaction and stores the device's last applied number in that same
//! transaction, so an entry is applied exactly once: a number at or below it is a replay that
//! answers the stored outcome and changes nothing, a number beyond the next one is a gap, refused.
//! The score itself goes through [`scores::apply`], the path of the online `PUT …/score`, so
//! online and offline scoring follow one rule (core's `sync::judge`). A conflict (a different
//! score on a match that has one) is stored, never applied, until an admin settles it
//! ([`resolve`]).

use centre_core::format::SetScore;
use centre_core::sync::{Entered, Sequence, Sides, Verdict};
use centre_core::validation::Score;
use rusqlite::{Connection, OptionalExtension, params};

use super::scores::{self, Changed, Refused, changed};
use super::views::USER_NAME;
use super::{MatchRow, bump_version, find_match};
use crate::db::json_column;

/// An entry as a device sends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub seq: i64,
    pub entry_id: String,
    pub match_id: i64,
    pub team1_score: u32,
    pub team2_score: u32,
    pub base_version: i64,
    pub entered_at: String,
    /// The teams the phone showed for the match when the score was entered.
    pub seen_teams: Option<Sides>,
    /// The sets, where the match's phase has them.
    pub sets: Vec<SetScore>,
}

/// What became of an entry (a rejection with its code).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub seq: i64,
    pub entry_id: String,
    pub match_id: i64,
    pub outcome: centre_core::sync::SyncOutcome,
    pub code: Option<String>,
}

#[derive(Debug)]
pub enum PushRefused {
    /// The device's entries must continue from `last_seq + 1`.
    Gap {
        last_seq: i64,
    },
    Db(rusqlite::Error),
}

impl From<rusqlite::Error> for PushRefused {
    fn from(e: rusqlite::Error) -> Self {
        PushRefused::Db(e)
    }
}

/// The last entry number applied for `device_id` (0 for a device never seen).
pub fn last_seq(conn: &Connection, device_id: &str) -> rusqlite::Result<i64> {
    conn.query_row("SELECT last_seq FROM sync_devices WHERE device_id = ?1", params![device_id], |r| r.get(0))
        .optional()
        .map(|v| v.unwrap_or(0))
}

/// Records `seq` as the device's last applied number, in the transaction that took the entry. The
/// number is the device's across kinds (scores and a day camp's attendance share it: see
/// ARCHITECTURE.md's `src/sync/`).
pub fn advance(conn: &Connection, device_id: &str, seq: i64, now: &str) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO sync_devices (device_id, last_seq, updated_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (device_id) DO UPDATE SET last_seq = excluded.last_seq, updated_at = excluded.updated_at",
        params![device_id, seq, now],
    )?;
    Ok(())
}

fn stored(conn: &Connection, device_id: &str, seq: i64) -> rusqlite::Result<Option<Outcome>> {
    conn.query_row(
        "SELECT seq, entry_id, match_id, outcome, code FROM score_entries WHERE device_id = ?1 AND seq = ?2",
        params![device_id, seq],
        |r| {
            Ok(Outcome {
                seq: r.get(0)?,
                entry_id: r.get(1)?,
                match_id: r.get(2)?,
                outcome: r.get(3)?,
                code: r.get(4)?,
            })
        },
    )
    .optional()
}

/// Takes one entry of `device_id` (see the module documentation). `Changed` is set when the
/// tournament changed (a score applied or a conflict raised), for the live pages.
pub fn push(
    conn: &Connection,
    device_id: &str,
    e: &Entry,
    user_id: &str,
    now: &str,
) -> Result<(Outcome, Option<Changed>), PushRefused> {
    let last = last_seq(conn, device_id)?;
    match Sequence::of(e.seq, last) {
        Sequence::Replay => {
            let before = stored(conn, device_id, e.seq)?;
            let outcome = before.unwrap_or_else(|| Outcome {
                seq: e.seq,
                entry_id: e.entry_id.clone(),
                match_id: e.match_id,
                outcome: centre_core::sync::SyncOutcome::Duplicate,
                code: None,
            });
            return Ok((outcome, None));
        }
        Sequence::Gap => return Err(PushRefused::Gap { last_seq: last }),
        Sequence::Next => {}
    }
    let reused: bool =
        conn.query_row("SELECT EXISTS (SELECT 1 FROM score_entries WHERE entry_id = ?1)", params![e.entry_id], |r| {
            r.get(0)
        })?;
    let m = find_match(conn, e.match_id)?;
    let verdict = if reused {
        // The same entry under another number: already counted once.
        Verdict::Duplicate
    } else {
        match &m {
            None => Verdict::Rejected("not_found"),
            Some(m) => {
                // A refusal after the score was written (what follows the result) undoes the
                // score too, as the online call's rolled-back transaction would.
                conn.execute_batch("SAVEPOINT entry")?;
                let entered = Entered { team1: e.team1_score, team2: e.team2_score, sets: &e.sets };
                let applied = scores::apply(conn, m, entered, e.seen_teams, user_id, now);
                if applied.is_err() {
                    conn.execute_batch("ROLLBACK TO entry")?;
                }
                conn.execute_batch("RELEASE entry")?;
                match applied {
                    Ok(v) => v,
                    Err(Refused::Db(err)) => return Err(PushRefused::Db(err)),
                    Err(Refused::Rejected(code)) => Verdict::Rejected(code),
                    Err(Refused::Rule(rule)) => Verdict::Rejected(rule.code()),
                    Err(_) => Verdict::Rejected("match_completed"),
                }
            }
        }
    };
    let tournament_id = m.as_ref().map(|m| m.tournament_id);
    if !reused {
        conn.execute(
            "INSERT INTO score_entries (entry_id, device_id, seq, match_id, tournament_id, team1_score, team2_score,
                base_version, entered_at, user_id, received_at, outcome, code, sets)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, (SELECT id FROM users WHERE id = ?10), ?11, ?12, ?13, ?14)",
            params![
                e.entry_id,
                device_id,
                e.seq,
                e.match_id,
                tournament_id,
                e.team1_score,
                e.team2_score,
                e.base_version.max(0),
                e.entered_at,
                user_id,
                now,
                verdict.outcome(),
                verdict.code(),
                scores::sets_text(&e.sets)?,
            ],
        )?;
    }
    advance(conn, device_id, e.seq, now)?;
    let touched = match (verdict, tournament_id) {
        (Verdict::Conflict, Some(t)) => {
            // The console's conflict count and the phones follow the version.
            bump_version(conn, t)?;
            Some(t)
        }
        (Verdict::Apply, Some(t)) => Some(t),
        _ => None,
    };
    let changed = match touched {
        Some(t) => Some(changed(conn, t).map_err(|r| match r {
            Refused::Db(err) => PushRefused::Db(err),
            _ => PushRefused::Db(rusqlite::Error::QueryReturnedNoRows),
        })?),
        None => None,
    };
    let outcome = Outcome {
        seq: e.seq,
        entry_id: e.entry_id.clone(),
        match_id: e.match_id,
        outcome: verdict.outcome().to_owned(),
        code: verdict.code().map(str::to_owned),
    };
    Ok((outcome, changed))
}

/// Who set a score, from which device, when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoreSide {
    pub team1_score: Option<u32>,
    pub team2_score: Option<u32>,
    pub sets: Vec<SetScore>,
    pub entered_by: Option<String>,
    pub device_id: Option<String>,
    pub device_name: Option<String>,
    pub entered_at: Option<String>,
    pub received_at: Option<String>,
}

/// Names device `device_id` (its scorekeeper's choice), before or after its first entry.
pub fn name_device(conn: &Connection, device_id: &str, name: &str, now: &str) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO sync_devices (device_id, last_seq, updated_at, name) VALUES (?1, 0, ?3, ?2)
         ON CONFLICT (device_id) DO UPDATE SET name = excluded.name",
        params![device_id, name, now],
    )?;
    Ok(())
}

/// An open conflict: the match's score and the entry that disagrees with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    pub entry_id: String,
    pub game: MatchRow,
    pub current: ScoreSide,
    pub proposed: ScoreSide,
}

/// The open conflicts of a tournament, oldest first.
pub fn conflicts(conn: &Connection, tournament_id: i64) -> rusqlite::Result<Vec<Conflict>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT e.entry_id, e.match_id, e.team1_score, e.team2_score, {USER_NAME}, e.device_id, e.entered_at,
            e.received_at, e.sets, d.name
         FROM score_entries e LEFT JOIN users u ON u.id = e.user_id
         LEFT JOIN sync_devices d ON d.device_id = e.device_id
         WHERE e.tournament_id = ?1 AND e.outcome = 'conflict' AND e.resolution IS NULL
         ORDER BY e.received_at, e.entry_id"
    ))?;
    let rows = stmt.query_map(params![tournament_id], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, i64>(1)?,
            ScoreSide {
                team1_score: r.get(2)?,
                team2_score: r.get(3)?,
                entered_by: r.get(4)?,
                device_id: r.get(5)?,
                device_name: r.get(9)?,
                entered_at: r.get(6)?,
                received_at: r.get(7)?,
                sets: json_column(r.get(8)?, 8)?.unwrap_or_default(),
            },
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (entry_id, match_id, proposed) = row?;
        let Some(game) = find_match(conn, match_id)? else {
            continue;
        };
        let current = current_side(conn, &game)?;
        out.push(Conflict { entry_id, game, current, proposed });
    }
    Ok(out)
}

/// The match's score with whoever set it last: the entry applied by a phone, or the last score
/// or correction in the history (the online call).
fn current_side(conn: &Connection, m: &MatchRow) -> rusqlite::Result<ScoreSide> {
    let last: Option<(Option<String>, String)> = conn
        .query_row(
            &format!(
                "SELECT {USER_NAME}, h.changed_at FROM match_score_history h LEFT JOIN users u ON u.id = h.changed_by
                 WHERE h.match_id = ?1 AND h.kind IN ('score', 'correction') ORDER BY h.id DESC LIMIT 1"
            ),
            params![m.id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let applied: Option<(String, String, String, Option<String>)> = conn
        .query_row(
            "SELECT e.device_id, e.entered_at, e.received_at, d.name FROM score_entries e
             LEFT JOIN sync_devices d ON d.device_id = e.device_id
             WHERE e.match_id = ?1 AND e.outcome = 'applied' AND e.team1_score = ?2 AND e.team2_score = ?3 AND e.sets IS ?4",
            params![m.id, m.team1_score, m.team2_score, scores::sets_text(&m.sets)?],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .optional()?;
    let (entered_by, changed_at) = last.map_or((None, None), |(by, at)| (by, Some(at)));
    Ok(ScoreSide {
        team1_score: m.team1_score,
        team2_score: m.team2_score,
        sets: m.sets.clone(),
        entered_by,
        device_id: applied.as_ref().map(|a| a.0.clone()),
        device_name: applied.as_ref().and_then(|a| a.3.clone()),
        entered_at: applied.as_ref().map(|a| a.1.clone()).or(changed_at.clone()),
        received_at: applied.map(|a| a.2).or(changed_at),
    })
}

/// Which score an admin keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    Current,
    Proposed,
}

#[derive(Debug)]
pub enum ResolveRefused {
    NotFound,
    /// Already settled.
    Resolved,
    Score(Refused),
}

impl From<rusqlite::Error> for ResolveRefused {
    fn from(e: rusqlite::Error) -> Self {
        ResolveRefused::Score(Refused::Db(e))
    }
}

/// Settles the conflict of `entry_id`: the match keeps its score, or takes the entry's (a
/// correction, allowed while a pool result can still change). Every open conflict of that match
/// is settled with it, each marked with the score that won.
pub fn resolve(
    conn: &Connection,
    entry_id: &str,
    keep: Keep,
    user_id: &str,
    now: &str,
) -> Result<(MatchRow, Changed), ResolveRefused> {
    /// The entry's match, its score and sets, and how it was settled.
    type Proposed = (i64, u32, u32, Option<String>, Vec<SetScore>);
    let entry: Option<Proposed> = conn
        .query_row(
            "SELECT match_id, team1_score, team2_score, resolution, sets FROM score_entries
             WHERE entry_id = ?1 AND outcome = 'conflict'",
            params![entry_id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, json_column(r.get(4)?, 4)?.unwrap_or_default())),
        )
        .optional()?;
    let (match_id, team1, team2, resolution, sets) = entry.ok_or(ResolveRefused::NotFound)?;
    if resolution.is_some() {
        return Err(ResolveRefused::Resolved);
    }
    let m = find_match(conn, match_id)?.ok_or(ResolveRefused::NotFound)?;
    if keep == Keep::Proposed && ((m.team1_score, m.team2_score) != (Some(team1), Some(team2)) || m.sets != sets) {
        let score =
            Score::with_sets(team1, team2, sets).ok_or(ResolveRefused::Score(Refused::Rejected("score_invalid")))?;
        scores::correct(conn, match_id, score, user_id, now).map_err(ResolveRefused::Score)?;
    }
    let after = find_match(conn, match_id)?.ok_or(ResolveRefused::NotFound)?;
    conn.execute(
        "UPDATE score_entries SET
            resolution = CASE WHEN team1_score = ?2 AND team2_score = ?3 AND sets IS ?6 THEN 'proposed' ELSE 'current' END,
            resolved_by = (SELECT id FROM users WHERE id = ?4), resolved_at = ?5
         WHERE match_id = ?1 AND outcome = 'conflict' AND resolution IS NULL",
        params![match_id, after.team1_score, after.team2_score, user_id, now, scores::sets_text(&after.sets)?],
    )?;
    bump_version(conn, after.tournament_id)?;
    let changed = changed(conn, after.tournament_id).map_err(ResolveRefused::Score)?;
    Ok((after, changed))
}
