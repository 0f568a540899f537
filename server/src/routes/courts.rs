//! Court reservations: the courts, their availability (a day's slots and a month's calendar),
//! booking, the member's own bookings and cancelling them, and the console's bookings view.
//! Slot rules come from centre-core; the database's unique index has the last word on double
//! bookings.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use centre_core::slots::{self, DayAvailability, Slot, SlotError};
use centre_core::timefmt::hh_mm;
use centre_core::validation::{CourtBookingInput, validate_court_booking};
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use crate::app::AppState;
use crate::auth::{Admin, CurrentUser, Staff};
use crate::cases;
use crate::db::courts::{self, Booker, BookingRow, BookingRules, Counts, Filter, ScheduleError, Status};
use crate::emails::courts::CancelledBy;
use crate::error::{ApiQuery, AppError, ReqLang};
use crate::openapi::responses;
use crate::routes::params::{self, Id};

/// A court (its id and names), with when it is open: the season that has not ended yet at the
/// centre and the weekly hours (the reservation page says them, out of season above all).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourtDto {
    id: i64,
    name: String,
    /// The English name, shown on English pages; '' when the court has none (then `name`).
    name_en: String,
    /// First day of the season: this year's until its last day, then next year's.
    season_start: NaiveDate,
    /// Last day of that season.
    season_end: NaiveDate,
    /// The open weekdays, Monday first; a weekday not listed is closed.
    opening_hours: Vec<OpeningHoursDto>,
}

/// One open weekday: local opening and closing times.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpeningHoursDto {
    /// 0 for Monday … 6 for Sunday.
    weekday: u8,
    /// `HH:MM`, the centre's local time.
    open: String,
    /// `HH:MM`, the centre's local time.
    close: String,
}

/// `GET /api/courts`: the courts in the order of the reservation page's cards, each with its
/// coming season and weekly hours.
#[utoipa::path(
    get,
    path = "/api/courts",
    tag = "courts",
    responses(
        (status = 200, description = "OK", body = Vec<CourtDto>)
    )
)]
pub async fn list(State(state): State<AppState>) -> Result<Json<Vec<CourtDto>>, AppError> {
    let today = state.settings.today();
    let courts = state
        .db
        .read(move |conn| {
            let mut list = Vec::new();
            for court in courts::list(conn)? {
                let schedule = courts::schedule(conn, court.id)?.ok_or_else(AppError::not_found)?;
                let (season_start, season_end) = schedule.coming_season(today);
                let opening_hours = (0u8..)
                    .zip(schedule.opening_hours())
                    .filter_map(|(weekday, hours)| {
                        hours.map(|h| OpeningHoursDto { weekday, open: hh_mm(h.open), close: hh_mm(h.close) })
                    })
                    .collect();
                list.push(CourtDto {
                    id: court.id,
                    name: court.name,
                    name_en: court.name_en,
                    season_start,
                    season_end,
                    opening_hours,
                });
            }
            Ok::<_, AppError>(list)
        })
        .await?;
    Ok(Json(courts))
}

impl From<ScheduleError> for AppError {
    fn from(e: ScheduleError) -> Self {
        match e {
            ScheduleError::Db(e) => AppError::from(e),
            ScheduleError::Bad(bad) => AppError::Internal(bad.to_string()),
        }
    }
}

fn parse_court_id(raw: Option<&str>) -> Result<i64, AppError> {
    match raw.map(str::trim) {
        None | Some("") => Err(AppError::field("courtId", "court_invalid")),
        Some(text) => {
            text.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| AppError::field("courtId", "court_invalid"))
        }
    }
}

pub(crate) fn parse_date(raw: Option<&str>) -> Result<Option<NaiveDate>, AppError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => {
            NaiveDate::parse_from_str(text, "%Y-%m-%d").map(Some).map_err(|_| AppError::field("date", "date_invalid"))
        }
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct DayQuery {
    date: Option<String>,
    court_id: Option<String>,
}

/// `GET /api/courts/availability?date=YYYY-MM-DD&courtId=N`: the day's slots, each with its
/// local `time`, UTC `start` and `end`, and `available` (false when booked or already started).
/// A date before today is 422, an unknown court 404; a closed day is an empty list.
#[utoipa::path(
    get,
    path = "/api/courts/availability",
    tag = "courts",
    params(DayQuery),
    responses(
        (status = 200, description = "OK", body = Vec<Slot>),
        responses::BadRequest, responses::NotFound, responses::Unprocessable
    )
)]
pub async fn availability(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<DayQuery>,
) -> Result<Json<Vec<Slot>>, AppError> {
    let date = parse_date(query.date.as_deref())?.ok_or_else(|| AppError::field("date", "date_required"))?;
    let court_id = parse_court_id(query.court_id.as_deref())?;
    let (tz, slot_minutes) = (state.settings.timezone, state.settings.slot_minutes);
    let now = state.settings.clock.now();
    let slots = state
        .db
        .read(move |conn| {
            let schedule = courts::schedule(conn, court_id)?.ok_or_else(AppError::not_found)?;
            let hours = schedule.hours_for_year(date.year(), slot_minutes);
            let (from, to) = courts::local_day_bounds(date, tz);
            let len = Duration::minutes(i64::from(slot_minutes));
            let booked = courts::live_starts(conn, court_id, from - len, to)?;
            Ok::<_, AppError>(slots::list_slots(&hours, date, now, tz, &booked))
        })
        .await?;
    slots.map(Json).map_err(|e| match e {
        SlotError::DateInPast => AppError::field("date", e.code()),
        other => cases::courts::slot_error(other),
    })
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct MonthQuery {
    month: Option<String>,
    court_id: Option<String>,
}

fn parse_month(raw: Option<&str>) -> Result<(i32, u32), AppError> {
    let text = raw.map(str::trim).unwrap_or("");
    let (y, m) = text.split_once('-').ok_or_else(|| AppError::field("month", "month_invalid"))?;
    match (y.parse::<i32>(), m.parse::<u32>()) {
        (Ok(y), Ok(m)) if y.to_string().len() == 4 && (1..=12).contains(&m) => Ok((y, m)),
        _ => Err(AppError::field("month", "month_invalid")),
    }
}

/// `GET /api/courts/availability/month?month=YYYY-MM&courtId=N`: every day of the month as
/// available, partial, full or closed (past days are closed), for the calendar in one request.
/// Without `courtId`, the days count every court's slots (the calendar before a court is chosen).
#[utoipa::path(
    get,
    path = "/api/courts/availability/month",
    tag = "courts",
    params(MonthQuery),
    responses(
        (status = 200, description = "OK", body = Vec<DayAvailability>),
        responses::BadRequest, responses::NotFound, responses::Unprocessable
    )
)]
pub async fn month(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<MonthQuery>,
) -> Result<Json<Vec<DayAvailability>>, AppError> {
    let (year, month) = parse_month(query.month.as_deref())?;
    let court = match query.court_id.as_deref().map(str::trim) {
        None | Some("") => None,
        raw => Some(parse_court_id(raw)?),
    };
    let (tz, slot_minutes) = (state.settings.timezone, state.settings.slot_minutes);
    let (from, to) =
        courts::local_month_bounds(year, month, tz).ok_or_else(|| AppError::field("month", "month_invalid"))?;
    let now = state.settings.clock.now();
    let views = state
        .db
        .read(move |conn| {
            let ids = match court {
                Some(id) => vec![id],
                None => courts::list(conn)?.into_iter().map(|c| c.id).collect(),
            };
            let len = Duration::minutes(i64::from(slot_minutes));
            let mut views = Vec::with_capacity(ids.len());
            for id in ids {
                let schedule = courts::schedule(conn, id)?.ok_or_else(AppError::not_found)?;
                let hours = schedule.hours_for_year(year, slot_minutes);
                let booked = courts::live_starts(conn, id, from - len, to)?;
                views
                    .push(slots::month_view(&hours, year, month, now, tz, &booked).map_err(cases::courts::slot_error)?);
            }
            Ok::<_, AppError>(views)
        })
        .await?;
    Ok(Json(match views.as_slice() {
        [one] => one.clone(),
        _ => slots::combine_month_views(&views),
    }))
}

/// A court booking as read back: who booked, the court, start and end, state and payment, notes,
/// players and ball rental; the same shape for the member's list and the console.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookingDto {
    id: i64,
    court_id: i64,
    court_name: String,
    /// The court's English name; '' when it has none (then `courtName`).
    court_name_en: String,
    first_name: String,
    last_name: String,
    email: String,
    phone: String,
    status: centre_core::registration::RegistrationStatus,
    payment_status: centre_core::payments::PaymentStatus,
    start_time: String,
    end_time: String,
    created_at: String,
    notes: Option<String>,
    players: Option<i64>,
    ball_rental: bool,
}

impl From<BookingRow> for BookingDto {
    fn from(b: BookingRow) -> Self {
        BookingDto {
            id: b.id,
            court_id: b.court_id,
            court_name: b.court_name,
            court_name_en: b.court_name_en,
            first_name: b.first_name,
            last_name: b.last_name,
            email: b.email,
            phone: b.phone,
            status: b.status,
            payment_status: b.payment_status,
            start_time: b.start_time,
            end_time: b.end_time,
            created_at: b.created_at,
            notes: b.notes,
            players: b.players,
            ball_rental: b.ball_rental,
        }
    }
}

/// `POST /api/courts/book`: a signed-in member books one free slot for themself. Validated by
/// core (422 with the field's message), checked against the court's slots and the member's limit
/// of future bookings in the same `BEGIN IMMEDIATE` transaction as the insert; a slot someone
/// else holds is 409 `slot_taken`. The confirmation e-mail leaves after commit.
#[utoipa::path(
    post,
    path = "/api/courts/book",
    tag = "courts",
    request_body = CourtBookingInput,
    responses(
        (status = 201, description = "Booked.", body = BookingDto),
        responses::Unauthorized, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn book(
    user: CurrentUser,
    ReqLang(lang): ReqLang,
    State(state): State<AppState>,
    crate::error::ApiJson(input): crate::error::ApiJson<CourtBookingInput>,
) -> Result<(StatusCode, Json<BookingDto>), AppError> {
    let settings = state.settings.clone();
    let tz = settings.timezone;
    let now = settings.clock.now();
    let form = validate_court_booking(&input, now.with_timezone(&tz).date_naive(), tz).map_err(AppError::Validation)?;
    let user_id = user.id().to_owned();
    let rules =
        BookingRules { tz, slot_minutes: settings.slot_minutes, max_future_bookings: settings.max_future_bookings };
    let row = state
        .db
        .write(move |tx| {
            let who = Booker { user_id: &user_id, lang, now };
            cases::courts::book(tx, &form, &who, &rules, &settings.public_url)
        })
        .await?;
    state.mailer.kick();
    tracing::info!(booking_id = row.id, court_id = row.court_id, start = %row.start_time, "court booked");
    Ok((StatusCode::CREATED, Json(row.into())))
}

/// `GET /api/user/court-bookings`: the member's own bookings, soonest first.
#[utoipa::path(
    get,
    path = "/api/user/court-bookings",
    tag = "courts",
    responses(
        (status = 200, description = "OK", body = Vec<BookingDto>),
        responses::Unauthorized
    )
)]
pub async fn mine(user: CurrentUser, State(state): State<AppState>) -> Result<Json<Vec<BookingDto>>, AppError> {
    let id = user.id().to_owned();
    let rows = state.db.read(move |conn| courts::for_user(conn, &id).map_err(AppError::from)).await?;
    Ok(Json(rows.into_iter().map(BookingDto::from).collect()))
}

/// Cancels a booking in one transaction with its e-mail (to the member's own verified address,
/// as the confirmation); `allowed` refuses what this caller may not cancel (answering the error
/// to return).
async fn cancel(
    state: &AppState,
    id: i64,
    by: CancelledBy,
    allowed: impl FnOnce(&BookingRow, DateTime<Utc>) -> Result<(), AppError> + Send + 'static,
) -> Result<BookingRow, AppError> {
    let settings = state.settings.clone();
    let now = settings.clock.now();
    let letters = crate::emails::waitlist::WaitlistLetters::new(&settings);
    let row =
        state.db.write(move |tx| cases::courts::cancel(tx, id, by, |row| allowed(row, now), &letters, now)).await?;
    state.mailer.kick();
    tracing::info!(booking_id = id, by = ?by, "court booking cancelled");
    Ok(row)
}

/// `DELETE /api/user/court-bookings/{id}`: the member cancels their own booking before it
/// starts. Someone else's booking is 404; a started one is 409 `booking_started`.
#[utoipa::path(
    delete,
    path = "/api/user/court-bookings/{id}",
    tag = "courts",
    params(params::BookingId),
    responses(
        (status = 200, description = "Cancelled.", body = BookingDto),
        responses::Unauthorized, responses::NotFound, responses::Conflict
    )
)]
pub async fn cancel_mine(
    user: CurrentUser,
    State(state): State<AppState>,
    Id(id): Id,
) -> Result<Json<BookingDto>, AppError> {
    let me = user.id().to_owned();
    let row = cancel(&state, id, CancelledBy::Member, move |row, now| {
        if row.user_id.as_deref() != Some(me.as_str()) {
            return Err(AppError::not_found());
        }
        // A cancelled booking gets 409 `booking_already_cancelled` from `cancel`, started or not.
        let started = row.start().is_none_or(|start| start <= now);
        if started && row.status != Status::Cancelled {
            return Err(AppError::conflict("booking_started"));
        }
        Ok(())
    })
    .await?;
    Ok(Json(row.into()))
}

/// `DELETE /api/admin/bookings/{id}`: an admin cancels a confirmed booking (the row is kept,
/// the slot is free again). Supervisors get 403 from the `Admin` extractor.
#[utoipa::path(
    delete,
    path = "/api/admin/bookings/{id}",
    tag = "courts",
    params(params::BookingId),
    responses(
        (status = 200, description = "Cancelled.", body = BookingDto),
        responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict
    )
)]
pub async fn cancel_any(_: Admin, State(state): State<AppState>, Id(id): Id) -> Result<Json<BookingDto>, AppError> {
    let row = cancel(&state, id, CancelledBy::Centre, |_, _| Ok(())).await?;
    Ok(Json(row.into()))
}

/// At most this many bookings per answer of the console's list; `matched` tells how many match.
pub const ADMIN_LIST_LIMIT: u32 = 500;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminQuery {
    date: Option<String>,
    status: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CountsDto {
    total: i64,
    confirmed: i64,
    pending: i64,
    cancelled: i64,
}

impl From<Counts> for CountsDto {
    fn from(c: Counts) -> Self {
        CountsDto { total: c.total, confirmed: c.confirmed, pending: c.pending, cancelled: c.cancelled }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminBookingsDto {
    bookings: Vec<BookingDto>,
    /// How many bookings match the filters (the list holds at most `ADMIN_LIST_LIMIT`).
    matched: i64,
    /// The four counters over the chosen day (every day when none), whatever the status filter.
    counts: CountsDto,
}

/// `GET /api/admin/bookings?date=YYYY-MM-DD&status=confirmed`: the Réservations tab, for admins
/// and supervisors. Both filters are optional (`status=all` is no filter) and run in SQL on the
/// `court_bookings_start` index.
#[utoipa::path(
    get,
    path = "/api/admin/bookings",
    tag = "courts",
    params(AdminQuery),
    responses(
        (status = 200, description = "OK", body = AdminBookingsDto),
        responses::BadRequest, responses::Unauthorized, responses::Forbidden, responses::Unprocessable
    )
)]
pub async fn admin_list(
    _: Staff,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<AdminQuery>,
) -> Result<Json<AdminBookingsDto>, AppError> {
    let tz = state.settings.timezone;
    let range = parse_date(query.date.as_deref())?.map(|d| courts::local_day_bounds(d, tz));
    let status = match query.status.as_deref().map(str::trim) {
        None | Some("" | "all") => None,
        Some(s) => Some(Status::parse(s).ok_or_else(|| AppError::field("status", "validation"))?),
    };
    let filter = Filter { range, status };
    let (rows, matched, counts) = state
        .db
        .read(move |conn| {
            let (rows, matched) = courts::admin_list(conn, &filter, ADMIN_LIST_LIMIT)?;
            let counts = courts::admin_counts(conn, &filter)?;
            Ok::<_, AppError>((rows, matched, counts))
        })
        .await?;
    Ok(Json(AdminBookingsDto {
        bookings: rows.into_iter().map(BookingDto::from).collect(),
        matched,
        counts: counts.into(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_values_are_parsed_strictly() {
        assert!(parse_month(Some("2027-06")).is_ok());
        assert!(parse_month(Some("2027-6")).is_ok());
        for bad in ["2027-13", "2027-00", "27-06", "2027", "", "juin", "2027-06-01"] {
            assert!(parse_month(Some(bad)).is_err(), "{bad}");
        }
        assert!(parse_month(None).is_err());
        assert_eq!(parse_court_id(Some(" 2 ")).ok(), Some(2));
        for bad in [None, Some(""), Some("0"), Some("-1"), Some("x")] {
            assert!(parse_court_id(bad).is_err(), "{bad:?}");
        }
        assert!(matches!(parse_date(Some("2027-06-12")), Ok(Some(_))));
        assert!(matches!(parse_date(Some("")), Ok(None)));
        assert!(parse_date(Some("12/06/2027")).is_err());
    }
}
