//! A member's offer: read, accepted (the form they joined with registered by the one
//! registration path), declined, or left with its entry. Each answer that frees a place offers
//! it to the next in line in the same transaction.

use centre_core::timefmt::utc_text;
use centre_core::validation::{TeamRegistrationInput, validate_day_camp_registration, validate_team_registration};
use chrono::{DateTime, Utc};
use rusqlite::Connection;
use serde_json::Value;

use super::view;
use crate::cases::registration::camps::parse_form;
use crate::cases::registration::{self, events::start_of_today_utc};
use crate::db::daycamps::{self, NewRegistration};
use crate::db::event_registrations::{self, Registrant};
use crate::db::users::UserRow;
use crate::db::waitlist::offers::{self, AnswerError, Refill};
use crate::db::waitlist::views::EntryView;
use crate::db::waitlist::{EntryRow, Target, find_entry, line};
use crate::error::AppError;
use crate::settings::Settings;

fn answer_error(e: AnswerError) -> AppError {
    match e {
        AnswerError::NotFound => AppError::not_found(),
        AnswerError::Refused(r) => AppError::conflict(r.code()),
        AnswerError::Db(e) => e.into(),
    }
}

/// The member's entry an offer was made to, with that offer (live or not).
pub fn offer(conn: &Connection, offer_id: i64, user_id: &str, tz: chrono_tz::Tz) -> Result<EntryView, AppError> {
    let offer = offers::find(conn, offer_id)?.ok_or_else(AppError::not_found)?;
    let entry = find_entry(conn, offer.entry_id)?.filter(|e| e.user_id == user_id).ok_or_else(AppError::not_found)?;
    Ok(EntryView { offer: Some(offer), ..view(conn, entry.id, tz)? })
}

/// The registration an accepted offer made.
pub enum Accepted {
    Event(Box<event_registrations::RegistrationRow>),
    Camp(Box<daycamps::RegistrationRow>),
}

/// The member accepts their live offer: it ends, and the form they joined with is registered by
/// the one registration path (reference, amount, e-mail, deadline), linked to the entry. 409
/// `offer_not_live` once declined, expired or taken, or when the kept form no longer reads.
pub fn accept(
    tx: &Connection,
    offer_id: i64,
    account: &UserRow,
    settings: &Settings,
    now: DateTime<Utc>,
) -> Result<Accepted, AppError> {
    let not_live = || AppError::conflict("offer_not_live");
    let entry = offers::accept(tx, offer_id, &account.id, &utc_text(now)).map_err(answer_error)?;
    let form: Value = entry.form.as_deref().and_then(|f| serde_json::from_str(f).ok()).ok_or_else(not_live)?;
    let accepted = match &entry.target {
        Target::Event(event_id) => {
            let input: TeamRegistrationInput = serde_json::from_value(form).map_err(|_| not_live())?;
            Accepted::Event(Box::new(register_team(tx, *event_id, &input, &entry, account, settings, now)?))
        }
        Target::CampWeek { program_id, week_id } => {
            Accepted::Camp(Box::new(register_child(tx, program_id, *week_id, form, &entry, settings, now)?))
        }
        Target::CourtSlot { .. } => return Err(not_live()),
    };
    let registration_id = match &accepted {
        Accepted::Event(r) => r.id,
        Accepted::Camp(r) => r.id,
    };
    offers::registered(tx, entry.id, registration_id)?;
    Ok(accepted)
}

fn register_team(
    tx: &Connection,
    event_id: i64,
    input: &TeamRegistrationInput,
    entry: &EntryRow,
    account: &UserRow,
    settings: &Settings,
    now: DateTime<Utc>,
) -> Result<event_registrations::RegistrationRow, AppError> {
    let team = validate_team_registration(input).map_err(AppError::Validation)?;
    let (now_text, today_start) = (utc_text(now), start_of_today_utc(settings.timezone, now));
    let who = Registrant { user_id: &account.id, lang: entry.lang, now: &now_text, today_start: &today_start };
    registration::events::register_and_mail(tx, event_id, &team, &who, account, entry.lang, settings, now)
}

fn register_child(
    tx: &Connection,
    program_id: &str,
    week_id: i64,
    form: Value,
    entry: &EntryRow,
    settings: &Settings,
    now: DateTime<Utc>,
) -> Result<daycamps::RegistrationRow, AppError> {
    let (input, _) = parse_form(form)?;
    let today = now.with_timezone(&settings.timezone).date_naive();
    let form = validate_day_camp_registration(&input, today).map_err(AppError::Validation)?;
    let child = format!("{} {}", form.child_first_name(), form.child_last_name());
    let (weeks, now_text) = ([week_id], utc_text(now));
    let new = NewRegistration {
        user_id: &entry.user_id,
        program_id: Some(program_id),
        week_ids: &weeks,
        form: &form,
        lang: entry.lang,
        today,
        now: &now_text,
    };
    let (registration, _) = registration::camps::register_and_mail(tx, &new, &child, settings, entry.lang, now)?;
    Ok(registration)
}

/// The member declines their live offer: the entry ends and the place goes to the next in line.
pub fn decline(tx: &Connection, offer_id: i64, user_id: &str, refill: &Refill<'_>) -> Result<(), AppError> {
    offers::decline(tx, offer_id, user_id, refill).map_err(answer_error)?;
    Ok(())
}

/// The member leaves a list (404 for an entry not theirs or not in line); a live offer it held
/// goes to the next in line.
pub fn leave(tx: &Connection, entry_id: i64, user_id: &str, refill: &Refill<'_>) -> Result<(), AppError> {
    let entry = line::leave(tx, entry_id, user_id, &utc_text(refill.now))?.ok_or_else(AppError::not_found)?;
    offers::refill(tx, &entry.target, refill)?;
    Ok(())
}
