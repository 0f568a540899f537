//! Public events: `GET /api/events` (active events starting today or later in the centre's
//! time zone, soonest first) and `GET /api/events/{id}` (404 when missing or inactive).

use axum::Json;
use axum::extract::{Path, State};
use chrono::{TimeZone, Utc};
use serde::Serialize;

use crate::app::AppState;
use crate::db::events::{self, EventRow};
use crate::db::seed::utc_text;
use crate::error::AppError;

/// Spec section 3's Event, in camelCase; `price` in dollars.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EventDto {
    pub id: i64,
    pub title: String,
    pub title_en: Option<String>,
    pub description: String,
    pub description_en: Option<String>,
    pub category_id: Option<String>,
    pub location: String,
    pub start_date: String,
    pub end_date: Option<String>,
    pub price: f64,
    pub max_participants: Option<i64>,
    pub current_participants: i64,
    pub is_active: bool,
    pub created_at: String,
    pub requires_payment: bool,
}

impl From<EventRow> for EventDto {
    fn from(row: EventRow) -> Self {
        EventDto {
            id: row.id,
            title: row.title,
            title_en: row.title_en,
            description: row.description,
            description_en: row.description_en,
            category_id: row.category_id,
            location: row.location,
            start_date: row.start_date,
            end_date: row.end_date,
            // Cents to dollars: exact for every amount below 2^53 cents.
            price: row.price_cents as f64 / 100.0,
            max_participants: row.max_participants,
            current_participants: row.current_participants,
            is_active: row.is_active,
            created_at: row.created_at,
            requires_payment: row.requires_payment,
        }
    }
}

/// The first instant of today in `tz`, as stored UTC text.
pub fn start_of_today_utc(tz: chrono_tz::Tz, now: chrono::DateTime<Utc>) -> String {
    let today = now.with_timezone(&tz).date_naive();
    let midnight = today.and_hms_opt(0, 0, 0).unwrap_or_default();
    // A day that starts inside a DST gap has no local midnight: take the earliest valid instant.
    let start = tz
        .from_local_datetime(&midnight)
        .earliest()
        .or_else(|| tz.from_local_datetime(&(midnight + chrono::Duration::hours(1))).earliest())
        .map_or(now, |t| t.with_timezone(&Utc));
    utc_text(start)
}

/// `GET /api/events`
pub async fn list(State(state): State<AppState>) -> Result<Json<Vec<EventDto>>, AppError> {
    let from = start_of_today_utc(state.settings.timezone, Utc::now());
    let rows = state.db.read(move |conn| events::list_upcoming(conn, &from).map_err(AppError::from)).await?;
    Ok(Json(rows.into_iter().map(EventDto::from).collect()))
}

/// `GET /api/events/{id}`
pub async fn one(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<EventDto>, AppError> {
    let id: i64 = id.parse().map_err(|_| AppError::not_found())?;
    let row = state.db.read(move |conn| events::find_active(conn, id).map_err(AppError::from)).await?;
    row.map(|r| Json(r.into())).ok_or_else(AppError::not_found)
}

#[cfg(test)]
mod tests {
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
