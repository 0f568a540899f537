//! Offline scoring simulated: three phones and an admin against the real server (the router
//! on a real SQLite file, `TestApp`), 10,000 seeded random operations. A phone keeps what it
//! last pulled from `GET /api/admin/tournaments/{id}/matches` and `…/standings`, and shows that
//! copy with its waiting entries applied by core's `project` and each pool's standings
//! recomputed by core, as the PWA does with core-wasm. It scores what its own view shows
//! unscored, goes offline and online, pushes with `POST /api/admin/sync/scores` (part of its
//! outbox, the same push twice, a later batch before an earlier one, or a "crash": the server
//! commits and the answer never arrives), and pulls; the admin withdraws teams and settles
//! conflicts. Each tournament is played to its end (the server draws the bracket when the pool
//! is complete), then everyone syncs and a new one starts.
//!
//! At every exchange, however it was sent (part of the outbox, twice, a later batch first, an
//! answer lost): core's projection (what the phone runs as core-wasm) of the entries over what the
//! server answered just before predicts the server's answer to each entry it takes, and the
//! matches and standings it answers after. The admin works through the console's routes too
//! (`DELETE …/event-registrations/{id}`, `POST …/score-conflicts/{id}/resolve`). After every
//! tournament and at the end: no entry lost (each has exactly one stored outcome, the one its
//! phone was answered), none applied twice (at most one applied entry and one 'score' history
//! row per match), and every entry whose score differs from its match's was a conflict or a
//! refusal. Every other tournament is scored in volleyball sets (pools 'rec-2x21', knockout
//! 'fivb-beach'): an entry is its sets, and two entries with the same sets won but other points
//! are a conflict.
//!
//! Planted once: with the server's score entries applied without the teams the phone showed
//! (`Scores::apply` passing no `seen_teams`), the run failed within its first second, at "core's
//! projection predicts the server's answer".
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};

// The phone computes its standings with core, as the PWA does through core-wasm.
use centre_core::format::{FormatInput, Formats};
use centre_core::standings::{Standing, standings_in};
use centre_core::sync::{ScoreEntry, SyncOutcome, project};
use centre_core::tournament::{Match, MatchStatus, RoundType, ScoreKind, Team};
use centre_core::validation::{TournamentConfigInput, validate_tournament_config};
use centre_server::db::tournaments::sync::{Entry, Outcome};
use centre_server::db::tournaments::{self, MatchRow, event_teams, schedule, views};
use chrono::{DateTime, Utc};
use rusqlite::{Connection, Transaction, TransactionBehavior, params};
use serde_json::{Value, json};

use crate::common::TestApp;

const SEED: u64 = 0x5eed_0013_c0ff_ee13;
const OPERATIONS: usize = 10_000;
const DEVICES: usize = 3;
/// Entries per push, as the HTTP call allows.
const MAX_ENTRIES: usize = 200;
const ADMIN: &str = "sim-admin";
const NOW: &str = "2030-06-01T12:00:00Z";
const ENTERED: &str = "2030-06-01T13:25:00Z";
const REJECTION_CODES: [&str; 8] = [
    "not_found",
    "score_too_high",
    "match_teams_changed",
    "match_teams_unknown",
    "knockout_draw",
    "match_completed",
    "set_win_by_two",
    "sets_undecided",
];

/// A score's sets, team 1 first; empty in a `single` tournament.
type Sets = Vec<[u32; 2]>;

/// Sets as stored (JSON text, or NULL).
fn sets_of(text: Option<String>) -> Sets {
    text.map(|t| serde_json::from_str(&t).unwrap()).unwrap_or_default()
}

/// The sets each side won.
fn won(sets: &[[u32; 2]]) -> (u32, u32) {
    let first = sets.iter().filter(|s| s[0] > s[1]).count() as u32;
    (first, sets.len() as u32 - first)
}

/// xorshift64*: small, seeded, the same run every time.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() { None } else { Some(&items[self.below(items.len())]) }
    }
}

/// Runs `f` in a `BEGIN IMMEDIATE` transaction, committed when it returns Ok (as `Db::write`).
fn immediate<T, E>(conn: &mut Connection, f: impl FnOnce(&Transaction<'_>) -> Result<T, E>) -> Result<T, E> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate).unwrap();
    let value = f(&tx)?;
    tx.commit().unwrap();
    Ok(value)
}

/// What a push answers: the outcomes taken, the device's number, and whether it stopped at a gap.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Answer {
    outcomes: Vec<Outcome>,
    last_seq: i64,
    gap: bool,
}

fn scoreable(m: &Match) -> bool {
    m.status != MatchStatus::Completed && m.team1_id.is_some() && m.team2_id.is_some()
}

/// A match as the phone hands it to core (the PWA's `toCoreMatch`): the side that forfeited a
/// knockout match read from `forfeit` and the winner.
fn phone_match(m: &Value) -> Match {
    let forfeit_side = m["forfeitSide"].clone();
    serde_json::from_value(json!({
        "id": m["id"],
        "roundType": m["roundType"],
        "roundName": m["roundName"],
        "bracketCode": m["bracketCode"],
        "status": m["status"],
        "team1Id": m["team1Id"],
        "team2Id": m["team2Id"],
        "team1Score": m["team1Score"],
        "team2Score": m["team2Score"],
        "scheduledTime": m["scheduledTime"],
        "courtNumber": m["courtNumber"],
        "forfeitSide": forfeit_side,
        "sets": m["sets"],
    }))
    .unwrap_or_else(|e| panic!("{m}: {e}"))
}

fn phone_matches(answer: &[Value]) -> Vec<Match> {
    answer.iter().map(phone_match).collect()
}

fn pool_number(v: &Value) -> Option<u8> {
    v.as_u64().map(|p| u8::try_from(p).unwrap())
}

/// Each pool's standings as the phone shows them (the PWA's `poolStandings`): core's standings
/// of `matches` in that pool (the pool as the phone's copy of the matches says) for the teams
/// its kept standings list in that pool.
fn phone_standings(copy: &[Value], kept: &[Value], matches: &[Match], formats: &Formats) -> Vec<(u8, Standing)> {
    let pools: BTreeSet<u8> = kept.iter().map(|row| pool_number(&row["pool"]).unwrap()).collect();
    let pool_of: BTreeMap<i64, Option<u8>> =
        copy.iter().map(|m| (m["id"].as_i64().unwrap(), pool_number(&m["pool"]))).collect();
    pools
        .into_iter()
        .flat_map(|pool| {
            let teams: Vec<Team> = kept
                .iter()
                .filter(|row| pool_number(&row["pool"]) == Some(pool))
                .map(|row| Team {
                    withdrawn: row["withdrawn"] == true,
                    ..Team::new(row["teamId"].as_i64().unwrap(), row["teamName"].as_str().unwrap())
                })
                .collect();
            let played: Vec<Match> = matches
                .iter()
                .filter(|m| m.round_type == RoundType::Pool && pool_of.get(&m.id) == Some(&Some(pool)))
                .cloned()
                .collect();
            standings_in(&played, &teams, &formats.pool).into_iter().map(move |line| (pool, line))
        })
        .collect()
}

/// The standings `GET …/standings` answered, with their pools.
fn answered_standings(rows: &[Value]) -> Vec<(u8, Standing)> {
    rows.iter()
        .map(|row| {
            (
                pool_number(&row["pool"]).unwrap(),
                serde_json::from_value(row.clone()).unwrap_or_else(|e| panic!("{row}: {e}")),
            )
        })
        .collect()
}

struct Device {
    id: String,
    next_seq: i64,
    online: bool,
    /// Entries not answered yet, in seq order.
    outbox: Vec<Entry>,
    /// The tournament's matches as last pulled (`GET …/matches`).
    snapshot: Vec<Value>,
    /// Its standings as last pulled (`GET …/standings`): which team is in which pool.
    standings: Vec<Value>,
    /// Answers the server committed but the device never received, by seq.
    lost: BTreeMap<i64, Outcome>,
}

/// A device's entries as core's `project` reads them (the PWA's core-wasm call).
fn score_entries(device: &str, entries: &[Entry]) -> Vec<ScoreEntry> {
    let entered_at = DateTime::parse_from_rfc3339(ENTERED).unwrap().with_timezone(&Utc);
    entries
        .iter()
        .map(|e| ScoreEntry {
            entry_id: e.entry_id.clone(),
            match_id: e.match_id,
            team1_score: e.team1_score,
            team2_score: e.team2_score,
            entered_at,
            device_id: device.to_owned(),
            seq: e.seq as u64,
            base_version: e.base_version as u64,
            team1_id: e.seen_teams.and_then(|t| t.0),
            team2_id: e.seen_teams.and_then(|t| t.1),
            sets: e.sets.clone(),
        })
        .collect()
}

impl Device {
    fn score_entries(&self, entries: &[Entry]) -> Vec<ScoreEntry> {
        score_entries(&self.id, entries)
    }

    /// What the phone shows: its last pull with its waiting entries applied by core.
    fn view(&self, formats: &Formats) -> Vec<Match> {
        project(&phone_matches(&self.snapshot), &self.score_entries(&self.outbox), formats).matches
    }
}

#[derive(Default)]
struct Tally {
    operations: BTreeMap<&'static str, usize>,
    outcomes: BTreeMap<String, usize>,
    tournaments: usize,
    predicted_pushes: usize,
    replays_checked: usize,
    gaps: usize,
    knockout_applied: usize,
    /// Knockout entries applied to a match whose teams are not the ones their phone showed.
    applied_to_other_teams: usize,
    withdrawals: usize,
    resolved: BTreeMap<&'static str, usize>,
}

struct Sim {
    /// A connection to the server's file, for the setup, the admin's console work and the checks.
    conn: Connection,
    /// Dropped before the runtime that serves it.
    app: TestApp,
    rt: tokio::runtime::Runtime,
    rng: Rng,
    devices: Vec<Device>,
    event_id: i64,
    tournament_id: i64,
    withdrawals_this_round: usize,
    /// Every entry ever created: (device, seq, match, score, sets).
    created: BTreeMap<String, (String, i64, i64, u32, u32, Sets)>,
    /// How the current tournament's matches are scored.
    formats: Formats,
    /// The outcome each entry's device was answered.
    answered: BTreeMap<String, (SyncOutcome, Option<String>)>,
    /// The teams each entry's phone showed for its match when the score was entered.
    shown_teams: BTreeMap<String, (Option<i64>, Option<i64>)>,
    tally: Tally,
}

impl Sim {
    fn new() -> Sim {
        let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        let app = rt.block_on(async {
            // Thousands of pushes by one admin: the per-member write limit would refuse them.
            let app = TestApp::spawn_with(|settings| settings.write_limit = 0).await;
            let id = app.sign_in_as("sim-phones@example.org").await;
            app.grant(&id, "admin");
            app
        });
        let conn = app.state.db.connect().unwrap();
        conn.execute(
            "INSERT INTO users (id, email, first_name, last_name, created_at, updated_at)
             VALUES (?1, 'sim-admin@example.org', 'Admin', 'Simulé', ?2, ?2)",
            params![ADMIN, NOW],
        )
        .unwrap();
        let devices = (0..DEVICES)
            .map(|d| Device {
                id: format!("phone-{d}"),
                next_seq: 1,
                online: true,
                outbox: Vec::new(),
                snapshot: Vec::new(),
                standings: Vec::new(),
                lost: BTreeMap::new(),
            })
            .collect();
        let mut sim = Sim {
            conn,
            app,
            rt,
            rng: Rng(SEED),
            devices,
            event_id: 0,
            tournament_id: 0,
            withdrawals_this_round: 0,
            created: BTreeMap::new(),
            formats: Formats::default(),
            answered: BTreeMap::new(),
            shown_teams: BTreeMap::new(),
            tally: Tally::default(),
        };
        sim.new_tournament();
        sim
    }

    /// An event with 4 to 8 teams, one or two pools, generated; every phone pulls it.
    fn new_tournament(&mut self) {
        let round = self.tally.tournaments;
        let teams = 4 + self.rng.below(5);
        let pools = if teams >= 6 && self.rng.chance(40) { 2 } else { 1 };
        let in_sets = round % 2 == 1;
        let (pool_format, knockout_format) = if in_sets { ("rec-2x21", "fivb-beach") } else { ("single", "single") };
        let input: TournamentConfigInput = serde_json::from_value(serde_json::json!({
            "courtsAvailable": 1 + self.rng.below(3),
            "matchDurationMinutes": 20,
            "breakBetweenMatches": 10,
            "startTime": "2030-06-01T13:00:00Z",
            "poolCount": pools,
            "poolFormat": FormatInput::Preset(pool_format.to_owned()),
            "knockoutFormat": FormatInput::Preset(knockout_format.to_owned()),
        }))
        .unwrap();
        let config = validate_tournament_config(&input).unwrap();
        self.formats = config.formats().clone();
        let (event_id, tournament_id) = immediate(&mut self.conn, |tx| {
            tx.execute(
                "INSERT INTO events (title, description, location, start_date, created_at)
                 VALUES (?1, 'Tournoi simulé', 'Plage', '2030-06-01T13:00:00Z', ?2)",
                params![format!("Tournoi {round}"), NOW],
            )?;
            let event_id = tx.last_insert_rowid();
            for n in 1..=teams {
                tx.execute(
                    "INSERT INTO event_registrations (event_id, kind, team_name, team_number, people_count,
                        payment_reference, created_at)
                     VALUES (?1, 'team', ?2, ?3, 4, ?4, ?5)",
                    params![event_id, format!("Équipe {round}-{n}"), n as i64, format!("SIM{round}-{n}"), NOW],
                )?;
            }
            let t = schedule::create(tx, event_id, &config, NOW).map_err(|e| format!("{e:?}")).unwrap();
            schedule::generate(tx, t.id, NOW).map_err(|e| format!("{e:?}")).unwrap();
            Ok::<_, rusqlite::Error>((event_id, t.id))
        })
        .unwrap();
        self.event_id = event_id;
        self.tournament_id = tournament_id;
        self.withdrawals_this_round = 0;
        self.tally.tournaments += 1;
        for d in 0..DEVICES {
            self.pull(d);
        }
    }

    fn server_rows(&self) -> Vec<MatchRow> {
        tournaments::matches(&self.conn, self.tournament_id).unwrap()
    }

    /// A GET of the admin's API, answering its JSON.
    fn get(&self, path: &str) -> Value {
        self.rt.block_on(async {
            let response = self.app.get(path).await;
            assert_eq!(response.status(), 200, "GET {path}");
            response.json().await.unwrap()
        })
    }

    /// What the server answers for the tournament: its matches and its standings.
    fn answered(&self) -> (Vec<Value>, Vec<Value>) {
        let t = self.tournament_id;
        let matches = self.get(&format!("/api/admin/tournaments/{t}/matches"));
        let standings = self.get(&format!("/api/admin/tournaments/{t}/standings"));
        (matches.as_array().unwrap().clone(), standings.as_array().unwrap().clone())
    }

    /// One push as the phone sends it, compared with what core (the phone's rule, core-wasm in
    /// the PWA) says the server must do with it: from what the server answered just before, its
    /// answer to each entry it had not taken yet (up to a gap), and the matches and standings it
    /// answers after. After every exchange, whichever way it was sent.
    fn push_batch(&mut self, device: &str, batch: &[Entry]) -> Answer {
        let (before, before_standings) = self.answered();
        let server_last = centre_server::db::devices::last_seq(&self.conn, device).unwrap();
        let mut sorted: Vec<&Entry> = batch.iter().collect();
        sorted.sort_by_key(|e| e.seq);
        let mut taken = Vec::new();
        for e in sorted {
            if e.seq == server_last + 1 + taken.len() as i64 {
                taken.push(e.clone());
            } else if e.seq > server_last + 1 + taken.len() as i64 {
                break;
            }
        }
        let predicted = project(&phone_matches(&before), &score_entries(device, &taken), &self.formats);
        let predicted_standings = phone_standings(&before, &before_standings, &predicted.matches, &self.formats);
        let answer = self.post_batch(device, batch);
        let got: Vec<(String, SyncOutcome, Option<String>)> = answer
            .outcomes
            .iter()
            .filter(|o| o.seq > server_last)
            .map(|o| (o.entry_id.clone(), o.outcome, o.code.clone()))
            .collect();
        let want: Vec<(String, SyncOutcome, Option<String>)> =
            predicted.outcomes.iter().map(|o| (o.entry_id.clone(), o.outcome, o.code.clone())).collect();
        assert_eq!(got, want, "{device}: core's projection predicts the server's answer");
        // The bracket the server draws when the pool completes is new to what it answered before.
        let ids: Vec<i64> = before.iter().map(|m| m["id"].as_i64().unwrap()).collect();
        let (after, standings) = self.answered();
        let after: Vec<Match> = phone_matches(&after).into_iter().filter(|m| ids.contains(&m.id)).collect();
        assert_eq!(after, predicted.matches, "{device}: and the matches the server answers after it");
        assert_eq!(answered_standings(&standings), predicted_standings, "{device}: and its standings");
        if !taken.is_empty() {
            self.tally.predicted_pushes += 1;
        }
        answer
    }

    /// One push through `POST /api/admin/sync/scores`, as the phone sends it.
    fn post_batch(&self, device: &str, batch: &[Entry]) -> Answer {
        assert!(batch.len() <= MAX_ENTRIES);
        let entries: Vec<Value> = batch
            .iter()
            .map(|e| {
                json!({
                    "seq": e.seq,
                    "entryId": e.entry_id,
                    "matchId": e.match_id,
                    "team1Score": e.team1_score,
                    "team2Score": e.team2_score,
                    "baseVersion": e.base_version,
                    "enteredAt": e.entered_at,
                    "team1Id": e.seen_teams.and_then(|t| t.0),
                    "team2Id": e.seen_teams.and_then(|t| t.1),
                    "sets": e.sets,
                })
            })
            .collect();
        let sent = batch.iter().map(|e| e.seq).collect::<BTreeSet<_>>().len();
        let (status, body) = self.rt.block_on(async {
            let response = self
                .app
                .client
                .post(self.app.at("/api/admin/sync/scores"))
                .json(&json!({"deviceId": device, "entries": entries}))
                .send()
                .await
                .unwrap();
            let status = response.status().as_u16();
            (status, response.json::<Value>().await.unwrap())
        });
        let last_seq = body["lastSeq"].as_i64().unwrap_or_else(|| panic!("{device}: {status} {body}"));
        match status {
            200 => {
                let outcomes: Vec<Outcome> = body["results"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|r| Outcome {
                        seq: r["seq"].as_i64().unwrap(),
                        entry_id: r["entryId"].as_str().unwrap().to_owned(),
                        match_id: r["matchId"].as_i64().unwrap(),
                        outcome: SyncOutcome::parse(r["outcome"].as_str().unwrap()).unwrap(),
                        code: r["code"].as_str().map(str::to_owned),
                    })
                    .collect();
                // The server stops only at a gap: fewer answers than entries sent means one.
                let gap = outcomes.len() < sent;
                Answer { outcomes, last_seq, gap }
            }
            409 => {
                assert_eq!(body["code"], "sync_gap", "{body}");
                Answer { outcomes: Vec::new(), last_seq, gap: true }
            }
            other => panic!("{device}: push answered {other} {body}"),
        }
    }

    fn pull(&mut self, d: usize) {
        let (matches, standings) = self.answered();
        let device = &mut self.devices[d];
        device.snapshot = matches;
        device.standings = standings;
    }

    /// The device takes an answer: each outcome settles its waiting entry.
    fn receive(&mut self, d: usize, answer: &Answer) {
        let device = &mut self.devices[d];
        for o in &answer.outcomes {
            let at = device.outbox.iter().position(|e| e.seq == o.seq);
            let e = device
                .outbox
                .remove(at.unwrap_or_else(|| panic!("{}: an answer for seq {} it did not send", device.id, o.seq)));
            assert_eq!(
                (&o.entry_id, o.match_id),
                (&e.entry_id, e.match_id),
                "{}: the answer names the entry",
                device.id
            );
            if let Some(lost) = device.lost.remove(&o.seq) {
                assert_eq!(&lost, o, "{}: a replay answers what the lost answer said", device.id);
                self.tally.replays_checked += 1;
            }
            assert!(REJECTION_CODES.contains(&o.code.as_deref().unwrap_or("not_found")), "{o:?}");
            assert_eq!(o.outcome == SyncOutcome::Rejected, o.code.is_some(), "{o:?}");
            let previous = self.answered.insert(o.entry_id.clone(), (o.outcome, o.code.clone()));
            assert!(previous.is_none(), "{} answered twice to its device", o.entry_id);
        }
        if answer.gap {
            self.tally.gaps += 1;
        }
        // The server never skips an entry the device still holds.
        if let Some(first) = device.outbox.first() {
            assert!(
                first.seq <= answer.last_seq + 1,
                "{}: server at {}, device waits from {}",
                device.id,
                answer.last_seq,
                first.seq
            );
        }
        assert!(answer.last_seq < device.next_seq);
    }

    /// The device scores a match its own view shows unscored (now and then a score the rules
    /// refuse: a knockout draw, a match whose teams are not known, 1000 points).
    fn score(&mut self, d: usize) {
        let view = self.devices[d].view(&self.formats);
        let roll = self.rng.below(100);
        let pick = |rng: &mut Rng, filter: &dyn Fn(&Match) -> bool| {
            let ids: Vec<i64> = view.iter().filter(|m| filter(m)).map(|m| m.id).collect();
            rng.pick(&ids).copied()
        };
        if self.formats.pool.sets.is_some() {
            // In sets: the pool plays two sets of 21 (a 1-1 split is a draw), the knockout a best
            // of three; now and then sets the rules refuse.
            let target = if roll < 3 {
                pick(&mut self.rng, &|m| m.round_type != RoundType::Pool && scoreable(m))
                    .map(|id| (id, vec![[21, 19], [15, 21]]))
            } else if roll < 5 {
                pick(&mut self.rng, &|m| m.status != MatchStatus::Completed && !scoreable(m))
                    .map(|id| (id, vec![[21, 15], [21, 17]]))
            } else if roll < 6 {
                pick(&mut self.rng, &|_| true).map(|id| (id, vec![[21, 20], [21, 15]]))
            } else {
                pick(&mut self.rng, &scoreable).map(|id| {
                    let pool = view.iter().any(|m| m.id == id && m.round_type == RoundType::Pool);
                    let palette: &[&[[u32; 2]]] = if pool {
                        &[&[[21, 15], [21, 19]], &[[21, 15], [15, 21]], &[[15, 21], [19, 21]], &[[21, 18], [21, 19]]]
                    } else {
                        &[
                            &[[21, 15], [21, 19]],
                            &[[15, 21], [21, 13], [15, 12]],
                            &[[21, 19], [21, 15]],
                            &[[13, 21], [17, 21]],
                        ]
                    };
                    (id, self.rng.pick(palette).unwrap().to_vec())
                })
            };
            if let Some((match_id, sets)) = target {
                let (a, b) = won(&sets);
                self.enter(d, &view, match_id, a, b, sets);
            }
            return;
        }
        let target = if roll < 3 {
            pick(&mut self.rng, &|m| m.round_type != RoundType::Pool && scoreable(m)).map(|id| (id, 20, 20))
        } else if roll < 5 {
            pick(&mut self.rng, &|m| m.status != MatchStatus::Completed && !scoreable(m)).map(|id| (id, 21, 15))
        } else if roll < 6 {
            pick(&mut self.rng, &|_| true).map(|id| (id, 1000, 3))
        } else {
            pick(&mut self.rng, &scoreable).map(|id| {
                let pool = view.iter().any(|m| m.id == id && m.round_type == RoundType::Pool);
                let palette: &[(u32, u32)] =
                    if pool { &[(21, 15), (15, 21), (21, 19), (18, 18)] } else { &[(21, 15), (15, 21), (21, 19)] };
                let (a, b) = *self.rng.pick(palette).unwrap();
                (id, a, b)
            })
        };
        if let Some((match_id, a, b)) = target {
            self.enter(d, &view, match_id, a, b, Vec::new());
        }
    }

    /// The device enters a score for a match of its view, into its outbox.
    fn enter(&mut self, d: usize, view: &[Match], match_id: i64, a: u32, b: u32, sets: Sets) {
        let shown = view.iter().find(|m| m.id == match_id).map(|m| (m.team1_id, m.team2_id)).unwrap();
        let device = &mut self.devices[d];
        let seq = device.next_seq;
        device.next_seq += 1;
        let base_version =
            device.snapshot.iter().find(|m| m["id"] == match_id).map_or(0, |m| m["version"].as_i64().unwrap());
        let entry = Entry {
            seq,
            entry_id: format!("{}-{seq}", device.id),
            match_id,
            team1_score: a,
            team2_score: b,
            base_version,
            entered_at: ENTERED.to_owned(),
            seen_teams: centre_core::sync::seen(shown),
            sets: sets.clone(),
        };
        self.created.insert(entry.entry_id.clone(), (device.id.clone(), seq, match_id, a, b, sets));
        self.shown_teams.insert(entry.entry_id.clone(), shown);
        device.outbox.push(entry);
        *self.tally.operations.entry("score").or_default() += 1;
    }

    /// A push of part of the outbox, in one of its ways.
    fn push(&mut self, d: usize) {
        let outbox = self.devices[d].outbox.clone();
        if !self.devices[d].online || outbox.is_empty() {
            return;
        }
        let id = self.devices[d].id.clone();
        let k = if self.rng.chance(50) { outbox.len() } else { 1 + self.rng.below(outbox.len()) }.min(MAX_ENTRIES);
        let batch = &outbox[..k];
        let way = self.rng.below(100);
        if way < 45 {
            *self.tally.operations.entry("push").or_default() += 1;
            let answer = self.push_batch(&id, batch);
            self.receive(d, &answer);
        } else if way < 60 {
            // Two tabs, or a retry racing the first: the second push answers the same.
            *self.tally.operations.entry("push twice").or_default() += 1;
            let first = self.push_batch(&id, batch);
            let second = self.push_batch(&id, batch);
            assert_eq!(first, second, "{id}: the same push twice answers the same");
            self.receive(d, &first);
        } else if way < 80 && outbox.len() >= 2 {
            // A later batch overtakes an earlier one.
            *self.tally.operations.entry("push later first").or_default() += 1;
            let from = 1 + self.rng.below(outbox.len() - 1);
            let later = &outbox[from..outbox.len().min(from + MAX_ENTRIES)];
            let answer = self.push_batch(&id, later);
            self.receive(d, &answer);
            if self.rng.chance(50) {
                let rest = self.devices[d].outbox.iter().take(MAX_ENTRIES).cloned().collect::<Vec<_>>();
                let answer = self.push_batch(&id, &rest);
                self.receive(d, &answer);
            }
        } else {
            // The server commits; the answer never reaches the phone, which sends it all again later.
            *self.tally.operations.entry("push lost").or_default() += 1;
            let answer = self.push_batch(&id, batch);
            let device = &mut self.devices[d];
            for o in answer.outcomes {
                if let Some(before) = device.lost.insert(o.seq, o.clone()) {
                    assert_eq!(before, o, "{id}: a replay answers what the lost answer said");
                }
            }
        }
    }

    /// Pull, then push the whole outbox at once (the phone's own copy is then the server's, and
    /// push_batch checks the answer against it).
    fn sync(&mut self, d: usize) {
        if !self.devices[d].online {
            return;
        }
        self.pull(d);
        let id = self.devices[d].id.clone();
        let batch: Vec<Entry> = self.devices[d].outbox.iter().take(MAX_ENTRIES).cloned().collect();
        let answer = self.push_batch(&id, &batch);
        assert!(!answer.gap, "{id}: the whole outbox continues from the server's number");
        assert_eq!(answer.outcomes.len(), batch.len());
        self.receive(d, &answer);
        *self.tally.operations.entry("pull and push").or_default() += 1;
    }

    /// The admin's console call: its status and JSON answer.
    fn admin(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> (u16, Value) {
        self.rt.block_on(async {
            let mut request = self.app.client.request(method, self.app.at(path));
            if let Some(body) = body {
                request = request.json(&body);
            }
            let response = request.send().await.unwrap();
            (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
        })
    }

    /// The admin withdraws a team: deletes its registration in the console
    /// (`DELETE /api/admin/event-registrations/{id}`).
    fn withdraw(&mut self) {
        let teams = event_teams(&self.conn, self.event_id).unwrap();
        if teams.len() <= 4 || self.withdrawals_this_round >= 2 {
            return;
        }
        let team = self.rng.pick(&teams).unwrap().id;
        let (status, body) =
            self.admin(reqwest::Method::DELETE, &format!("/api/admin/event-registrations/{team}"), None);
        assert_eq!(status, 204, "{body}");
        self.withdrawals_this_round += 1;
        self.tally.withdrawals += 1;
    }

    /// The admin settles an open conflict in the console, keeping either score (the phone's
    /// score can no longer be taken once the bracket is drawn, or on a knockout match: 409
    /// `correction_closed`, then the current one stays).
    fn resolve(&mut self) {
        let t = self.tournament_id;
        let open = self.get(&format!("/api/admin/tournaments/{t}/conflicts"));
        let Some(conflict) = self.rng.pick(open.as_array().unwrap()).cloned() else {
            return;
        };
        let entry_id = conflict["entryId"].as_str().unwrap().to_owned();
        let keep = if self.rng.chance(50) { "proposed" } else { "current" };
        let path = format!("/api/admin/score-conflicts/{entry_id}/resolve");
        let (status, body) = self.admin(reqwest::Method::POST, &path, Some(json!({"keep": keep})));
        match (status, body["code"].as_str()) {
            (200, _) => {
                *self.tally.resolved.entry(if keep == "proposed" { "proposed" } else { "current" }).or_default() += 1
            }
            (409, Some("correction_closed")) => {
                assert_eq!(keep, "proposed");
                let drawn = self.server_rows().iter().any(|r| r.round_type != RoundType::Pool);
                assert!(conflict["roundType"] != "pool" || drawn, "a pool result can change until the draw");
                let (status, body) = self.admin(reqwest::Method::POST, &path, Some(json!({"keep": "current"})));
                assert_eq!(status, 200, "{body}");
                *self.tally.resolved.entry("closed, kept current").or_default() += 1;
            }
            other => panic!("resolving {entry_id}: {other:?} {body}"),
        }
    }

    fn tournament_over(&self) -> bool {
        !self.server_rows().iter().any(|m| scoreable(&m.to_core()))
    }

    /// Every phone online, pushing its whole outbox after a pull; then every phone pulls.
    fn everyone_syncs(&mut self) {
        for d in 0..DEVICES {
            self.devices[d].online = true;
            let mut pushes = 0;
            while !self.devices[d].outbox.is_empty() {
                self.sync(d);
                pushes += 1;
                assert!(pushes < 100);
            }
            assert!(self.devices[d].lost.is_empty(), "every lost answer was replayed");
        }
        for d in 0..DEVICES {
            self.pull(d);
        }
    }

    fn step(&mut self) {
        let d = self.rng.below(DEVICES);
        let roll = self.rng.below(1000);
        match roll {
            0..=399 => self.score(d),
            400..=479 => {
                self.devices[d].online = !self.devices[d].online;
                *self.tally.operations.entry("online/offline").or_default() += 1;
            }
            480..=749 => self.push(d),
            750..=889 => {
                if self.devices[d].online {
                    self.pull(d);
                    *self.tally.operations.entry("pull").or_default() += 1;
                }
            }
            890..=969 => self.sync(d),
            970..=979 => self.withdraw(),
            _ => self.resolve(),
        }
    }

    /// The invariants over everything stored so far, once every phone has synced.
    fn check(&self) {
        let conn = &self.conn;
        // No entry lost: each created entry has exactly one stored row, with its outcome as
        // answered to its phone; nothing else is stored.
        type Row = (String, i64, i64, u32, u32, String, Option<String>, Option<String>, Sets);
        let rows: Vec<(String, Row)> = conn
            .prepare(
                "SELECT entry_id, device_id, seq, match_id, team1_score, team2_score, outcome, code, resolution, sets
                 FROM score_entries",
            )
            .unwrap()
            .query_map([], |r| {
                Ok((
                    r.get(0)?,
                    (
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                        r.get(6)?,
                        r.get(7)?,
                        r.get(8)?,
                        sets_of(r.get(9)?),
                    ),
                ))
            })
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let stored: BTreeMap<String, Row> = rows.iter().cloned().collect();
        assert_eq!(stored.len(), rows.len());
        assert_eq!(stored.len(), self.created.len(), "one stored outcome per entry created");
        for (entry_id, (device, seq, match_id, a, b, sets)) in &self.created {
            let row = stored.get(entry_id).unwrap_or_else(|| panic!("{entry_id} lost"));
            assert_eq!(
                (&row.0, row.1, row.2, row.3, row.4, &row.8),
                (device, *seq, *match_id, *a, *b, sets),
                "{entry_id}"
            );
            let answered = self.answered.get(entry_id).unwrap_or_else(|| panic!("{entry_id} never answered"));
            assert_eq!((row.5.as_str(), &row.6), (answered.0.as_str(), &answered.1), "{entry_id}: stored as answered");
        }
        for device in &self.devices {
            assert_eq!(
                centre_server::db::devices::last_seq(conn, &device.id).unwrap(),
                device.next_seq - 1,
                "{}",
                device.id
            );
        }

        // Per match: applied once at most, and every different score a conflict or a refusal.
        let all_matches: BTreeMap<i64, MatchRow> = conn
            .prepare("SELECT id FROM matches")
            .unwrap()
            .query_map([], |r| r.get::<_, i64>(0))
            .unwrap()
            .map(|id| {
                let id = id.unwrap();
                (id, tournaments::find_match(conn, id).unwrap().unwrap())
            })
            .collect();
        let mut by_match: BTreeMap<i64, Vec<(&String, &Row)>> = BTreeMap::new();
        for (entry_id, row) in &stored {
            by_match.entry(row.2).or_default().push((entry_id, row));
        }
        for (match_id, entries) in &by_match {
            let Some(m) = all_matches.get(match_id) else {
                // A match removed with a withdrawn team was never played: whatever came for it was refused.
                for (entry_id, row) in entries {
                    assert_eq!(row.5, "rejected", "{entry_id} on removed match {match_id}");
                }
                continue;
            };
            let history = views::history(conn, *match_id).unwrap();
            // A score is its two numbers and its sets: the same sets won with other points differ.
            let scored: Vec<(u32, u32, Sets)> = history
                .iter()
                .filter(|h| h.kind == ScoreKind::Score)
                .map(|h| (h.team1_score.unwrap(), h.team2_score.unwrap(), h.sets.clone()))
                .collect();
            let corrected: Vec<(u32, u32, Sets)> = history
                .iter()
                .filter(|h| h.kind == ScoreKind::Correction)
                .map(|h| (h.team1_score.unwrap(), h.team2_score.unwrap(), h.sets.clone()))
                .collect();
            let applied: Vec<&(&String, &Row)> = entries.iter().filter(|(_, r)| r.5 == "applied").collect();
            assert!(scored.len() <= 1, "match {match_id} scored twice: {history:?}");
            assert_eq!(applied.len(), scored.len(), "match {match_id}: only phones score here");
            let Some(first) = scored.first().cloned() else {
                // Never scored (forfeited when its team withdrew, or still to play): whatever came
                // for it was refused.
                for (entry_id, row) in entries {
                    assert!(row.5 == "rejected", "{entry_id} {row:?} on match {match_id}, never scored");
                }
                continue;
            };
            assert_eq!(
                (applied[0].1.3, applied[0].1.4, applied[0].1.8.clone()),
                first,
                "match {match_id}: the applied entry is its score"
            );
            let final_score = (m.team1_score.unwrap(), m.team2_score.unwrap(), m.sets.clone());
            assert!(m.is_completed());
            let mut ever = BTreeSet::from([first.clone()]);
            ever.extend(corrected.iter().cloned());
            match corrected.last() {
                None => assert_eq!(final_score, first, "match {match_id}"),
                Some(last) => {
                    assert_eq!(&final_score, last, "match {match_id}");
                    let proposed = entries.iter().any(|(_, r)| {
                        r.5 == "conflict" && r.7.as_deref() == Some("proposed") && &(r.3, r.4, r.8.clone()) == last
                    });
                    assert!(proposed, "match {match_id}: changed only by an admin keeping a phone's score");
                }
            }
            for (entry_id, row) in entries {
                let score = (row.3, row.4, row.8.clone());
                match row.5.as_str() {
                    "applied" => {}
                    "duplicate" => {
                        assert!(ever.contains(&score), "{entry_id}: a duplicate of a score the match never had")
                    }
                    "conflict" => {
                        assert!(score != first || !corrected.is_empty(), "{entry_id}: the same score is no conflict")
                    }
                    "rejected" => assert!(REJECTION_CODES.contains(&row.6.as_deref().unwrap()), "{entry_id}: {row:?}"),
                    other => panic!("{entry_id}: {other}"),
                }
                if score != final_score {
                    let settled_away = !corrected.is_empty() && ever.contains(&score);
                    assert!(
                        matches!(row.5.as_str(), "conflict" | "rejected") || settled_away,
                        "{entry_id}: {score:?} differs from {final_score:?} of match {match_id} yet is {}",
                        row.5
                    );
                }
                if let Some(resolution) = &row.7 {
                    assert_eq!(row.5, "conflict");
                    assert!(resolution == "current" || resolution == "proposed");
                }
            }
        }
        for m in all_matches.values() {
            let scores = views::history(conn, m.id).unwrap().iter().filter(|h| h.kind == ScoreKind::Score).count();
            assert!(scores <= 1, "match {} scored twice", m.id);
        }

        // Every phone shows what the server answers once it pulled, its outbox empty; that the
        // phone's own rule agrees with the server is checked at every exchange (push_batch).
        for device in &self.devices {
            assert!(device.outbox.is_empty(), "{}: everything sent", device.id);
        }
    }
}

#[test]
fn three_phones_and_ten_thousand_operations_lose_no_score_and_apply_none_twice() {
    let mut sim = Sim::new();
    for _ in 0..OPERATIONS {
        sim.step();
        if sim.tournament_over() {
            sim.everyone_syncs();
            assert!(sim.tournament_over(), "waiting entries cannot reopen a finished tournament");
            sim.check();
            sim.new_tournament();
        }
    }
    sim.everyone_syncs();
    sim.check();

    // The run exercised what it claims to.
    for (outcome, _) in sim.answered.values() {
        *sim.tally.outcomes.entry(outcome.as_str().to_owned()).or_default() += 1;
    }
    let knockout: i64 = sim
        .conn
        .query_row(
            "SELECT count(*) FROM score_entries e JOIN matches m ON m.id = e.match_id
             WHERE e.outcome = 'applied' AND m.round_type <> 'pool'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    sim.tally.knockout_applied = knockout as usize;
    sim.tally.applied_to_other_teams = sim
        .answered
        .iter()
        .filter(|(entry_id, (outcome, _))| {
            let match_id = sim.created[*entry_id].2;
            let now = tournaments::find_match(&sim.conn, match_id).unwrap().map(|m| (m.team1_id, m.team2_id));
            // An entry that named no team at all (as entries did before they carried them) is
            // not checked against the teams: the protocol's own rule (`sync::seen`).
            let shown = sim.shown_teams[*entry_id];
            *outcome == SyncOutcome::Applied
                && shown != (None, None)
                && now.is_some_and(|t| t.0.is_some() && t.1.is_some() && t != shown)
        })
        .count();
    let t = &sim.tally;
    println!(
        "entries {}, outcomes {:?}, operations {:?}, tournaments {}, predicted pushes {}, replays checked {}, gaps {}, \
         knockout applied {} (to other teams than shown: {}), withdrawals {}, resolved {:?}",
        sim.created.len(),
        t.outcomes,
        t.operations,
        t.tournaments,
        t.predicted_pushes,
        t.replays_checked,
        t.gaps,
        t.knockout_applied,
        t.applied_to_other_teams,
        t.withdrawals,
        t.resolved
    );
    // A score is only ever applied to the teams the phone showed when it was entered.
    assert_eq!(t.applied_to_other_teams, 0, "scores applied to other teams than shown");
    for outcome in ["applied", "duplicate", "conflict", "rejected"] {
        assert!(t.outcomes.get(outcome).copied().unwrap_or(0) >= 10, "{outcome}: {:?}", t.outcomes);
    }
    assert!(
        t.tournaments >= 5 && t.knockout_applied >= 10 && t.withdrawals >= 3,
        "{:?}",
        (t.tournaments, t.knockout_applied, t.withdrawals)
    );
    assert!(
        t.predicted_pushes >= 50 && t.replays_checked >= 20 && t.gaps >= 10,
        "{:?}",
        (t.predicted_pushes, t.replays_checked, t.gaps)
    );
    assert!(t.resolved.get("proposed").copied().unwrap_or(0) >= 3, "{:?}", t.resolved);
    // In sets, the same sets won with other points is a conflict, not a duplicate.
    let same_result_other_sets: i64 = sim
        .conn
        .query_row(
            "SELECT count(*) FROM score_entries e JOIN score_entries a
                ON a.match_id = e.match_id AND a.outcome = 'applied'
             WHERE e.outcome = 'conflict' AND e.sets IS NOT NULL
               AND e.team1_score = a.team1_score AND e.team2_score = a.team2_score AND e.sets <> a.sets",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(same_result_other_sets >= 10, "conflicts on the same sets won: {same_result_other_sets}");
}
