//! Weekly leagues through the real router: an event turned into a league publishes its first
//! night's grid (tiers, courts, times, movement), the admin seeds it and edits the season, and
//! every refusal says what is wrong: too few teams, groups that end after the courts close, a
//! league beside a tournament, a night that already happened.
#![allow(clippy::unwrap_used)]

use reqwest::Response;
use serde_json::{Value, json};

use crate::common::TestApp;
use crate::tournaments::support::{Registered, config, create_event, create_tournament, register_teams};

mod nights;

/// Ten Tuesdays from 8 June 2027 at 18:30 on both courts (they close at 21:00: 150 minutes).
fn season(match_minutes: u32) -> Value {
    json!({
        "firstNight": "2027-06-08", "weeks": 10, "startTime": "18:30", "courts": [1, 2],
        "groupSize": 3, "matchDurationMinutes": match_minutes, "confirmHours": 24
    })
}

struct League {
    app: TestApp,
    event_id: i64,
    teams: Vec<i64>,
    captains: Vec<Registered>,
}

impl League {
    /// An event with `teams` teams registered.
    async fn event(teams: usize) -> League {
        let app = TestApp::with_admin().await;
        let event_id = create_event(&app, "Ligue du mardi").await;
        let captains = register_teams(&app, event_id, teams).await;
        let teams = captains.iter().map(|t| t.id).collect();
        League { app, event_id, teams, captains }
    }

    async fn send(&self, method: reqwest::Method, path: &str, body: &Value, lang: &str) -> Response {
        self.app.client.request(method, self.app.at(path)).header("X-Lang", lang).json(body).send().await.unwrap()
    }

    async fn create(&self, body: &Value) -> Response {
        self.send(reqwest::Method::POST, &format!("/api/admin/events/{}/league", self.event_id), body, "fr").await
    }

    async fn created(&self, body: &Value) -> Value {
        let response = self.create(body).await;
        assert_eq!(response.status(), 201, "{:?}", response.text().await);
        response.json().await.unwrap()
    }

    async fn public(&self, path: &str) -> (u16, Value) {
        let response = self
            .app
            .new_client()
            .get(self.app.at(&format!("/api/events/{}{path}", self.event_id)))
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    fn db(&self) -> rusqlite::Connection {
        let conn = rusqlite::Connection::open(&self.app.db_path).unwrap();
        conn.busy_timeout(std::time::Duration::from_secs(10)).unwrap();
        conn
    }
}

fn tier_teams(night: &Value) -> Vec<Vec<i64>> {
    night["tiers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["teams"].as_array().unwrap().iter().map(|x| x["teamId"].as_i64().unwrap()).collect())
        .collect()
}

async fn refusal(response: Response) -> (u16, Value) {
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

#[tokio::test]
async fn an_event_becomes_a_league_and_its_first_grid_is_published_with_courts_and_times() {
    let l = League::event(10).await;
    let answer = l.created(&season(15)).await;
    let league = &answer["league"];
    assert!(league["id"].as_i64().is_some(), "{answer}");
    let nights = league["nights"].as_array().unwrap();
    assert_eq!(nights.len(), 10);
    assert_eq!((nights[0]["number"].as_u64(), nights[0]["date"].as_str()), (Some(1), Some("2027-06-08")));
    assert_eq!((nights[9]["number"].as_u64(), nights[9]["date"].as_str()), (Some(10), Some("2027-08-10")));
    let states: Vec<&str> = nights.iter().map(|n| n["state"].as_str().unwrap()).collect();
    assert_eq!(states[0], "published");
    assert!(states[1..].iter().all(|s| *s == "planned"), "{states:?}");

    // Ten teams in groups of 3: 3 + 3 + 4, in registration order, tier 3 back on court 1.
    let night = &answer["night"];
    assert_eq!(night["number"], 1);
    let t = &l.teams;
    assert_eq!(tier_teams(night), [vec![t[0], t[1], t[2]], vec![t[3], t[4], t[5]], vec![t[6], t[7], t[8], t[9]]]);
    let tiers = night["tiers"].as_array().unwrap();
    let courts: Vec<i64> = tiers.iter().map(|t| t["courtId"].as_i64().unwrap()).collect();
    assert_eq!(courts, [1, 2, 1]);
    assert_eq!(tiers[0]["courtName"], "Terrain de volleyball 1");
    assert_eq!(tiers[0]["teams"][0]["teamName"], "Équipe T0");
    assert!(tiers.iter().flat_map(|t| t["teams"].as_array().unwrap()).all(|x| x["movement"] == "new"));
    // A round robin per group; 18:30 in Gatineau in June is 22:30 UTC; the group of 4 plays
    // once the first wave (three 15-minute matches) is done.
    let counts: Vec<usize> = tiers.iter().map(|t| t["matches"].as_array().unwrap().len()).collect();
    assert_eq!(counts, [3, 3, 6]);
    assert_eq!(tiers[0]["matches"][0]["scheduledTime"], "2027-06-08T22:30:00Z");
    assert_eq!(tiers[0]["matches"][2]["scheduledTime"], "2027-06-08T23:00:00Z");
    assert_eq!(tiers[2]["matches"][0]["scheduledTime"], "2027-06-08T23:15:00Z");
    assert_eq!(tiers[2]["matches"][5]["scheduledTime"], "2027-06-09T00:30:00Z");

    // The public page reads the same, as a visitor; another night by its number.
    let (status, public) = l.public("/league").await;
    assert_eq!(status, 200);
    assert_eq!(public, answer);
    let (status, second) = l.public("/league/nights/2").await;
    assert_eq!((status, &second["night"]["state"], &second["night"]["tiers"]), (200, &json!("planned"), &json!([])));
    for missing in ["/league/nights/11", "/league/nights/0", "/league/nights/x"] {
        assert_eq!(l.public(missing).await.0, 404, "{missing}");
    }
}

#[tokio::test]
async fn an_event_without_a_league_answers_null() {
    let l = League::event(0).await;
    let (status, public) = l.public("/league").await;
    assert_eq!((status, public), (200, json!({"league": null, "night": null})));
    assert_eq!(l.public("/league/nights/1").await.0, 404);
}

#[tokio::test]
async fn a_league_that_cannot_be_laid_out_is_refused_saying_what_is_needed() {
    let l = League::event(10).await;
    // 20-minute matches: the group of 4 ends 180 minutes after 18:30, the courts close at 21:00.
    let (status, body) = refusal(l.create(&season(20)).await).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("league_too_many_waves")), "{body}");
    let message = body["message"].as_str().unwrap();
    assert!(message.contains("180") && message.contains("150"), "{message}");

    let few = League::event(3).await;
    let (status, body) = refusal(few.create(&season(15)).await).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("league_too_few_teams")));
    assert_eq!(body["message"], "Il faut au moins 4 équipes pour former deux groupes ; 3 sont inscrites.");
    let path = format!("/api/admin/events/{}/league", few.event_id);
    let (_, body) = refusal(few.send(reqwest::Method::POST, &path, &season(15), "en").await).await;
    assert_eq!(body["message"], "At least 4 teams are needed to form two groups; 3 are registered.");

    // Out of range: 422 on the field, nothing created.
    let mut bad = season(15);
    bad["groupSize"] = json!(5);
    bad["courts"] = json!([1, 99]);
    let (status, body) = refusal(l.create(&bad).await).await;
    assert_eq!((status, body["fieldErrors"]["groupSize"].is_string()), (422, true), "{body}");
    bad["groupSize"] = json!(3);
    let (status, body) = refusal(l.create(&bad).await).await;
    assert_eq!((status, body["fieldErrors"]["courts"].as_str()), (422, Some("Un des terrains choisis n'existe pas")));
    // October: the courts' season is over (15 May to 30 September).
    let mut autumn = season(15);
    autumn["firstNight"] = json!("2027-09-21");
    let (status, body) = refusal(l.create(&autumn).await).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("league_night_courts_closed")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("2027-10-05"), "{body}");
    assert_eq!(l.public("/league").await.1["league"], Value::Null);
}

#[tokio::test]
async fn an_event_holds_a_tournament_or_a_league_never_both_nor_two_leagues() {
    let l = League::event(4).await;
    l.created(&season(15)).await;
    let (status, body) = refusal(l.create(&season(15)).await).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("league_exists")));
    let response = l
        .app
        .client
        .post(l.app.at(&format!("/api/admin/events/{}/tournament", l.event_id)))
        .json(&config(2, 1))
        .send()
        .await
        .unwrap();
    let (status, body) = refusal(response).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("event_has_league")));

    let other = create_event(&l.app, "Tournoi").await;
    register_teams(&l.app, other, 4).await;
    create_tournament(&l.app, other, &config(2, 1)).await;
    let response = l.send(reqwest::Method::POST, &format!("/api/admin/events/{other}/league"), &season(15), "fr").await;
    let (status, body) = refusal(response).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("event_has_tournament")));
    // The database refuses it too, whatever the code above does.
    let league_id: i64 = l.db().query_row("SELECT id FROM leagues", [], |r| r.get(0)).unwrap();
    let inserted = l.db().execute(
        "INSERT INTO tournaments (event_id, name, created_at) VALUES (?1, 'x', '2027-01-01T00:00:00Z')",
        [l.event_id],
    );
    assert!(inserted.is_err(), "league {league_id}'s event took a tournament");
}

#[tokio::test]
async fn the_admin_seeds_the_first_night_until_a_night_is_played() {
    let l = League::event(6).await;
    let league_id = l.created(&season(15)).await["league"]["id"].as_i64().unwrap();
    let path = format!("/api/admin/leagues/{league_id}/seeding");
    let reversed: Vec<i64> = l.teams.iter().rev().copied().collect();
    let response = l.send(reqwest::Method::PUT, &path, &json!({"teamIds": reversed}), "fr").await;
    assert_eq!(response.status(), 200);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["league"]["seeding"], json!(reversed));
    assert_eq!(tier_teams(&answer["night"]).concat(), reversed);
    assert_eq!(l.public("/league").await.1, answer);

    // Each team once, every team.
    let twice: Vec<i64> = [&reversed[..], &reversed[..1]].concat();
    for bad in [json!(reversed[1..]), json!(twice), json!([1, 2, 3, 4, 5, 999])] {
        let (status, body) = refusal(l.send(reqwest::Method::PUT, &path, &json!({"teamIds": bad}), "fr").await).await;
        assert_eq!((status, body["fieldErrors"]["teamIds"].is_string()), (422, true), "{bad}: {body}");
    }
    l.db()
        .execute("UPDATE league_nights SET state = 'played' WHERE league_id = ?1 AND number = 1", [league_id])
        .unwrap();
    let (status, body) = refusal(l.send(reqwest::Method::PUT, &path, &json!({"teamIds": l.teams}), "fr").await).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("league_seeding_locked")));
    let missing = l.send(reqwest::Method::PUT, "/api/admin/leagues/999/seeding", &json!({"teamIds": []}), "fr").await;
    assert_eq!(missing.status(), 404);
}

#[tokio::test]
async fn the_season_is_edited_its_settled_nights_kept_in_place() {
    let l = League::event(10).await;
    let league_id = l.created(&season(15)).await["league"]["id"].as_i64().unwrap();
    let path = format!("/api/admin/leagues/{league_id}");
    // Before anything is played: groups of 4 and twelve weeks; night 1 is drawn again.
    let mut body = season(15);
    body["groupSize"] = json!(4);
    body["weeks"] = json!(12);
    let response = l.send(reqwest::Method::PUT, &path, &body, "fr").await;
    assert_eq!(response.status(), 200, "{:?}", response.text().await);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["league"]["nights"].as_array().unwrap().len(), 12);
    let sizes: Vec<usize> = tier_teams(&answer["night"]).iter().map(Vec::len).collect();
    assert_eq!(sizes, [4, 3, 3]);

    // Night 1 is published: it cannot go, nor a night come before it.
    let mut moved = body.clone();
    moved["firstNight"] = json!("2027-06-15");
    let (status, refused) = refusal(l.send(reqwest::Method::PUT, &path, &moved, "fr").await).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("league_night_locked")), "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("2027-06-08"), "{refused}");
    let mut earlier = body.clone();
    earlier.as_object_mut().unwrap().remove("firstNight");
    earlier.as_object_mut().unwrap().remove("weeks");
    earlier["nights"] = json!(["2027-06-01", "2027-06-08"]);
    assert_eq!(l.send(reqwest::Method::PUT, &path, &earlier, "fr").await.status(), 409);

    // Once night 1 is played the settings stay; nights are still added and removed.
    l.db()
        .execute("UPDATE league_nights SET state = 'played' WHERE league_id = ?1 AND number = 1", [league_id])
        .unwrap();
    let mut settings = body.clone();
    settings["startTime"] = json!("18:00");
    let (status, refused) = refusal(l.send(reqwest::Method::PUT, &path, &settings, "en").await).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("league_settings_locked")));
    let mut shorter = body.clone();
    shorter["weeks"] = json!(3);
    let answer: Value = l.send(reqwest::Method::PUT, &path, &shorter, "fr").await.json().await.unwrap();
    let nights: Vec<(u64, &str, &str)> = answer["league"]["nights"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["number"].as_u64().unwrap(), n["date"].as_str().unwrap(), n["state"].as_str().unwrap()))
        .collect();
    assert_eq!(nights, [(1, "2027-06-08", "played"), (2, "2027-06-15", "planned"), (3, "2027-06-22", "planned")]);
    // This week's night is the last played while none is published.
    assert_eq!(answer["night"]["number"], 1);
}

#[tokio::test]
async fn a_night_s_grid_prints_for_the_clubhouse_board() {
    let l = League::event(10).await;
    let id = l.created(&season(15)).await["league"]["id"].as_i64().unwrap();
    let response = l.app.get(&format!("/api/admin/leagues/{id}/nights/1.xlsx")).await;
    assert_eq!(response.status(), 200);
    let header = |name: &str| response.headers()[name].to_str().unwrap().to_owned();
    assert_eq!(header("x-row-count"), "12", "3 + 3 + 6 matches");
    assert!(header("content-disposition").contains("grille_Ligue_du_mardi_soiree1_2027-06-08.xlsx"));
    let book = crate::common::snap::workbook(&response.bytes().await.unwrap());
    let grid = book["Grille"].as_array().unwrap();
    assert_eq!(grid[0], json!(["Niveau", "Terrain", "Heure", "Équipe 1", "Équipe 2"]));
    // 18:30 on the centre's clock, whatever the server's zone; tier 3 after the first wave.
    let first = |row: &Value| row.as_array().unwrap()[..3].to_vec();
    assert_eq!(first(&grid[1]), [json!(1.0), json!("Terrain de volleyball 1"), json!({"date": "2027-06-08 18:30"})]);
    assert_eq!(first(&grid[7]), [json!(3.0), json!("Terrain de volleyball 1"), json!({"date": "2027-06-08 19:15"})]);
    let teams = book["Équipes"].as_array().unwrap();
    assert_eq!(teams.len(), 11);
    assert_eq!(teams[1], json!([1.0, "Terrain de volleyball 1", "Équipe T0", "nouvelle", null]));
    // A night with no grid yet, a night that is not one, a league that is not: 404.
    for path in ["nights/2.xlsx", "nights/11.xlsx", "nights/1.csv", "nights/x.xlsx"] {
        assert_eq!(l.app.get(&format!("/api/admin/leagues/{id}/{path}")).await.status(), 404, "{path}");
    }
    assert_eq!(l.app.get("/api/admin/leagues/999/nights/1.xlsx").await.status(), 404);
    let member = l.captains[0].user.client.get(l.app.at(&format!("/api/admin/leagues/{id}/nights/1.xlsx")));
    assert_eq!(member.send().await.unwrap().status(), 403);
}
