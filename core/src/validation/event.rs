//! Event create and edit, with the event categories.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Cents, Checker, NumberInput, Text, max_len, parse_date_time};
use crate::errors::FieldError;

/// Body of `POST /api/events` and `PUT /api/events/{id}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct EventInput {
    pub title: Option<String>,
    pub title_en: Option<String>,
    pub description: Option<String>,
    pub description_en: Option<String>,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<EventCategory>))]
    pub category_id: Option<String>,
    pub location: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub price: Option<NumberInput>,
    pub max_participants: Option<NumberInput>,
    /// Hours an offer from the waiting list holds a place (2 to 336); null or blank = 48.
    pub offer_hours: Option<NumberInput>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EventForm {
    title: Text,
    title_en: Option<Text>,
    description: Text,
    description_en: Option<Text>,
    category_id: Option<EventCategory>,
    location: Text,
    start_date: DateTime<Utc>,
    end_date: Option<DateTime<Utc>>,
    price_cents: Cents,
    max_participants: Option<u32>,
    offer_hours: Option<u32>,
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
    pub fn category_id(&self) -> Option<EventCategory> {
        self.category_id
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
    /// The waiting list's offer window in hours (2 to 336); `None` is the default.
    pub fn offer_hours(&self) -> Option<u32> {
        self.offer_hours
    }
    /// Always false, on creation and on every edit: the form has no such field.
    pub fn requires_payment(&self) -> bool {
        self.requires_payment
    }
}

/// The event categories, the events page's filters, in their order. The schema's CHECK on
/// `events.category_id` (`migrations/V1__init.sql`) is the database's copy of this list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum EventCategory {
    Wakeride,
    Volleyball,
    Camping,
    Formation,
}

crate::stored::stored_text!(EventCategory {
    Wakeride = "wakeride",
    Volleyball = "volleyball",
    Camping = "camping",
    Formation = "formation",
});

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
        c.required_multiline("description", input.description.as_deref(), max_len::DESCRIPTION, "description_required");
    let description_en = c.optional_multiline("descriptionEn", input.description_en.as_deref(), max_len::DESCRIPTION);
    let category = match c.optional("categoryId", input.category_id.as_deref(), max_len::CATEGORY) {
        Some(Some(id)) => match EventCategory::parse(id.as_str()) {
            Some(category) => Some(Some(category)),
            None => {
                c.push("categoryId", "category_invalid");
                None
            }
        },
        Some(None) => Some(None),
        None => None,
    };
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
    let offer_hours = c.offer_hours(input.offer_hours.as_ref());
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
            offer_hours: offer_hours?,
            requires_payment: false,
        })
    })
}
