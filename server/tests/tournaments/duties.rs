//! Work teams drawn with the schedule, where the tournament's matches get one: never a team
//! that plays at that time, spread evenly, the knockout's filled in by earlier losers; the work
//! team's captain proposes a result that a playing captain confirms.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::support::*;

fn duty_config() -> Value {
    let mut body = config(2, 1);
    body["scoring"] = json!("teams");
    body["duty"] = json!("teams");
    body
}

/// Matches overlap when their starts are less than one slot (a match and its break) apart.
fn overlapping<'a>(matches: &'a [Value], m: &Value) -> Vec<&'a Value> {
    let start = at(m["scheduledTime"].as_str().unwrap());
    matches.iter().filter(|o| (at(o["scheduledTime"].as_str().unwrap()) - start).num_minutes().abs() < 30).collect()
}

#[tokio::test]
async fn every_pool_match_gets_a_work_team_that_plays_nothing_then_and_duties_are_even() {
    let setup = Setup::new(6, duty_config()).await;
    setup.generate().await;
    let matches = setup.matches().await;
    let mut duties: BTreeMap<i64, usize> = BTreeMap::new();
    for m in &matches {
        let duty = m["dutyTeamId"].as_i64().unwrap_or_else(|| panic!("no work team: {m}"));
        for o in overlapping(&matches, m) {
            assert!(o["team1Id"] != duty && o["team2Id"] != duty, "{duty} plays while on duty: {m}");
            assert!(o["id"] == m["id"] || o["dutyTeamId"] != duty, "{duty} on two duties at once");
        }
        assert!(m["dutyTeamName"].as_str().is_some_and(|n| n.starts_with("Équipe T")), "{m}");
        *duties.entry(duty).or_default() += 1;
    }
    assert_eq!(duties.len(), 6, "every team referees: {duties:?}");
    let (min, max) = (duties.values().min().unwrap(), duties.values().max().unwrap());
    assert!(max - min <= 1, "{duties:?}");
    // Six teams, each match needing a third team free: two matches at a time on two courts.
    let first_slot = matches.iter().filter(|m| m["slotIndex"] == 0).count();
    assert_eq!(first_slot, 2);
    let quality = &setup.tournament().await["dutyQuality"];
    assert_eq!(
        (quality["conflicts"].as_u64(), quality["spread"].as_u64().map(|s| s <= 1)),
        (Some(0), Some(true)),
        "{quality}"
    );
}

#[tokio::test]
async fn the_work_teams_captain_proposes_and_a_playing_captain_confirms() {
    let setup = Setup::new(6, duty_config()).await;
    setup.generate().await;
    let m = setup.matches().await.into_iter().next().unwrap();
    let captain = |id: i64| setup.teams.iter().find(|t| t.id == id).unwrap();
    let duty = captain(m["dutyTeamId"].as_i64().unwrap());
    let player = captain(m["team2Id"].as_i64().unwrap());
    let url = setup.app.at(&format!("/api/matches/{}/report", m["id"]));
    let body = json!({"team1Score": 21, "team2Score": 16});
    let proposed: Value = duty.user.client.post(&url).json(&body).send().await.unwrap().json().await.unwrap();
    assert_eq!(
        (proposed["report"]["state"].as_str(), proposed["report"]["byTeamId"].as_i64()),
        (Some("proposed"), Some(duty.id))
    );
    let confirmed: Value = player.user.client.post(&url).json(&body).send().await.unwrap().json().await.unwrap();
    assert_eq!(
        (confirmed["report"]["state"].as_str(), confirmed["status"].as_str()),
        (Some("confirmed"), Some("completed"))
    );
}

#[tokio::test]
async fn the_knockout_is_refereed_by_earlier_losers_filled_in_once_known() {
    let setup = Setup::new(4, duty_config()).await;
    setup.generate().await;
    for m in setup.matches().await {
        let (a, b) = (m["team1Id"].as_i64().unwrap(), m["team2Id"].as_i64().unwrap());
        // The lower id wins: the table is 1, 2, 3, 4 in registration order.
        let (sa, sb) = if a < b { (21, 10) } else { (10, 21) };
        setup.score_ok(id(&m["id"]), sa, sb).await;
    }
    let knockout: Vec<Value> = setup.matches().await.into_iter().filter(|m| m["roundType"] != "pool").collect();
    assert_eq!(knockout.len(), 3, "two semifinals and the final, one court at a time");
    let sf1 = bracket(&knockout, "SF1");
    let sf2 = bracket(&knockout, "SF2");
    let fin = bracket(&knockout, "F");
    // SF1 first: refereed by a team of SF2; SF2 and the final by a loser still to be known.
    let sf1_duty = sf1["dutyTeamId"].as_i64().unwrap();
    assert!(sides(sf2).0 == Some(sf1_duty) || sides(sf2).1 == Some(sf1_duty), "{sf1}");
    assert_eq!((sf2["dutyFrom"].as_str(), sf2["dutyTeamId"].as_i64()), (Some("Perdant SF1"), None));
    assert_eq!((&sf2["dutyFromCode"], &fin["dutyFromCode"]), (&json!("SF1"), &json!("SF2")));
    // In the request's language.
    let url = setup.app.at(&format!("/api/admin/tournaments/{}/matches", sf2["tournamentId"]));
    let english: Vec<Value> =
        setup.app.client.get(url).header("X-Lang", "en").send().await.unwrap().json().await.unwrap();
    assert_eq!(bracket(&english, "F")["dutyFrom"], "Loser SF2");
    // Once SF1 is final its loser referees SF2.
    let (a, b) = sides(sf1);
    let winner_first = a.unwrap() < b.unwrap();
    setup.score_ok(id(&sf1["id"]), if winner_first { 21 } else { 10 }, if winner_first { 10 } else { 21 }).await;
    let loser = if winner_first { b } else { a };
    let after = setup.matches().await;
    let sf2 = bracket(&after, "SF2");
    assert_eq!((sf2["dutyTeamId"].as_i64(), &sf2["dutyFrom"]), (loser, &Value::Null), "{sf2}");
}

#[tokio::test]
async fn an_admin_gives_a_match_another_work_team_that_is_free_then() {
    let setup = Setup::new(6, duty_config()).await;
    setup.generate().await;
    let matches = setup.matches().await;
    let m = &matches[0];
    let put = |team: Value| {
        let url = setup.app.at(&format!("/api/admin/matches/{}/duty", m["id"]));
        setup.app.client.put(url).header("X-Lang", "fr").json(&json!({"teamId": team})).send()
    };
    // A team playing at that time (its own, or the match beside it), or refereeing beside it: 409.
    let beside = overlapping(&matches, m).into_iter().find(|o| o["id"] != m["id"]).unwrap().clone();
    for busy in [&m["team1Id"], &beside["team2Id"], &beside["dutyTeamId"]] {
        let (status, refusal) = refused(put(busy.clone()).await.unwrap()).await;
        assert_eq!((status, refusal["code"].as_str()), (409, Some("duty_team_busy")), "{busy}");
    }
    let (status, refusal) = refused(put(json!(999_999)).await.unwrap()).await;
    assert_eq!((status, refusal["code"].as_str()), (422, Some("duty_team_invalid")));
    assert_eq!(put(json!("x")).await.unwrap().status(), 422);
    // The one team free then takes it (the drawn one is that team: giving it again changes nothing).
    let answered: Value = put(m["dutyTeamId"].clone()).await.unwrap().json().await.unwrap();
    assert_eq!(answered["dutyTeamId"], m["dutyTeamId"]);
    // Only an admin: not a visitor, a member, a supervisor, nor any captain, the match's own,
    // its work team's or another team's.
    let url = setup.app.at(&format!("/api/admin/matches/{}/duty", m["id"]));
    let body = json!({"teamId": m["dutyTeamId"]});
    let anonymous = setup.app.new_client();
    assert_eq!(anonymous.put(&url).json(&body).send().await.unwrap().status(), 401);
    let member = setup.app.user("membre@example.org", None).await;
    let supervisor = setup.app.user("superviseure@example.org", Some("supervisor")).await;
    let captain = |team: &Value| setup.teams.iter().find(|t| Some(t.id) == team.as_i64()).unwrap();
    let other = setup
        .teams
        .iter()
        .find(|t| ![&m["team1Id"], &m["team2Id"], &m["dutyTeamId"]].iter().any(|x| x.as_i64() == Some(t.id)))
        .unwrap();
    let refused_ones = [
        &member.client,
        &supervisor.client,
        &captain(&m["team1Id"]).user.client,
        &captain(&m["dutyTeamId"]).user.client,
    ];
    for client in refused_ones.into_iter().chain([&other.user.client]) {
        assert_eq!(client.put(&url).json(&body).send().await.unwrap().status(), 403);
    }
}

#[tokio::test]
async fn a_team_withdrawn_after_it_played_never_referees_the_knockout() {
    // Six teams; three play their pool and withdraw; the last withdrawal completes the pool
    // (its matches left are forfeits) and draws the final between the two still in. The teams
    // out stay in the table, but no one is left free to referee: the final has no work team
    // rather than a team whose registration is gone.
    let setup = Setup::new(6, duty_config()).await;
    setup.generate().await;
    let ids = setup.ids();
    let last = ids[5];
    for m in setup.matches().await {
        let (a, b) = (id(&m["team1Id"]), id(&m["team2Id"]));
        if a != last && b != last {
            setup.score_ok(id(&m["id"]), if a < b { 21 } else { 15 }, if a < b { 15 } else { 21 }).await;
        }
    }
    for gone in [ids[0], ids[1], ids[4], last] {
        setup.delete_team(gone).await;
    }
    let knockout: Vec<Value> = setup.matches().await.into_iter().filter(|m| m["roundType"] != "pool").collect();
    assert_eq!(knockout.len(), 1, "the final is drawn once the pool is complete: {knockout:?}");
    let fin = &knockout[0];
    assert_eq!(sides(fin), (Some(ids[2]), Some(ids[3])), "{fin}");
    assert_eq!(
        (&fin["dutyTeamId"], &fin["dutyFrom"], &fin["dutyFromCode"]),
        (&Value::Null, &Value::Null, &Value::Null),
        "{fin}"
    );
    assert_eq!(setup.standings().await.len(), 6, "the teams out stay in the table");
}
