//! Captains' reports sent from a phone's outbox: one more kind of a device's numbered entries
//! (`db::devices` takes each exactly once). An entry goes through [`reports::submit`], the path
//! of the online `POST /api/matches/{id}/report`, as the member who pushed it: `applied` when it
//! proposed or confirmed, `conflict` when it disputed, `rejected` with its code otherwise. A
//! dispute raised this way is listed with the phones' score conflicts ([`disputes`]) until an
//! admin keeps one version ([`resolve`]).

use std::cell::RefCell;
use std::collections::BTreeSet;

use centre_core::report::{ReportState, Version};
use centre_core::sync::{SyncOutcome, Verdict};
use centre_core::timefmt::utc_text;
use centre_core::validation::Score;
use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::reports::{self, Asker, Said};
use super::scores::{Changed, Refused};
use super::sync::{Conflict, Keep, Outcome, ResolveRefused, ScoreSide};
use super::views::USER_NAME;
use super::{MatchRow, find_match};
use crate::db::devices::{Kind, Numbered};
use crate::emails::reports::ReportLetters;

/// A report as a phone sends it.
#[derive(Debug, Clone)]
pub struct Entry {
    pub seq: i64,
    pub entry_id: String,
    pub match_id: i64,
    pub said: Said,
}

impl Numbered for Entry {
    fn seq(&self) -> i64 {
        self.seq
    }
    fn entry_id(&self) -> &str {
        &self.entry_id
    }
}

/// Report entries as a kind of device entry, pushed by `asker`; collects the events whose
/// tournament changed, for their live pages.
pub struct Reports<'a> {
    pub asker: Asker<'a>,
    pub letters: &'a ReportLetters,
    pub changed: RefCell<BTreeSet<i64>>,
}

impl<'a> Reports<'a> {
    pub fn by(asker: Asker<'a>, letters: &'a ReportLetters) -> Reports<'a> {
        Reports { asker, letters, changed: RefCell::new(BTreeSet::new()) }
    }
}

impl Kind for Reports<'_> {
    type Entry = Entry;
    type Outcome = Outcome;

    fn stored(&self, conn: &Connection, device: &str, seq: i64) -> rusqlite::Result<Option<Outcome>> {
        Outcome::stored(conn, "report_entries", device, seq)
    }

    fn taken(&self, conn: &Connection, entry_id: &str) -> rusqlite::Result<bool> {
        Outcome::taken(conn, "report_entries", entry_id)
    }

    fn apply(&self, conn: &Connection, e: &Entry, now: DateTime<Utc>) -> rusqlite::Result<Verdict> {
        let said = e.said.clone();
        match reports::submit(conn, e.match_id, self.asker, said, Some(&e.entry_id), self.letters, now) {
            Ok((m, changed)) => {
                self.changed.borrow_mut().insert(changed.event_id);
                // A report refused while disputed never gets here: a dispute after it is this one.
                let disputed = m.report.as_ref().is_some_and(|r| r.state == ReportState::Disputed);
                Ok(if disputed { Verdict::Conflict } else { Verdict::Apply })
            }
            Err(Refused::Db(err)) => Err(err),
            Err(refused) => Ok(Verdict::Rejected(refused.code())),
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
        conn.execute(
            "INSERT INTO report_entries (entry_id, device_id, seq, match_id, user_id, received_at, outcome, code)
             VALUES (?1, ?2, ?3, ?4, (SELECT id FROM users WHERE id = ?5), ?6, ?7, ?8)",
            params![
                e.entry_id,
                device,
                e.seq,
                e.match_id,
                self.asker.user_id,
                utc_text(now),
                verdict.outcome(),
                verdict.code()
            ],
        )?;
        Ok(())
    }

    fn outcome(&self, e: &Entry, outcome: SyncOutcome, code: Option<&str>) -> Outcome {
        Outcome::of(e.seq, &e.entry_id, e.match_id, outcome, code)
    }
}

/// The disputes of tournament `tournament_id` raised from a phone and still open, as conflicts:
/// 'current' is the standing proposal, 'proposed' the other side's version from the phone.
pub fn disputes(conn: &Connection, tournament_id: i64) -> rusqlite::Result<Vec<Conflict>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT e.entry_id, e.match_id, {USER_NAME}, e.device_id, d.name, e.received_at
         FROM report_entries e JOIN matches m ON m.id = e.match_id
         LEFT JOIN users u ON u.id = e.user_id LEFT JOIN sync_devices d ON d.device_id = e.device_id
         WHERE m.tournament_id = ?1 AND e.outcome = 'conflict' AND m.report_state = 'disputed'
         ORDER BY e.received_at, e.entry_id"
    ))?;
    type Row = (String, i64, Option<String>, String, Option<String>, String);
    let rows: Vec<Row> = stmt
        .query_map(params![tournament_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut out = Vec::new();
    for (entry_id, match_id, entered_by, device_id, device_name, received_at) in rows {
        let Some(game) = find_match(conn, match_id)? else { continue };
        let Some(report) = game.report.as_ref() else { continue };
        let Some(counter) = report.countered() else { continue };
        let current = side(&game, report.standing());
        let proposed = ScoreSide {
            entered_by,
            device_id: Some(device_id),
            device_name,
            received_at: Some(received_at),
            ..side(&game, counter)
        };
        out.push(Conflict { entry_id, current, proposed, game });
    }
    Ok(out)
}

/// One team's version of the result, as a side of a conflict.
fn side(m: &MatchRow, v: &Version) -> ScoreSide {
    let result = v.claim.result();
    ScoreSide {
        team1_score: Some(result.team1_score),
        team2_score: Some(result.team2_score),
        sets: result.sets.clone(),
        entered_by: None,
        device_id: None,
        device_name: None,
        entered_at: Some(centre_core::timefmt::utc_text(v.at)),
        received_at: None,
        team: reports::team_name(m, v.by).map(str::to_owned),
    }
}

/// Settles the dispute raised by entry `entry_id`, when it is one: the admin's decision is the
/// version kept (the standing proposal, or the phone's), through the admin's score path. `None`:
/// no such entry (a score conflict's id, perhaps).
pub fn resolve(
    conn: &Connection,
    entry_id: &str,
    keep: Keep,
    user_id: &str,
    now: DateTime<Utc>,
) -> Option<Result<(MatchRow, Changed), ResolveRefused>> {
    let raised = conn
        .query_row(
            "SELECT match_id FROM report_entries WHERE entry_id = ?1 AND outcome = 'conflict'",
            params![entry_id],
            |r| r.get::<_, i64>(0),
        )
        .optional();
    let match_id = match raised {
        Ok(found) => found?,
        Err(e) => return Some(Err(e.into())),
    };
    Some(decide(conn, match_id, keep, user_id, now))
}

fn decide(
    conn: &Connection,
    match_id: i64,
    keep: Keep,
    user_id: &str,
    now: DateTime<Utc>,
) -> Result<(MatchRow, Changed), ResolveRefused> {
    let m = find_match(conn, match_id)?.ok_or(ResolveRefused::NotFound)?;
    let report = m.report.as_ref().filter(|r| r.state == ReportState::Disputed).ok_or(ResolveRefused::Resolved)?;
    let version = match keep {
        Keep::Current => Some(report.standing()),
        Keep::Proposed => report.countered(),
    };
    let result = version.ok_or(ResolveRefused::Resolved)?.claim.result();
    let score = Score::with_sets(result.team1_score, result.team2_score, result.sets.clone())
        .ok_or(ResolveRefused::Score(Refused::Rejected("score_invalid")))?;
    reports::record(conn, match_id, score, user_id, now).map_err(ResolveRefused::Score)
}
