//! Score entries pushed by phones that scored offline, and the conflicts they raise.
//!
//! A score entry is one kind of a device's numbered entries (`db::devices`, which takes each
//! exactly once): [`Scores`] applies it through [`scores::apply`], the path of the online
//! `PUT …/score`, so online and offline scoring follow one rule (core's `sync::judge`). A
//! conflict (a different score on a match that has one) is stored, never applied, until an admin
//! settles it ([`resolve`]).

use std::cell::RefCell;
use std::collections::BTreeSet;

use centre_core::format::SetScore;
use centre_core::sync::{Entered, Sides, SyncOutcome, Verdict};
use centre_core::timefmt::utc_text;
use centre_core::validation::Score;
use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::reports;
use super::scores::{self, Changed, Refused, changed};
use super::views::USER_NAME;
use super::{MatchRow, bump_version, find_match};
use crate::db::devices::{Kind, Numbered};
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

impl Numbered for Entry {
    fn seq(&self) -> i64 {
        self.seq
    }
    fn entry_id(&self) -> &str {
        &self.entry_id
    }
}

/// What became of an entry (a rejection with its code).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub seq: i64,
    pub entry_id: String,
    pub match_id: i64,
    pub outcome: SyncOutcome,
    pub code: Option<String>,
}

impl Outcome {
    /// The answer for an entry of match `match_id`.
    pub fn of(seq: i64, entry_id: &str, match_id: i64, outcome: SyncOutcome, code: Option<&str>) -> Outcome {
        Outcome { seq, entry_id: entry_id.to_owned(), match_id, outcome, code: code.map(str::to_owned) }
    }

    /// The stored outcome of number `seq` of `device`, in `table` (a match entries' table, which
    /// has these columns: `score_entries`, `report_entries`).
    pub(super) fn stored(conn: &Connection, table: &str, device: &str, seq: i64) -> rusqlite::Result<Option<Outcome>> {
        conn.query_row(
            &format!("SELECT seq, entry_id, match_id, outcome, code FROM {table} WHERE device_id = ?1 AND seq = ?2"),
            params![device, seq],
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

    /// Whether `table` holds an entry with this id.
    pub(super) fn taken(conn: &Connection, table: &str, entry_id: &str) -> rusqlite::Result<bool> {
        conn.query_row(&format!("SELECT EXISTS (SELECT 1 FROM {table} WHERE entry_id = ?1)"), params![entry_id], |r| {
            r.get(0)
        })
    }
}

/// Score entries as a kind of device entry, entered by `user_id`; collects the events whose
/// tournament changed (a score applied or a conflict raised), for their live pages.
pub struct Scores<'a> {
    pub user_id: &'a str,
    pub changed: RefCell<BTreeSet<i64>>,
}

impl<'a> Scores<'a> {
    pub fn by(user_id: &'a str) -> Scores<'a> {
        Scores { user_id, changed: RefCell::new(BTreeSet::new()) }
    }

    /// What became of the match's tournament: the console's conflict count and the phones follow
    /// the version; the live page is told.
    fn touched(&self, conn: &Connection, tournament_id: i64, verdict: Verdict) -> rusqlite::Result<()> {
        if verdict == Verdict::Conflict {
            bump_version(conn, tournament_id)?;
        }
        if matches!(verdict, Verdict::Apply | Verdict::Conflict) {
            let event = changed(conn, tournament_id).map_err(|r| match r {
                Refused::Db(err) => err,
                _ => rusqlite::Error::QueryReturnedNoRows,
            })?;
            self.changed.borrow_mut().insert(event.event_id);
        }
        Ok(())
    }
}

impl Kind for Scores<'_> {
    type Entry = Entry;
    type Outcome = Outcome;

    fn stored(&self, conn: &Connection, device: &str, seq: i64) -> rusqlite::Result<Option<Outcome>> {
        Outcome::stored(conn, "score_entries", device, seq)
    }

    fn taken(&self, conn: &Connection, entry_id: &str) -> rusqlite::Result<bool> {
        Outcome::taken(conn, "score_entries", entry_id)
    }

    fn apply(&self, conn: &Connection, e: &Entry, now: DateTime<Utc>) -> rusqlite::Result<Verdict> {
        let Some(m) = find_match(conn, e.match_id)? else {
            return Ok(Verdict::Rejected("not_found"));
        };
        let entered = Entered { team1: e.team1_score, team2: e.team2_score, sets: &e.sets };
        match scores::apply(conn, &m, entered, e.seen_teams, self.user_id, &utc_text(now)) {
            Ok(Verdict::Apply) => match reports::decided(conn, &m, self.user_id, now) {
                Ok(()) => Ok(Verdict::Apply),
                Err(Refused::Db(err)) => Err(err),
                Err(_) => Ok(Verdict::Rejected("match_completed")),
            },
            Ok(verdict) => Ok(verdict),
            Err(Refused::Db(err)) => Err(err),
            Err(Refused::Rejected(code)) => Ok(Verdict::Rejected(code)),
            Err(Refused::Rule(rule)) => Ok(Verdict::Rejected(rule.code())),
            Err(_) => Ok(Verdict::Rejected("match_completed")),
        }
    }

    fn store(
        &self,
        conn: &Connection,
        device: &str,
        e: &Entry,
        verdict: Verdict,
        now: DateTime<Utc>,
    ) -> rusqlite::Result<()> {
        let tournament_id: Option<i64> = find_match(conn, e.match_id)?.map(|m| m.tournament_id);
        conn.execute(
            "INSERT INTO score_entries (entry_id, device_id, seq, match_id, tournament_id, team1_score, team2_score,
                base_version, entered_at, user_id, received_at, outcome, code, sets)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, (SELECT id FROM users WHERE id = ?10), ?11, ?12, ?13, ?14)",
            params![
                e.entry_id,
                device,
                e.seq,
                e.match_id,
                tournament_id,
                e.team1_score,
                e.team2_score,
                e.base_version.max(0),
                e.entered_at,
                self.user_id,
                utc_text(now),
                verdict.outcome(),
                verdict.code(),
                scores::sets_text(&e.sets)?,
            ],
        )?;
        match tournament_id {
            Some(t) => self.touched(conn, t, verdict),
            None => Ok(()),
        }
    }

    fn outcome(&self, e: &Entry, outcome: SyncOutcome, code: Option<&str>) -> Outcome {
        Outcome::of(e.seq, &e.entry_id, e.match_id, outcome, code)
    }
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
    /// The team whose report this is, for a dispute the teams raised from a phone.
    pub team: Option<String>,
}

/// An open conflict: the match's score and the entry that disagrees with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    pub entry_id: String,
    pub game: MatchRow,
    pub current: ScoreSide,
    pub proposed: ScoreSide,
}

/// The open score conflicts of a tournament, oldest first.
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
                team: None,
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
        team: None,
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
    now: DateTime<Utc>,
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
        params![match_id, after.team1_score, after.team2_score, user_id, utc_text(now), scores::sets_text(&after.sets)?],
    )?;
    bump_version(conn, after.tournament_id)?;
    let changed = changed(conn, after.tournament_id).map_err(ResolveRefused::Score)?;
    Ok((after, changed))
}
