//! The console's payments view: everything unpaid or expired, the totals per event and per camp
//! week, and the same as a workbook.

use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use centre_core::timefmt::utc_text;
use centre_core::validation::dollars;
use chrono::Utc;
use serde::Serialize;

use crate::app::AppState;
use crate::auth::Admin;
use crate::db::payments::overview::{self, Totals, Unpaid};
use crate::db::payments::{Kind, due};
use crate::error::AppError;
use crate::exports;
use crate::openapi::responses;
use crate::routes::reply::{xlsx, xlsx_failed};

#[derive(Debug, Serialize, utoipa::ToSchema)]
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

#[derive(Debug, Serialize, utoipa::ToSchema)]
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

#[derive(Debug, Serialize, utoipa::ToSchema)]
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

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventTotalsDto {
    pub event_id: i64,
    pub title: String,
    #[serde(flatten)]
    pub totals: TotalsDto,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WeekTotalsDto {
    pub week_id: i64,
    pub label: String,
    #[serde(flatten)]
    pub totals: TotalsDto,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentsDto {
    pub unpaid: Vec<UnpaidDto>,
    /// Released for non-payment: to restore, or to mark paid late.
    pub expired: Vec<ExpiredDto>,
    pub events: Vec<EventTotalsDto>,
    pub camp_weeks: Vec<WeekTotalsDto>,
    /// Live waiting-list offers: places held, each a registration to come if accepted.
    pub live_offers: i64,
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
#[utoipa::path(
    get,
    path = "/api/admin/payments",
    tag = "payments",
    responses(
        (status = 200, description = "OK", body = PaymentsDto),
        responses::Unauthorized, responses::Forbidden
    )
)]
pub async fn overview(State(state): State<AppState>, _admin: Admin) -> Result<Response, AppError> {
    let tz = state.settings.timezone;
    let (unpaid, expired, events, weeks, live_offers) = state
        .db
        .read(move |conn| {
            let unpaid = overview::unpaid(conn, tz)?;
            Ok::<_, AppError>((
                unpaid,
                overview::expired(conn)?,
                overview::event_totals(conn)?,
                overview::week_totals(conn)?,
                crate::db::waitlist::offers::live_count(conn)?,
            ))
        })
        .await?;
    let now = state.now();
    Ok(Json(PaymentsDto {
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
        live_offers,
    })
    .into_response())
}

/// `GET /api/admin/payments.xlsx` (admin): the same view as a workbook, sheets 'Impayés',
/// 'Totaux' and 'Liste d'attente' (the live offers).
#[utoipa::path(
    get,
    path = "/api/admin/payments.xlsx",
    tag = "payments",
    responses(
        (status = 200, description = "The payments view: the workbook, its name in Content-Disposition, its row count in X-Row-Count.", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = String),
        responses::Unauthorized, responses::Forbidden
    )
)]
pub async fn export(State(state): State<AppState>, _admin: Admin) -> Result<Response, AppError> {
    let tz = state.settings.timezone;
    let policy = state.settings.reminders;
    let now = state.now();
    let today = now.with_timezone(&tz).date_naive();
    let (bytes, rows) = state
        .db
        .read(move |conn| {
            let unpaid = overview::unpaid(conn, tz)?;
            let events = overview::event_totals(conn)?;
            let weeks = overview::week_totals(conn)?;
            let live_offers = crate::db::waitlist::offers::live_count(conn)?;
            let rows = unpaid.len();
            let bytes = exports::payments::workbook(
                &unpaid,
                &exports::payments::Totals { events: &events, weeks: &weeks, live_offers },
                &crate::db::daycamps::list_weeks(conn)?.into_iter().map(|(w, _)| w).collect::<Vec<_>>(),
                policy,
                tz,
                now,
            )
            .map_err(xlsx_failed)?;
            Ok::<_, AppError>((bytes, rows))
        })
        .await?;
    xlsx(&exports::payments::file_name(today), bytes, rows)
}
