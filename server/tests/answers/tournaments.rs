//! A tournament of 4 teams in one pool on 2 courts, scheduled, its first match scored: the
//! public page's answer, the console's view, its matches and standings, and a member's team.

use super::{answer, assert_answer};
use crate::common::snap;
use crate::tournaments::support::{Setup, config, id};

#[tokio::test]
async fn a_tournament_under_way() {
    let setup = Setup::new(4, config(2, 1)).await;
    let app = &setup.app;
    setup.generate().await;
    setup.score_ok(id(&setup.matches().await[0]["id"]), 21, 18).await;

    let mut settings = snap::answer_settings();
    // The event is 10 days from the run; the tournament's own times are fixed.
    settings.add_redaction(".**.eventStartDate", "[10 days from the run]");
    let event = setup.event_id;
    let public = answer(app, &app.new_client(), &format!("/api/events/{event}/tournament")).await;
    assert_answer(&settings, "tournament_public", &public);
    let admin = answer(app, &app.client, &format!("/api/admin/events/{event}/tournament")).await;
    assert_answer(&settings, "tournament_admin", &admin);
    let tournament = setup.tournament_id;
    let matches = answer(app, &app.client, &format!("/api/admin/tournaments/{tournament}/matches")).await;
    assert_answer(&settings, "tournament_matches", &matches);
    let standings = answer(app, &app.client, &format!("/api/admin/tournaments/{tournament}/standings")).await;
    assert_answer(&settings, "tournament_standings", &standings);
    let member = &setup.teams[0].user.client;
    assert_answer(&settings, "user_team", &answer(app, member, &format!("/api/events/{event}/user-team")).await);
    assert_answer(&settings, "user_tournament_data", &answer(app, member, "/api/user/tournament-data").await);
}
