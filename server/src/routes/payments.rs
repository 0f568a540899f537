//! Getting paid (issue 17), the console's side: the payments view and its xlsx export,
//! reconciliation of a batch of Interac transfers (read and matched, then confirmed by the
//! admin), the payment deadlines of events and camp programs, the payment state changes of
//! both kinds of registration, and the member's own checkout figures for an event.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use centre_core::FieldError;
use centre_core::payments::{self as rules, Line, Outcome, Payable, PayableKind, Transfer};
use chrono::{NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use super::events::parse_id;
use super::reply::{dollars, private, xlsx};
use crate::app::AppState;
use crate::auth::{Admin, CurrentUser};
use crate::db::payments::overview::{self, Totals, Unpaid};
use crate::db::payments::status::{self, StatusError};
use crate::db::payments::transfers::{self, Candidate, ConfirmError, Confirmed};
use crate::db::payments::{Kind, PaymentStatus, due};
use crate::db::seed::utc_text;
use crate::error::{ApiJson, AppError, Localized};
use crate::exports;

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
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PaymentBody {
    payment_status: Option<String>,
}

impl PaymentBody {
    pub fn target(&self) -> Result<PaymentStatus, AppError> {
        match self.payment_status.as_deref().and_then(PaymentStatus::parse) {
            Some(s @ (PaymentStatus::Paid | PaymentStatus::Pending | PaymentStatus::Refunded)) => Ok(s),
            _ => Err(AppError::Validation(vec![FieldError::new("paymentStatus", "payment_status_invalid")])),
        }
    }
}

/// Changes a registration's payment state in one transaction (see `db::payments::status`).
pub async fn change_status(state: &AppState, kind: Kind, id: i64, to: PaymentStatus) -> Result<(), AppError> {
    let now = utc_text(Utc::now());
    state.db.write(move |tx| status::set(tx, kind, id, to, &now).map_err(AppError::from)).await
}

// ---------------------------------------------------------------------------------------------
// The payments view
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UnpaidDto {
    pub kind: Kind,
    pub id: i64,
    pub reference: String,
    /// The team's or the child's name.
    pub name: String,
    /// The event's title or the camp program's id.
    pub title: String,
    pub amount_due: f64,
    pub registered_at: String,
    pub days_since: i64,
    pub reminders_sent: i64,
    pub next_reminder_at: Option<String>,
    pub deadline: Option<String>,
    /// Has a deadline that will not release it: a team in a tournament that started. The admin
    /// decides.
    pub held_by_tournament: bool,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExpiredDto {
    pub kind: Kind,
    pub id: i64,
    pub reference: String,
    pub name: String,
    pub title: String,
    pub amount_due: f64,
    pub released_at: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TotalsDto {
    pub expected: f64,
    pub received: f64,
    pub outstanding: f64,
}

impl From<Totals> for TotalsDto {
    fn from(t: Totals) -> Self {
        TotalsDto {
            expected: dollars(t.expected_cents),
            received: dollars(t.received_cents),
            outstanding: dollars(t.outstanding_cents),
        }
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EventTotalsDto {
    pub event_id: i64,
    pub title: String,
    #[serde(flatten)]
    pub totals: TotalsDto,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WeekTotalsDto {
    pub week_id: i64,
    pub label: String,
    #[serde(flatten)]
    pub totals: TotalsDto,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentsDto {
    pub unpaid: Vec<UnpaidDto>,
    /// Released for non-payment: to restore, or to mark paid late.
    pub expired: Vec<ExpiredDto>,
    pub events: Vec<EventTotalsDto>,
    pub camp_weeks: Vec<WeekTotalsDto>,
}

fn unpaid_dto(u: Unpaid, state: &AppState, now: chrono::DateTime<Utc>) -> UnpaidDto {
    let next = due::next_reminder(&u, state.settings.reminders);
    UnpaidDto {
        kind: u.kind,
        id: u.id,
        days_since: (now - u.created_at).num_days().max(0),
        registered_at: utc_text(u.created_at),
        next_reminder_at: next.map(utc_text),
        deadline: u.deadline.map(utc_text),
        held_by_tournament: u.held_by_tournament && u.deadline.is_some(),
        reference: u.reference,
        name: u.name,
        title: u.title,
        amount_due: dollars(u.amount_cents),
        reminders_sent: u.reminders_sent,
    }
}

/// `GET /api/admin/payments` (admin): everything unpaid, oldest first, and the totals expected,
/// received and outstanding per event and per camp week.
pub async fn overview(State(state): State<AppState>, _admin: Admin) -> Result<Response, AppError> {
    let tz = state.settings.timezone;
    let (unpaid, expired, events, weeks) = state
        .db
        .read(move |conn| {
            let unpaid = overview::unpaid(conn, tz)?;
            Ok::<_, AppError>((
                unpaid,
                overview::expired(conn)?,
                overview::event_totals(conn)?,
                overview::week_totals(conn)?,
            ))
        })
        .await?;
    let now = Utc::now();
    Ok(private(Json(PaymentsDto {
        unpaid: unpaid.into_iter().map(|u| unpaid_dto(u, &state, now)).collect(),
        expired: expired
            .into_iter()
            .map(|r| ExpiredDto {
                kind: r.kind,
                id: r.id,
                reference: r.reference,
                name: r.name,
                title: r.title,
                amount_due: dollars(r.amount_cents),
                released_at: r.released_at,
            })
            .collect(),
        events: events
            .into_iter()
            .map(|e| EventTotalsDto { event_id: e.event_id, title: e.title, totals: e.totals.into() })
            .collect(),
        camp_weeks: weeks
            .into_iter()
            .map(|w| WeekTotalsDto { week_id: w.week_id, label: w.label, totals: w.totals.into() })
            .collect(),
    })))
}

/// `GET /api/admin/payments.xlsx` (admin): the same view as a workbook, sheets 'Impayés' and
/// 'Totaux'.
pub async fn export(State(state): State<AppState>, _admin: Admin) -> Result<Response, AppError> {
    let tz = state.settings.timezone;
    let policy = state.settings.reminders;
    let today = Utc::now().with_timezone(&tz).date_naive();
    let (bytes, rows) = state
        .db
        .read(move |conn| {
            let unpaid = overview::unpaid(conn, tz)?;
            let events = overview::event_totals(conn)?;
            let weeks = overview::week_totals(conn)?;
            let rows = unpaid.len();
            let bytes = exports::payments::workbook(&unpaid, &events, &weeks, policy, tz, Utc::now())
                .map_err(|e| AppError::Internal(format!("xlsx: {e}")))?;
            Ok::<_, AppError>((bytes, rows))
        })
        .await?;
    xlsx(&exports::payments::file_name(today), bytes, rows)
}

// ---------------------------------------------------------------------------------------------
// Reconciliation
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ReconcileBody {
    /// Pasted Interac notifications, or the text of the bank's CSV export.
    text: String,
}

#[derive(Debug, Serialize)]
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

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LineDto {
    pub transfer: Transfer,
    pub outcome: Outcome,
    pub registration: Option<CandidateDto>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReconcileDto {
    pub lines: Vec<LineDto>,
}

/// At most this much text per batch (a season's notifications fit many times over).
const MAX_RECONCILE_TEXT: usize = 200_000;

/// `POST /api/admin/payments/reconcile` (admin) `{text}`: reads the transfers and matches them;
/// stores nothing. Unreadable text is 422 with the reason (`reconcile_*`).
pub async fn reconcile(
    State(state): State<AppState>,
    _admin: Admin,
    ApiJson(body): ApiJson<ReconcileBody>,
) -> Result<Response, AppError> {
    if body.text.len() > MAX_RECONCILE_TEXT {
        return Err(AppError::Validation(vec![FieldError::new("text", "too_long")]));
    }
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
    Ok(private(Json(ReconcileDto { lines })))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmItem {
    kind: Kind,
    registration_id: i64,
    transfer: Transfer,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ConfirmBody {
    items: Vec<ConfirmItem>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmDto {
    pub confirmed: usize,
}

/// `POST /api/admin/payments/confirm` (admin) `{items: [{kind, registrationId, transfer}]}`:
/// marks each registration paid and records its transfer, all or nothing. A line whose
/// amount is not what is owed (422 `transfer_amount_mismatch`) or that was recorded before
/// (409 `transfer_already_recorded`) refuses the whole batch.
pub async fn confirm(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiJson(body): ApiJson<ConfirmBody>,
) -> Result<Response, AppError> {
    if body.items.is_empty() || body.items.len() > 500 {
        return Err(AppError::Validation(vec![FieldError::new("items", "transfer_batch_invalid")]));
    }
    let by = admin.id().to_owned();
    let now = utc_text(Utc::now());
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
    Ok(private(Json(ConfirmDto { confirmed })))
}

/// The transfer that paid a registration, on the console's registration rows.
#[derive(Debug, Serialize)]
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

// ---------------------------------------------------------------------------------------------
// Deadlines
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DeadlineBody {
    /// Days after the registration (1 to 365), or null.
    days: Option<i64>,
    /// A date (YYYY-MM-DD), paid by the end of that day in the centre's time zone, or null.
    date: Option<String>,
}

impl DeadlineBody {
    fn check(&self) -> Result<(Option<i64>, Option<String>), AppError> {
        let mut errors = Vec::new();
        if self.days.is_some_and(|d| !(1..=365).contains(&d)) {
            errors.push(FieldError::new("days", "payment_deadline_days_invalid"));
        }
        let date = self.date.as_deref().map(str::trim).filter(|d| !d.is_empty());
        if date.is_some_and(|d| d.parse::<NaiveDate>().is_err()) {
            errors.push(FieldError::new("date", "date_invalid"));
        }
        if errors.is_empty() { Ok((self.days, date.map(str::to_owned))) } else { Err(AppError::Validation(errors)) }
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeadlineDto {
    /// The event's id (a number as text) or the camp program's id.
    pub id: String,
    pub days: Option<i64>,
    pub date: Option<String>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeadlinesDto {
    pub events: Vec<DeadlineDto>,
    pub programs: Vec<DeadlineDto>,
}

/// `GET /api/admin/payment-deadlines` (admin): every event's and camp program's deadline that
/// is set.
pub async fn deadlines(State(state): State<AppState>, _admin: Admin) -> Result<Json<DeadlinesDto>, AppError> {
    let (events, programs) = state
        .db
        .read(|conn| {
            let to_dto = |(id, days, date)| DeadlineDto { id, days, date };
            let events = crate::db::payments::deadlines(conn, "events")?.into_iter().map(to_dto).collect();
            let programs = crate::db::payments::deadlines(conn, "day_camp_programs")?.into_iter().map(to_dto).collect();
            Ok::<_, AppError>((events, programs))
        })
        .await?;
    Ok(Json(DeadlinesDto { events, programs }))
}

/// `PUT /api/admin/events/{id}/payment-deadline` (admin) `{days, date}`: both null removes it.
pub async fn event_deadline(
    State(state): State<AppState>,
    _admin: Admin,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<DeadlineBody>,
) -> Result<StatusCode, AppError> {
    let id = parse_id(&id)?;
    let (days, date) = body.check()?;
    let found = state
        .db
        .write(move |tx| {
            crate::db::payments::set_deadline(tx, "events", &id.to_string(), days, date.as_deref())
                .map_err(AppError::from)
        })
        .await?;
    if found { Ok(StatusCode::NO_CONTENT) } else { Err(AppError::not_found()) }
}

/// `PUT /api/admin/day-camp-programs/{id}/payment-deadline` (admin) `{days, date}`.
pub async fn program_deadline(
    State(state): State<AppState>,
    _admin: Admin,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<DeadlineBody>,
) -> Result<StatusCode, AppError> {
    let (days, date) = body.check()?;
    let found = state
        .db
        .write(move |tx| {
            crate::db::payments::set_deadline(tx, "day_camp_programs", id.trim(), days, date.as_deref())
                .map_err(AppError::from)
        })
        .await?;
    if found { Ok(StatusCode::NO_CONTENT) } else { Err(AppError::not_found()) }
}

// ---------------------------------------------------------------------------------------------
// The member's checkout for an event
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EventCheckoutDto {
    pub id: i64,
    pub event_id: i64,
    pub event_title: String,
    pub event_title_en: Option<String>,
    pub team_name: String,
    pub amount_due: f64,
    pub payment_reference: String,
    pub payment_status: String,
    pub interac_email: String,
}

/// `GET /api/user/event-registrations/{id}` (signed in): the member's own registration with
/// what to pay, where and with which reference; another member's is 404.
pub async fn event_checkout(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> Result<Response, AppError> {
    let id = parse_id(&id)?;
    let owner = user.id().to_owned();
    let found = state
        .db
        .read(move |conn| {
            let Some(row) = crate::db::event_registrations::find(conn, id)? else { return Ok(None) };
            if row.user_id.as_deref() != Some(owner.as_str()) {
                return Ok(None);
            }
            let event = crate::db::events::find(conn, row.event_id)?;
            Ok::<_, AppError>(event.map(|e| (row, e)))
        })
        .await?;
    let (row, event) = found.ok_or_else(AppError::not_found)?;
    Ok(private(Json(EventCheckoutDto {
        id: row.id,
        event_id: row.event_id,
        event_title: event.title,
        event_title_en: event.title_en,
        team_name: row.display_team_name(),
        amount_due: dollars(row.amount_due_cents),
        payment_reference: row.payment_reference,
        payment_status: row.payment_status,
        interac_email: state.settings.interac_email.clone(),
    })))
}
