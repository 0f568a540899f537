//! Court booking: the reservation form, checked against the calendar and the time zone.

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use serde::{Deserialize, Serialize};

use super::{Checker, Email, NumberInput, Phone, Text, max_len, parse_date_time};
use crate::errors::FieldError;

/// Body of `POST /api/courts/book`: the court, the contact and the slot's times, plus the page's
/// optional extras (players, comments, ball rental), validated when present.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct CourtBookingInput {
    pub court_id: Option<NumberInput>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub start_time: Option<String>,
    pub end_time: Option<String>,
    pub players: Option<NumberInput>,
    pub comments: Option<String>,
    pub ball_rental: Option<bool>,
}

/// A valid court booking request. Whether the times are one bookable slot is checked against the
/// opening hours and existing bookings by [`crate::slots::check_booking`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CourtBooking {
    court_id: i64,
    first_name: Text,
    last_name: Text,
    email: Email,
    phone: Phone,
    start_time: DateTime<Utc>,
    end_time: DateTime<Utc>,
    players: u8,
    comments: Option<Text>,
    ball_rental: bool,
}

impl CourtBooking {
    pub fn court_id(&self) -> i64 {
        self.court_id
    }
    pub fn first_name(&self) -> &Text {
        &self.first_name
    }
    pub fn last_name(&self) -> &Text {
        &self.last_name
    }
    pub fn email(&self) -> &Email {
        &self.email
    }
    pub fn phone(&self) -> &Phone {
        &self.phone
    }
    pub fn start_time(&self) -> DateTime<Utc> {
        self.start_time
    }
    pub fn end_time(&self) -> DateTime<Utc> {
        self.end_time
    }
    /// 1 to 12; 6 when not given.
    pub fn players(&self) -> u8 {
        self.players
    }
    pub fn comments(&self) -> Option<&Text> {
        self.comments.as_ref()
    }
    pub fn ball_rental(&self) -> bool {
        self.ball_rental
    }
}

/// Default number of players on the reservation page.
pub const DEFAULT_PLAYERS: u8 = 6;

/// Validates a court booking. `today` is the current date in the centre's time zone `tz`; a start
/// whose local date is before it is refused (`date_in_past`). Every required field missing gives
/// the one text `missing_fields` ('Champs manquants: ...') on that field.
pub fn validate_court_booking<Z: TimeZone>(
    input: &CourtBookingInput,
    today: NaiveDate,
    tz: Z,
) -> Result<CourtBooking, Vec<FieldError>> {
    const MISSING: &str = "missing_fields";
    let mut c = Checker::new();
    let court_id = match &input.court_id {
        None => {
            c.push("courtId", MISSING);
            None
        }
        Some(n) if n.is_blank() => {
            c.push("courtId", MISSING);
            None
        }
        Some(n) => match n.as_integer() {
            Some(id) if id > 0 => Some(id),
            _ => {
                c.push("courtId", "court_invalid");
                None
            }
        },
    };
    let first_name = c.required("firstName", input.first_name.as_deref(), max_len::NAME, MISSING);
    let last_name = c.required("lastName", input.last_name.as_deref(), max_len::NAME, MISSING);
    let email = match input.email.as_deref().map(str::trim) {
        None | Some("") => {
            c.push("email", MISSING);
            None
        }
        Some(raw) => c.email("email", Some(raw), "email_invalid"),
    };
    let phone = c.phone("phone", input.phone.as_deref(), MISSING);
    let time = |c: &mut Checker, field: &'static str, raw: Option<&str>| match raw.map(str::trim) {
        None | Some("") => {
            c.push(field, MISSING);
            None
        }
        Some(s) => {
            let parsed = parse_date_time(s);
            if parsed.is_none() {
                c.push(field, "date_invalid");
            }
            parsed
        }
    };
    let start = time(&mut c, "startTime", input.start_time.as_deref());
    let end = time(&mut c, "endTime", input.end_time.as_deref());
    if let Some(s) = start {
        if s.with_timezone(&tz).date_naive() < today {
            c.push("startTime", "date_in_past");
        } else if let Some(e) = end
            && e <= s
        {
            c.push("endTime", "end_before_start");
        }
    }
    let players = match &input.players {
        None => Some(DEFAULT_PLAYERS),
        Some(n) if n.is_blank() => Some(DEFAULT_PLAYERS),
        Some(n) => match n.as_integer() {
            Some(p @ 1..=12) => Some(p as u8),
            _ => {
                c.push("players", "players_range");
                None
            }
        },
    };
    let comments = c.optional_multiline("comments", input.comments.as_deref(), max_len::COMMENTS);
    c.finish(|| {
        Some(CourtBooking {
            court_id: court_id?,
            first_name: first_name?,
            last_name: last_name?,
            email: email?,
            phone: phone?,
            start_time: start?,
            end_time: end?,
            players: players?,
            comments: comments?,
            ball_rental: input.ball_rental.unwrap_or(false),
        })
    })
}
