//! Validation of every form of spec section 5. Each validator takes the raw input (deserialized
//! from the API's camelCase JSON) and returns either a validated value or every field error at
//! once, one error per field, in the form's order. Messages come from the catalogue by code.

mod types;

use chrono::{DateTime, NaiveDate, NaiveTime, TimeZone, Utc};
use serde::{Deserialize, Serialize};

use crate::errors::FieldError;
pub use types::{Cents, Email, Gender, NumberInput, Phone, Text, TextError, max_len};

type Errors = Vec<FieldError>;

/// Collects field errors while a form is checked.
struct Checker {
    errors: Errors,
}

impl Checker {
    fn new() -> Self {
        Self { errors: Vec::new() }
    }

    fn push(&mut self, field: &'static str, code: &'static str) {
        self.errors.push(FieldError::new(field, code));
    }

    /// Required text: blank gives `required`, too long gives `too_long`.
    fn required(
        &mut self,
        field: &'static str,
        value: Option<&str>,
        max: usize,
        required: &'static str,
    ) -> Option<Text> {
        match Text::parse(value.unwrap_or(""), max) {
            Ok(t) => Some(t),
            Err(TextError::TooLong) => {
                self.push(field, "too_long");
                None
            }
            Err(_) => {
                self.push(field, required);
                None
            }
        }
    }

    /// Optional text: blank is `None`; too long is an error (and the outer `None`).
    fn optional(&mut self, field: &'static str, value: Option<&str>, max: usize) -> Option<Option<Text>> {
        match Text::parse(value.unwrap_or(""), max) {
            Ok(t) => Some(Some(t)),
            Err(TextError::Empty) => Some(None),
            Err(_) => {
                self.push(field, "too_long");
                None
            }
        }
    }

    /// Required e-mail: blank or malformed both give `invalid` (the spec has one text for both).
    fn email(&mut self, field: &'static str, value: Option<&str>, invalid: &'static str) -> Option<Email> {
        match Email::parse(value.unwrap_or("")) {
            Ok(e) => Some(e),
            Err(TextError::TooLong) => {
                self.push(field, "too_long");
                None
            }
            Err(_) => {
                self.push(field, invalid);
                None
            }
        }
    }

    /// Optional e-mail: valid or empty.
    fn optional_email(&mut self, field: &'static str, value: Option<&str>) -> Option<Option<Email>> {
        match Email::parse(value.unwrap_or("")) {
            Ok(e) => Some(Some(e)),
            Err(TextError::Empty) => Some(None),
            Err(TextError::TooLong) => {
                self.push(field, "too_long");
                None
            }
            Err(TextError::Invalid) => {
                self.push(field, "email_invalid");
                None
            }
        }
    }

    fn phone(&mut self, field: &'static str, value: Option<&str>, required: &'static str) -> Option<Phone> {
        match Phone::parse(value.unwrap_or("")) {
            Ok(p) => Some(p),
            Err(TextError::Empty) => {
                self.push(field, required);
                None
            }
            Err(TextError::TooLong) => {
                self.push(field, "too_long");
                None
            }
            Err(TextError::Invalid) => {
                self.push(field, "phone_invalid");
                None
            }
        }
    }

    fn optional_phone(&mut self, field: &'static str, value: Option<&str>) -> Option<Option<Phone>> {
        match Phone::parse(value.unwrap_or("")) {
            Ok(p) => Some(Some(p)),
            Err(TextError::Empty) => Some(None),
            Err(TextError::TooLong) => {
                self.push(field, "too_long");
                None
            }
            Err(TextError::Invalid) => {
                self.push(field, "phone_invalid");
                None
            }
        }
    }

    fn finish<T>(self, build: impl FnOnce() -> Option<T>) -> Result<T, Errors> {
        if self.errors.is_empty() {
            // Every field parsed, so `build` has all its parts; `None` here would be a bug in
            // a validator, reported as an internal error rather than a panic.
            build().ok_or_else(|| vec![FieldError::new("_", "internal")])
        } else {
            Err(self.errors)
        }
    }
}

/// Parses a date-time as the API sends it: RFC 3339 with an offset (`2026-06-01T13:00:00Z`), or
/// a naive `YYYY-MM-DDTHH:MM[:SS]` (a `datetime-local` input) read as UTC, as the spec stores
/// and shows dates in UTC, or a bare `YYYY-MM-DD` (midnight UTC).
pub fn parse_date_time(raw: &str) -> Option<DateTime<Utc>> {
    let s = raw.trim();
    crate::timefmt::parse_utc(s)
        .or_else(|| crate::timefmt::parse_naive_date_time(s).map(|naive| Utc.from_utc_datetime(&naive)))
        .or_else(|| crate::timefmt::parse_date(s).map(|d| Utc.from_utc_datetime(&d.and_time(NaiveTime::MIN))))
}

/// Splits the reservation page's single full-name input (spec section 3): the first word is the
/// first name, the rest the last name; a single word is used whole for the last name as well.
pub fn split_full_name(full: &str) -> (String, String) {
    let full = full.trim();
    match full.split_once(char::is_whitespace) {
        Some((first, rest)) if !rest.trim().is_empty() => (first.to_owned(), rest.trim().to_owned()),
        _ => (full.to_owned(), full.to_owned()),
    }
}

// ---------------------------------------------------------------------------------------------
// Team registration
// ---------------------------------------------------------------------------------------------

/// Body of `POST /api/events/{eventId}/register`. Unknown fields (such as `eventId`) are ignored.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct TeamRegistrationInput {
    pub team_name: Option<String>,
    pub captain_first_name: Option<String>,
    pub captain_last_name: Option<String>,
    pub captain_email: Option<String>,
    pub member2_first_name: Option<String>,
    pub member2_last_name: Option<String>,
    pub member2_email: Option<String>,
    pub member3_first_name: Option<String>,
    pub member3_last_name: Option<String>,
    pub member3_email: Option<String>,
    pub member4_first_name: Option<String>,
    pub member4_last_name: Option<String>,
    pub member4_email: Option<String>,
}

/// A team member whose every field is present.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Member {
    first_name: Text,
    last_name: Text,
    email: Email,
}

impl Member {
    pub fn first_name(&self) -> &Text {
        &self.first_name
    }
    pub fn last_name(&self) -> &Text {
        &self.last_name
    }
    pub fn email(&self) -> &Email {
        &self.email
    }
}

/// An optional member (3 or 4): each field may be absent; a present e-mail is valid.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OptionalMember {
    first_name: Option<Text>,
    last_name: Option<Text>,
    email: Option<Email>,
}

impl OptionalMember {
    pub fn first_name(&self) -> Option<&Text> {
        self.first_name.as_ref()
    }
    pub fn last_name(&self) -> Option<&Text> {
        self.last_name.as_ref()
    }
    pub fn email(&self) -> Option<&Email> {
        self.email.as_ref()
    }
    /// True when no field was filled.
    pub fn is_empty(&self) -> bool {
        self.first_name.is_none() && self.last_name.is_none() && self.email.is_none()
    }
}

/// A valid team registration. `teamName` absent means the server generates one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TeamRegistration {
    team_name: Option<Text>,
    captain: Member,
    member2: Member,
    member3: OptionalMember,
    member4: OptionalMember,
}

impl TeamRegistration {
    pub fn team_name(&self) -> Option<&Text> {
        self.team_name.as_ref()
    }
    pub fn captain(&self) -> &Member {
        &self.captain
    }
    pub fn member2(&self) -> &Member {
        &self.member2
    }
    pub fn member3(&self) -> &OptionalMember {
        &self.member3
    }
    pub fn member4(&self) -> &OptionalMember {
        &self.member4
    }
}

pub fn validate_team_registration(input: &TeamRegistrationInput) -> Result<TeamRegistration, Vec<FieldError>> {
    let mut c = Checker::new();
    let team_name = c.optional("teamName", input.team_name.as_deref(), max_len::TEAM_NAME);
    let cf = c.required(
        "captainFirstName",
        input.captain_first_name.as_deref(),
        max_len::NAME,
        "captain_first_name_required",
    );
    let cl =
        c.required("captainLastName", input.captain_last_name.as_deref(), max_len::NAME, "captain_last_name_required");
    let ce = c.email("captainEmail", input.captain_email.as_deref(), "email_invalid");
    let m2f = c.required(
        "member2FirstName",
        input.member2_first_name.as_deref(),
        max_len::NAME,
        "member2_first_name_required",
    );
    let m2l =
        c.required("member2LastName", input.member2_last_name.as_deref(), max_len::NAME, "member2_last_name_required");
    let m2e = c.email("member2Email", input.member2_email.as_deref(), "email_invalid");
    let m3f = c.optional("member3FirstName", input.member3_first_name.as_deref(), max_len::NAME);
    let m3l = c.optional("member3LastName", input.member3_last_name.as_deref(), max_len::NAME);
    let m3e = c.optional_email("member3Email", input.member3_email.as_deref());
    let m4f = c.optional("member4FirstName", input.member4_first_name.as_deref(), max_len::NAME);
    let m4l = c.optional("member4LastName", input.member4_last_name.as_deref(), max_len::NAME);
    let m4e = c.optional_email("member4Email", input.member4_email.as_deref());
    c.finish(|| {
        Some(TeamRegistration {
            team_name: team_name?,
            captain: Member { first_name: cf?, last_name: cl?, email: ce? },
            member2: Member { first_name: m2f?, last_name: m2l?, email: m2e? },
            member3: OptionalMember { first_name: m3f?, last_name: m3l?, email: m3e? },
            member4: OptionalMember { first_name: m4f?, last_name: m4l?, email: m4e? },
        })
    })
}

// ---------------------------------------------------------------------------------------------
// Court booking
// ---------------------------------------------------------------------------------------------

/// Body of `POST /api/courts/book`, plus the page's optional extras (players, comments, ball
/// rental) which the spec collects without sending; they are validated when present.
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
/// the spec's single text `missing_fields` on that field.
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
    let comments = c.optional("comments", input.comments.as_deref(), max_len::COMMENTS);
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

// ---------------------------------------------------------------------------------------------
// Day camp registration
// ---------------------------------------------------------------------------------------------

/// Body of `POST /api/day-camp-registrations`. Weeks come as `weekId` (one) and/or `weekIds`
/// (the multiple-choice variant); both are merged, order kept, duplicates dropped.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct DayCampRegistrationInput {
    pub week_id: Option<String>,
    pub week_ids: Option<Vec<String>>,
    pub child_first_name: Option<String>,
    pub child_last_name: Option<String>,
    pub child_birth_date: Option<String>,
    pub child_gender: Option<String>,
    pub parent_name: Option<String>,
    pub parent_email: Option<String>,
    pub parent_phone: Option<String>,
    pub emergency_phone: Option<String>,
    pub medical_conditions: Option<String>,
    pub can_swim: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DayCampRegistration {
    week_ids: Vec<Text>,
    child_first_name: Text,
    child_last_name: Text,
    child_birth_date: NaiveDate,
    child_gender: Option<Gender>,
    parent_name: Text,
    parent_email: Email,
    parent_phone: Phone,
    emergency_phone: Option<Phone>,
    medical_conditions: Option<Text>,
    can_swim: bool,
}

impl DayCampRegistration {
    /// At least one week, no duplicates.
    pub fn week_ids(&self) -> &[Text] {
        &self.week_ids
    }
    pub fn child_first_name(&self) -> &Text {
        &self.child_first_name
    }
    pub fn child_last_name(&self) -> &Text {
        &self.child_last_name
    }
    /// Not after `today`.
    pub fn child_birth_date(&self) -> NaiveDate {
        self.child_birth_date
    }
    pub fn child_gender(&self) -> Option<Gender> {
        self.child_gender
    }
    pub fn parent_name(&self) -> &Text {
        &self.parent_name
    }
    pub fn parent_email(&self) -> &Email {
        &self.parent_email
    }
    pub fn parent_phone(&self) -> &Phone {
        &self.parent_phone
    }
    pub fn emergency_phone(&self) -> Option<&Phone> {
        self.emergency_phone.as_ref()
    }
    pub fn medical_conditions(&self) -> Option<&Text> {
        self.medical_conditions.as_ref()
    }
    pub fn can_swim(&self) -> bool {
        self.can_swim
    }
    /// The child's age in whole years on `on` (for the server's program age check).
    pub fn child_age_on(&self, on: NaiveDate) -> u32 {
        on.years_since(self.child_birth_date).unwrap_or(0)
    }
}

/// Most weeks one registration may name.
pub const MAX_WEEKS: usize = 20;

/// Validates a day-camp registration; `today` (the centre's local date) bounds the birth date.
pub fn validate_day_camp_registration(
    input: &DayCampRegistrationInput,
    today: NaiveDate,
) -> Result<DayCampRegistration, Vec<FieldError>> {
    let mut c = Checker::new();
    let mut weeks: Vec<Text> = Vec::new();
    let mut weeks_ok = true;
    let raw_weeks = input.week_id.iter().chain(input.week_ids.iter().flatten());
    for raw in raw_weeks {
        match Text::parse(raw, max_len::WEEK_ID) {
            Ok(t) => {
                if !weeks.contains(&t) {
                    weeks.push(t);
                }
            }
            Err(TextError::Empty) => {}
            Err(_) => weeks_ok = false,
        }
    }
    if !weeks_ok || weeks.len() > MAX_WEEKS {
        c.push("weekId", "too_long");
    } else if weeks.is_empty() {
        c.push("weekId", "week_required");
    }
    let first =
        c.required("childFirstName", input.child_first_name.as_deref(), max_len::NAME, "child_first_name_required");
    let last = c.required("childLastName", input.child_last_name.as_deref(), max_len::NAME, "child_last_name_required");
    let birth = match input.child_birth_date.as_deref().map(str::trim) {
        None | Some("") => {
            c.push("childBirthDate", "child_birth_date_required");
            None
        }
        Some(s) => match crate::timefmt::parse_date(s).ok_or(()) {
            Ok(d) if d <= today && today.years_since(d).is_some_and(|y| y <= 25) => Some(d),
            _ => {
                c.push("childBirthDate", "birth_date_invalid");
                None
            }
        },
    };
    let gender = match input.child_gender.as_deref().map(str::trim) {
        None | Some("") => Some(None),
        Some(s) => match Gender::parse(s) {
            Some(g) => Some(Some(g)),
            None => {
                c.push("childGender", "gender_invalid");
                None
            }
        },
    };
    let parent_name = c.required("parentName", input.parent_name.as_deref(), max_len::NAME, "parent_name_required");
    let parent_email = c.email("parentEmail", input.parent_email.as_deref(), "parent_email_invalid");
    let parent_phone = c.phone("parentPhone", input.parent_phone.as_deref(), "phone_required");
    let emergency = c.optional_phone("emergencyPhone", input.emergency_phone.as_deref());
    let medical = c.optional("medicalConditions", input.medical_conditions.as_deref(), max_len::MEDICAL);
    c.finish(|| {
        Some(DayCampRegistration {
            week_ids: weeks,
            child_first_name: first?,
            child_last_name: last?,
            child_birth_date: birth?,
            child_gender: gender?,
            parent_name: parent_name?,
            parent_email: parent_email?,
            parent_phone: parent_phone?,
            emergency_phone: emergency?,
            medical_conditions: medical?,
            can_swim: input.can_swim.unwrap_or(false),
        })
    })
}

// ---------------------------------------------------------------------------------------------
// Event create / edit
// ---------------------------------------------------------------------------------------------

/// Body of `POST /api/events` and `PUT /api/events/{id}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct EventInput {
    pub title: Option<String>,
    pub title_en: Option<String>,
    pub description: Option<String>,
    pub description_en: Option<String>,
    pub category_id: Option<String>,
    pub location: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub price: Option<NumberInput>,
    pub max_participants: Option<NumberInput>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EventForm {
    title: Text,
    title_en: Option<Text>,
    description: Text,
    description_en: Option<Text>,
    category_id: Option<Text>,
    location: Text,
    start_date: DateTime<Utc>,
    end_date: Option<DateTime<Utc>>,
    price_cents: Cents,
    max_participants: Option<u32>,
    requires_payment: bool,
}

impl EventForm {
    pub fn title(&self) -> &Text {
        &self.title
    }
    pub fn title_en(&self) -> Option<&Text> {
        self.title_en.as_ref()
    }
    pub fn description(&self) -> &Text {
        &self.description
    }
    pub fn description_en(&self) -> Option<&Text> {
        self.description_en.as_ref()
    }
    pub fn category_id(&self) -> Option<&Text> {
        self.category_id.as_ref()
    }
    pub fn location(&self) -> &Text {
        &self.location
    }
    pub fn start_date(&self) -> DateTime<Utc> {
        self.start_date
    }
    /// Never before `start_date`.
    pub fn end_date(&self) -> Option<DateTime<Utc>> {
        self.end_date
    }
    pub fn price(&self) -> Cents {
        self.price_cents
    }
    /// At least 1 when present.
    pub fn max_participants(&self) -> Option<u32> {
        self.max_participants
    }
    /// Always false on creation (spec section 5).
    pub fn requires_payment(&self) -> bool {
        self.requires_payment
    }
}

/// Largest accepted `maxParticipants`.
pub const MAX_PARTICIPANTS: i64 = 100_000;

/// Parses a price in dollars into cents: zero or more, at most two decimals.
fn parse_price(n: &NumberInput) -> Option<Cents> {
    match n {
        NumberInput::Text(s) => {
            let s = s.trim().replace(',', ".");
            let (whole, frac) = s.split_once('.').unwrap_or((&s, ""));
            let digits = |p: &str| p.chars().all(|c| c.is_ascii_digit());
            if whole.is_empty() && frac.is_empty()
                || !digits(whole)
                || !digits(frac)
                || frac.len() > 2
                || whole.len() > 9
            {
                return None;
            }
            let whole: u64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
            let frac: u64 = format!("{frac:0<2}").parse().ok()?;
            Cents::new(whole * 100 + frac)
        }
        NumberInput::Number(v) => {
            if !v.is_finite() || *v < 0.0 || *v > (Cents::MAX as f64) / 100.0 {
                return None;
            }
            let cents = (v * 100.0).round();
            ((v * 100.0 - cents).abs() < 1e-6).then_some(())?;
            Cents::new(cents as u64)
        }
    }
}

pub fn validate_event(input: &EventInput) -> Result<EventForm, Vec<FieldError>> {
    let mut c = Checker::new();
    let title = c.required("title", input.title.as_deref(), max_len::TITLE, "title_required");
    let title_en = c.optional("titleEn", input.title_en.as_deref(), max_len::TITLE);
    let description =
        c.required("description", input.description.as_deref(), max_len::DESCRIPTION, "description_required");
    let description_en = c.optional("descriptionEn", input.description_en.as_deref(), max_len::DESCRIPTION);
    let category = c.optional("categoryId", input.category_id.as_deref(), max_len::CATEGORY);
    let start = match input.start_date.as_deref().map(str::trim) {
        None | Some("") => {
            c.push("startDate", "start_date_required");
            None
        }
        Some(s) => {
            let d = parse_date_time(s);
            if d.is_none() {
                c.push("startDate", "date_invalid");
            }
            d
        }
    };
    let end = match input.end_date.as_deref().map(str::trim) {
        None | Some("") => Some(None),
        Some(s) => match parse_date_time(s) {
            None => {
                c.push("endDate", "date_invalid");
                None
            }
            Some(e) if start.is_some_and(|s| e < s) => {
                c.push("endDate", "end_date_before_start");
                None
            }
            Some(e) => Some(Some(e)),
        },
    };
    let location = c.required("location", input.location.as_deref(), max_len::LOCATION, "location_required");
    let price = match &input.price {
        None => Some(Cents::default()),
        Some(n) if n.is_blank() => Some(Cents::default()),
        Some(n) => {
            let p = parse_price(n);
            if p.is_none() {
                c.push("price", "price_invalid");
            }
            p
        }
    };
    let max_participants = match &input.max_participants {
        None => Some(None),
        Some(n) if n.is_blank() => Some(None),
        Some(n) => match n.as_integer() {
            Some(m @ 1..=MAX_PARTICIPANTS) => Some(Some(m as u32)),
            _ => {
                c.push("maxParticipants", "max_participants_invalid");
                None
            }
        },
    };
    c.finish(|| {
        Some(EventForm {
            title: title?,
            title_en: title_en?,
            description: description?,
            description_en: description_en?,
            category_id: category?,
            location: location?,
            start_date: start?,
            end_date: end?,
            price_cents: price?,
            max_participants: max_participants?,
            requires_payment: false,
        })
    })
}

// ---------------------------------------------------------------------------------------------
// Tournament configuration
// ---------------------------------------------------------------------------------------------

/// Body of `POST /api/admin/events/{eventId}/tournament` and `PUT /api/admin/tournaments/{id}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct TournamentConfigInput {
    pub courts_available: Option<NumberInput>,
    pub match_duration_minutes: Option<NumberInput>,
    pub break_between_matches: Option<NumberInput>,
    pub start_time: Option<String>,
    /// Beyond the spec: pools sharing the courts (1 = one 'Classement général').
    pub pool_count: Option<NumberInput>,
}

/// A tournament configuration with every number inside its range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TournamentConfig {
    courts_available: u8,
    match_duration_minutes: u16,
    break_between_matches: u16,
    start_time: Option<DateTime<Utc>>,
    pool_count: u8,
}

impl TournamentConfig {
    pub const COURTS: (u8, u8, u8) = (1, 4, 2);
    pub const MATCH_MINUTES: (u16, u16, u16) = (10, 60, 20);
    pub const BREAK_MINUTES: (u16, u16, u16) = (5, 30, 10);
    pub const POOLS: (u8, u8, u8) = (1, 4, 1);

    /// 1 to 4, default 1.
    pub fn pool_count(&self) -> u8 {
        self.pool_count
    }

    /// 1 to 4, default 2.
    pub fn courts_available(&self) -> u8 {
        self.courts_available
    }
    /// 10 to 60, default 20.
    pub fn match_duration_minutes(&self) -> u16 {
        self.match_duration_minutes
    }
    /// 5 to 30, default 10.
    pub fn break_between_matches(&self) -> u16 {
        self.break_between_matches
    }
    /// `None` shows as 'Non défini'.
    pub fn start_time(&self) -> Option<DateTime<Utc>> {
        self.start_time
    }
}

impl Default for TournamentConfig {
    fn default() -> Self {
        Self {
            courts_available: Self::COURTS.2,
            match_duration_minutes: Self::MATCH_MINUTES.2,
            break_between_matches: Self::BREAK_MINUTES.2,
            start_time: None,
            pool_count: Self::POOLS.2,
        }
    }
}

/// `default` when blank or absent; a whole number inside `lo..=hi`; otherwise `code` on `field`.
fn in_range(
    c: &mut Checker,
    n: Option<&NumberInput>,
    (lo, hi, default): (i64, i64, i64),
    field: &'static str,
    code: &'static str,
) -> Option<i64> {
    match n {
        None => Some(default),
        Some(n) if n.is_blank() => Some(default),
        Some(n) => match n.as_integer().filter(|v| (lo..=hi).contains(v)) {
            Some(v) => Some(v),
            None => {
                c.push(field, code);
                None
            }
        },
    }
}

/// A blank number takes its default (the form's fallback, spec section 5); a number outside its
/// range or not whole, and a start time that is present but unreadable, are field errors.
pub fn validate_tournament_config(input: &TournamentConfigInput) -> Result<TournamentConfig, Vec<FieldError>> {
    let (cl, ch, cd) = TournamentConfig::COURTS;
    let (ml, mh, md) = TournamentConfig::MATCH_MINUTES;
    let (bl, bh, bd) = TournamentConfig::BREAK_MINUTES;
    let (pl, ph, pd) = TournamentConfig::POOLS;
    let mut c = Checker::new();
    let courts = in_range(
        &mut c,
        input.courts_available.as_ref(),
        (cl.into(), ch.into(), cd.into()),
        "courtsAvailable",
        "courts_invalid",
    );
    let minutes = in_range(
        &mut c,
        input.match_duration_minutes.as_ref(),
        (ml.into(), mh.into(), md.into()),
        "matchDurationMinutes",
        "duration_invalid",
    );
    let pause = in_range(
        &mut c,
        input.break_between_matches.as_ref(),
        (bl.into(), bh.into(), bd.into()),
        "breakBetweenMatches",
        "break_invalid",
    );
    let pools = in_range(
        &mut c,
        input.pool_count.as_ref(),
        (pl.into(), ph.into(), pd.into()),
        "poolCount",
        "pool_count_invalid",
    );
    let start = match input.start_time.as_deref().map(str::trim) {
        None | Some("") => Some(None),
        Some(s) => match parse_date_time(s) {
            Some(t) => Some(Some(t)),
            None => {
                c.push("startTime", "date_invalid");
                None
            }
        },
    };
    c.finish(|| {
        Some(TournamentConfig {
            courts_available: courts? as u8,
            match_duration_minutes: minutes? as u16,
            break_between_matches: pause? as u16,
            start_time: start?,
            pool_count: pools? as u8,
        })
    })
}

// ---------------------------------------------------------------------------------------------
// Score entry
// ---------------------------------------------------------------------------------------------

/// Body of `PUT /api/admin/matches/{matchId}/score`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct ScoreInput {
    pub team1_score: Option<NumberInput>,
    pub team2_score: Option<NumberInput>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Score {
    team1_score: u32,
    team2_score: u32,
}

impl Score {
    /// Highest accepted score.
    pub const MAX: i64 = 999;

    /// Two scores already known to be whole numbers (a stored entry): `None` above [`Score::MAX`].
    pub fn new(team1_score: u32, team2_score: u32) -> Option<Score> {
        let max = Score::MAX as u32;
        (team1_score <= max && team2_score <= max).then_some(Score { team1_score, team2_score })
    }

    pub fn team1_score(&self) -> u32 {
        self.team1_score
    }
    pub fn team2_score(&self) -> u32 {
        self.team2_score
    }
}

pub fn validate_score(input: &ScoreInput) -> Result<Score, Vec<FieldError>> {
    let mut c = Checker::new();
    let one = |c: &mut Checker, field: &'static str, n: Option<&NumberInput>| match n {
        None => {
            c.push(field, "score_required");
            None
        }
        Some(n) if n.is_blank() => {
            c.push(field, "score_required");
            None
        }
        Some(n) => match n.as_integer() {
            Some(v @ 0..=Score::MAX) => Some(v as u32),
            Some(v) if v > Score::MAX => {
                c.push(field, "score_too_high");
                None
            }
            _ => {
                c.push(field, "score_invalid");
                None
            }
        },
    };
    let t1 = one(&mut c, "team1Score", input.team1_score.as_ref());
    let t2 = one(&mut c, "team2Score", input.team2_score.as_ref());
    c.finish(|| Some(Score { team1_score: t1?, team2_score: t2? }))
}

// ---------------------------------------------------------------------------------------------
// Admin / supervisor grant
// ---------------------------------------------------------------------------------------------

/// A user id typed by an admin to grant a role: non-empty after trimming.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct UserId(Text);

impl UserId {
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
}

/// `{ "userId": "..." }`, for clients that send the id in a body rather than the path.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct UserIdInput {
    pub user_id: Option<String>,
}

pub fn validate_user_id(raw: &str) -> Result<UserId, Vec<FieldError>> {
    let mut c = Checker::new();
    let id = c.required("userId", Some(raw), max_len::USER_ID, "user_id_required");
    c.finish(|| Some(UserId(id?)))
}

#[cfg(test)]
mod tests;
