//! Table tests: one row per rule, with the exact French and English texts a user reads.

use super::*;
use crate::messages::{Lang, message};
use crate::tournament::{DutyMode, Scoring};
use chrono::NaiveDate;
use serde_json::{Value, json};

/// `(field, code, French, English)`: what a failing form must report.
type Expected = &'static [(&'static str, &'static str, &'static str, &'static str)];

/// Checks `errors` against `expected`, code by code and message by message.
fn assert_errors(case: &str, errors: &[FieldError], expected: Expected) {
    let got: Vec<(&str, &str)> = errors.iter().map(|e| (e.field, e.code)).collect();
    let want: Vec<(&str, &str)> = expected.iter().map(|(f, c, _, _)| (*f, *c)).collect();
    assert_eq!(got, want, "{case}");
    for (field, code, fr, en) in expected {
        assert_eq!(message(code, Lang::Fr), Some(*fr), "{case}: French text of {code} ({field})");
        assert_eq!(message(code, Lang::En), Some(*en), "{case}: English text of {code} ({field})");
    }
}

/// Merges `patch` into `base` (top-level keys).
fn with(base: &Value, patch: Value) -> Value {
    let mut v = base.clone();
    if let (Some(obj), Some(p)) = (v.as_object_mut(), patch.as_object()) {
        for (k, val) in p {
            obj.insert(k.clone(), val.clone());
        }
    }
    v
}

fn parse<T: serde::de::DeserializeOwned>(v: &Value) -> T {
    serde_json::from_value(v.clone()).expect("test input deserializes")
}

const EMAIL: (&str, &str) = ("Email invalide", "Invalid email");
const MISSING: (&str, &str) = (
    "Champs manquants: Veuillez remplir tous les champs obligatoires.",
    "Missing fields: Please fill in all required fields.",
);
const TOO_LONG: (&str, &str) = ("Ce champ est trop long.", "This field is too long.");

// --- team registration ----------------------------------------------------------------------

fn team_ok() -> Value {
    json!({
        "eventId": 3,
        "teamName": "",
        "captainFirstName": "Marie", "captainLastName": "Tremblay", "captainEmail": "marie@example.ca",
        "member2FirstName": "Luc", "member2LastName": "Gagnon", "member2Email": "luc@example.ca",
        "member3FirstName": "", "member3LastName": "", "member3Email": "",
    })
}

#[test]
fn team_registration_valid() {
    let v = validate_team_registration(&parse(&team_ok())).expect("valid");
    assert_eq!(v.team_name(), None);
    assert_eq!(v.captain().first_name().as_str(), "Marie");
    assert_eq!(v.member2().email().as_str(), "luc@example.ca");
    assert!(v.member3().is_empty() && v.member4().is_empty());
    let full = with(
        &team_ok(),
        json!({"teamName": " Les Huards ", "member3FirstName": "Ana", "member3Email": "ana@example.ca", "member4LastName": "Roy"}),
    );
    let v = validate_team_registration(&parse(&full)).expect("valid");
    assert_eq!(v.team_name().map(Text::as_str), Some("Les Huards"));
    assert_eq!(v.member3().email().map(Email::as_str), Some("ana@example.ca"));
    assert_eq!(v.member4().last_name().map(Text::as_str), Some("Roy"));
}

#[test]
fn team_registration_rules() {
    let long = "x".repeat(101);
    let cases: Vec<(&str, Value, Expected)> = vec![
        (
            "captain first name blank",
            json!({"captainFirstName": "  "}),
            &[(
                "captainFirstName",
                "captain_first_name_required",
                "Le prénom du responsable est requis",
                "The captain's first name is required",
            )],
        ),
        (
            "captain first name missing",
            json!({"captainFirstName": null}),
            &[(
                "captainFirstName",
                "captain_first_name_required",
                "Le prénom du responsable est requis",
                "The captain's first name is required",
            )],
        ),
        (
            "captain last name",
            json!({"captainLastName": ""}),
            &[(
                "captainLastName",
                "captain_last_name_required",
                "Le nom du responsable est requis",
                "The captain's last name is required",
            )],
        ),
        (
            "captain email malformed",
            json!({"captainEmail": "marie@"}),
            &[("captainEmail", "email_invalid", EMAIL.0, EMAIL.1)],
        ),
        ("captain email blank", json!({"captainEmail": ""}), &[("captainEmail", "email_invalid", EMAIL.0, EMAIL.1)]),
        (
            "member 2 first name",
            json!({"member2FirstName": ""}),
            &[(
                "member2FirstName",
                "member2_first_name_required",
                "Le prénom du membre 2 est requis",
                "Member 2's first name is required",
            )],
        ),
        (
            "member 2 last name",
            json!({"member2LastName": ""}),
            &[(
                "member2LastName",
                "member2_last_name_required",
                "Le nom du membre 2 est requis",
                "Member 2's last name is required",
            )],
        ),
        (
            "member 2 email",
            json!({"member2Email": "luc at example.ca"}),
            &[("member2Email", "email_invalid", EMAIL.0, EMAIL.1)],
        ),
        ("member 3 email", json!({"member3Email": "ana@"}), &[("member3Email", "email_invalid", EMAIL.0, EMAIL.1)]),
        ("member 4 email", json!({"member4Email": "x"}), &[("member4Email", "email_invalid", EMAIL.0, EMAIL.1)]),
        ("team name too long", json!({"teamName": long}), &[("teamName", "too_long", TOO_LONG.0, TOO_LONG.1)]),
        (
            "captain name too long",
            json!({"captainFirstName": long}),
            &[("captainFirstName", "too_long", TOO_LONG.0, TOO_LONG.1)],
        ),
        (
            "member 3 name too long",
            json!({"member3LastName": long}),
            &[("member3LastName", "too_long", TOO_LONG.0, TOO_LONG.1)],
        ),
        (
            "several at once, in form order",
            json!({"member2Email": "", "captainFirstName": "", "captainEmail": "no"}),
            &[
                (
                    "captainFirstName",
                    "captain_first_name_required",
                    "Le prénom du responsable est requis",
                    "The captain's first name is required",
                ),
                ("captainEmail", "email_invalid", EMAIL.0, EMAIL.1),
                ("member2Email", "email_invalid", EMAIL.0, EMAIL.1),
            ],
        ),
    ];
    for (case, patch, expected) in cases {
        let input: TeamRegistrationInput = parse(&with(&team_ok(), patch));
        let errors = validate_team_registration(&input).expect_err(case);
        assert_errors(case, &errors, expected);
    }
}

// --- court booking --------------------------------------------------------------------------

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 6, 10).expect("date")
}

fn booking_ok() -> Value {
    json!({
        "courtId": 1, "firstName": "Marie", "lastName": "Tremblay", "email": "marie@example.ca",
        "phone": "819-555-0123", "startTime": "2026-06-12T14:00:00.000Z", "endTime": "2026-06-12T15:00:00.000Z",
    })
}

#[test]
fn court_booking_valid_and_defaults() {
    let tz = chrono_tz::America::Toronto;
    let v = validate_court_booking(&parse(&booking_ok()), today(), tz).expect("valid");
    assert_eq!(v.players(), 6);
    assert_eq!(v.court_id(), 1);
    assert_eq!(v.start_time().to_rfc3339(), "2026-06-12T14:00:00+00:00");
    assert!(!v.ball_rental());
    let v = validate_court_booking(
        &parse(&with(&booking_ok(), json!({"courtId": "2", "players": "12", "ballRental": true}))),
        today(),
        tz,
    )
    .expect("valid");
    assert_eq!((v.court_id(), v.players(), v.ball_rental()), (2, 12, true));
    // Today itself is allowed (the slot check refuses past hours).
    let today_start =
        with(&booking_ok(), json!({"startTime": "2026-06-10T13:00:00Z", "endTime": "2026-06-10T14:00:00Z"}));
    assert!(validate_court_booking(&parse(&today_start), today(), tz).is_ok());
}

#[test]
fn court_booking_rules() {
    let tz = chrono_tz::America::Toronto;
    const PLAYERS: (&str, &str) =
        ("Le nombre de joueurs doit être entre 1 et 12", "The number of players must be between 1 and 12");
    let cases: Vec<(&str, Value, Expected)> = vec![
        ("court missing", json!({"courtId": null}), &[("courtId", "missing_fields", MISSING.0, MISSING.1)]),
        ("court blank", json!({"courtId": ""}), &[("courtId", "missing_fields", MISSING.0, MISSING.1)]),
        (
            "court not an id",
            json!({"courtId": "abc"}),
            &[("courtId", "court_invalid", "Terrain invalide", "Invalid court")],
        ),
        ("first name", json!({"firstName": ""}), &[("firstName", "missing_fields", MISSING.0, MISSING.1)]),
        ("last name", json!({"lastName": " "}), &[("lastName", "missing_fields", MISSING.0, MISSING.1)]),
        ("email missing", json!({"email": ""}), &[("email", "missing_fields", MISSING.0, MISSING.1)]),
        ("email malformed", json!({"email": "marie"}), &[("email", "email_invalid", EMAIL.0, EMAIL.1)]),
        ("phone missing", json!({"phone": null}), &[("phone", "missing_fields", MISSING.0, MISSING.1)]),
        (
            "phone malformed",
            json!({"phone": "abc"}),
            &[("phone", "phone_invalid", "Numéro de téléphone invalide", "Invalid phone number")],
        ),
        ("start missing", json!({"startTime": ""}), &[("startTime", "missing_fields", MISSING.0, MISSING.1)]),
        ("end missing", json!({"endTime": null}), &[("endTime", "missing_fields", MISSING.0, MISSING.1)]),
        (
            "start unreadable",
            json!({"startTime": "demain"}),
            &[("startTime", "date_invalid", "Date invalide", "Invalid date")],
        ),
        (
            "date before today",
            json!({"startTime": "2026-06-09T14:00:00Z", "endTime": "2026-06-09T15:00:00Z"}),
            &[(
                "startTime",
                "date_in_past",
                "La date ne peut pas être antérieure à aujourd'hui.",
                "The date cannot be before today.",
            )],
        ),
        // 00:30 UTC on 10 June is still 9 June in Toronto.
        (
            "local date before today",
            json!({"startTime": "2026-06-10T00:30:00Z", "endTime": "2026-06-10T01:30:00Z"}),
            &[(
                "startTime",
                "date_in_past",
                "La date ne peut pas être antérieure à aujourd'hui.",
                "The date cannot be before today.",
            )],
        ),
        (
            "end before start",
            json!({"endTime": "2026-06-12T14:00:00Z"}),
            &[(
                "endTime",
                "end_before_start",
                "L'heure de fin doit être après l'heure de début",
                "The end time must be after the start time",
            )],
        ),
        ("players 0", json!({"players": 0}), &[("players", "players_range", PLAYERS.0, PLAYERS.1)]),
        ("players 13", json!({"players": "13"}), &[("players", "players_range", PLAYERS.0, PLAYERS.1)]),
        ("players fractional", json!({"players": 2.5}), &[("players", "players_range", PLAYERS.0, PLAYERS.1)]),
        (
            "comments too long",
            json!({"comments": "x".repeat(1001)}),
            &[("comments", "too_long", TOO_LONG.0, TOO_LONG.1)],
        ),
        (
            "everything missing",
            json!({"courtId": null, "firstName": null, "lastName": null, "email": null, "phone": null, "startTime": null, "endTime": null}),
            &[
                ("courtId", "missing_fields", MISSING.0, MISSING.1),
                ("firstName", "missing_fields", MISSING.0, MISSING.1),
                ("lastName", "missing_fields", MISSING.0, MISSING.1),
                ("email", "missing_fields", MISSING.0, MISSING.1),
                ("phone", "missing_fields", MISSING.0, MISSING.1),
                ("startTime", "missing_fields", MISSING.0, MISSING.1),
                ("endTime", "missing_fields", MISSING.0, MISSING.1),
            ],
        ),
    ];
    for (case, patch, expected) in cases {
        let input: CourtBookingInput = parse(&with(&booking_ok(), patch));
        let errors = validate_court_booking(&input, today(), tz).expect_err(case);
        assert_errors(case, &errors, expected);
    }
}

#[test]
fn date_picker_messages() {
    assert_eq!(message("date_required", Lang::En), Some("Date required"));
    assert_eq!(message("select_date_first", Lang::En), Some("Please select a date first"));
    assert_eq!(message("date_required", Lang::Fr), Some("Date requise"));
    assert_eq!(message("select_date_first", Lang::Fr), Some("Veuillez d'abord choisir une date"));
}

#[test]
fn full_name_split() {
    assert_eq!(split_full_name(" Marie Tremblay "), ("Marie".into(), "Tremblay".into()));
    assert_eq!(split_full_name("Jean de la Fontaine"), ("Jean".into(), "de la Fontaine".into()));
    assert_eq!(split_full_name("Cher"), ("Cher".into(), "Cher".into()));
}

// --- day camp -------------------------------------------------------------------------------

fn camp_ok() -> Value {
    json!({
        "weekId": "week1", "childFirstName": "Léa", "childLastName": "Roy", "childBirthDate": "2017-05-02",
        "parentName": "Sophie Roy", "parentEmail": "sophie@example.ca", "parentPhone": "819 555 0101",
        "emergencyPhone": "819 555 0199",
        "healthForm": { "emergencyContacts": [{ "name": "Marc Roy", "relation": "grand-père" }] },
        "healthConsent": true, "healthConsentVersion": "sante-2026-1",
    })
}

#[test]
fn day_camp_valid_and_defaults() {
    let v = validate_day_camp_registration(&parse(&camp_ok()), today()).expect("valid");
    assert!(!v.can_swim());
    assert_eq!(v.child_gender(), None);
    assert_eq!(v.week_ids().iter().map(Text::as_str).collect::<Vec<_>>(), ["week1"]);
    assert_eq!(v.child_age_on(today()), 9);
    let more = with(
        &camp_ok(),
        json!({"weekIds": ["week1", "week3", " week3 ", ""], "canSwim": true, "childGender": "girl", "medicalConditions": "Allergie aux arachides"}),
    );
    let v = validate_day_camp_registration(&parse(&more), today()).expect("valid");
    assert_eq!(v.week_ids().iter().map(Text::as_str).collect::<Vec<_>>(), ["week1", "week3"]);
    assert!(v.can_swim());
    assert_eq!(v.child_gender(), Some(Gender::Girl));
    // The older emergencyPhone is the first contact's phone when the form leaves it out.
    assert_eq!(v.emergency_phone().map(|p| p.as_str()), Some("819 555 0199"));
    assert_eq!(v.medical_conditions().map(Text::as_str), Some("Allergie aux arachides"));
    assert!(!v.health().may_leave_alone() && !v.health().photo_permission(), "both off unless ticked");
    // weekIds alone is enough.
    let only_list = with(&camp_ok(), json!({"weekId": null, "weekIds": ["week6"]}));
    assert!(validate_day_camp_registration(&parse(&only_list), today()).is_ok());
}

#[test]
fn day_camp_rules() {
    const WEEK: (&str, &str) = ("Veuillez choisir une semaine", "Please select a week");
    const BIRTH_INVALID: (&str, &str) = ("Date de naissance invalide", "Invalid birth date");
    let cases: Vec<(&str, Value, Expected)> = vec![
        ("no week", json!({"weekId": ""}), &[("weekId", "week_required", WEEK.0, WEEK.1)]),
        ("empty week list", json!({"weekId": null, "weekIds": []}), &[("weekId", "week_required", WEEK.0, WEEK.1)]),
        (
            "child first name",
            json!({"childFirstName": ""}),
            &[(
                "childFirstName",
                "child_first_name_required",
                "Le prénom de l'enfant est requis",
                "Child's first name is required",
            )],
        ),
        (
            "child last name",
            json!({"childLastName": null}),
            &[(
                "childLastName",
                "child_last_name_required",
                "Le nom de l'enfant est requis",
                "Child's last name is required",
            )],
        ),
        (
            "birth date missing",
            json!({"childBirthDate": ""}),
            &[(
                "childBirthDate",
                "child_birth_date_required",
                "La date de naissance de l'enfant est requise",
                "Child's birth date is required",
            )],
        ),
        (
            "birth date unreadable",
            json!({"childBirthDate": "02/05/2017"}),
            &[("childBirthDate", "birth_date_invalid", BIRTH_INVALID.0, BIRTH_INVALID.1)],
        ),
        (
            "birth date in the future",
            json!({"childBirthDate": "2026-06-11"}),
            &[("childBirthDate", "birth_date_invalid", BIRTH_INVALID.0, BIRTH_INVALID.1)],
        ),
        (
            "gender unknown",
            json!({"childGender": "fille"}),
            &[("childGender", "gender_invalid", "Genre invalide", "Invalid gender")],
        ),
        (
            "parent name",
            json!({"parentName": " "}),
            &[("parentName", "parent_name_required", "Le nom du parent est requis", "Parent name is required")],
        ),
        (
            "parent email blank",
            json!({"parentEmail": ""}),
            &[("parentEmail", "parent_email_invalid", "Un courriel valide est requis", "Valid email is required")],
        ),
        (
            "parent email malformed",
            json!({"parentEmail": "sophie@example"}),
            &[("parentEmail", "parent_email_invalid", "Un courriel valide est requis", "Valid email is required")],
        ),
        (
            "parent phone",
            json!({"parentPhone": ""}),
            &[("parentPhone", "phone_required", "Le numéro de téléphone est requis", "Phone number is required")],
        ),
        (
            "parent phone malformed",
            json!({"parentPhone": "12"}),
            &[("parentPhone", "phone_invalid", "Numéro de téléphone invalide", "Invalid phone number")],
        ),
        (
            "emergency phone malformed",
            json!({"emergencyPhone": "urgence"}),
            &[("emergencyPhone", "phone_invalid", "Numéro de téléphone invalide", "Invalid phone number")],
        ),
        (
            "medical too long",
            json!({"medicalConditions": "x".repeat(2001)}),
            &[("medicalConditions", "too_long", TOO_LONG.0, TOO_LONG.1)],
        ),
    ];
    for (case, patch, expected) in cases {
        let input: DayCampRegistrationInput = parse(&with(&camp_ok(), patch));
        let errors = validate_day_camp_registration(&input, today()).expect_err(case);
        assert_errors(case, &errors, expected);
    }
}

#[test]
fn day_camp_health_form_rules() {
    const CONSENT: (&str, &str) = (
        "Cochez la case pour consentir à l'usage de la fiche santé : sans ce consentement, l'inscription est impossible.",
        "Tick the box to consent to the use of the health form: without this consent, registration is not possible.",
    );
    const NAME: (&str, &str) = ("Le nom est requis", "The name is required");
    const RELATION: (&str, &str) = ("Le lien avec l'enfant est requis", "The relationship to the child is required");
    const PHONE_REQ: (&str, &str) = ("Le numéro de téléphone est requis", "Phone number is required");
    let cases: &[(&str, Value, Expected)] = &[
        (
            "no consent",
            json!({"healthConsent": null}),
            &[("healthConsent", "health_consent_required", CONSENT.0, CONSENT.1)],
        ),
        (
            "consent unticked",
            json!({"healthConsent": false}),
            &[("healthConsent", "health_consent_required", CONSENT.0, CONSENT.1)],
        ),
        (
            "an older consent text",
            json!({"healthConsentVersion": "sante-2025-1"}),
            &[(
                "healthConsent",
                "health_consent_version",
                "Le texte du consentement a changé : rechargez la page et relisez-le.",
                "The consent text has changed: reload the page and read it again.",
            )],
        ),
        (
            "no first contact at all",
            json!({"healthForm": {}, "emergencyPhone": null}),
            &[
                ("healthForm.emergencyContacts.0.name", "person_name_required", NAME.0, NAME.1),
                ("healthForm.emergencyContacts.0.relation", "relation_required", RELATION.0, RELATION.1),
                ("healthForm.emergencyContacts.0.phone", "phone_required", PHONE_REQ.0, PHONE_REQ.1),
            ],
        ),
        (
            "an allergy without its severity, a half pick-up",
            json!({"healthForm": {
                "emergencyContacts": [{"name": "Marc Roy", "relation": "grand-père", "phone": "819 555 0102"}, {}],
                "allergies": [{"what": "Arachides", "severity": "severe", "epinephrine": true}, {"what": "Pollen", "severity": "terrible"}, {"epinephrine": true}],
                "pickups": [{}, {"name": "Julie Roy"}],
            }}),
            &[
                (
                    "healthForm.allergies.1.severity",
                    "allergy_severity_required",
                    "Choisissez la gravité de l'allergie",
                    "Choose how severe the allergy is",
                ),
                ("healthForm.allergies.2.what", "allergy_required", "Indiquez l'allergie", "Name the allergy"),
                (
                    "healthForm.allergies.2.severity",
                    "allergy_severity_required",
                    "Choisissez la gravité de l'allergie",
                    "Choose how severe the allergy is",
                ),
                ("healthForm.pickups.1.relation", "relation_required", RELATION.0, RELATION.1),
                ("healthForm.pickups.1.phone", "phone_required", PHONE_REQ.0, PHONE_REQ.1),
            ],
        ),
        (
            "too many pick-ups",
            json!({"healthForm": {"emergencyContacts": [{"name": "A", "relation": "B", "phone": "819 555 0102"}], "pickups": [{}, {}, {}, {}, {}]}}),
            &[("healthForm.pickups", "too_long", "Ce champ est trop long.", "This field is too long.")],
        ),
        (
            "the form's own conditions and medication, too long",
            json!({"healthForm": {"emergencyContacts": [{"name": "A", "relation": "B", "phone": "819 555 0102"}],
                "conditions": "x".repeat(2001), "medication": "x".repeat(2001)}}),
            &[
                ("healthForm.medication", "too_long", "Ce champ est trop long.", "This field is too long."),
                ("healthForm.conditions", "too_long", "Ce champ est trop long.", "This field is too long."),
            ],
        ),
        (
            "the form's own first phone, beside the older emergencyPhone",
            json!({"healthForm": {"emergencyContacts": [{"name": "A", "relation": "B", "phone": "12"}]}}),
            &[(
                "healthForm.emergencyContacts.0.phone",
                "phone_invalid",
                "Numéro de téléphone invalide",
                "Invalid phone number",
            )],
        ),
    ];
    for (case, patch, expected) in cases {
        let input: DayCampRegistrationInput = parse(&with(&camp_ok(), patch.clone()));
        let errors = validate_day_camp_registration(&input, today()).expect_err(case);
        assert_errors(case, &errors, expected);
    }
    let full = with(
        &camp_ok(),
        json!({"canSwim": false, "healthForm": {
            "allergies": [{"what": " Arachides ", "severity": "severe", "epinephrine": true}, {}],
            "medication": "Ventolin au besoin", "conditions": "Asthme", "canSwim": true,
            "emergencyContacts": [{"name": "Marc Roy", "relation": "grand-père", "phone": "819 555 0102"}, {"name": "", "relation": "", "phone": ""}],
            "pickups": [{"name": "Julie Roy", "relation": "tante", "phone": "819 555 0103"}],
            "mayLeaveAlone": true, "photoPermission": true,
        }}),
    );
    let camp = validate_day_camp_registration(&parse(&full), today()).expect("a full form");
    let health = camp.health();
    assert_eq!(health.allergies().len(), 1, "the blank row is dropped");
    let peanut = &health.allergies()[0];
    assert_eq!(
        (peanut.what().as_str(), peanut.severity(), peanut.epinephrine()),
        ("Arachides", AllergySeverity::Severe, true)
    );
    assert_eq!(health.medication().map(Text::as_str), Some("Ventolin au besoin"));
    assert_eq!(camp.medical_conditions().map(Text::as_str), Some("Asthme"), "the form's conditions win");
    assert!(camp.can_swim(), "the form's swimming wins");
    assert_eq!(camp.emergency_phone().map(|p| p.as_str()), Some("819 555 0102"), "the form's phone wins");
    assert_eq!(health.emergency_contacts().len(), 1);
    assert_eq!(health.pickups()[0].relation().as_str(), "tante");
    assert!(health.may_leave_alone() && health.photo_permission());
    // The change a parent makes later: the same form, consented to again.
    let update: HealthFormUpdateInput = parse(&json!({"healthForm": full["healthForm"], "healthConsent": true}));
    let errors = validate_health_form_update(&update).expect_err("no version");
    assert_errors(
        "update without version",
        &errors,
        &[(
            "healthConsent",
            "health_consent_version",
            "Le texte du consentement a changé : rechargez la page et relisez-le.",
            "The consent text has changed: reload the page and read it again.",
        )],
    );
    let update: HealthFormUpdateInput = parse(
        &json!({"healthForm": full["healthForm"], "healthConsent": true, "healthConsentVersion": HEALTH_CONSENT_VERSION}),
    );
    assert_eq!(&validate_health_form_update(&update).expect("valid"), health);
}

// --- event ----------------------------------------------------------------------------------

fn event_ok() -> Value {
    json!({
        "title": "Tournoi de volleyball", "titleEn": "", "description": "Tournoi 4 contre 4", "descriptionEn": null,
        "startDate": "2025-08-24T09:00", "endDate": "", "location": "La Pêche, Québec", "price": "", "maxParticipants": "",
        "requiresPayment": true,
    })
}

#[test]
fn event_valid_and_defaults() {
    let v = validate_event(&parse(&event_ok())).expect("valid");
    assert_eq!(v.price().get(), 0);
    assert_eq!(v.max_participants(), None);
    assert_eq!(v.end_date(), None);
    assert_eq!(v.title_en(), None);
    assert!(!v.requires_payment());
    assert_eq!(v.start_date().to_rfc3339(), "2025-08-24T09:00:00+00:00");
    let v = validate_event(&parse(&with(
        &event_ok(),
        json!({"price": 25.5, "maxParticipants": "16", "endDate": "2025-08-24T17:00:00Z", "titleEn": "Volleyball tournament"}),
    )))
    .expect("valid");
    assert_eq!((v.price().get(), v.max_participants()), (2550, Some(16)));
    assert_eq!(v.end_date().map(|d| d.to_rfc3339()), Some("2025-08-24T17:00:00+00:00".to_owned()));
    for (price, cents) in [
        (json!("12,50"), 1250),
        (json!("0.01"), 1),
        (json!(".5"), 50),
        (json!(19.99), 1999),
        (json!(0), 0),
        (json!("7"), 700),
    ] {
        let v = validate_event(&parse(&with(&event_ok(), json!({ "price": price.clone() })))).expect("valid price");
        assert_eq!(v.price().get(), cents, "{price}");
    }
    for &category in EventCategory::ALL {
        let v =
            validate_event(&parse(&with(&event_ok(), json!({ "categoryId": category.as_str() })))).expect("a category");
        assert_eq!(v.category_id(), Some(category));
    }
    // End equal to start is allowed.
    assert!(validate_event(&parse(&with(&event_ok(), json!({"endDate": "2025-08-24T09:00:00Z"})))).is_ok());
}

#[test]
fn event_rules() {
    const PRICE: (&str, &str) = (
        "Le prix doit être un montant positif ou nul, au plus 2 décimales",
        "The price must be zero or more, with at most 2 decimals",
    );
    const MAXP: (&str, &str) = (
        "Le nombre maximum de participants doit être un nombre entier d'au moins 1",
        "Maximum participants must be a whole number of at least 1",
    );
    let cases: Vec<(&str, Value, Expected)> = vec![
        ("title", json!({"title": ""}), &[("title", "title_required", "Le titre est requis", "Title is required")]),
        (
            "description",
            json!({"description": null}),
            &[("description", "description_required", "La description est requise", "Description is required")],
        ),
        (
            "start date",
            json!({"startDate": ""}),
            &[("startDate", "start_date_required", "La date de début est requise", "Start date is required")],
        ),
        (
            "start date unreadable",
            json!({"startDate": "24 août"}),
            &[("startDate", "date_invalid", "Date invalide", "Invalid date")],
        ),
        (
            "location",
            json!({"location": "  "}),
            &[("location", "location_required", "Le lieu est requis", "Location is required")],
        ),
        (
            "end before start",
            json!({"endDate": "2025-08-23T09:00"}),
            &[(
                "endDate",
                "end_date_before_start",
                "La date de fin ne peut pas précéder la date de début",
                "The end date cannot be before the start date",
            )],
        ),
        (
            "end unreadable",
            json!({"endDate": "bientôt"}),
            &[("endDate", "date_invalid", "Date invalide", "Invalid date")],
        ),
        ("negative price", json!({"price": -1}), &[("price", "price_invalid", PRICE.0, PRICE.1)]),
        ("price with 3 decimals", json!({"price": "1.005"}), &[("price", "price_invalid", PRICE.0, PRICE.1)]),
        ("price as number with 3 decimals", json!({"price": 1.005}), &[("price", "price_invalid", PRICE.0, PRICE.1)]),
        ("price not a number", json!({"price": "gratuit"}), &[("price", "price_invalid", PRICE.0, PRICE.1)]),
        (
            "max participants 0",
            json!({"maxParticipants": 0}),
            &[("maxParticipants", "max_participants_invalid", MAXP.0, MAXP.1)],
        ),
        (
            "max participants fractional",
            json!({"maxParticipants": "2.5"}),
            &[("maxParticipants", "max_participants_invalid", MAXP.0, MAXP.1)],
        ),
        (
            "unknown category",
            json!({"categoryId": "hockey"}),
            &[("categoryId", "category_invalid", "Catégorie invalide", "Invalid category")],
        ),
        ("title too long", json!({"title": "x".repeat(201)}), &[("title", "too_long", TOO_LONG.0, TOO_LONG.1)]),
        (
            "English description too long",
            json!({"descriptionEn": "x".repeat(5001)}),
            &[("descriptionEn", "too_long", TOO_LONG.0, TOO_LONG.1)],
        ),
    ];
    for (case, patch, expected) in cases {
        let input: EventInput = parse(&with(&event_ok(), patch));
        let errors = validate_event(&input).expect_err(case);
        assert_errors(case, &errors, expected);
    }
}

// --- tournament configuration ---------------------------------------------------------------

#[test]
fn tournament_config_takes_who_scores_the_window_and_the_work_teams() {
    let absent = validate_tournament_config(&parse(&json!({}))).expect("valid");
    assert_eq!((absent.scoring(), absent.confirm_minutes(), absent.duty()), (None, None, None), "absent keeps");
    let blank = validate_tournament_config(&parse(&json!({"scoring": " ", "confirmMinutes": "", "duty": ""})));
    assert_eq!(blank.expect("valid").confirm_minutes(), None);
    let set = json!({"scoring": "teams", "confirmMinutes": "1440", "duty": "teams"});
    let c = validate_tournament_config(&parse(&set)).expect("valid");
    assert_eq!((c.scoring(), c.confirm_minutes(), c.duty()), (Some(Scoring::Teams), Some(1440), Some(DutyMode::Teams)));
    let c = validate_tournament_config(&parse(&json!({"scoring": "staff", "confirmMinutes": 1, "duty": "none"})));
    let c = c.expect("valid");
    assert_eq!((c.scoring(), c.confirm_minutes(), c.duty()), (Some(Scoring::Staff), Some(1), Some(DutyMode::Nobody)));
    for bad in [
        json!({"scoring": "captains", "confirmMinutes": 0, "duty": "all"}),
        json!({"scoring": "Teams", "confirmMinutes": 1441, "duty": "nobody"}),
    ] {
        let errors = validate_tournament_config(&parse(&bad)).expect_err("refused");
        assert_errors(
            "who scores, the window, the work teams",
            &errors,
            &[
                (
                    "scoring",
                    "scoring_invalid",
                    "La saisie des scores est faite par l'organisation (staff) ou par les équipes (teams)",
                    "Scores are entered by the organisers (staff) or by the teams (teams)",
                ),
                (
                    "confirmMinutes",
                    "confirm_minutes_invalid",
                    "Le délai de confirmation doit être un nombre entier de 1 à 1440 minutes",
                    "The confirmation window must be a whole number of minutes from 1 to 1440",
                ),
                (
                    "duty",
                    "duty_invalid",
                    "L'arbitrage est fait par personne (none) ou par les équipes (teams)",
                    "Matches are refereed by nobody (none) or by the teams (teams)",
                ),
            ],
        );
    }
}

#[test]
fn tournament_config_blank_takes_defaults_and_out_of_range_is_refused() {
    let rows: Vec<(Value, (u8, u16, u16, u8))> = vec![
        (json!({}), (2, 20, 10, 1)),
        (
            json!({"courtsAvailable": "", "matchDurationMinutes": "", "breakBetweenMatches": "", "poolCount": ""}),
            (2, 20, 10, 1),
        ),
        (
            json!({"courtsAvailable": 4, "matchDurationMinutes": 60, "breakBetweenMatches": 30, "poolCount": 4}),
            (4, 60, 30, 4),
        ),
        (json!({"courtsAvailable": "1", "matchDurationMinutes": "10", "breakBetweenMatches": "5"}), (1, 10, 5, 1)),
        (json!({"courtsAvailable": 3, "matchDurationMinutes": "45", "breakBetweenMatches": null}), (3, 45, 10, 1)),
    ];
    for (input, (courts, minutes, brk, pools)) in rows {
        let c = validate_tournament_config(&parse(&input)).expect("valid");
        assert_eq!(
            (c.courts_available(), c.match_duration_minutes(), c.break_between_matches(), c.pool_count()),
            (courts, minutes, brk, pools),
            "{input}"
        );
        assert_eq!(c.start_time(), None);
    }
    for input in [
        json!({"courtsAvailable": 0, "matchDurationMinutes": 9, "breakBetweenMatches": 4, "poolCount": 0}),
        json!({"courtsAvailable": 5, "matchDurationMinutes": 61, "breakBetweenMatches": 31, "poolCount": 5}),
        json!({"courtsAvailable": "abc", "matchDurationMinutes": 25.5, "breakBetweenMatches": "7.5", "poolCount": "x"}),
    ] {
        let errors = validate_tournament_config(&parse(&input)).expect_err("out of range");
        assert_errors(
            "numbers out of range",
            &errors,
            &[
                (
                    "courtsAvailable",
                    "courts_invalid",
                    "Le nombre de terrains doit être un nombre entier entre 1 et 4",
                    "The number of courts must be a whole number from 1 to 4",
                ),
                (
                    "matchDurationMinutes",
                    "duration_invalid",
                    "La durée d'un match doit être un nombre entier de 10 à 60 minutes",
                    "A match must last a whole number of minutes from 10 to 60",
                ),
                (
                    "breakBetweenMatches",
                    "break_invalid",
                    "La pause entre les matchs doit être un nombre entier de 5 à 30 minutes",
                    "The break between matches must be a whole number of minutes from 5 to 30",
                ),
                (
                    "poolCount",
                    "pool_count_invalid",
                    "Le nombre de poules doit être un nombre entier entre 1 et 4",
                    "The number of pools must be a whole number from 1 to 4",
                ),
            ],
        );
    }
    let c = validate_tournament_config(&parse(&json!({"startTime": "2025-08-24T09:00"}))).expect("valid");
    assert_eq!(c.start_time().map(|t| t.to_rfc3339()), Some("2025-08-24T09:00:00+00:00".to_owned()));
    let errors = validate_tournament_config(&parse(&json!({"startTime": "9h"}))).expect_err("bad start");
    assert_errors("start time unreadable", &errors, &[("startTime", "date_invalid", "Date invalide", "Invalid date")]);
}

// --- score ----------------------------------------------------------------------------------

#[test]
fn score_rules() {
    let ok = validate_score(&parse(&json!({"team1Score": 21, "team2Score": "0"}))).expect("valid");
    assert_eq!((ok.team1_score(), ok.team2_score()), (21, 0));
    const REQUIRED: (&str, &str) = ("Le score est requis", "The score is required");
    const INVALID: (&str, &str) =
        ("Le score doit être un nombre entier positif ou nul", "The score must be a whole number, zero or more");
    let cases: Vec<(&str, Value, Expected)> = vec![
        (
            "both missing",
            json!({}),
            &[
                ("team1Score", "score_required", REQUIRED.0, REQUIRED.1),
                ("team2Score", "score_required", REQUIRED.0, REQUIRED.1),
            ],
        ),
        (
            "one blank",
            json!({"team1Score": 3, "team2Score": ""}),
            &[("team2Score", "score_required", REQUIRED.0, REQUIRED.1)],
        ),
        (
            "negative",
            json!({"team1Score": -1, "team2Score": 2}),
            &[("team1Score", "score_invalid", INVALID.0, INVALID.1)],
        ),
        (
            "fractional",
            json!({"team1Score": 1.5, "team2Score": 2}),
            &[("team1Score", "score_invalid", INVALID.0, INVALID.1)],
        ),
        (
            "text",
            json!({"team1Score": 1, "team2Score": "deux"}),
            &[("team2Score", "score_invalid", INVALID.0, INVALID.1)],
        ),
        (
            "too large",
            json!({"team1Score": 1000, "team2Score": 2}),
            &[("team1Score", "score_too_high", "Le score ne peut pas dépasser 999", "The score cannot be above 999")],
        ),
    ];
    for (case, input, expected) in cases {
        let errors = validate_score(&parse(&input)).expect_err(case);
        assert_errors(case, &errors, expected);
    }
}

// --- user id --------------------------------------------------------------------------------

#[test]
fn user_id_rules() {
    assert_eq!(validate_user_id("  abc-123 ").map(|u| u.as_str().to_owned()), Ok("abc-123".to_owned()));
    const REQUIRED: (&str, &str) = ("L'identifiant de l'utilisateur est requis", "User ID is required");
    for raw in ["", "   ", "\t\n"] {
        let errors = validate_user_id(raw).expect_err("blank");
        assert_errors("blank user id", &errors, &[("userId", "user_id_required", REQUIRED.0, REQUIRED.1)]);
    }
    let errors = validate_user_id(&"u".repeat(256)).expect_err("too long");
    assert_errors("user id too long", &errors, &[("userId", "too_long", TOO_LONG.0, TOO_LONG.1)]);
}

#[test]
fn validated_values_serialize_in_camel_case() {
    let v = validate_team_registration(&parse(&team_ok())).expect("valid");
    let json = serde_json::to_value(&v).expect("serializes");
    assert_eq!(json["captain"]["firstName"], "Marie");
    assert_eq!(json["teamName"], Value::Null);
    let e = validate_event(&parse(&with(&event_ok(), json!({"price": "12.5"})))).expect("valid");
    let json = serde_json::to_value(&e).expect("serializes");
    assert_eq!(json["priceCents"], 1250);
    assert_eq!(json["requiresPayment"], false);
}

// --- control characters ---------------------------------------------------------------------

const CONTROL: (&str, &str) =
    ("Ce champ contient des caractères non permis.", "This field contains characters that are not allowed.");

/// The one error `errors` must hold: `code` on `field`, with its French and English texts.
fn assert_refused(case: &str, errors: &[FieldError], field: &str, code: &str, texts: (&str, &str)) {
    let got: Vec<(&str, &str)> = errors.iter().map(|e| (e.field, e.code)).collect();
    assert_eq!(got, [(field, code)], "{case}");
    assert_eq!(message(code, Lang::Fr), Some(texts.0), "{case}: French text of {code}");
    assert_eq!(message(code, Lang::En), Some(texts.1), "{case}: English text of {code}");
}

/// Each raw value with what `Text::parse` (one line) must answer: the kept text, or the error.
#[test]
fn one_line_text_refuses_control_characters() {
    let long_clean = "é".repeat(10_000);
    let long_with_nul = format!("\u{0}{}", "é".repeat(200));
    let cases: [(&str, &str, Result<&str, TextError>); 22] = [
        ("NUL at the start", "\u{0}Titre", Err(TextError::Control)),
        ("NUL in the middle", "Ti\u{0}tre", Err(TextError::Control)),
        ("NUL at the end", "Titre\u{0}", Err(TextError::Control)),
        ("TAB", "Marie\tÈve", Err(TextError::Control)),
        ("CR", "Nom\rBcc: x@example.org", Err(TextError::Control)),
        ("LF", "Nom\nBcc: x@example.org", Err(TextError::Control)),
        ("CRLF", "Nom\r\nBcc: x@example.org", Err(TextError::Control)),
        ("NEL (U+0085)", "Nom\u{85}Bcc", Err(TextError::Control)),
        ("line separator (U+2028)", "Nom\u{2028}Bcc", Err(TextError::Control)),
        ("paragraph separator (U+2029)", "Nom\u{2029}Bcc", Err(TextError::Control)),
        ("DEL", "a\u{7f}b", Err(TextError::Control)),
        ("BEL", "a\u{7}b", Err(TextError::Control)),
        ("ESC", "\u{1b}[31mrouge", Err(TextError::Control)),
        ("C1 CSI (U+009B)", "a\u{9b}b", Err(TextError::Control)),
        ("a control character before the length", &long_with_nul, Err(TextError::Control)),
        ("accented name", "Marie-Ève Côté-Lévesque", Ok("Marie-Ève Côté-Lévesque")),
        ("whitespace around is trimmed", " \tMarie-Ève Côté-Lévesque\r\n", Ok("Marie-Ève Côté-Lévesque")),
        ("punctuation", "O'Brien & fils (n° 2) — « été »", Ok("O'Brien & fils (n° 2) — « été »")),
        ("a lone line separator is blank", "\u{2028}", Err(TextError::Empty)),
        ("blank", " \t\r\n ", Err(TextError::Empty)),
        ("10,000 é", &long_clean, Err(TextError::TooLong)),
        ("exactly the limit", "ééééé", Ok("ééééé")),
    ];
    for (case, raw, want) in cases {
        let max = if case == "exactly the limit" { 5 } else { max_len::NAME };
        let got = Text::parse(raw, max);
        assert_eq!(got.as_ref().map(Text::as_str).map_err(|e| *e), want, "{case}");
    }
}

/// Free text keeps its line breaks and tabs; every other control character is refused.
#[test]
fn multiline_text_keeps_line_breaks_and_refuses_other_control_characters() {
    let cases: [(&str, &str, Result<&str, TextError>); 11] = [
        ("LF", "Ligne 1\nLigne 2", Ok("Ligne 1\nLigne 2")),
        ("CRLF", "Ligne 1\r\nLigne 2", Ok("Ligne 1\r\nLigne 2")),
        ("CR", "Ligne 1\rLigne 2", Ok("Ligne 1\rLigne 2")),
        ("TAB", "Colonne\tvaleur", Ok("Colonne\tvaleur")),
        ("trailing newline trimmed", "Asthme\n\n", Ok("Asthme")),
        ("line separator is not a control character", "a\u{2028}b", Ok("a\u{2028}b")),
        ("NUL at the start", "\u{0}Ligne", Err(TextError::Control)),
        ("NUL at the end", "Ligne 1\nLigne\u{0}", Err(TextError::Control)),
        ("BEL", "a\u{7}b", Err(TextError::Control)),
        ("DEL", "a\u{7f}b", Err(TextError::Control)),
        ("NEL (U+0085)", "a\u{85}b", Err(TextError::Control)),
    ];
    for (case, raw, want) in cases {
        let got = Text::parse_multiline(raw, max_len::COMMENTS);
        assert_eq!(got.as_ref().map(Text::as_str).map_err(|e| *e), want, "{case}");
    }
    assert_eq!(Text::parse_multiline(&"é".repeat(1001), max_len::COMMENTS), Err(TextError::TooLong));
    assert_eq!(Text::parse_multiline(" \n\t", max_len::COMMENTS), Err(TextError::Empty));
}

/// Every text field of every form answers `text_control` (its texts in both languages) for a
/// control character; e-mails and phone numbers keep their own `invalid` code.
#[test]
fn every_form_refuses_control_characters_field_by_field() {
    const PHONE: (&str, &str) = ("Numéro de téléphone invalide", "Invalid phone number");
    let injected = "Nom\r\nBcc: x@example.org";
    let event_fields = ["title", "titleEn", "description", "descriptionEn", "categoryId", "location"];
    for field in event_fields {
        let errors = validate_event(&parse(&with(&event_ok(), json!({ field: "\u{0}Titre" })))).expect_err(field);
        assert_refused(field, &errors, field, "text_control", CONTROL);
    }
    for field in ["title", "titleEn", "location"] {
        let errors = validate_event(&parse(&with(&event_ok(), json!({ field: injected })))).expect_err(field);
        assert_refused(field, &errors, field, "text_control", CONTROL);
    }
    let team_fields = [
        "teamName",
        "captainFirstName",
        "captainLastName",
        "member2FirstName",
        "member2LastName",
        "member3FirstName",
        "member3LastName",
        "member4FirstName",
        "member4LastName",
    ];
    for field in team_fields {
        let errors =
            validate_team_registration(&parse(&with(&team_ok(), json!({ field: injected })))).expect_err(field);
        assert_refused(field, &errors, field, "text_control", CONTROL);
    }
    for field in ["captainEmail", "member2Email", "member3Email"] {
        let body = with(&team_ok(), json!({ field: "marie\u{0}@example.ca" }));
        let errors = validate_team_registration(&parse(&body)).expect_err(field);
        assert_refused(field, &errors, field, "email_invalid", EMAIL);
    }
    let tz = chrono_tz::America::Toronto;
    for (field, value) in [("firstName", injected), ("lastName", "Roy\u{0}"), ("comments", "Merci\u{7}")] {
        let body = with(&booking_ok(), json!({ field: value }));
        let errors = validate_court_booking(&parse(&body), today(), tz).expect_err(field);
        assert_refused(field, &errors, field, "text_control", CONTROL);
    }
    for (field, value, code, texts) in [
        ("email", "marie@example.ca\nBcc: x@example.org", "email_invalid", EMAIL),
        ("phone", "819-555-0123 ext\t4", "phone_invalid", PHONE),
        ("phone", "819-555-0123 x\n4", "phone_invalid", PHONE),
    ] {
        let body = with(&booking_ok(), json!({ field: value }));
        let errors = validate_court_booking(&parse(&body), today(), tz).expect_err(value);
        assert_refused(value, &errors, field, code, texts);
    }
    let comments = with(&booking_ok(), json!({"comments": "Filet bas, s.v.p.\r\nMerci!\tÀ bientôt"}));
    let booking = validate_court_booking(&parse(&comments), today(), tz).expect("comments on several lines");
    assert_eq!(booking.comments().map(Text::as_str), Some("Filet bas, s.v.p.\r\nMerci!\tÀ bientôt"));
    for field in ["childFirstName", "childLastName", "parentName", "medicalConditions", "weekId"] {
        let body = with(&camp_ok(), json!({ field: "\u{0}Titre" }));
        let errors = validate_day_camp_registration(&parse(&body), today()).expect_err(field);
        assert_refused(field, &errors, field, "text_control", CONTROL);
    }
    let in_list = with(&camp_ok(), json!({"weekId": null, "weekIds": ["week1", "week\u{2028}3"]}));
    let errors = validate_day_camp_registration(&parse(&in_list), today()).expect_err("a week in the list");
    assert_refused("weekIds", &errors, "weekId", "text_control", CONTROL);
    for (field, value) in [("parentPhone", "819 555 0101\r\n"), ("emergencyPhone", "819\u{0}555 0101")] {
        let errors = validate_day_camp_registration(&parse(&with(&camp_ok(), json!({ field: value }))), today());
        if field == "parentPhone" {
            // A line break after the number is trimmed, as any whitespace around a value.
            assert!(errors.is_ok(), "{field}");
        } else {
            assert_refused(field, &errors.expect_err(field), "emergencyPhone", "phone_invalid", PHONE);
        }
    }
    let medical = with(&camp_ok(), json!({"medicalConditions": "Asthme\nAllergie aux arachides\r\n\tÉpipen"}));
    let camp = validate_day_camp_registration(&parse(&medical), today()).expect("medical on several lines");
    assert_eq!(camp.medical_conditions().map(Text::as_str), Some("Asthme\nAllergie aux arachides\r\n\tÉpipen"));
    let errors = validate_user_id("abc\u{0}def").expect_err("user id");
    assert_refused("user id", &errors, "userId", "text_control", CONTROL);
}

/// Core's generic code of a refused character is the catalogue's, in both languages.
#[test]
fn text_control_is_in_the_catalogue() {
    assert_eq!(TextError::Control.generic_code(), Some("text_control"));
    assert_eq!(message("text_control", Lang::Fr), Some(CONTROL.0));
    assert_eq!(message("text_control", Lang::En), Some(CONTROL.1));
}

#[test]
fn offer_hours_on_events_and_camp_programs() {
    const HOURS: (&str, &str) = (
        "Le délai doit être un nombre entier de 2 à 336 heures.",
        "The delay must be a whole number from 2 to 336 hours.",
    );
    // (sent, accepted as)
    let accepted = [
        (json!(null), None),
        (json!(""), None),
        (json!("  "), None),
        (json!(2), Some(2)),
        (json!("6"), Some(6)),
        (json!(48), Some(48)),
        (json!(336), Some(336)),
    ];
    for (sent, want) in accepted {
        let event = validate_event(&parse(&with(&event_ok(), json!({ "offerHours": sent.clone() })))).expect("event");
        assert_eq!(event.offer_hours(), want, "event {sent}");
        let program = validate_program_settings(&parse(&json!({ "offerHours": sent.clone() }))).expect("program");
        assert_eq!(program.offer_hours(), want, "program {sent}");
    }
    assert_eq!(validate_event(&parse(&event_ok())).map(|e| e.offer_hours()), Ok(None));
    assert_eq!(validate_program_settings(&parse(&json!({}))).map(|p| p.offer_hours()), Ok(None));
    for refused in [json!(1), json!(0), json!(-6), json!(337), json!(6.5), json!("6h"), json!("4000000000")] {
        let errors =
            validate_event(&parse(&with(&event_ok(), json!({ "offerHours": refused.clone() })))).expect_err("event");
        assert_errors(&format!("event {refused}"), &errors, &[("offerHours", "offer_hours_invalid", HOURS.0, HOURS.1)]);
        let errors = validate_program_settings(&parse(&json!({ "offerHours": refused.clone() }))).expect_err("program");
        assert_errors(
            &format!("program {refused}"),
            &errors,
            &[("offerHours", "offer_hours_invalid", HOURS.0, HOURS.1)],
        );
    }
}

#[test]
fn league_settings_take_dates_or_weeks_and_check_each_field() {
    let ok = json!({"firstNight": "2027-06-01", "weeks": 3, "startTime": "18:30", "courts": [2, 1, 2]});
    let league = validate_league(&parse(&ok)).expect("league");
    let date = |m, d| chrono::NaiveDate::from_ymd_opt(2027, m, d).expect("date");
    assert_eq!(league.nights, [date(6, 1), date(6, 8), date(6, 15)]);
    assert_eq!(league.courts, [2, 1], "each court once, in the order given");
    assert_eq!((league.group_size, league.match_duration_minutes, league.confirm_hours), (3, 20, 24));
    assert_eq!(league.confirm_minutes(), 24 * 60);
    let listed =
        with(&ok, json!({"nights": ["2027-06-15", "2027-06-01", "2027-06-15"], "groupSize": "4", "confirmHours": 168}));
    let league = validate_league(&parse(&listed)).expect("listed nights win over weeks");
    assert_eq!((league.nights, league.group_size, league.confirm_hours), (vec![date(6, 1), date(6, 15)], 4, 168));

    const NIGHTS: (&str, &str) = (
        "Donnez les dates des soirées (AAAA-MM-JJ), ou la première soirée et un nombre de semaines de 1 à 30",
        "Give the nights' dates (YYYY-MM-DD), or the first night and a number of weeks from 1 to 30",
    );
    let bad = json!({"firstNight": "01/06/2027", "weeks": 31, "startTime": "6 h 30", "courts": [], "groupSize": 5,
        "format": "football", "matchDurationMinutes": 5, "confirmHours": 169});
    let errors = validate_league(&parse(&bad)).expect_err("refused");
    assert_errors(
        "every field",
        &errors,
        &[
            ("nights", "league_nights_invalid", NIGHTS.0, NIGHTS.1),
            (
                "startTime",
                "league_start_invalid",
                "L'heure de début doit être au format HH:MM (par exemple 18:30)",
                "The start time must be HH:MM (for example 18:30)",
            ),
            ("courts", "league_courts_invalid", "Choisissez au moins un terrain", "Choose at least one court"),
            (
                "groupSize",
                "league_group_size_invalid",
                "Les groupes comptent 3 ou 4 équipes",
                "Groups hold 3 or 4 teams",
            ),
            (
                "format",
                "format_invalid",
                "Ce format de match n'existe pas ou n'est pas valide.",
                "This match format does not exist or is not valid.",
            ),
            (
                "matchDurationMinutes",
                "duration_invalid",
                "La durée d'un match doit être un nombre entier de 10 à 60 minutes",
                "A match must last a whole number of minutes from 10 to 60",
            ),
            (
                "confirmHours",
                "confirm_hours_invalid",
                "Le délai de confirmation doit être un nombre entier de 1 à 168 heures",
                "The confirmation window must be a whole number of hours from 1 to 168",
            ),
        ],
    );
    let none = validate_league(&parse(&json!({"startTime": "18:30", "courts": [1]}))).expect_err("no nights");
    assert_errors("no nights", &none, &[("nights", "league_nights_invalid", NIGHTS.0, NIGHTS.1)]);
}
