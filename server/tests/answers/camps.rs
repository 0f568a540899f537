//! The day camps: the programs in French and in English, a program's weeks with one child
//! registered, the parent's registrations and the console's overview. The weeks are the coming
//! summer's, so their dates (and the child's birth date, drawn from them) are redacted.

use super::{answer, assert_answer};
use crate::common::snap;
use crate::payments::support::{camp_weeks, register_camp, spawn};

#[tokio::test]
async fn the_programs_the_weeks_and_a_registration() {
    let app = spawn().await;
    let ana = app.user("ana@example.org", None).await;
    let weeks = camp_weeks(&app).await;
    register_camp(&app, &ana, "Léa", &[weeks[0].0, weeks[2].0], "fr").await;

    let mut settings = snap::answer_settings();
    settings.add_redaction(".**.startDate", "[a Monday of the coming summer]");
    settings.add_redaction(".**.endDate", "[that week's Friday]");
    settings.add_redaction(".**.childBirthDate", "[7 years and 30 days before the first week]");
    for lang in ["fr", "en"] {
        let response = app.new_client().get(app.at("/api/day-camp-programs")).header("X-Lang", lang).send().await;
        let programs: serde_json::Value = response.unwrap().json().await.unwrap();
        assert_answer(&settings, &format!("day_camp_programs_{lang}"), &programs);
    }
    let explorateurs = answer(&app, &app.new_client(), "/api/day-camp-weeks?programId=explorateurs").await;
    assert_answer(&settings, "day_camp_weeks", &explorateurs);
    let mine = answer(&app, &ana.client, "/api/user/day-camp-registrations").await;
    assert_answer(&settings, "user_day_camp_registrations", &mine);
    assert_answer(&settings, "admin_day_camps", &answer(&app, &app.client, "/api/admin/day-camps").await);
}
