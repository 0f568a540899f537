//! A team's registration: the write and its Interac e-mail, in the caller's transaction, for
//! the registration form and for an accepted waiting-list offer alike; and the registration's
//! refusals as the API answers them.

use centre_core::timefmt::utc_text;
use chrono::Utc;

use crate::db::courts::local_day_bounds;
use crate::db::event_registrations::{self, RegisterError, Registrant, RegistrationRow};
use crate::db::{outbox, users};
use crate::emails;
use crate::error::AppError;

/// A refusal of `db::event_registrations::register_team` as the API answers it.
pub fn register_error(e: RegisterError) -> AppError {
    match e {
        RegisterError::NotFound => AppError::not_found(),
        RegisterError::Past => AppError::conflict("event_past"),
        RegisterError::AlreadyRegistered => AppError::conflict("already_registered"),
        RegisterError::Full => AppError::conflict("event_full"),
        RegisterError::HeldByOffer => AppError::conflict("place_held_by_offer"),
        RegisterError::Db(e) => e.into(),
    }
}

/// Registers a validated team and puts its Interac e-mail in the outbox, in the caller's write
/// transaction: the one registration path, for the registration form and for an accepted
/// waiting-list offer.
#[allow(clippy::too_many_arguments)]
pub fn register_and_mail(
    tx: &rusqlite::Connection,
    event_id: i64,
    team: &centre_core::validation::TeamRegistration,
    who: &Registrant<'_>,
    account: &crate::db::users::UserRow,
    lang: centre_core::Lang,
    settings: &crate::settings::Settings,
    now: chrono::DateTime<Utc>,
) -> Result<RegistrationRow, AppError> {
    let (registration, event) = event_registrations::register_team(tx, event_id, team, who).map_err(register_error)?;
    // The member's own verified address only (users::mail_address): the e-mail carries
    // the names and addresses the member typed.
    match users::mail_address(tx, Some(&account.id))? {
        Ok(to) => {
            let cx = emails::events::Context {
                to: &to,
                greeting_name: account.first_name.as_deref().or(registration.captain.first_name.as_deref()),
                interac_email: &settings.interac_email,
                tz: settings.timezone,
                lang,
            };
            let email = emails::events::registration_confirmed(&event, &registration, &cx);
            outbox::enqueue(tx, outbox::About::EventRegistration(registration.id), &email, now)?;
        }
        Err(why) => tracing::warn!(
            registration_id = registration.id,
            user_id = %account.id,
            ?why,
            "no registration e-mail: the member has no verified address"
        ),
    }
    Ok(registration)
}

/// The first instant of today in `tz` (the local day as `db::courts` bounds it), as stored UTC text.
pub fn start_of_today_utc(tz: chrono_tz::Tz, now: chrono::DateTime<Utc>) -> String {
    utc_text(local_day_bounds(now.with_timezone(&tz).date_naive(), tz).0)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn today_starts_at_local_midnight() {
        let tz = chrono_tz::America::Toronto;
        // 02:30 UTC on 9 March 2026 is 22:30 on 8 March in Toronto, whose midnight was still EST (UTC-5).
        let now = Utc.with_ymd_and_hms(2026, 3, 9, 2, 30, 0).single().unwrap_or_default();
        assert_eq!(start_of_today_utc(tz, now), "2026-03-08T05:00:00Z");
        let summer = Utc.with_ymd_and_hms(2026, 7, 1, 12, 0, 0).single().unwrap_or_default();
        assert_eq!(start_of_today_utc(tz, summer), "2026-07-01T04:00:00Z");
    }
}
