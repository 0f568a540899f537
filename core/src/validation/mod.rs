//! Validation of every form the site sends (team, event, court booking, day camp, tournament,
//! score, privacy, ...). Each validator takes the raw input (deserialized
//! from the API's camelCase JSON) and returns either a validated value or every field error at
//! once, one error per field, in the form's order. Messages come from the catalogue by code.
//! One file per form; this module holds what they share (the [`Checker`], dates and names) and
//! re-exports every form's types, so callers name them `validation::X`.

mod court_booking;
mod day_camp;
mod event;
mod health;
mod league;
mod payers;
mod privacy;
mod program;
mod score;
mod team;
mod tournament;
mod types;
mod user;

use chrono::{DateTime, NaiveTime, TimeZone, Utc};

use crate::errors::FieldError;
use crate::waitlist::{MAX_OFFER_HOURS, MIN_OFFER_HOURS};
pub use court_booking::*;
pub use day_camp::*;
pub use event::*;
pub use health::*;
pub use league::*;
pub use payers::*;
pub use privacy::*;
pub use program::*;
pub use score::*;
pub use team::*;
pub use tournament::*;
pub use types::{Cents, Email, Gender, NumberInput, Phone, Text, TextError, dollars, max_len};
pub use user::*;

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

    /// A parsed field, or its error recorded: blank gives `empty`, too long `too_long`,
    /// malformed `invalid`, a character the field may not hold `text_control`.
    fn field<T>(
        &mut self,
        field: &'static str,
        parsed: Result<T, TextError>,
        empty: &'static str,
        invalid: &'static str,
    ) -> Option<T> {
        let code = match parsed {
            Ok(value) => return Some(value),
            Err(TextError::Empty) => empty,
            Err(TextError::TooLong) => "too_long",
            Err(TextError::Invalid) => invalid,
            Err(TextError::Control) => "text_control",
        };
        self.push(field, code);
        None
    }

    /// An optional field: blank is `Some(None)`; an error is recorded (and `None`) as by
    /// [`Checker::field`].
    fn optional_field<T>(
        &mut self,
        field: &'static str,
        parsed: Result<T, TextError>,
        invalid: &'static str,
    ) -> Option<Option<T>> {
        match parsed {
            Err(TextError::Empty) => Some(None),
            other => self.field(field, other, invalid, invalid).map(Some),
        }
    }

    /// Required text on one line: blank gives `required`, too long gives `too_long`, a control
    /// character `text_control`.
    fn required(
        &mut self,
        field: &'static str,
        value: Option<&str>,
        max: usize,
        required: &'static str,
    ) -> Option<Text> {
        self.field(field, Text::parse(value.unwrap_or(""), max), required, required)
    }

    /// Optional text on one line: blank is `None`; too long or a control character is an error
    /// (and the outer `None`).
    fn optional(&mut self, field: &'static str, value: Option<&str>, max: usize) -> Option<Option<Text>> {
        self.optional_field(field, Text::parse(value.unwrap_or(""), max), "too_long")
    }

    /// Required free text ([`Text::parse_multiline`]: line breaks and tabs allowed), with the
    /// codes of [`Checker::required`].
    fn required_multiline(
        &mut self,
        field: &'static str,
        value: Option<&str>,
        max: usize,
        required: &'static str,
    ) -> Option<Text> {
        self.field(field, Text::parse_multiline(value.unwrap_or(""), max), required, required)
    }

    /// Optional free text, with the codes of [`Checker::optional`].
    fn optional_multiline(&mut self, field: &'static str, value: Option<&str>, max: usize) -> Option<Option<Text>> {
        self.optional_field(field, Text::parse_multiline(value.unwrap_or(""), max), "too_long")
    }

    /// Required e-mail: blank or malformed both give `invalid`, one text for both.
    fn email(&mut self, field: &'static str, value: Option<&str>, invalid: &'static str) -> Option<Email> {
        self.field(field, Email::parse(value.unwrap_or("")), invalid, invalid)
    }

    /// Optional e-mail: valid or empty.
    fn optional_email(&mut self, field: &'static str, value: Option<&str>) -> Option<Option<Email>> {
        self.optional_field(field, Email::parse(value.unwrap_or("")), "email_invalid")
    }

    fn phone(&mut self, field: &'static str, value: Option<&str>, required: &'static str) -> Option<Phone> {
        self.field(field, Phone::parse(value.unwrap_or("")), required, "phone_invalid")
    }

    /// The optional offer window of an event's or camp program's waiting list (`offerHours`),
    /// whole hours from [`MIN_OFFER_HOURS`] to [`MAX_OFFER_HOURS`]: blank is `Some(None)` (the
    /// default window), anything else `offer_hours_invalid`.
    fn offer_hours(&mut self, value: Option<&NumberInput>) -> Option<Option<u32>> {
        let Some(n) = value.filter(|n| !n.is_blank()) else { return Some(None) };
        match n.as_integer().and_then(|h| u32::try_from(h).ok()) {
            Some(h @ MIN_OFFER_HOURS..=MAX_OFFER_HOURS) => Some(Some(h)),
            _ => {
                self.push("offerHours", "offer_hours_invalid");
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
/// a naive `YYYY-MM-DDTHH:MM[:SS]` (a `datetime-local` input) read as UTC, the zone every stored
/// instant is in, or a bare `YYYY-MM-DD` (midnight UTC).
pub fn parse_date_time(raw: &str) -> Option<DateTime<Utc>> {
    let s = raw.trim();
    crate::timefmt::parse_utc(s)
        .or_else(|| crate::timefmt::parse_naive_date_time(s).map(|naive| Utc.from_utc_datetime(&naive)))
        .or_else(|| crate::timefmt::parse_date(s).map(|d| Utc.from_utc_datetime(&d.and_time(NaiveTime::MIN))))
}

/// Splits the reservation page's single full-name input: the first word is the first name, the
/// rest the last name; a single word is used whole for the last name as well.
pub fn split_full_name(full: &str) -> (String, String) {
    let full = full.trim();
    match full.split_once(char::is_whitespace) {
        Some((first, rest)) if !rest.trim().is_empty() => (first.to_owned(), rest.trim().to_owned()),
        _ => (full.to_owned(), full.to_owned()),
    }
}

#[cfg(test)]
mod tests;
