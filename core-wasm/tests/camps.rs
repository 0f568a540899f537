//! `checkCampAge` as the PWA calls it: JSON in, the server's own message out.
#![allow(clippy::unwrap_used)]

use centre_core_wasm::api::check_camp_age;
use serde_json::{Value, json};

fn request(birth: &str) -> String {
    json!({
        "birthDate": birth, "programId": "explorateurs", "minAge": 6, "maxAge": 8,
        "weeks": [
            {"startDate": "2027-07-05", "endDate": "2027-07-09"},
            {"startDate": "2027-08-09", "endDate": "2027-08-13"}
        ]
    })
    .to_string()
}

#[test]
fn fits_every_week() {
    let answer: Value = serde_json::from_str(&check_camp_age(&request("2020-01-15"), "fr")).unwrap();
    assert_eq!(answer, json!({"ok": true, "value": null}));
}

#[test]
fn names_the_first_week_that_does_not_fit_in_both_languages() {
    // Turns 9 on 20 July 2027: fits the first week, not the second.
    let fr: Value = serde_json::from_str(&check_camp_age(&request("2018-07-20"), "fr")).unwrap();
    assert_eq!(fr["ok"], false);
    assert_eq!(fr["code"], "child_age_program");
    assert_eq!(
        fr["fieldErrors"]["childBirthDate"],
        "À 9 ans le premier jour de la semaine du 9 au 13 août 2027, l'enfant n'a pas l'âge du programme Explorateurs (6 à 8 ans)."
    );
    let en: Value = serde_json::from_str(&check_camp_age(&request("2018-07-20"), "en")).unwrap();
    assert_eq!(
        en["message"],
        "At 9 on the first day of the week of August 9 to 13, 2027, the child is not within the Explorers program's ages (6 to 8)."
    );
}

#[test]
fn malformed_requests_are_refused_not_panicked() {
    let answer: Value = serde_json::from_str(&check_camp_age("{", "fr")).unwrap();
    assert_eq!(answer["code"], "malformed_json");
    let answer: Value = serde_json::from_str(&check_camp_age(&request("not a date"), "en")).unwrap();
    assert_eq!(answer["ok"], false);
}
