//! The demo's tournaments. The day's (/event/1) is played by the real scheduler and scores, at
//! the courts' daytime hours whatever the hour the demo starts: during the day it is under way
//! (some rounds over, the next being played on every court, the rest to come); in the evening or
//! at night it is over, with its podium. Its teams score it and referee it: each result was
//! proposed by one captain and confirmed by the other, and while it is under way one result
//! waits for a confirmation and one is disputed, as on a real day at the courts. The next one (/event/2) takes registrations, set up in
//! the console (its tournament created, not drawn yet), and is the event the centre features.

use centre_core::sync::SyncOutcome;
use centre_core::timefmt::utc_text;
use centre_core::validation::{
    NumberInput, ScoreInput, TournamentConfigInput, validate_score, validate_tournament_config,
};
use chrono::{DateTime, Duration, NaiveTime, Utc};
use rusqlite::params;

use super::{COURTS, DEMO_MEMBER, Demo, Pay, Signup, fail};
use crate::db::devices;
use crate::db::tournaments::{self, MatchRow, reports, schedule, scores, sync};

/// A team: its name, its captain's e-mail, then its four players, captain first.
type DemoTeam = (&'static str, &'static str, [(&'static str, &'static str); 4]);

/// Today's tournament: six teams of four. The first is the demo member's.
const LIVE_TEAMS: [DemoTeam; 6] = [
    (
        "Les Huards",
        DEMO_MEMBER.email,
        [(DEMO_MEMBER.first, DEMO_MEMBER.last), ("Mathieu", "Gagnon"), ("Élise", "Caron"), ("Antoine", "Lévesque")],
    ),
    (
        "Sable Chaud",
        "olivier.gagne@example.org",
        [("Olivier", "Gagné"), ("Maude", "Fortin"), ("Jérémie", "Ouellet"), ("Rosalie", "Hébert")],
    ),
    (
        "Les Castors",
        "noe.bouchard@example.org",
        [("Noé", "Bouchard"), ("Léa", "Morin"), ("Félix", "Poirier"), ("Juliette", "Gauthier")],
    ),
    (
        "Smash Outaouais",
        "lea.roy@example.org",
        [("Léa", "Roy"), ("William", "Bélanger"), ("Chloé", "Lapointe"), ("Thomas", "Cloutier")],
    ),
    (
        "Les Orignaux",
        "jade.cote@example.org",
        [("Jade", "Côté"), ("Gabriel", "Leblanc"), ("Florence", "Paquette"), ("Nathan", "Girard")],
    ),
    (
        "Bloc Party",
        "samuel.pelletier@example.org",
        [("Samuel", "Pelletier"), ("Alice", "Bergeron"), ("Émile", "Dubé"), ("Laurence", "Simard")],
    ),
];

/// The coming tournament's teams, with their payment: two paid, two waiting, one that withdrew
/// and was refunded.
const COMING_TEAMS: [(DemoTeam, Pay, i64); 5] = [
    (
        (
            "Les Goélands",
            "marc.tremblay@example.org",
            [("Marc", "Tremblay"), ("Annie", "Dion"), ("Hugo", "Vachon"), ("Sarah", "Boivin")],
        ),
        Pay::Transfer,
        5,
    ),
    (
        (
            "Les Pics-Bois",
            "ariane.nadeau@example.org",
            [("Ariane", "Nadeau"), ("Louis", "Bédard"), ("Zoé", "Savard"), ("Éric", "Lemieux")],
        ),
        Pay::Paid,
        4,
    ),
    (
        (
            "Sable Mouvant",
            "kevin.beaulieu@example.org",
            [("Kevin", "Beaulieu"), ("Marie", "Desjardins"), ("Jules", "Fournier"), ("Océane", "Mercier")],
        ),
        Pay::Pending { reminders: 1 },
        3,
    ),
    (
        (
            "Filet Magique",
            "ines.belair@example.org",
            [("Inès", "Bélair"), ("Vincent", "Lacroix"), ("Mia", "Thibault"), ("Simon", "Caron")],
        ),
        Pay::Pending { reminders: 0 },
        1,
    ),
    (
        (
            "Les Ouaouarons",
            "david.martel@example.org",
            [("David", "Martel"), ("Catherine", "Roy"), ("Alexis", "Dufour"), ("Audrey", "Proulx")],
        ),
        Pay::Refunded,
        6,
    ),
];

/// Scores of the matches played before the demo starts, team 1 first.
const PLAYED_SCORES: [(u32, u32); 8] = [(21, 15), (19, 21), (21, 12), (21, 23), (21, 17), (14, 21), (21, 19), (21, 11)];

/// How many rounds of the day's tournament are over when the demo starts during the day, at most.
const PLAYED_ROUNDS: i32 = 3;

/// The day's tournament at the demo's start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DayTournament {
    /// Started at `start`; `rounds` rounds are over and the next is being played, its round began
    /// a few minutes ago.
    UnderWay { start: DateTime<Utc>, rounds: i32 },
    /// Played from `start` and over.
    Over { start: DateTime<Utc> },
}

/// The courts' daily hours (the first court's, as seeded).
fn court_hours() -> (NaiveTime, NaiveTime) {
    let at = |text: &str| NaiveTime::parse_from_str(text, "%H:%M").unwrap_or(NaiveTime::MIN);
    COURTS.first().map_or((NaiveTime::MIN, NaiveTime::MIN), |c| (at(c.4), at(c.5)))
}

/// Where the day's tournament stands when the demo starts at `now`. `round` is a match and the
/// break after it, `span` the whole tournament from its first match to the end of its last.
/// Every match falls within the courts' hours of its day. Under way when at least one round can
/// be over since the courts opened and the rest still ends before they close: it started at
/// most [`PLAYED_ROUNDS`] rounds ago, on a five-minute mark from the opening. Else over: played
/// from an hour after the opening today when it has ended by now, or else yesterday.
pub fn day_tournament(now: DateTime<Utc>, tz: chrono_tz::Tz, round: Duration, span: Duration) -> DayTournament {
    let (open, close) = court_hours();
    let today = now.with_timezone(&tz).date_naive();
    let at = |day: chrono::NaiveDate, time: NaiveTime| super::local_time(tz, day, time).unwrap_or(now);
    let (opening, closing) = (at(today, open), at(today, close));
    let round = round.max(Duration::minutes(1));
    let elapsed = now - opening;
    if elapsed >= round {
        let rounds = i32::try_from(elapsed.num_seconds() / round.num_seconds()).unwrap_or(i32::MAX).min(PLAYED_ROUNDS);
        let into = (elapsed - round * rounds).min(Duration::minutes(5));
        let since_opening = (now - round * rounds - into - opening).num_seconds();
        let start = opening + Duration::seconds(since_opening - since_opening % 300);
        if start + span <= closing {
            return DayTournament::UnderWay { start, rounds };
        }
    }
    let first = opening + Duration::hours(1);
    if first + span <= now {
        DayTournament::Over { start: first }
    } else {
        DayTournament::Over { start: at(today - Duration::days(1), open) + Duration::hours(1) }
    }
}

impl Demo<'_> {
    /// The day's tournament on event `event_id`: six teams of four, then played as
    /// [`day_tournament`] says at the demo's start; the event's dates become the tournament's.
    pub(super) fn day_tournament(&self, event_id: i64, price_cents: i64, member: &str) -> rusqlite::Result<()> {
        // Registered nine days ago, twice reminded, past the seven-day deadline but kept because
        // the tournament started (the Paiements tab says so); the first team (the demo member's)
        // paid by an Interac transfer an admin confirmed, the second marked paid by hand.
        // Every captain has an account: the teams report their own results.
        for (n, team) in LIVE_TEAMS.iter().enumerate() {
            let pay = match n {
                0 => Pay::Transfer,
                1 => Pay::Paid,
                _ => Pay::Pending { reminders: 2 },
            };
            let captain = if n == 0 { member.to_owned() } else { self.captain(team)? };
            let signup = Signup { user_id: Some(&captain), days_ago: 9, pay };
            self.team(event_id, n as i64 + 1, team, price_cents, signup)?;
        }
        self.tx.execute("UPDATE events SET payment_deadline_days = 7 WHERE id = ?1", params![event_id])?;
        crate::db::events::recount_participants(self.tx, event_id)?;

        let (round, span) = self.measure(event_id)?;
        let start = match day_tournament(self.now, self.tz, round, span) {
            DayTournament::UnderWay { start, rounds } => {
                let tournament = self.drawn(event_id, start)?;
                self.play_until(tournament, rounds)?;
                self.reports_waiting(tournament, rounds)?;
                start
            }
            DayTournament::Over { start } => {
                let tournament = self.drawn(event_id, start)?;
                self.play_until(tournament, i32::MAX)?;
                start
            }
        };
        self.tx.execute(
            "UPDATE events SET start_date = ?2, end_date = ?3 WHERE id = ?1",
            params![event_id, utc_text(start), utc_text(start + span)],
        )?;
        Ok(())
    }

    /// How long a round and the whole tournament of event `event_id` last: drawn and played
    /// through once inside a savepoint that is then rolled back.
    fn measure(&self, event_id: i64) -> rusqlite::Result<(Duration, Duration)> {
        self.tx.execute_batch("SAVEPOINT demo_measure")?;
        let measured = (|| {
            let tournament = self.drawn(event_id, self.now)?;
            self.play_until(tournament, i32::MAX)?;
            let config = tournaments::find(self.tx, tournament)?.ok_or_else(|| fail("tournament", "gone"))?;
            let settings = config.settings().ok_or_else(|| fail("tournament", "no settings"))?;
            let round = Duration::minutes(i64::from(settings.match_duration_minutes + settings.break_between_matches));
            let last = tournaments::matches(self.tx, tournament)?.iter().map(|m| m.slot_index).max().unwrap_or(0);
            let span = round * i32::try_from(last).unwrap_or(0)
                + Duration::minutes(i64::from(settings.match_duration_minutes));
            Ok((round, span))
        })();
        self.tx.execute_batch("ROLLBACK TO demo_measure; RELEASE demo_measure")?;
        measured
    }

    /// The tournament of event `event_id` created to start at `start` and its schedule drawn.
    fn drawn(&self, event_id: i64, start: DateTime<Utc>) -> rusqlite::Result<i64> {
        let created = utc_text(self.now);
        let input = TournamentConfigInput {
            start_time: Some(utc_text(start)),
            scoring: Some("teams".to_owned()),
            duty: Some("teams".to_owned()),
            ..Default::default()
        };
        let config = validate_tournament_config(&input).map_err(|e| fail("tournament", e))?;
        let tournament = schedule::create(self.tx, event_id, &config, &created).map_err(|e| fail("tournament", e))?;
        schedule::generate(self.tx, tournament.id, &created).map_err(|e| fail("schedule", e))?;
        Ok(tournament.id)
    }

    /// Scores tournament `tournament`'s matches in their order through the console's code, the
    /// pools then the bracket as it is drawn, until `rounds` rounds are over (every match, for
    /// `i32::MAX`). The last match of the last round over is scored by two phones, differently:
    /// the first to sync counts, the other waits in the Tournois tab's 'Conflits de score'.
    fn play_until(&self, tournament: i64, rounds: i32) -> rusqlite::Result<()> {
        let rounds = u32::try_from(rounds).unwrap_or(0);
        let playable =
            |m: &MatchRow| !m.is_completed() && m.team1_id.is_some() && m.team2_id.is_some() && m.slot_index < rounds;
        let last_round = |all: &[MatchRow]| all.iter().filter(|m| m.slot_index < rounds).map(|m| m.slot_index).max();
        let by_phone = {
            let all = tournaments::matches(self.tx, tournament)?;
            let pool_end = all.iter().map(|m| m.slot_index).max();
            // Over: the pools' last match (the bracket is not drawn yet).
            let slot = if rounds == u32::MAX { pool_end } else { last_round(&all) };
            all.iter().filter(|m| Some(m.slot_index) == slot).map(|m| m.id).max()
        };
        let mut last_played = None;
        for (n, (a, b)) in PLAYED_SCORES.iter().cycle().enumerate() {
            let all = tournaments::matches(self.tx, tournament)?;
            let Some(m) = all.iter().filter(|m| playable(m)).min_by_key(|m| (m.slot_index, m.court_number, m.id))
            else {
                return Ok(());
            };
            // Every score completes its match: one that did not would be scored forever.
            if last_played == Some(m.id) {
                return Err(fail("score", (m.id, m.status, m.round_type, m.team1_score, m.team2_score)));
            }
            last_played = Some(m.id);
            if Some(m.id) == by_phone {
                self.scored_by_phones(m)?;
                continue;
            }
            // Team 1's captain proposes, team 2's confirms: the result counts.
            for side in [1, 2] {
                self.reported(m, side, (*a, *b)).map_err(|e| fail("score", (n, e)))?;
            }
        }
        Ok(())
    }

    /// While the day's tournament is under way, the round being played has finished early on
    /// its courts: its first match's result was proposed by team 2 and waits for team 1's
    /// captain (the demo member's team where it plays), and its second one is disputed.
    fn reports_waiting(&self, tournament: i64, rounds: i32) -> rusqlite::Result<()> {
        let round = u32::try_from(rounds).unwrap_or(0);
        let mut playing: Vec<MatchRow> = tournaments::matches(self.tx, tournament)?
            .into_iter()
            .filter(|m| m.slot_index == round && !m.is_completed() && m.to_core().teams_known())
            .collect();
        // The demo member's team (the first registered) answers the proposal, where it plays.
        playing.sort_by_key(|m| (m.team1_name.as_deref() != Some(LIVE_TEAMS[0].0), m.court_number));
        if let Some(m) = playing.first() {
            self.reported(m, 2, (21, 17)).map_err(|e| fail("proposal", e))?;
        }
        if let Some(m) = playing.get(1) {
            self.reported(m, 1, (21, 19)).map_err(|e| fail("dispute", e))?;
            self.reported(m, 2, (19, 21)).map_err(|e| fail("dispute", e))?;
        }
        Ok(())
    }

    /// The result `score` (team 1 first) reported by the captain of side `side` of match `m`.
    fn reported(&self, m: &MatchRow, side: u8, (a, b): (u32, u32)) -> Result<(), scores::Refused> {
        let input = ScoreInput {
            team1_score: Some(NumberInput::Number(f64::from(a))),
            team2_score: Some(NumberInput::Number(f64::from(b))),
            sets: None,
        };
        let score = validate_score(&input).map_err(|_| scores::Refused::Rejected("score"))?;
        let team = if side == 1 { m.team1_id } else { m.team2_id };
        let captain: String =
            self.tx.query_row("SELECT user_id FROM event_registrations WHERE id = ?1", params![team], |r| r.get(0))?;
        let asker = reports::Asker { user_id: &captain, is_admin: false };
        reports::submit(self.tx, m.id, asker, reports::Said::Score(score), None, &self.letters, self.now)?;
        Ok(())
    }

    /// Match `m` scored offline by two phones, 21-18 and 21-16: the first applies, the second is
    /// a conflict.
    fn scored_by_phones(&self, m: &MatchRow) -> rusqlite::Result<()> {
        let created = utc_text(self.now);
        let phones =
            [("demo-terrain-1", "Téléphone du terrain 1", 18), ("demo-terrain-2", "Cellulaire de Rosalie", 16)];
        for (device, name, loser) in phones {
            devices::name_device(self.tx, device, name, &created)?;
            // The phone's next number: a demo seeded again (its events deleted) keeps its devices.
            let seq = devices::last_seq(self.tx, device)? + 1;
            let entry = sync::Entry {
                seq,
                entry_id: format!("{device}-{seq}"),
                match_id: m.id,
                team1_score: 21,
                team2_score: loser,
                base_version: m.version,
                entered_at: created.clone(),
                seen_teams: Some((m.team1_id, m.team2_id)),
                sets: Vec::new(),
            };
            let outcome = devices::take(self.tx, &sync::Scores::by(""), device, &entry, self.now)?
                .ok_or_else(|| fail("score entry", "a gap"))?;
            let expected = if loser == 18 { SyncOutcome::Applied } else { SyncOutcome::Conflict };
            if outcome.outcome != expected {
                return Err(fail("score entry", (device, outcome)));
            }
        }
        Ok(())
    }

    /// The next tournament, registration open: four teams of four (two paid, two waiting) and
    /// one that withdrew and was refunded; its tournament set up in the console (the day's
    /// times, not drawn: the teams may still change).
    pub(super) fn coming_tournament(
        &self,
        event_id: i64,
        price_cents: i64,
        start: DateTime<Utc>,
    ) -> rusqlite::Result<()> {
        self.tx.execute("UPDATE events SET payment_deadline_days = 7 WHERE id = ?1", params![event_id])?;
        for (n, (team, pay, days_ago)) in COMING_TEAMS.iter().enumerate() {
            self.team(
                event_id,
                n as i64 + 1,
                team,
                price_cents,
                Signup { user_id: None, days_ago: *days_ago, pay: *pay },
            )?;
        }
        crate::db::events::recount_participants(self.tx, event_id)?;
        let input = TournamentConfigInput { start_time: Some(utc_text(start)), ..Default::default() };
        let config = validate_tournament_config(&input).map_err(|e| fail("tournament", e))?;
        schedule::create(self.tx, event_id, &config, &utc_text(self.now)).map_err(|e| fail("tournament", e))?;
        Ok(())
    }

    /// The account of `team`'s captain, at the captain's address.
    fn captain(&self, team: &DemoTeam) -> rusqlite::Result<String> {
        let (_, email, [(first, last), ..]) = *team;
        self.person(&super::DemoPerson { first, last, email }, 60)
    }

    /// A team of four, number `number` of the event, signed up as `signup` says (a released one
    /// is cancelled, its places given back). Answers its id.
    fn team(
        &self,
        event_id: i64,
        number: i64,
        team: &DemoTeam,
        price_cents: i64,
        signup: Signup<'_>,
    ) -> rusqlite::Result<i64> {
        let Signup { user_id, days_ago, pay } = signup;
        let (name, email, [captain, second, third, fourth]) = *team;
        let reference = crate::db::payments::reference::for_event(self.tx, event_id)?;
        let released = pay.released().then(|| utc_text(self.ago(days_ago.min(2))));
        let reminded = (pay.reminders() > 0).then(|| utc_text(self.ago(days_ago.min(3) - 1)));
        self.tx.execute(
            "INSERT INTO event_registrations (event_id, user_id, kind, team_name, team_number,
                captain_first_name, captain_last_name, captain_email, member2_first_name, member2_last_name,
                member3_first_name, member3_last_name, member4_first_name, member4_last_name, people_count,
                status, payment_status, payment_reference, amount_due_cents, created_at, reminders_sent,
                last_reminder_at, released_at)
             VALUES (?1, ?2, 'team', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, 4, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)",
            params![
                event_id, user_id, name, number, captain.0, captain.1, email, second.0, second.1, third.0, third.1,
                fourth.0, fourth.1, pay.registration(), pay.status(), reference,
                4 * price_cents, utc_text(self.ago(days_ago)), pay.reminders(), reminded, released
            ],
        )?;
        let id = self.tx.last_insert_rowid();
        if pay == Pay::Transfer {
            let sender = format!("{} {}", captain.0, captain.1).to_uppercase();
            self.tx.execute(
                "INSERT INTO payment_transfers (event_registration_id, amount_cents, sender, message, transfer_date, bank_reference, confirmed_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![id, 4 * price_cents, sender, format!("{name} {reference}"),
                    self.ago(days_ago - 1).with_timezone(&self.tz).date_naive().to_string(),
                    format!("CAdemo{event_id:02}{number:02}"), utc_text(self.ago(days_ago - 1))],
            )?;
        }
        Ok(id)
    }
}

impl Demo<'_> {
    /// The Tuesday league: the teams of both tournaments (eleven), paid, its season of `weeks`
    /// Tuesdays at 18:30 on both courts from `first_night`, night 1's grid published.
    pub(super) fn league(
        &self,
        event_id: i64,
        price_cents: i64,
        (first_night, weeks): (chrono::NaiveDate, i64),
    ) -> rusqlite::Result<()> {
        let teams = LIVE_TEAMS.iter().chain(COMING_TEAMS.iter().map(|(team, _, _)| team));
        for (n, team) in teams.enumerate() {
            let signup = Signup { user_id: None, days_ago: 20 - n as i64, pay: Pay::Paid };
            self.team(event_id, n as i64 + 1, team, price_cents, signup)?;
        }
        crate::db::events::recount_participants(self.tx, event_id)?;
        let input = centre_core::validation::LeagueInput {
            first_night: Some(first_night.to_string()),
            weeks: Some(NumberInput::Number(weeks as f64)),
            start_time: Some("18:30".into()),
            // The courts' ids are their places in the list (reference data, in this order).
            courts: Some((1..=COURTS.len() as i64).collect()),
            match_duration_minutes: Some(NumberInput::Number(15.0)),
            ..Default::default()
        };
        let config = centre_core::validation::validate_league(&input).map_err(|e| fail("league", e))?;
        crate::db::leagues::setup::create(self.tx, event_id, &config, &utc_text(self.now))
            .map_err(|e| fail("league", e))?;
        Ok(())
    }
}
