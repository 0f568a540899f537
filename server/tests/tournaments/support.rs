//! Shared steps: an event with its teams, a tournament, scores, and the standings the tests
//! expect for the scores they chose (a small reference of the test's own, never the server's
//! or core's code: `standings.rs` checks it and the server against tables written by hand).

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Duration, Utc};
use serde_json::{Value, json};

use crate::common::{self, TestApp, User};

/// The tournament's start (far ahead, so no match is 'in_progress' by the clock).
pub const START: &str = "2030-06-01T13:00:00Z";

pub fn at(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
}

pub fn text(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

pub fn plus_minutes(time: &str, minutes: i64) -> String {
    text(at(time) + Duration::minutes(minutes))
}

/// An event's form: in 10 days, no maximum.
pub fn event_body(title: &str) -> Value {
    common::event_body(title, None)
}

/// Creates an active event as the admin; answers its id.
pub async fn create_event(app: &TestApp, title: &str) -> i64 {
    let response = app.client.post(app.at("/api/events")).json(&event_body(title)).send().await.unwrap();
    assert_eq!(response.status(), 201, "{:?}", response.text().await);
    response.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

/// A registered team: its registration id and name, and the member who registered it.
pub struct Registered {
    pub id: i64,
    pub name: String,
    pub user: User,
}

/// Team `n`'s e-mails: the member who registers it, its captain, its member 2.
pub fn registrant_email(event_id: i64, n: usize) -> String {
    format!("e{event_id}-joueur{n}@example.org")
}
pub fn partner_email(event_id: i64, n: usize) -> String {
    format!("e{event_id}-partenaire{n}@example.org")
}

/// Registers `count` teams of 4 (names 'Équipe T0'…), each by its own member, with e-mails of
/// their own (unique across events too).
pub async fn register_teams(app: &TestApp, event_id: i64, count: usize) -> Vec<Registered> {
    let names: Vec<String> = (0..count).map(|n| format!("Équipe T{n}")).collect();
    register_named(app, event_id, &names).await
}

/// Registers one team per name, in order (so in the order of their ids), as
/// [`register_teams`] does.
pub async fn register_named(app: &TestApp, event_id: i64, names: &[String]) -> Vec<Registered> {
    let mut teams = Vec::new();
    for (n, name) in names.iter().enumerate() {
        let name = name.clone();
        let user = app.user(&registrant_email(event_id, n), None).await;
        let body = json!({
            "teamName": name,
            "captainFirstName": "Camille", "captainLastName": "Tremblay",
            "captainEmail": format!("e{event_id}-capitaine{n}@example.org"),
            "member2FirstName": "Alex", "member2LastName": "Roy",
            "member2Email": partner_email(event_id, n),
            "member3FirstName": "Léa", "member3LastName": "Gagnon",
            "member4FirstName": "Sam", "member4LastName": "Côté", "member4Email": format!("e{event_id}-sam{n}@example.org"),
        });
        let response =
            user.client.post(app.at(&format!("/api/events/{event_id}/register"))).json(&body).send().await.unwrap();
        assert_eq!(response.status(), 201, "{:?}", response.text().await);
        let registration: Value = response.json().await.unwrap();
        assert_eq!(registration["teamName"], name.as_str());
        teams.push(Registered { id: registration["id"].as_i64().unwrap(), name, user });
    }
    teams
}

/// A tournament configuration body: 20-minute matches, 10-minute breaks, starting at [`START`].
pub fn config(courts: u8, pools: u8) -> Value {
    json!({
        "courtsAvailable": courts,
        "matchDurationMinutes": 20,
        "breakBetweenMatches": 10,
        "startTime": START,
        "poolCount": pools,
    })
}

pub async fn create_tournament(app: &TestApp, event_id: i64, body: &Value) -> Value {
    let response =
        app.client.post(app.at(&format!("/api/admin/events/{event_id}/tournament"))).json(body).send().await.unwrap();
    assert_eq!(response.status(), 201, "{:?}", response.text().await);
    response.json().await.unwrap()
}

pub async fn post_generate(app: &TestApp, tournament_id: i64) -> reqwest::Response {
    app.post(&format!("/api/admin/tournaments/{tournament_id}/generate-schedule")).await
}

pub async fn generate(app: &TestApp, tournament_id: i64) -> Value {
    let response = post_generate(app, tournament_id).await;
    assert_eq!(response.status(), 200, "{:?}", response.text().await);
    response.json().await.unwrap()
}

/// An event with `teams` teams and a tournament (`config`), not generated yet.
pub struct Setup {
    pub app: TestApp,
    pub event_id: i64,
    pub teams: Vec<Registered>,
    pub tournament_id: i64,
}

impl Setup {
    pub async fn new(teams: usize, body: Value) -> Setup {
        let names: Vec<String> = (0..teams).map(|n| format!("Équipe T{n}")).collect();
        Setup::named(&names, body).await
    }

    /// As [`Setup::new`], with the teams' names chosen (registered in this order).
    pub async fn named(names: &[String], body: Value) -> Setup {
        let app = TestApp::with_admin().await;
        let event_id = create_event(&app, "Tournoi d'été").await;
        let teams = register_named(&app, event_id, names).await;
        let tournament_id = create_tournament(&app, event_id, &body).await["id"].as_i64().unwrap();
        Setup { app, event_id, teams, tournament_id }
    }

    pub fn ids(&self) -> Vec<i64> {
        self.teams.iter().map(|t| t.id).collect()
    }

    pub async fn generate(&self) -> Value {
        generate(&self.app, self.tournament_id).await
    }

    pub async fn matches(&self) -> Vec<Value> {
        let response = self.app.get(&format!("/api/admin/tournaments/{}/matches", self.tournament_id)).await;
        assert_eq!(response.status(), 200);
        response.json().await.unwrap()
    }

    pub async fn standings(&self) -> Vec<Value> {
        let response = self.app.get(&format!("/api/admin/tournaments/{}/standings", self.tournament_id)).await;
        assert_eq!(response.status(), 200);
        response.json().await.unwrap()
    }

    /// The admin view (`GET /api/admin/events/{id}/tournament`).
    pub async fn tournament(&self) -> Value {
        let response = self.app.get(&format!("/api/admin/events/{}/tournament", self.event_id)).await;
        assert_eq!(response.status(), 200);
        response.json().await.unwrap()
    }

    pub async fn score(&self, match_id: i64, team1: u32, team2: u32) -> reqwest::Response {
        put_score(&self.app, match_id, team1, team2).await
    }

    /// Scores a match, expecting 200; answers the match.
    pub async fn score_ok(&self, match_id: i64, team1: u32, team2: u32) -> Value {
        let response = self.score(match_id, team1, team2).await;
        assert_eq!(response.status(), 200, "{:?}", response.text().await);
        let answered: Value = response.json().await.unwrap();
        assert_eq!(
            (answered["team1Score"].as_u64(), answered["team2Score"].as_u64()),
            (Some(team1.into()), Some(team2.into()))
        );
        assert_eq!(answered["status"], "completed");
        answered
    }

    pub async fn correct(&self, match_id: i64, team1: u32, team2: u32) -> reqwest::Response {
        self.app
            .client
            .put(self.app.at(&format!("/api/admin/matches/{match_id}/correction")))
            .json(&json!({"team1Score": team1, "team2Score": team2}))
            .send()
            .await
            .unwrap()
    }

    pub async fn history(&self, match_id: i64) -> Vec<Value> {
        let response = self.app.get(&format!("/api/admin/matches/{match_id}/history")).await;
        assert_eq!(response.status(), 200);
        response.json().await.unwrap()
    }

    pub async fn delete_team(&self, registration_id: i64) {
        let response = self.app.delete(&format!("/api/admin/event-registrations/{registration_id}")).await;
        assert_eq!(response.status(), 204, "{:?}", response.text().await);
    }

    /// Scores every pool match not completed yet with [`chosen_score`] from the teams'
    /// `strength`; answers the results sent, `(team1, team2, score1, score2)`.
    pub async fn score_pool(&self, strength: &BTreeMap<i64, u32>) -> Vec<Result4> {
        let mut results = Vec::new();
        for m in self.matches().await.iter().filter(|m| m["roundType"] == "pool" && m["status"] != "completed") {
            let (a, b) = (id(&m["team1Id"]), id(&m["team2Id"]));
            let (sa, sb) = chosen_score(strength[&a], strength[&b]);
            self.score_ok(id(&m["id"]), sa, sb).await;
            results.push((a, b, sa, sb));
        }
        results
    }
}

pub type Result4 = (i64, i64, u32, u32);

pub async fn put_score(app: &TestApp, match_id: i64, team1: u32, team2: u32) -> reqwest::Response {
    app.client
        .put(app.at(&format!("/api/admin/matches/{match_id}/score")))
        .json(&json!({"team1Score": team1, "team2Score": team2}))
        .send()
        .await
        .unwrap()
}

pub fn id(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("not an id: {v}"))
}

/// Status and `code` of an error answer.
pub async fn refused(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

/// The score the tests choose for two teams of the given strengths: the stronger wins 21 to
/// `20 - gap`, except 4 against 5 (a draw, 18-18) and 1 against 2 (an upset, 1 wins 21-19).
pub fn chosen_score(a: u32, b: u32) -> (u32, u32) {
    let pair = (a.min(b), a.max(b));
    if pair == (4, 5) {
        return (18, 18);
    }
    if pair == (1, 2) {
        return if a == 1 { (21, 19) } else { (19, 21) };
    }
    let gap = a.abs_diff(b).min(15);
    if a > b { (21, 20 - gap) } else { (20 - gap, 21) }
}

/// Strengths for teams in registration order: `order[i]` is team i's.
pub fn strengths(ids: &[i64], order: &[u32]) -> BTreeMap<i64, u32> {
    ids.iter().copied().zip(order.iter().copied()).collect()
}

/// One line of the table the tests expect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    pub team_id: i64,
    pub played: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub points_for: u32,
    pub points_against: u32,
    pub points_differential: i64,
    pub tournament_points: u32,
}

impl Line {
    pub fn empty(team_id: i64) -> Line {
        Line {
            team_id,
            played: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            points_for: 0,
            points_against: 0,
            points_differential: 0,
            tournament_points: 0,
        }
    }

    /// One match seen from this team's side: win 3, draw 1, loss 0.
    fn add(&mut self, scored: u32, conceded: u32) {
        self.played += 1;
        self.points_for += scored;
        self.points_against += conceded;
        self.points_differential += i64::from(scored) - i64::from(conceded);
        if scored > conceded {
            self.wins += 1;
            self.tournament_points += 3;
        } else if scored == conceded {
            self.draws += 1;
            self.tournament_points += 1;
        } else {
            self.losses += 1;
        }
    }
}

/// The test's own reference for the standings of `teams` from `results` (only results between two
/// of them count): win 3, draw 1, loss 0, ordered by points, then points differential. The tests
/// choose scores that leave no tie on those two keys (checked here), so the further tie-breaks
/// never decide these tables; `standings.rs` checks those by hand.
pub fn expected_table(teams: &[i64], results: &[Result4]) -> Vec<Line> {
    let mut lines: Vec<Line> = teams.iter().map(|&t| Line::empty(t)).collect();
    for &(a, b, sa, sb) in results {
        let ia = teams.iter().position(|&t| t == a);
        let ib = teams.iter().position(|&t| t == b);
        if let (Some(ia), Some(ib)) = (ia, ib) {
            lines[ia].add(sa, sb);
            lines[ib].add(sb, sa);
        }
    }
    lines.sort_by(|x, y| {
        (y.tournament_points, y.points_differential).cmp(&(x.tournament_points, x.points_differential))
    });
    for pair in lines.windows(2) {
        assert!(
            (pair[0].tournament_points, pair[0].points_differential)
                != (pair[1].tournament_points, pair[1].points_differential),
            "the chosen scores leave a tie on points and differential: {lines:?}"
        );
    }
    lines
}

/// Compares the server's standings (one pool, in its order) with the expected table.
pub fn assert_standings(actual: &[Value], expected: &[Line]) {
    assert_eq!(actual.len(), expected.len(), "{actual:?}");
    for (rank, (got, want)) in actual.iter().zip(expected).enumerate() {
        let fields = [
            ("position", rank as i64 + 1),
            ("teamId", want.team_id),
            ("tournamentPoints", want.tournament_points.into()),
            ("played", want.played.into()),
            ("wins", want.wins.into()),
            ("draws", want.draws.into()),
            ("losses", want.losses.into()),
            ("pointsFor", want.points_for.into()),
            ("pointsAgainst", want.points_against.into()),
            ("pointsDifferential", want.points_differential),
        ];
        for (field, value) in fields {
            assert_eq!(got[field].as_i64(), Some(value), "{field} at rank {}: {got}", rank + 1);
        }
    }
}

/// The matches of one round type.
pub fn of_round<'a>(matches: &'a [Value], round: &str) -> Vec<&'a Value> {
    matches.iter().filter(|m| m["roundType"] == round).collect()
}

/// The match with bracket code `code`.
pub fn bracket<'a>(matches: &'a [Value], code: &str) -> &'a Value {
    matches.iter().find(|m| m["bracketCode"] == code).unwrap_or_else(|| panic!("no {code} in {matches:?}"))
}

/// Both team ids of a match (`None` for an empty side).
pub fn sides(m: &Value) -> (Option<i64>, Option<i64>) {
    (m["team1Id"].as_i64(), m["team2Id"].as_i64())
}

/// Fewest time slots for round-robins in pools of `sizes` on `courts` courts: at most `courts`
/// matches and half of each pool's teams per slot, and at least each pool's number of rounds.
pub fn lower_bound(sizes: &[usize], courts: usize) -> u64 {
    let matches: usize = sizes.iter().map(|n| n * (n - 1) / 2).sum();
    let per_slot = courts.min(sizes.iter().map(|n| n / 2).sum());
    let rounds = sizes.iter().map(|&n| if n % 2 == 0 { n - 1 } else { n }).max().unwrap_or(0);
    matches.div_ceil(per_slot).max(rounds) as u64
}

/// Structural checks of a generated pool phase: every pair of a pool meets exactly once, no
/// pair across pools, nobody twice in a slot, no court twice in a slot, courts within range.
/// `pools` maps each team to its pool as the matches give it; answers it.
pub fn check_pool_phase(matches: &[Value], teams: &[i64], pool_count: usize, courts: i64) -> BTreeMap<i64, i64> {
    let mut pool_of: BTreeMap<i64, i64> = BTreeMap::new();
    let mut pairs: BTreeMap<(i64, i64), usize> = BTreeMap::new();
    let mut slot_teams: BTreeSet<(i64, i64)> = BTreeSet::new();
    let mut slot_courts: BTreeSet<(i64, i64)> = BTreeSet::new();
    for m in matches {
        assert_eq!(m["roundType"], "pool");
        let (a, b) = (id(&m["team1Id"]), id(&m["team2Id"]));
        let (slot, court, pool) = (id(&m["slotIndex"]), id(&m["courtNumber"]), id(&m["pool"]));
        assert_eq!(m["court"], m["courtNumber"]);
        assert!((1..=courts).contains(&court), "court {court}");
        for team in [a, b] {
            assert!(teams.contains(&team), "unknown team {team}");
            assert_eq!(*pool_of.entry(team).or_insert(pool), pool, "team {team} in two pools");
            assert!(slot_teams.insert((slot, team)), "team {team} twice in slot {slot}");
        }
        assert!(slot_courts.insert((slot, court)), "court {court} twice in slot {slot}");
        *pairs.entry((a.min(b), a.max(b))).or_default() += 1;
    }
    assert_eq!(pool_of.len(), teams.len(), "every team plays");
    let pools: BTreeSet<i64> = pool_of.values().copied().collect();
    assert_eq!(pools, (0..pool_count as i64).collect(), "pools used");
    for (i, &a) in teams.iter().enumerate() {
        for &b in &teams[i + 1..] {
            let met = pairs.get(&(a.min(b), a.max(b))).copied().unwrap_or(0);
            let expected = usize::from(pool_of[&a] == pool_of[&b]);
            assert_eq!(met, expected, "{a} v {b}: pools {} and {}", pool_of[&a], pool_of[&b]);
        }
    }
    pool_of
}
