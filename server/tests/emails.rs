//! Every e-mail the centre sends, in French and in English, as its reader gets it: recipient,
//! subject, text and calendar file, snapshotted (`snapshots/server__emails__*.snap`). Written by
//! the server's own rendering functions from fixed registrations, so nothing but the calendar
//! file's stamp (the moment it is written) changes between runs.

use centre_core::Lang;
use centre_server::db::daycamps::{ProgramRow, RegistrationRow as CampRow, WeekRow};
use centre_server::db::event_registrations::{Person, RegistrationRow};
use centre_server::db::events::EventRow;
use centre_server::db::outbox::Email;
use centre_server::db::payments::Kind;
use centre_server::db::payments::due::Letters;
use centre_server::db::payments::overview::Unpaid;
use centre_server::emails::courts::{BookingMail, CancelledBy};
use centre_server::emails::payments::PaymentLetters;
use centre_server::emails::{camps, courts, events};
use centre_server::settings::DEFAULT_INTERAC_EMAIL;
use chrono::{DateTime, NaiveDate, TimeZone, Utc};

const TZ: chrono_tz::Tz = chrono_tz::America::Toronto;
const SITE: &str = "https://centre.example";

/// The message as its reader sees it: headers, text, then the attached calendar file.
fn shown(email: &Email) -> String {
    let mut text = format!("To: {}\nSubject: {}\n\n{}", email.to, email.subject, email.body_text);
    if let Some(ics) = &email.ics {
        text.push_str("\n--- invitation.ics\n");
        text.push_str(&ics.replace("\r\n", "\n"));
    }
    text
}

/// Snapshots `email` as `name`; the calendar file's stamp is the moment it was written.
fn assert_email(name: &str, email: &Email) {
    let mut settings = insta::Settings::clone_current();
    settings.add_filter(r"DTSTAMP:\d{8}T\d{6}Z", "DTSTAMP:[when written]");
    settings.bind(|| insta::assert_snapshot!(name, shown(email)));
}

fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, mo, d, h, mi, 0).single().unwrap()
}

fn day(text: &str) -> NaiveDate {
    text.parse().unwrap()
}

// Team registrations.

fn event(price_cents: i64) -> EventRow {
    EventRow {
        id: 3,
        title: "Tournoi 4x4".into(),
        title_en: Some("4x4 tournament".into()),
        description: "Tournoi amical en équipes de 4.".into(),
        description_en: None,
        category_id: Some(centre_core::validation::EventCategory::Volleyball),
        location: "20, chemin du Lac-Mulvihill, La Pêche".into(),
        start_date: "2026-07-11T13:00:00Z".into(),
        end_date: Some("2026-07-11T21:00:00Z".into()),
        price_cents,
        max_participants: Some(48),
        current_participants: 3,
        is_active: true,
        created_at: "2026-05-01T12:00:00Z".into(),
        requires_payment: price_cents > 0,
        featured: false,
        offer_hours: None,
    }
}

fn person(first: &str, last: &str, email: Option<&str>) -> Person {
    Person { first_name: Some(first.into()), last_name: Some(last.into()), email: email.map(Into::into) }
}

fn team(amount_due_cents: i64, lang: Lang) -> RegistrationRow {
    RegistrationRow {
        id: 1,
        event_id: 3,
        user_id: Some("u1".into()),
        kind: centre_core::registration::RegistrationKind::Team,
        team_name: Some("Les Huards".into()),
        team_number: Some(2),
        captain: person("Camille", "Tremblay", Some("camille@example.org")),
        members: [
            person("Alex", "Roy", Some("alex@example.org")),
            person("Léa", "Gagnon", None),
            Person::default(),
            Person::default(),
            Person::default(),
        ],
        individual: Person::default(),
        phone: None,
        notes: None,
        people_count: 3,
        status: centre_core::registration::RegistrationStatus::Confirmed,
        payment_status: centre_core::payments::PaymentStatus::Pending,
        payment_reference: "EV3-K7MQ2X".into(),
        amount_due_cents,
        lang,
        created_at: "2026-05-02T12:00:00Z".into(),
    }
}

#[test]
fn the_team_registration_confirmation() {
    for lang in [Lang::Fr, Lang::En] {
        let cx = events::Context {
            to: "camille@example.org",
            greeting_name: Some("Camille"),
            interac_email: DEFAULT_INTERAC_EMAIL,
            tz: TZ,
            lang,
        };
        let paid = events::registration_confirmed(&event(2500), &team(7500, lang), &cx);
        assert_email(&format!("registration_confirmed_{}", lang.as_str()), &paid);
        let unnamed = events::Context { greeting_name: None, ..cx };
        let free = events::registration_confirmed(&event(0), &team(0, lang), &unnamed);
        assert_email(&format!("registration_confirmed_free_{}", lang.as_str()), &free);
    }
}

// Payment reminders and releases.

fn unpaid(kind: Kind, lang: Lang) -> Unpaid {
    let created = utc(2026, 6, 1, 14, 0);
    let (reference, amount_cents, name, title, title_en, deadline) = match kind {
        Kind::Event => (
            "EV3-K7MQ2X",
            7500,
            "Les Huards",
            "Tournoi 4x4",
            Some("4x4 tournament".to_owned()),
            Some(created + chrono::Duration::days(7)),
        ),
        Kind::Camp => ("CJ-ABC234", 24_000, "Léa Roy", "explorateurs", None, None),
    };
    Unpaid {
        kind,
        id: 4,
        reference: reference.into(),
        amount_cents,
        created_at: created,
        reminders_sent: 0,
        last_reminder_at: None,
        lang,
        to: Some("camille@example.org".into()),
        name: name.into(),
        title: title.into(),
        title_en,
        deadline,
        event_id: (kind == Kind::Event).then_some(3),
        held_by_tournament: false,
    }
}

#[test]
fn the_payment_reminder_and_the_release_notice() {
    let letters = PaymentLetters { interac_email: DEFAULT_INTERAC_EMAIL.into(), tz: TZ };
    for lang in [Lang::Fr, Lang::En] {
        // An event with a deadline, a camp without one.
        for (kind, what) in [(Kind::Event, "event"), (Kind::Camp, "camp")] {
            let u = unpaid(kind, lang);
            assert_email(&format!("payment_reminder_{what}_{}", lang.as_str()), &letters.reminder(&u));
            assert_email(&format!("registration_released_{what}_{}", lang.as_str()), &letters.expired(&u));
        }
    }
}

// Court bookings.

fn booking(lang: Lang, details: bool) -> BookingMail<'static> {
    let start = utc(2027, 6, 12, 14, 0);
    BookingMail {
        id: 42,
        // The court's name in the member's language, as the booking routes pick it.
        court_name: if lang == Lang::En { "Volleyball court 1" } else { "Terrain de volleyball 1" },
        first_name: "Marie",
        to: "marie@example.org",
        start,
        end: start + chrono::Duration::hours(1),
        players: details.then_some(6),
        ball_rental: details,
        notes: details.then_some("Nous apportons le filet"),
        lang,
    }
}

#[test]
fn the_court_booking_confirmation_and_cancellations() {
    let ctx = courts::Context { public_url: SITE, tz: TZ, now: utc(2027, 5, 20, 12, 0) };
    for lang in [Lang::Fr, Lang::En] {
        let code = lang.as_str();
        assert_email(&format!("court_booking_confirmed_{code}"), &courts::confirmation(&booking(lang, true), ctx));
        // Nothing but the slot: no players, no balls, no comments.
        assert_email(
            &format!("court_booking_confirmed_bare_{code}"),
            &courts::confirmation(&booking(lang, false), ctx),
        );
        for (by, who) in [(CancelledBy::Member, "member"), (CancelledBy::Centre, "centre")] {
            let email = courts::cancellation(&booking(lang, true), by, ctx);
            assert_email(&format!("court_booking_cancelled_by_{who}_{code}"), &email);
        }
    }
}

// Day camps.

fn program() -> ProgramRow {
    ProgramRow {
        id: "explorateurs".into(),
        min_age: 6,
        max_age: 8,
        weekly_price_cents: 12_000,
        capacity_per_week: 20,
        day_start: "08:00".into(),
        day_end: "16:30".into(),
        offer_hours: None,
    }
}

fn child(lang: Lang, weeks: usize) -> CampRow {
    let all = [
        WeekRow { id: 1, label: "week1".into(), start_date: day("2027-07-05"), end_date: day("2027-07-09") },
        WeekRow { id: 5, label: "week5".into(), start_date: day("2027-08-02"), end_date: day("2027-08-06") },
    ];
    CampRow {
        id: 7,
        user_id: Some("u1".into()),
        program_id: "explorateurs".into(),
        child_first_name: "Léa".into(),
        child_last_name: "Roy".into(),
        child_birth_date: day("2019-05-01"),
        child_gender: Some(centre_core::validation::Gender::Girl),
        parent_name: "Ana Roy".into(),
        parent_email: "ana@example.org".into(),
        parent_phone: "819-555-0101".into(),
        emergency_phone: None,
        medical_conditions: Some("Allergie aux arachides".into()),
        can_swim: true,
        amount_cents: 12_000 * weeks as i64,
        payment_status: centre_core::payments::PaymentStatus::Pending,
        payment_reference: "CJ-ABC234".into(),
        lang,
        created_at: "2026-11-22T14:00:00Z".into(),
        weeks: all[..weeks].to_vec(),
    }
}

#[test]
fn the_day_camp_registration_receipt() {
    for lang in [Lang::Fr, Lang::En] {
        let cx = camps::Context { to: "ana@example.org", interac_email: DEFAULT_INTERAC_EMAIL, public_url: SITE, lang };
        for (weeks, named) in [(1, "one_week"), (2, "two_weeks")] {
            let email = camps::registration_received(&child(lang, weeks), &program(), &cx);
            assert!(!email.body_text.contains("arachides"), "medical data stays out of e-mail");
            assert_email(&format!("day_camp_registration_{named}_{}", lang.as_str()), &email);
        }
    }
}

// Waiting lists.

#[test]
fn the_waiting_list_offer() {
    use centre_server::db::waitlist::offers::{OfferLetters, OfferMail, What};
    use centre_server::emails::waitlist::WaitlistLetters;
    let letters = WaitlistLetters { public_url: SITE.into(), tz: TZ };
    let event = What::Event { title: "Tournoi 4x4".into(), title_en: Some("4x4 Tournament".into()) };
    let week = What::CampWeek { program_id: "explorateurs".into(), start: day("2027-07-05"), end: day("2027-07-09") };
    for lang in [Lang::Fr, Lang::En] {
        for (what, named) in [(&event, "event"), (&week, "camp_week")] {
            let mail = OfferMail {
                to: "ana@example.org",
                lang,
                offer_id: 12,
                expires_at: "2027-06-03T16:00:00Z",
                what: what.clone(),
            };
            let email = letters.offer(&mail);
            assert!(email.body_text.contains("https://centre.example/offers/12"), "{}", email.body_text);
            assert_email(&format!("waitlist_offer_{named}_{}", lang.as_str()), &email);
        }
    }
}

#[test]
fn the_waiting_list_freed_court_slot() {
    use centre_server::db::waitlist::offers::{SlotLetters, SlotMail};
    use centre_server::emails::waitlist::WaitlistLetters;
    let letters = WaitlistLetters { public_url: SITE.into(), tz: TZ };
    for lang in [Lang::Fr, Lang::En] {
        let mail = SlotMail {
            to: "paul@example.org",
            lang,
            court_name: "Terrain du lac",
            court_name_en: "Lake court",
            start: "2027-07-22T19:00:00Z",
        };
        assert_email(&format!("waitlist_slot_freed_{}", lang.as_str()), &letters.slot_freed(&mail));
    }
}
