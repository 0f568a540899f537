//! A child's registration: the write and the parent's Interac e-mail, in the caller's
//! transaction, for the day-camp form and for an accepted waiting-list offer alike; and the
//! registration's refusals as the API answers them (naming the week and the child); the form
//! as sent or kept.

use axum::http::StatusCode;
use centre_core::Lang;
use centre_core::camps::{program_name, week_label};
use centre_core::validation::DayCampRegistrationInput;
use chrono::Utc;
use serde::Deserialize;
use serde_json::Value;

use crate::db::daycamps::{self, AgeRefusal, NewRegistration, ProgramRow, RegisterError, RegistrationRow, WeekRow};
use crate::db::outbox;
use crate::db::users::{self, NoMail};
use crate::emails;
use crate::error::{AppError, Localized};

/// A child's registration form as sent (`POST /api/day-camp-registrations`, a camp week's
/// waiting list) and as a waiting-list entry keeps it: core's fields, and the program chosen on
/// the page.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayCampRegistrationBody {
    #[serde(flatten)]
    input: DayCampRegistrationInput,
    /// Without it, the program that fits the child's age.
    #[serde(default)]
    program_id: Option<String>,
}

/// The form as sent or kept, with `weekId`/`weekIds` accepted as numbers or strings.
pub fn parse_form(mut body: Value) -> Result<(DayCampRegistrationInput, Option<String>), AppError> {
    let malformed = || AppError::client(StatusCode::BAD_REQUEST, "malformed_json");
    let object = body.as_object_mut().ok_or_else(malformed)?;
    let as_text = |v: &mut Value| {
        if let Value::Number(n) = v {
            *v = Value::String(n.to_string());
        }
    };
    if let Some(week) = object.get_mut("weekId") {
        as_text(week);
    }
    if let Some(Value::Array(weeks)) = object.get_mut("weekIds") {
        weeks.iter_mut().for_each(as_text);
    }
    let body: DayCampRegistrationBody = serde_json::from_value(body).map_err(|_| malformed())?;
    let program_id = body.program_id.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    Ok((body.input, program_id))
}

fn week_arg(w: &WeekRow) -> (&'static str, Localized) {
    let (start, end) = (w.start_date, w.end_date);
    ("week", Localized::with(move |lang| week_label(start, end, lang)))
}

pub fn register_error(e: RegisterError, child: &str) -> AppError {
    let detailed = |status, code, field, args| AppError::Detailed { status, code, field: Some(field), args };
    match e {
        RegisterError::WeekUnknown => detailed(StatusCode::UNPROCESSABLE_ENTITY, "camp_week_unknown", "weekId", vec![]),
        RegisterError::ProgramUnknown => {
            detailed(StatusCode::UNPROCESSABLE_ENTITY, "camp_program_unknown", "programId", vec![])
        }
        RegisterError::WeekStarted(w) => {
            detailed(StatusCode::CONFLICT, "camp_week_started", "weekId", vec![week_arg(&w)])
        }
        RegisterError::Age(refusal) => {
            let AgeRefusal { program, week, mismatch } = *refusal;
            let id = program.id.clone();
            detailed(
                StatusCode::UNPROCESSABLE_ENTITY,
                "child_age_program",
                "childBirthDate",
                vec![
                    ("age", Localized::same(mismatch.age.to_string())),
                    week_arg(&week),
                    ("program", Localized::with(move |lang| program_name(&id, lang))),
                    ("min", Localized::same(program.min_age.to_string())),
                    ("max", Localized::same(program.max_age.to_string())),
                ],
            )
        }
        RegisterError::NoProgramForAge => AppError::field("childBirthDate", centre_core::camps::CODE_AGE_NO_PROGRAM),
        RegisterError::Duplicate(w) => detailed(
            StatusCode::CONFLICT,
            "camp_duplicate_child",
            "weekId",
            vec![("child", Localized::same(child)), week_arg(&w)],
        ),
        RegisterError::Full(w) => detailed(StatusCode::CONFLICT, "camp_week_full", "weekId", vec![week_arg(&w)]),
        RegisterError::HeldByOffer(_) => AppError::conflict("place_held_by_offer"),
        RegisterError::Db(e) => e.into(),
    }
}

/// Registers a validated child and puts the parent's Interac e-mail in the outbox, in the
/// caller's write transaction: the one registration path, for the form and for an accepted
/// waiting-list offer.
pub fn register_and_mail(
    tx: &rusqlite::Connection,
    new: &NewRegistration<'_>,
    child: &str,
    settings: &crate::settings::Settings,
    lang: Lang,
    now: chrono::DateTime<Utc>,
) -> Result<(RegistrationRow, ProgramRow), AppError> {
    let user_id = new.user_id;
    let (registration, program) = daycamps::register(tx, new).map_err(|e| register_error(e, child))?;
    // The e-mail goes to the member's own verified account address, read in this
    // transaction, never to the typed `parentEmail` (no link to confirm a typed address
    // for now): a `parentEmail` that is the member's own address, in any case, is that
    // same address, so one e-mail. Unverified: the registration stands, without e-mail.
    match users::mail_address(tx, Some(user_id))? {
        Ok(to) => {
            let cx = emails::camps::Context {
                to: &to,
                interac_email: &settings.interac_email,
                public_url: &settings.public_url,
                lang,
            };
            let email = emails::camps::registration_received(&registration, &program, &cx);
            outbox::enqueue(tx, outbox::About::CampRegistration(registration.id), &email, now)?;
        }
        Err(NoMail::Unverified) => tracing::warn!(
            registration_id = registration.id,
            %user_id,
            "no camp registration e-mail: the member's address is not verified by the provider"
        ),
        Err(NoMail::NoAccount) => {
            tracing::warn!(registration_id = registration.id, %user_id, "no camp registration e-mail: no account")
        }
    }
    Ok((registration, program))
}
