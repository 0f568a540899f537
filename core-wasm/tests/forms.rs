//! The hand-written form readers give exactly what serde's derived `Deserialize` gives, field
//! for field, so the two cannot drift apart.

use centre_core::validation::{
    CourtBookingInput, DayCampRegistrationInput, EventInput, HealthFormInput, HealthFormUpdateInput, ScoreInput,
    TeamRegistrationInput, TournamentConfigInput,
};
use centre_core_wasm::failure::Failure;
use centre_core_wasm::forms::{self, Obj};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// Reads `input` both ways and compares the serialized results (`None` when refused).
fn both<T: Serialize + DeserializeOwned>(
    input: &Value,
    read: fn(&Obj) -> Result<T, Failure>,
) -> (Option<Value>, Option<Value>) {
    let ours = Obj::parse(&input.to_string())
        .and_then(|o| read(&o))
        .ok()
        .map(|v| serde_json::to_value(v).expect("serializes"));
    let serde = serde_json::from_value::<T>(input.clone()).ok().map(|v| serde_json::to_value(v).expect("serializes"));
    (ours, serde)
}

fn agree<T: Serialize + DeserializeOwned>(name: &str, full: Value, read: fn(&Obj) -> Result<T, Failure>) {
    // Every field set: both readers see every field (a missing one would read as null here).
    let (ours, serde) = both(&full, read);
    assert!(ours.is_some(), "{name}: the full input is accepted");
    assert_eq!(ours, serde, "{name}: full input");
    let ours = ours.unwrap_or_default();
    for (field, value) in full.as_object().expect("object") {
        assert_eq!(&ours[field], value, "{name}.{field} is read");
    }
    // Empty, all null, and each field with a wrong JSON type.
    let (ours, serde) = both(&json!({}), read);
    assert!(ours.is_some(), "{name}: an empty object is accepted");
    assert_eq!(ours, serde, "{name}: empty object");
    let nulls: Value = full
        .as_object()
        .expect("object")
        .keys()
        .map(|k| (k.clone(), Value::Null))
        .collect::<serde_json::Map<_, _>>()
        .into();
    let (ours, serde) = both(&nulls, read);
    assert_eq!(ours, serde, "{name}: all null");
    for field in full.as_object().expect("object").keys() {
        let mut wrong = full.clone();
        // An object field (the health form) is refused as text; every other field as an object.
        wrong[field] = if full[field].is_object() { json!("text") } else { json!({"nested": true}) };
        let (ours, serde) = both(&wrong, read);
        assert_eq!((ours.is_none(), serde.is_none()), (true, true), "{name}.{field}: an object is refused by both");
    }
}

/// A health form with every field set, rows included.
fn health_form() -> Value {
    json!({
        "allergies": [{"what": "Arachides", "severity": "severe", "epinephrine": true}],
        "medication": "Ventolin", "conditions": "Asthme", "canSwim": true,
        "emergencyContacts": [{"name": "Marc Roy", "relation": "grand-père", "phone": "819 555 0102"}],
        "pickups": [{"name": "Julie Roy", "relation": "tante", "phone": "819 555 0103"}],
        "mayLeaveAlone": false, "photoPermission": true,
    })
}

#[test]
fn form_readers_match_serde() {
    agree::<TeamRegistrationInput>(
        "TeamRegistrationInput",
        json!({
            "teamName": "Huards", "captainFirstName": "Marie", "captainLastName": "Tremblay", "captainEmail": "m@example.ca",
            "member2FirstName": "Luc", "member2LastName": "Gagnon", "member2Email": "l@example.ca",
            "member3FirstName": "Ana", "member3LastName": "Roy", "member3Email": "a@example.ca",
            "member4FirstName": "Zoé", "member4LastName": "Paré", "member4Email": "z@example.ca",
        }),
        forms::team_registration,
    );
    agree::<CourtBookingInput>(
        "CourtBookingInput",
        json!({
            "courtId": 2.0, "firstName": "Marie", "lastName": "Tremblay", "email": "m@example.ca", "phone": "819-555-0123",
            "startTime": "2026-06-12T14:00:00Z", "endTime": "2026-06-12T15:00:00Z", "players": "8", "comments": "Merci",
            "ballRental": true,
        }),
        forms::court_booking,
    );
    agree::<DayCampRegistrationInput>(
        "DayCampRegistrationInput",
        json!({
            "weekId": "week1", "weekIds": ["week2", "week3"], "childFirstName": "Léa", "childLastName": "Roy",
            "childBirthDate": "2017-05-02", "childGender": "girl", "parentName": "Sophie Roy", "parentEmail": "s@example.ca",
            "parentPhone": "819 555 0101", "emergencyPhone": "819 555 0102", "medicalConditions": "Aucune", "canSwim": false,
            "healthForm": health_form(), "healthConsent": true, "healthConsentVersion": "sante-2026-1",
        }),
        forms::day_camp_registration,
    );
    agree::<HealthFormInput>("HealthFormInput", health_form(), forms::health_form);
    agree::<HealthFormUpdateInput>(
        "HealthFormUpdateInput",
        json!({"healthForm": health_form(), "healthConsent": true, "healthConsentVersion": "sante-2026-1"}),
        forms::health_form_update,
    );
    agree::<EventInput>(
        "EventInput",
        json!({
            "title": "Tournoi", "titleEn": "Tournament", "description": "4 contre 4", "descriptionEn": "4 on 4",
            "categoryId": "volleyball", "location": "La Pêche", "startDate": "2025-08-24T09:00", "endDate": "2025-08-24T17:00",
            "price": 12.5, "maxParticipants": "16", "offerHours": "12",
        }),
        forms::event,
    );
    agree::<TournamentConfigInput>(
        "TournamentConfigInput",
        json!({"courtsAvailable": 3.0, "matchDurationMinutes": "25", "breakBetweenMatches": 5.0, "startTime": "2025-08-24T13:00:00Z"}),
        forms::tournament_config,
    );
    agree::<ScoreInput>("ScoreInput", json!({"team1Score": 21.0, "team2Score": "19"}), forms::score);
}
