//! Reconciliation: a batch of Interac transfers read and matched (core's `payments`), then the
//! admin's confirmation, all or nothing.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use centre_core::payments::{self as rules, Line, Outcome, Payable, PayableKind, Transfer};
use centre_core::timefmt::utc_text;
use centre_core::validation::{Text, TextError, dollars};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::app::AppState;
use crate::auth::Admin;
use crate::db::payments::transfers::{self, Candidate, ConfirmError, Confirmed};
use crate::db::payments::{Kind, PaymentStatus};
use crate::error::{ApiJson, AppError, Localized};
use crate::openapi::responses;

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ReconcileBody {
    /// Pasted Interac notifications, or the text of the bank's CSV export.
    text: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidateDto {
    pub kind: Kind,
    pub id: i64,
    pub reference: String,
    pub name: String,
    pub title: String,
    pub amount_due: f64,
    pub payment_status: PaymentStatus,
}

impl From<&Candidate> for CandidateDto {
    fn from(c: &Candidate) -> Self {
        CandidateDto {
            kind: c.kind,
            id: c.id,
            reference: c.reference.clone(),
            name: c.name.clone(),
            title: c.title.clone(),
            amount_due: dollars(c.amount_cents),
            payment_status: c.status,
        }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineDto {
    pub transfer: Transfer,
    pub outcome: Outcome,
    pub registration: Option<CandidateDto>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReconcileDto {
    pub lines: Vec<LineDto>,
}

/// At most this much text per batch (a season's notifications fit many times over).
const MAX_RECONCILE_TEXT: usize = 200_000;

/// Core's rule for free text on `raw`, which may be blank here (a transfer without a message;
/// a blank paste is core's `reconcile_unreadable`): a control character other than a line
/// break or a tab is 422 `text_control` on `field`. Pasted e-mails and bank exports are free
/// text, and the transfers read from them keep that rule when they come back to be confirmed.
fn free_text(field: &'static str, raw: &str) -> Result<(), AppError> {
    match Text::parse_multiline(raw, MAX_RECONCILE_TEXT) {
        Ok(_) | Err(TextError::Empty) => Ok(()),
        Err(e) => Err(AppError::field(field, e.generic_code().unwrap_or("validation"))),
    }
}

/// `POST /api/admin/payments/reconcile` (admin) `{text}`: reads the transfers and matches them;
/// stores nothing. Unreadable text is 422 with the reason (`reconcile_*`).
#[utoipa::path(
    post,
    path = "/api/admin/payments/reconcile",
    tag = "payments",
    request_body = ReconcileBody,
    responses(
        (status = 200, description = "OK", body = ReconcileDto),
        responses::Unauthorized, responses::Forbidden, responses::Unprocessable
    )
)]
pub async fn reconcile(
    State(state): State<AppState>,
    _admin: Admin,
    ApiJson(body): ApiJson<ReconcileBody>,
) -> Result<Response, AppError> {
    if body.text.len() > MAX_RECONCILE_TEXT {
        return Err(AppError::field("text", "too_long"));
    }
    free_text("text", &body.text)?;
    let parsed = rules::parse(&body.text).map_err(|e| AppError::Detailed {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        code: e.code(),
        field: Some("text"),
        args: e.placeholder().map(|(name, n)| (name, Localized::same(n.to_string()))).into_iter().collect(),
    })?;
    let (candidates, recorded) = state
        .db
        .read(|conn| Ok::<_, AppError>((transfers::candidates(conn)?, transfers::known_bank_references(conn)?)))
        .await?;
    let payables: Vec<Payable> = candidates
        .iter()
        .map(|c| Payable {
            kind: match c.kind {
                Kind::Event => PayableKind::Event,
                Kind::Camp => PayableKind::Camp,
            },
            id: c.id,
            reference: c.reference.clone(),
            amount_due_cents: c.amount_cents,
            paid: matches!(c.status, PaymentStatus::Paid | PaymentStatus::Refunded),
        })
        .collect();
    let lines: Vec<Line> = rules::reconcile(&parsed, &payables);
    let lines = lines
        .into_iter()
        .filter_map(|line| {
            let transfer = parsed.get(line.transfer_index)?.clone();
            // A transfer confirmed in an earlier batch was paid by then.
            let seen = transfer.bank_reference.as_ref().is_some_and(|r| recorded.contains(r));
            let outcome = if seen && line.outcome == Outcome::Exact { Outcome::AlreadyPaid } else { line.outcome };
            let registration = line.payable_index.and_then(|i| candidates.get(i)).map(CandidateDto::from);
            Some(LineDto { transfer, outcome, registration })
        })
        .collect();
    Ok(Json(ReconcileDto { lines }).into_response())
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmItem {
    kind: Kind,
    registration_id: i64,
    transfer: Transfer,
}

#[derive(Debug, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ConfirmBody {
    items: Vec<ConfirmItem>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmDto {
    pub confirmed: usize,
}

/// `POST /api/admin/payments/confirm` (admin) `{items: [{kind, registrationId, transfer}]}`:
/// marks each registration paid and records its transfer, all or nothing. A line whose
/// amount is not what is owed (422 `transfer_amount_mismatch`) or that was recorded before
/// (409 `transfer_already_recorded`) refuses the whole batch.
#[utoipa::path(
    post,
    path = "/api/admin/payments/confirm",
    tag = "payments",
    request_body = ConfirmBody,
    responses(
        (status = 200, description = "OK", body = ConfirmDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn confirm(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiJson(body): ApiJson<ConfirmBody>,
) -> Result<Response, AppError> {
    if body.items.is_empty() || body.items.len() > 500 {
        return Err(AppError::field("items", "transfer_batch_invalid"));
    }
    for item in &body.items {
        let t = &item.transfer;
        for text in [t.sender.as_str(), t.message.as_str(), t.bank_reference.as_deref().unwrap_or("")] {
            free_text("items", text)?;
        }
    }
    let by = admin.id().to_owned();
    let now = utc_text(state.now());
    let confirmed = state
        .db
        .write(move |tx| {
            let dates: Vec<Option<String>> =
                body.items.iter().map(|i| i.transfer.date.map(|d: NaiveDate| d.to_string())).collect();
            let batch: Vec<Confirmed<'_>> = body
                .items
                .iter()
                .zip(&dates)
                .map(|(i, date)| Confirmed {
                    kind: i.kind,
                    registration_id: i.registration_id,
                    amount_cents: i.transfer.amount_cents,
                    sender: &i.transfer.sender,
                    message: &i.transfer.message,
                    date: date.as_deref(),
                    bank_reference: i.transfer.bank_reference.as_deref(),
                })
                .collect();
            transfers::confirm(tx, &batch, &by, &now).map_err(|e| match e {
                ConfirmError::Status(s) => s.into(),
                ConfirmError::AmountMismatch => {
                    AppError::client(StatusCode::UNPROCESSABLE_ENTITY, "transfer_amount_mismatch")
                }
                ConfirmError::AlreadyRecorded => AppError::conflict("transfer_already_recorded"),
                ConfirmError::Db(e) => e.into(),
            })
        })
        .await?;
    Ok(Json(ConfirmDto { confirmed }).into_response())
}

/// The transfer that paid a registration, on the console's registration rows.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaidByDto {
    pub sender: String,
    pub amount: f64,
    pub date: Option<String>,
    pub confirmed_at: String,
}

impl From<transfers::PaidBy> for PaidByDto {
    fn from(p: transfers::PaidBy) -> Self {
        PaidByDto { sender: p.sender, amount: dollars(p.amount_cents), date: p.date, confirmed_at: p.confirmed_at }
    }
}
