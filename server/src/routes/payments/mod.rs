//! Getting paid, the console's side: the payments view and its xlsx export,
//! reconciliation of a batch of Interac transfers (read and matched, then confirmed by the
//! admin), the payment deadlines of events and camp programs, the payment state changes of
//! both kinds of registration, and the member's own checkout figures for an event.

pub(crate) mod checkout;
pub(crate) mod deadlines;
pub(crate) mod reconcile;
pub(crate) mod view;

pub use reconcile::PaidByDto;

use centre_core::FieldError;
use centre_core::timefmt::utc_text;
use serde::Deserialize;

use crate::app::AppState;
use crate::db::payments::status::{self, StatusError};
use crate::db::payments::{Kind, PaymentStatus};
use crate::db::waitlist::offers;
use crate::emails::waitlist::WaitlistLetters;
use crate::error::AppError;

impl From<StatusError> for AppError {
    fn from(e: StatusError) -> Self {
        match e {
            StatusError::NotFound => AppError::not_found(),
            StatusError::NotAllowed { .. } => AppError::conflict("payment_transition_invalid"),
            StatusError::PlacesGone => AppError::conflict("payment_places_gone"),
            StatusError::TournamentStarted => AppError::conflict("payment_tournament_started"),
            StatusError::Db(e) => e.into(),
        }
    }
}

/// `{"paymentStatus": "paid" | "pending" | "refunded"}`: the body of both registrations'
/// `PUT …/payment`. Pending takes an expired registration back (restore), paid marks it paid
/// late; both need its places to still be there.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PaymentBody {
    payment_status: Option<String>,
}

impl PaymentBody {
    pub fn target(&self) -> Result<PaymentStatus, AppError> {
        match self.payment_status.as_deref().and_then(PaymentStatus::parse) {
            Some(s) if s.set_by_admin() => Ok(s),
            _ => Err(AppError::Validation(vec![FieldError::new("paymentStatus", "payment_status_invalid")])),
        }
    }
}

/// Changes a registration's payment state in one transaction (see `db::payments::status`).
pub async fn change_status(state: &AppState, kind: Kind, id: i64, to: PaymentStatus) -> Result<(), AppError> {
    let moment = state.now();
    let now = utc_text(moment);
    let letters = WaitlistLetters::new(&state.settings);
    state
        .db
        .write(move |tx| {
            status::set(tx, kind, id, to, &now).map_err(AppError::from)?;
            // Places released (expired, refunded) go to the waiting lists in the same transaction.
            offers::refill_all(tx, &letters.at(moment))?;
            Ok::<_, AppError>(())
        })
        .await?;
    state.mailer.kick();
    Ok(())
}
