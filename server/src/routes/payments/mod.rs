//! Getting paid, the console's side: the payments view and its xlsx export,
//! reconciliation of a batch of Interac transfers (read and matched, then confirmed by the
//! admin), the payment deadlines of events and camp programs, the payment state changes of
//! both kinds of registration, and the member's own checkout figures for an event.

pub(crate) mod checkout;
pub(crate) mod deadlines;
pub(crate) mod reconcile;
pub(crate) mod view;

pub use reconcile::PaidByDto;

use serde::Deserialize;

use crate::db::payments::PaymentStatus;
use crate::error::AppError;

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
            _ => Err(AppError::field("paymentStatus", "payment_status_invalid")),
        }
    }
}
