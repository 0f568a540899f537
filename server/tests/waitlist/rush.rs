//! The rush: 60 parents at once on a full week's waiting list while 3 places free up.

use serde_json::Value;

use super::*;
use crate::payments::support::{camp_weeks, id, register_camp, set_payment, spawn_with};

#[tokio::test]
async fn sixty_parents_join_while_three_places_free_and_exactly_three_offers_go_to_the_first_three() {
    // The parents stand for many networks; here they all come from loopback.
    let app = spawn_with(|s| s.connections.per_address = 512).await;
    let week = camp_weeks(&app).await[0].0;
    set_week_capacity(&app, week, 3);
    let holders = members(&app, ["h1", "h2", "h3"]).await;
    let mut taken = Vec::new();
    for (i, h) in holders.iter().enumerate() {
        taken.push(id(&register_camp(&app, h, &format!("Tenant{i}"), &[week], "fr").await));
    }
    let mut parents = Vec::new();
    for p in 0..60 {
        parents.push(app.user(&format!("parent{p}@example.org"), None).await);
    }

    for &registration in &taken {
        assert_eq!(set_payment(&app, "camp", registration, "paid").await.0, 200);
    }
    let mut bodies = Vec::new();
    for p in 0..60 {
        bodies.push(camp_form(&app, &format!("Enfant{p}"), week).await);
    }
    let join = |p: usize| {
        let (client, url, body) = (parents[p].client.clone(), app.at("/api/day-camp-waitlist"), bodies[p].clone());
        async move {
            let response = client.post(url).json(&body).send().await.unwrap();
            (response.status().as_u16(), response.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    // Half the parents rush in; once three of them stand in line, the three places free (refunds)
    // while the other half rush in too: joins and frees in flight together.
    let mut joins = tokio::task::JoinSet::new();
    for p in 0..30 {
        joins.spawn(join(p));
    }
    let mut joined = Vec::new();
    while joined.len() < 3 {
        joined.push(joins.join_next().await.unwrap().unwrap());
    }
    let mut frees = tokio::task::JoinSet::new();
    for &registration in &taken {
        let client = app.client.clone();
        let url = app.at(&format!("/api/admin/day-camp-registrations/{registration}/payment"));
        frees.spawn(async move {
            client.put(url).json(&serde_json::json!({"paymentStatus": "refunded"})).send().await.unwrap().status()
        });
    }
    for p in 30..60 {
        joins.spawn(join(p));
    }
    let (joined_rest, freed) = tokio::join!(joins.join_all(), frees.join_all());
    joined.extend(joined_rest);
    assert!(freed.iter().all(|s| s.as_u16() == 200), "{freed:?}");
    assert!(joined.iter().all(|(status, _)| *status == 201), "a held place keeps the week full: {joined:?}");
    let mut ranks: Vec<i64> = joined.iter().map(|(_, body)| body["rank"].as_i64().unwrap()).collect();
    ranks.sort_unstable();
    assert_eq!(ranks, (1..=60).collect::<Vec<_>>(), "every parent a rank of their own");

    // The first three in line, by the order they joined in.
    let first_three: Vec<String> = db(&app)
        .prepare("SELECT user_id FROM waitlist_entries ORDER BY sort_key, id LIMIT 3")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut offered: Vec<String> = live_offers(&app).into_iter().map(|(user, _)| user).collect();
    offered.sort();
    let mut expected = first_three.clone();
    expected.sort();
    assert_eq!(offered, expected, "exactly three offers, to the first three in line");
    let mails: Vec<_> = crate::payments::support::outbox(&app)
        .into_iter()
        .filter(|m| m.subject == "Une place s'est libérée pour vous")
        .collect();
    assert_eq!(mails.len(), 3, "one e-mail per offer");
}
