//! Day camps through the real router: programs and weeks from the database, the 9:00 rush,
//! all-or-nothing multi-week registrations, the age rule, the same child twice, every
//! validation message in both languages, the parent's own registrations, and the admin tab
//! (children per week, payment follow-up, xlsx export read back with calamine).
#![allow(clippy::unwrap_used)]

use crate::common;

use std::io::Cursor;

use calamine::{Reader, Xlsx};
use centre_core::Lang;
use centre_core::camps::week_label;
use chrono::{Months, NaiveDate};
use common::{TestApp, User};

use crate::event_registrations::xlsx_checks;
use serde_json::{Value, json};

#[derive(Debug, Clone)]
pub(crate) struct Week {
    pub(crate) id: i64,
    pub(crate) start: NaiveDate,
    end: NaiveDate,
}

pub(crate) async fn weeks(app: &TestApp) -> Vec<Week> {
    let body: Value = app.get("/api/day-camp-weeks?programId=explorateurs").await.json().await.unwrap();
    body.as_array()
        .unwrap()
        .iter()
        .map(|w| Week {
            id: w["id"].as_i64().unwrap(),
            start: w["startDate"].as_str().unwrap().parse().unwrap(),
            end: w["endDate"].as_str().unwrap().parse().unwrap(),
        })
        .collect()
}

/// A birth date giving `age` on the first week's Monday (and all summer, unless the
/// birthday falls in it).
pub(crate) fn born(weeks: &[Week], age: u32, days_before: u64) -> String {
    let first = weeks[0].start;
    let date = first.checked_sub_months(Months::new(12 * age)).unwrap() - chrono::Days::new(days_before);
    date.to_string()
}

pub(crate) fn form(first: &str, birth: &str, weeks: &[i64]) -> Value {
    json!({
        "weekIds": weeks.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
        "childFirstName": first, "childLastName": "Roy", "childBirthDate": birth, "childGender": "girl",
        "parentName": "Ana Roy", "parentEmail": "ana@example.org", "parentPhone": "819-555-0101", "healthForm": {"emergencyContacts": [{"name": "Marc Roy", "relation": "grand-père", "phone": "819-555-0199"}]}, "healthConsent": true, "healthConsentVersion": "sante-2026-1",
        "emergencyPhone": "819-555-0199", "medicalConditions": "Allergie aux arachides", "canSwim": true
    })
}

pub(crate) async fn register(user: &User, url: &str, body: &Value) -> (u16, Value) {
    register_in(user, url, body, None).await
}

/// [`register`], the answer asked in `lang` (X-Lang) when given.
async fn register_in(user: &User, url: &str, body: &Value, lang: Option<&str>) -> (u16, Value) {
    let mut request = user.client.post(format!("{url}/api/day-camp-registrations")).json(body);
    if let Some(lang) = lang {
        request = request.header("X-Lang", lang);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

pub(crate) fn db(app: &TestApp) -> rusqlite::Connection {
    let conn = rusqlite::Connection::open(&app.db_path).unwrap();
    conn.busy_timeout(std::time::Duration::from_secs(10)).unwrap();
    conn
}

fn taken(app: &TestApp, program: &str, week: i64) -> i64 {
    db(app)
        .query_row(
            "SELECT taken FROM day_camp_places WHERE program_id = ?1 AND week_id = ?2",
            rusqlite::params![program, week],
            |r| r.get(0),
        )
        .unwrap()
}

pub(crate) fn count(app: &TestApp, sql: &str) -> i64 {
    db(app).query_row(sql, [], |r| r.get(0)).unwrap()
}

#[tokio::test]
async fn programs_and_weeks_come_from_the_database() {
    let app = TestApp::spawn().await;
    let programs: Value = app.get("/api/day-camp-programs").await.json().await.unwrap();
    let summary: Vec<(String, i64, i64, f64, usize)> = programs
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["id"].as_str().unwrap().to_owned(),
                p["minAge"].as_i64().unwrap(),
                p["maxAge"].as_i64().unwrap(),
                p["weeklyPrice"].as_f64().unwrap(),
                p["features"].as_array().unwrap().len(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("explorateurs".into(), 6, 8, 120.0, 3),
            ("aventuriers".into(), 9, 12, 140.0, 3),
            ("leaders".into(), 13, 16, 160.0, 3)
        ]
    );
    assert_eq!(programs[0]["name"], "Explorateurs");
    let english: Value = app
        .client
        .get(app.at("/api/day-camp-programs"))
        .header("X-Lang", "en")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(english[0]["name"], "Explorers");

    let weeks: Value = app.get("/api/day-camp-weeks?programId=leaders").await.json().await.unwrap();
    let weeks = weeks.as_array().unwrap();
    assert_eq!(weeks.len(), 6);
    for (n, w) in weeks.iter().enumerate() {
        assert_eq!(w["label"], format!("week{}", n + 1));
        assert_eq!(
            (w["capacity"].as_i64(), w["remaining"].as_i64(), w["open"].as_bool()),
            (Some(20), Some(20), Some(true))
        );
        let start: NaiveDate = w["startDate"].as_str().unwrap().parse().unwrap();
        assert_eq!(start.format("%A").to_string(), "Monday");
        assert!(matches!(start.format("%m").to_string().as_str(), "07" | "08"));
        assert_eq!(w["places"].as_array().unwrap().len(), 3);
    }
    // Without a program: every program's places, no single capacity.
    let all: Value = app.get("/api/day-camp-weeks").await.json().await.unwrap();
    assert!(all[0].get("capacity").is_none());
    assert_eq!(all[0]["places"][0]["programId"], "explorateurs");
    assert_eq!(app.get("/api/day-camp-weeks?programId=nope").await.status(), 404);
}

#[tokio::test]
async fn the_9am_rush_never_oversells_a_week() {
    // The 200 requests stand for parents on many networks; here they all come from loopback, so
    // this one address may hold them all at once.
    let app = TestApp::spawn_with(|s| s.connections.per_address = 512).await;
    let weeks = weeks(&app).await;
    let mut parents = Vec::new();
    for p in 0..10 {
        parents.push(app.user(&format!("parent{p}@example.org"), None).await);
    }
    // 200 different children at once: 150 ask for one week (25 per week, more than its 20
    // places, so every week fills), 50 for two consecutive weeks.
    let birth = born(&weeks, 7, 30);
    let requests: Vec<(usize, Vec<i64>)> = (0..200)
        .map(|i| {
            let w = i % 6;
            let chosen = if i < 150 { vec![weeks[w].id] } else { vec![weeks[w].id, weeks[(w + 1) % 6].id] };
            (i, chosen)
        })
        .collect();
    let mut tasks = tokio::task::JoinSet::new();
    for (i, chosen) in requests {
        let mut body = form(&format!("Enfant{i}"), &birth, &chosen);
        body["programId"] = json!("explorateurs");
        let client = parents[i % parents.len()].client.clone();
        let url = app.at("/api/day-camp-registrations");
        tasks.spawn(async move {
            let response = client.post(url).json(&body).send().await.unwrap();
            let status = response.status().as_u16();
            (chosen, (status, response.json::<Value>().await.unwrap_or(Value::Null)))
        });
    }
    let results = tasks.join_all().await;
    let mut created = 0;
    for (chosen, (status, body)) in &results {
        match status {
            201 => {
                created += 1;
                assert_eq!(body["amountPaid"].as_f64(), Some(120.0 * chosen.len() as f64));
            }
            409 => assert_eq!(body["code"], "camp_week_full", "{body}"),
            other => panic!("unexpected {other}: {body}"),
        }
    }
    for w in &weeks {
        assert_eq!(taken(&app, "explorateurs", w.id), 20, "week {}", w.start);
        let enrolled = db(&app)
            .query_row("SELECT count(*) FROM day_camp_enrolments WHERE week_id = ?1", [w.id], |r| r.get::<_, i64>(0))
            .unwrap();
        assert_eq!(enrolled, 20);
    }
    // All or nothing: every registration holds exactly the weeks it asked for.
    assert_eq!(count(&app, "SELECT count(*) FROM day_camp_registrations"), created);
    let partial = count(
        &app,
        "SELECT count(*) FROM day_camp_registrations r
          WHERE (SELECT count(*) FROM day_camp_enrolments e WHERE e.registration_id = r.id) = 0",
    );
    assert_eq!(partial, 0);
    // The other programs were untouched.
    assert_eq!(taken(&app, "aventuriers", weeks[0].id), 0);
    let listed: Value = app.get("/api/day-camp-weeks?programId=explorateurs").await.json().await.unwrap();
    assert!(listed.as_array().unwrap().iter().all(|w| w["remaining"] == 0));
}

#[tokio::test]
async fn a_multi_week_registration_is_all_or_nothing_and_names_the_full_week() {
    let app = TestApp::spawn().await;
    let weeks = weeks(&app).await;
    let parent = app.user("ana@example.org", None).await;
    // Week 2 of leaders has one place; someone takes it.
    db(&app)
        .execute("UPDATE day_camp_places SET capacity = 1 WHERE program_id = 'leaders' AND week_id = ?1", [weeks[1].id])
        .unwrap();
    let birth = born(&weeks, 14, 30);
    let mut first = form("Zoé", &birth, &[weeks[1].id]);
    first["programId"] = json!("leaders");
    assert_eq!(register(&parent, &app.url, &first).await.0, 201);
    let emails_before = count(&app, "SELECT count(*) FROM outbox_emails");

    let mut three = form("Noé", &birth, &[weeks[0].id, weeks[1].id, weeks[2].id]);
    three["programId"] = json!("leaders");
    let (status, body) = register(&parent, &app.url, &three).await;
    assert_eq!(status, 409);
    assert_eq!(body["code"], "camp_week_full");
    let label = week_label(weeks[1].start, weeks[1].end, Lang::Fr);
    assert_eq!(body["message"], format!("La semaine du {label} est complète."));
    assert_eq!(body["fieldErrors"]["weekId"], body["message"]);
    // Nothing was kept: weeks 1 and 3 still have every place, no row, no e-mail.
    assert_eq!(taken(&app, "leaders", weeks[0].id), 0);
    assert_eq!(taken(&app, "leaders", weeks[2].id), 0);
    assert_eq!(taken(&app, "leaders", weeks[1].id), 1);
    assert_eq!(count(&app, "SELECT count(*) FROM day_camp_registrations"), 1);
    assert_eq!(count(&app, "SELECT count(*) FROM outbox_emails"), emails_before);

    // In English the week is named the English way.
    let (_, body) = register_in(&parent, &app.url, &three, Some("en")).await;
    let label = week_label(weeks[1].start, weeks[1].end, Lang::En);
    assert_eq!(body["message"], format!("The week of {label} is full."));

    // Without the full week, the same child gets weeks 1 and 3, and pays for two.
    three["weekIds"] = json!([weeks[0].id.to_string(), weeks[2].id.to_string()]);
    let (status, body) = register(&parent, &app.url, &three).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["amountPaid"], 320.0);
    assert_eq!(body["weeks"].as_array().unwrap().len(), 2);
    assert_eq!((taken(&app, "leaders", weeks[0].id), taken(&app, "leaders", weeks[2].id)), (1, 1));
}

#[tokio::test]
async fn the_childs_age_on_the_first_day_of_each_week_must_fit_the_program() {
    let app = TestApp::spawn().await;
    let weeks = weeks(&app).await;
    let parent = app.user("ana@example.org", None).await;

    // Five on the first Monday (six the day after): too young for explorateurs.
    let five = (weeks[0].start.checked_sub_months(Months::new(72)).unwrap() + chrono::Days::new(1)).to_string();
    let mut body = form("Léa", &five, &[weeks[0].id]);
    body["programId"] = json!("explorateurs");
    let (status, answer) = register(&parent, &app.url, &body).await;
    assert_eq!(status, 422);
    assert_eq!(answer["code"], "child_age_program");
    let label = week_label(weeks[0].start, weeks[0].end, Lang::Fr);
    let expected = format!(
        "À 5 ans le premier jour de la semaine du {label}, l'enfant n'a pas l'âge du programme Explorateurs (6 à 8 ans)."
    );
    assert_eq!(answer["message"], expected);
    assert_eq!(answer["fieldErrors"]["childBirthDate"], expected);

    // Turns 9 during the summer: fits week 1, not week 6, so the registration names week 6.
    let turns_nine = (weeks[2].start.checked_sub_months(Months::new(108)).unwrap()).to_string();
    let mut body = form("Noé", &turns_nine, &[weeks[0].id, weeks[5].id]);
    body["programId"] = json!("explorateurs");
    let (status, answer) = register_in(&parent, &app.url, &body, Some("en")).await;
    assert_eq!(status, 422);
    let label = week_label(weeks[5].start, weeks[5].end, Lang::En);
    assert_eq!(
        answer["message"],
        format!(
            "At 9 on the first day of the week of {label}, the child is not within the Explorers program's ages (6 to 8)."
        )
    );
    assert_eq!(count(&app, "SELECT sum(taken) FROM day_camp_places"), 0);

    // Without a program (a body with weekId alone), the age picks it.
    let ten = born(&weeks, 10, 30);
    let body = json!({
        "weekId": weeks[3].id, "childFirstName": "Éli", "childLastName": "Roy", "childBirthDate": ten,
        "parentName": "Ana Roy", "parentEmail": "ana@example.org", "parentPhone": "819-555-0101", "healthForm": {"emergencyContacts": [{"name": "Marc Roy", "relation": "grand-père", "phone": "819-555-0199"}]}, "healthConsent": true, "healthConsentVersion": "sante-2026-1"
    });
    let (status, answer) = register(&parent, &app.url, &body).await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!((answer["programId"].as_str(), answer["amountPaid"].as_f64()), (Some("aventuriers"), Some(140.0)));
    assert_eq!(taken(&app, "aventuriers", weeks[3].id), 1);

    // Seventeen fits no program.
    let body = json!({
        "weekId": weeks[3].id.to_string(), "childFirstName": "Max", "childLastName": "Roy",
        "childBirthDate": born(&weeks, 17, 30), "parentName": "Ana Roy", "parentEmail": "ana@example.org",
        "parentPhone": "819-555-0101", "healthForm": {"emergencyContacts": [{"name": "Marc Roy", "relation": "grand-père", "phone": "819-555-0199"}]}, "healthConsent": true, "healthConsentVersion": "sante-2026-1"
    });
    let (status, answer) = register(&parent, &app.url, &body).await;
    assert_eq!((status, answer["code"].as_str()), (422, Some("child_age")));
    assert_eq!(answer["fieldErrors"]["childBirthDate"], "L'âge de l'enfant ne correspond à aucun programme.");
}

#[tokio::test]
async fn the_same_child_twice_in_a_week_is_refused() {
    let app = TestApp::spawn().await;
    let weeks = weeks(&app).await;
    let ana = app.user("ana@example.org", None).await;
    let marc = app.user("marc@example.org", None).await;
    let birth = born(&weeks, 7, 30);
    let mut body = form("Zoé-Anne", &birth, &[weeks[0].id]);
    body["childLastName"] = json!("Côté");
    assert_eq!(register(&ana, &app.url, &body).await.0, 201);

    // Typed differently, asked with another week, even by another parent: the same child.
    let mut again = form("zoe anne", &birth, &[weeks[1].id, weeks[0].id]);
    again["childLastName"] = json!("COTE");
    for parent in [&ana, &marc] {
        let (status, answer) = register(parent, &app.url, &again).await;
        assert_eq!(status, 409);
        assert_eq!(answer["code"], "camp_duplicate_child");
        let label = week_label(weeks[0].start, weeks[0].end, Lang::Fr);
        assert_eq!(answer["message"], format!("zoe anne COTE est déjà inscrit(e) à la semaine du {label}."));
    }
    assert_eq!(taken(&app, "explorateurs", weeks[1].id), 0, "nothing kept of the refused registration");
    // A sibling (another first name) is welcome.
    let sibling = form("Léo", &birth, &[weeks[0].id]);
    assert_eq!(register(&ana, &app.url, &sibling).await.0, 201);
}

#[tokio::test]
async fn every_validation_message_in_both_languages() {
    let app = TestApp::spawn().await;
    let parent = app.user("ana@example.org", None).await;
    let empty = json!({ "weekId": "", "childFirstName": " ", "parentEmail": "nope" });
    let expected_fr = [
        ("weekId", "Veuillez choisir une semaine"),
        ("childFirstName", "Le prénom de l'enfant est requis"),
        ("childLastName", "Le nom de l'enfant est requis"),
        ("childBirthDate", "La date de naissance de l'enfant est requise"),
        ("parentName", "Le nom du parent est requis"),
        ("parentEmail", "Un courriel valide est requis"),
        ("parentPhone", "Le numéro de téléphone est requis"),
        ("healthForm.emergencyContacts.0.name", "Le nom est requis"),
        ("healthForm.emergencyContacts.0.relation", "Le lien avec l'enfant est requis"),
        ("healthForm.emergencyContacts.0.phone", "Le numéro de téléphone est requis"),
        (
            "healthConsent",
            "Cochez la case pour consentir à l'usage de la fiche santé : sans ce consentement, l'inscription est impossible.",
        ),
    ];
    let expected_en = [
        ("weekId", "Please select a week"),
        ("childFirstName", "Child's first name is required"),
        ("childLastName", "Child's last name is required"),
        ("childBirthDate", "Child's birth date is required"),
        ("parentName", "Parent name is required"),
        ("parentEmail", "Valid email is required"),
        ("parentPhone", "Phone number is required"),
        ("healthForm.emergencyContacts.0.name", "The name is required"),
        ("healthForm.emergencyContacts.0.relation", "The relationship to the child is required"),
        ("healthForm.emergencyContacts.0.phone", "Phone number is required"),
        (
            "healthConsent",
            "Tick the box to consent to the use of the health form: without this consent, registration is not possible.",
        ),
    ];
    for (lang, expected) in [("fr", expected_fr), ("en", expected_en)] {
        let response = parent
            .client
            .post(app.at("/api/day-camp-registrations"))
            .header("X-Lang", lang)
            .json(&empty)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 422);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["message"], expected[0].1, "{lang}");
        let fields = body["fieldErrors"].as_object().unwrap();
        assert_eq!(fields.len(), expected.len(), "{body}");
        for (field, text) in expected {
            assert_eq!(fields[field], text, "{lang} {field}");
        }
    }
    // Optional fields are checked when given; other shapes are refused without a 500.
    let weeks = weeks(&app).await;
    let mut body = form("Léa", &born(&weeks, 7, 30), &[weeks[0].id]);
    body["healthForm"]["emergencyContacts"][0]["phone"] = json!("abc");
    body["childGender"] = json!("x");
    let (status, answer) = register(&parent, &app.url, &body).await;
    assert_eq!(status, 422);
    assert_eq!(answer["fieldErrors"]["healthForm.emergencyContacts.0.phone"], "Numéro de téléphone invalide");
    assert_eq!(answer["fieldErrors"]["childGender"], "Genre invalide");
    let mut body = form("Léa", &born(&weeks, 7, 30), &[]);
    body["weekIds"] = json!(["abc"]);
    let (status, answer) = register(&parent, &app.url, &body).await;
    assert_eq!((status, answer["code"].as_str()), (422, Some("camp_week_unknown")));
    body["weekIds"] = json!([99_999]);
    assert_eq!(register(&parent, &app.url, &body).await.0, 422);
    body["weekIds"] = json!([weeks[0].id]);
    body["programId"] = json!("nope");
    let (status, answer) = register(&parent, &app.url, &body).await;
    assert_eq!((status, answer["code"].as_str()), (422, Some("camp_program_unknown")));
    body["programId"] = json!(3);
    assert_eq!(register(&parent, &app.url, &body).await.0, 400);
    assert_eq!(register(&parent, &app.url, &json!([1, 2])).await.0, 400);
    // A week that has started is closed.
    db(&app).execute("UPDATE day_camp_weeks SET start_date = '2000-01-03' WHERE id = ?1", [weeks[0].id]).unwrap();
    let body = form("Léa", &born(&weeks, 7, 30), &[weeks[0].id]);
    let (status, answer) = register(&parent, &app.url, &body).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("camp_week_started")));
}

#[tokio::test]
async fn registrations_are_the_parents_own() {
    let app = TestApp::spawn().await;
    let weeks = weeks(&app).await;
    // A visitor cannot register.
    let body = form("Léa", &born(&weeks, 7, 30), &[weeks[0].id, weeks[1].id]);
    let visitor = app.new_client().post(app.at("/api/day-camp-registrations")).json(&body).send().await.unwrap();
    assert_eq!(visitor.status(), 401);

    let ana = app.user("ana@example.org", None).await;
    let marc = app.user("marc@example.org", None).await;
    let (status, created) = register(&ana, &app.url, &body).await;
    assert_eq!(status, 201);
    assert_eq!(created["amountPaid"], 240.0);
    assert_eq!(created["paymentStatus"], "pending");
    let id = created["id"].as_i64().unwrap();
    let reference = created["paymentReference"].as_str().unwrap().to_owned();
    assert!(reference.starts_with("CJ-") && reference.len() == 9, "{reference}");

    let mine = ana.client.get(app.at(&format!("/api/user/day-camp-registrations/{id}"))).send().await.unwrap();
    assert_eq!(mine.headers()["cache-control"], "no-store");
    let mine: Value = mine.json().await.unwrap();
    assert_eq!(
        (mine["amountPaid"].as_f64(), mine["paymentReference"].as_str()),
        (Some(240.0), Some(reference.as_str()))
    );
    assert_eq!(mine["interacEmail"], "info@centrepleinair-lapeche.org");
    assert!(mine.get("medicalConditions").is_none(), "medical data is for admins only");
    let list: Value =
        ana.client.get(app.at("/api/user/day-camp-registrations")).send().await.unwrap().json().await.unwrap();
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["weeks"].as_array().unwrap().len(), 2);
    assert_eq!(list[0]["programName"], "Explorateurs");

    // Someone else's registration does not exist for them.
    let theirs = marc.client.get(app.at(&format!("/api/user/day-camp-registrations/{id}"))).send().await.unwrap();
    assert_eq!(theirs.status(), 404);
    let theirs: Value =
        marc.client.get(app.at("/api/user/day-camp-registrations")).send().await.unwrap().json().await.unwrap();
    assert_eq!(theirs, json!([]));
    assert_eq!(app.new_client().get(app.at("/api/user/day-camp-registrations")).send().await.unwrap().status(), 401);
    assert_eq!(ana.client.get(app.at("/api/user/day-camp-registrations/abc")).send().await.unwrap().status(), 404);

    // The e-mail waits in the outbox, in the parent's language, with the reference.
    let (to, subject, text): (String, String, String) = db(&app)
        .query_row("SELECT to_address, subject, body_text FROM outbox_emails", [], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .unwrap();
    assert_eq!(to, "ana@example.org");
    assert_eq!(subject, format!("Camp de jour : inscription de Léa Roy reçue ({reference})"));
    assert!(text.contains("Montant : 240,00 $ (2 semaines à 120,00 $)"), "{text}");
    assert!(!text.contains("arachides"));
}

#[tokio::test]
async fn admins_see_the_children_of_a_week_mark_them_paid_and_export_them() {
    let app = TestApp::with_admin().await;
    let weeks = weeks(&app).await;
    let ana = app.user("ana@example.org", None).await;
    let supervisor = app.user("sup@example.org", Some("supervisor")).await;
    let mut body = form("Léa", &born(&weeks, 7, 30), &[weeks[0].id]);
    body["programId"] = json!("explorateurs");
    body["healthForm"]["allergies"] = json!([{"what": "Arachides", "severity": "severe", "epinephrine": true}]);
    body["healthForm"]["medication"] = json!("Ventolin au besoin");
    body["healthForm"]["pickups"] = json!([{"name": "Rose Roy", "relation": "grand-mère", "phone": "819-555-0144"}]);
    let (_, created) = register(&ana, &app.url, &body).await;
    let id = created["id"].as_i64().unwrap();
    let mut older = form("Max", &born(&weeks, 14, 30), &[weeks[0].id, weeks[1].id]);
    older["childLastName"] = json!("Aubin");
    older["medicalConditions"] = json!("");
    older["emergencyPhone"] = json!("");
    older["canSwim"] = json!(false);
    let (status, older) = register(&ana, &app.url, &older).await;
    assert_eq!(status, 201);
    // Léa registered in summer time, Max in standard time (the export's dates).
    for (registration, at) in [(id, "2026-06-10T13:00:00Z"), (older["id"].as_i64().unwrap(), "2026-12-01T15:00:00Z")] {
        db(&app)
            .execute(
                "UPDATE day_camp_registrations SET created_at = ?1 WHERE id = ?2",
                rusqlite::params![at, registration],
            )
            .unwrap();
    }

    let path = format!("/api/admin/day-camp-weeks/{}/registrations", weeks[0].id);
    for (client, status) in [(&ana.client, 403), (&supervisor.client, 403), (&app.new_client(), 401)] {
        assert_eq!(client.get(app.at(&path)).send().await.unwrap().status(), status);
        assert_eq!(client.get(app.at(&format!("{path}.xlsx"))).send().await.unwrap().status(), status);
        assert_eq!(client.get(app.at("/api/admin/day-camps")).send().await.unwrap().status(), status);
    }
    let overview: Value = app.get("/api/admin/day-camps").await.json().await.unwrap();
    assert_eq!(overview["weeks"][0]["places"][0]["taken"], 1);
    assert_eq!(overview["weeks"][0]["places"][2]["taken"], 1);
    assert_eq!(overview["weeks"][1]["places"][2]["taken"], 1);

    let children: Value = app.get(&path).await.json().await.unwrap();
    let children = children.as_array().unwrap();
    assert_eq!(children.len(), 2);
    assert_eq!(
        (children[0]["childFirstName"].as_str(), children[0]["programId"].as_str(), children[0]["age"].as_i64()),
        (Some("Léa"), Some("explorateurs"), Some(7))
    );
    assert_eq!(children[0]["medicalConditions"], "Allergie aux arachides");
    assert_eq!(children[0]["emergencyPhone"], "819-555-0199");
    assert_eq!(children[0]["canSwim"], true);
    // The fiche santé too: the allergy with its severity, and who else may pick the child up.
    let health = &children[0]["healthForm"];
    assert_eq!(health["allergies"], json!([{"what": "Arachides", "severity": "severe", "epinephrine": true}]));
    assert_eq!(health["medication"], "Ventolin au besoin");
    assert_eq!(health["pickups"], json!([{"name": "Rose Roy", "relation": "grand-mère", "phone": "819-555-0144"}]));
    assert_eq!(health["emergencyContacts"][0]["name"], "Marc Roy");
    assert_eq!(children[1]["childFirstName"], "Max");

    // Interac follow-up.
    let pay = format!("/api/admin/day-camp-registrations/{id}/payment");
    let paid = app.client.put(app.at(&pay)).json(&json!({"paymentStatus": "paid"})).send().await.unwrap();
    assert_eq!(paid.status(), 200);
    assert_eq!(
        ana.client.put(app.at(&pay)).json(&json!({"paymentStatus": "paid"})).send().await.unwrap().status(),
        403
    );
    let bad = app.client.put(app.at(&pay)).json(&json!({"paymentStatus": "maybe"})).send().await.unwrap();
    assert_eq!(bad.status(), 422);
    let missing = app
        .client
        .put(app.at("/api/admin/day-camp-registrations/999/payment"))
        .json(&json!({"paymentStatus": "paid"}))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), 404);
    let mine: Value = ana
        .client
        .get(app.at(&format!("/api/user/day-camp-registrations/{id}")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(mine["paymentStatus"], "paid");

    // The export: sheet 'Camp de jour', one row per child, with what the camp staff need.
    let response = app.get(&format!("{path}.xlsx")).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    assert_eq!(response.headers()["x-row-count"], "2");
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert!(disposition.contains(&format!("camp_de_jour_{}_au_{}.xlsx", weeks[0].start, weeks[0].end)));
    let bytes = response.bytes().await.unwrap();
    let mut book: Xlsx<_> = Xlsx::new(Cursor::new(bytes.to_vec())).unwrap();
    assert_eq!(book.sheet_names(), vec!["Camp de jour".to_owned()]);
    let range = book.worksheet_range("Camp de jour").unwrap();
    let cells: Vec<Vec<String>> = range.rows().map(|r| r.iter().map(|c| c.to_string()).collect()).collect();
    // The week as the console names it: its number, then its dates (core's own table checks
    // the dates' wording).
    let dates = week_label(weeks[0].start, weeks[0].end, Lang::Fr);
    let week = format!("Semaine 1 : {dates}");
    assert!(cells[1..].iter().all(|r| r[0] == week), "{cells:?}");
    // One row per child, with what the camp staff need. The camp's weeks are the coming
    // summer's, so the week and the birth dates drawn from it change with the year.
    let mut settings = insta::Settings::clone_current();
    common::snap::redact_references(&mut settings);
    settings.add_redaction(r#"["Camp de jour"][1:][0]"#, "[Semaine 1 : the coming summer's first week]");
    settings.add_redaction(r#"["Camp de jour"][1][4].date"#, "[7 years and 30 days before the first week]");
    settings.add_redaction(r#"["Camp de jour"][2][4].date"#, "[14 years and 30 days before the first week]");
    settings.bind(|| insta::assert_json_snapshot!("day_camp_week_sheet", common::snap::workbook(&bytes)));
    // Typed cells: the birth date a day, the age a number, the registration an instant on
    // Toronto's clock (13:00 UTC in June is 09:00, 15:00 UTC in December is 10:00).
    let typed: Vec<&[calamine::Data]> = range.rows().collect();
    xlsx_checks::assert_date(&typed[1][4], &born(&weeks, 7, 30), 0, 0);
    assert_eq!(typed[1][5], calamine::Data::Float(7.0));
    xlsx_checks::assert_date(&typed[1][20], "2026-06-10", 9, 0);
    xlsx_checks::assert_date(&typed[2][20], "2026-12-01", 10, 0);
    xlsx_checks::keep(&bytes, "camp_de_jour.xlsx");
    xlsx_checks::assert_formats(&bytes, &[xlsx_checks::INSTANT, xlsx_checks::DAY]);
    xlsx_checks::assert_print_layout(
        &bytes,
        1,
        "Camp de jour",
        &cells[0].iter().map(String::as_str).collect::<Vec<_>>(),
        &format!("&amp;LCamp de jour — semaine du {dates}&amp;RExporté le {{day}} "),
    );

    // An empty week: no file.
    let empty = app.get(&format!("/api/admin/day-camp-weeks/{}/registrations.xlsx", weeks[4].id)).await;
    assert_eq!(empty.status(), 404);
    let empty: Value = empty.json().await.unwrap();
    assert_eq!(empty["code"], "camp_nothing_to_export");
    assert_eq!(app.get("/api/admin/day-camp-weeks/999/registrations").await.status(), 404);
}

/// Every outbox row's recipient and subject, oldest first.
fn outbox(app: &TestApp) -> Vec<(String, String)> {
    let conn = db(app);
    let mut stmt = conn.prepare("SELECT to_address, subject FROM outbox_emails ORDER BY id").unwrap();
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().collect::<Result<_, _>>().unwrap()
}

#[tokio::test]
async fn the_registration_email_goes_to_the_members_own_address_never_to_a_typed_one() {
    let app = TestApp::spawn().await;
    let weeks = weeks(&app).await;
    let ana = app.user("ana@example.org", None).await;
    // Someone else's address as the parent's: the e-mail (with the names Ana typed) goes to Ana.
    let mut body = form("Léa", &born(&weeks, 7, 30), &[weeks[0].id]);
    body["parentEmail"] = json!("voisine@example.org");
    let (status, created) = register(&ana, &app.url, &body).await;
    assert_eq!(status, 201, "{created}");
    let reference = created["paymentReference"].as_str().unwrap().to_owned();
    assert_eq!(
        outbox(&app),
        [("ana@example.org".to_owned(), format!("Camp de jour : inscription de Léa Roy reçue ({reference})"))]
    );
    // The registration keeps the typed address (the camp staff's contact).
    let mine: Value =
        ana.client.get(app.at("/api/user/day-camp-registrations")).send().await.unwrap().json().await.unwrap();
    assert_eq!(mine[0]["parentEmail"], "voisine@example.org");

    // Her own address in another case: one e-mail, not two.
    let mut body = form("Max", &born(&weeks, 7, 60), &[weeks[0].id]);
    body["parentEmail"] = json!("ANA@Example.ORG");
    let (status, created) = register(&ana, &app.url, &body).await;
    assert_eq!(status, 201, "{created}");
    let reference = created["paymentReference"].as_str().unwrap().to_owned();
    let about: Vec<String> =
        outbox(&app).into_iter().filter(|(_, subject)| subject.contains(&reference)).map(|(to, _)| to).collect();
    assert_eq!(about.len(), 1, "{about:?}");
    assert!(about[0].eq_ignore_ascii_case("ana@example.org"), "{about:?}");
    assert_eq!(outbox(&app).len(), 2);
    assert!(!outbox(&app).iter().any(|(to, _)| to.eq_ignore_ascii_case("voisine@example.org")));
}

#[tokio::test]
async fn a_member_whose_address_is_not_verified_registers_without_any_email() {
    let app = TestApp::spawn().await;
    let weeks = weeks(&app).await;
    let ana = app.user("ana@example.org", None).await;
    // As after a sign-in at a provider that did not verify her address.
    assert_eq!(db(&app).execute("UPDATE users SET email_verified = 0 WHERE id = ?1", [&ana.id]).unwrap(), 1);
    let (status, created) = register(&ana, &app.url, &form("Léa", &born(&weeks, 7, 30), &[weeks[0].id])).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(taken(&app, "explorateurs", weeks[0].id), 1, "the place is taken");
    assert_eq!(count(&app, "SELECT count(*) FROM day_camp_registrations"), 1);
    assert_eq!(outbox(&app), Vec::<(String, String)>::new());
}
