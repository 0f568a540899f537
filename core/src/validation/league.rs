//! A weekly league's settings: its nights, the hour and courts they use, the groups and how
//! matches are scored.

use chrono::{Duration, NaiveDate, NaiveTime};
use serde::{Deserialize, Serialize};

use super::tournament::in_range;
use super::{Checker, Errors, NumberInput, TournamentConfig};
use crate::format::{FormatInput, MatchFormat, resolve};
use crate::league::{ClosureReason, GROUP_SIZES};
use crate::timefmt::{parse_date, parse_time};

/// Body of `POST /api/admin/events/{eventId}/league` and `PUT /api/admin/leagues/{id}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct LeagueInput {
    /// The nights' dates (`YYYY-MM-DD`); or else `firstNight` and `weeks`.
    pub nights: Option<Vec<String>>,
    /// The first night (`YYYY-MM-DD`), then one a week for `weeks` weeks.
    pub first_night: Option<String>,
    pub weeks: Option<NumberInput>,
    /// The nights' first match, in the centre's time (`18:30`).
    pub start_time: Option<String>,
    /// The courts' ids.
    pub courts: Option<Vec<i64>>,
    /// 3 or 4 (default 3).
    pub group_size: Option<NumberInput>,
    /// A preset's id or a custom format, as tournaments take it; absent means `single`.
    pub format: Option<FormatInput>,
    /// 10 to 60 minutes (default 20).
    pub match_duration_minutes: Option<NumberInput>,
    /// Hours a team's proposed result waits for the other side: 1 to 168 (default 24).
    pub confirm_hours: Option<NumberInput>,
}

/// A league's settings, each inside its range.
#[derive(Debug, Clone, PartialEq)]
pub struct LeagueConfig {
    /// Sorted, each once.
    pub nights: Vec<NaiveDate>,
    pub start_time: NaiveTime,
    /// Each once, in the order given (tier 1 plays on the first).
    pub courts: Vec<i64>,
    pub group_size: u8,
    pub format: MatchFormat,
    pub match_duration_minutes: u16,
    pub confirm_hours: u16,
}

impl LeagueConfig {
    /// How many nights a season holds at most.
    pub const NIGHTS: (usize, usize) = (1, 30);
    pub const CONFIRM_HOURS: (u16, u16, u16) = (1, 168, 24);
    /// The window a proposal waits, in minutes, as the report rule counts it.
    pub fn confirm_minutes(&self) -> u32 {
        u32::from(self.confirm_hours) * 60
    }
}

/// The nights: listed dates, or a first night and a count of weeks.
fn nights(c: &mut Checker, input: &LeagueInput) -> Option<Vec<NaiveDate>> {
    let (lo, hi) = LeagueConfig::NIGHTS;
    let mut dates = match (&input.nights, input.first_night.as_deref()) {
        (Some(list), _) => list.iter().map(|d| parse_date(d.trim())).collect::<Option<Vec<_>>>(),
        (None, Some(first)) => {
            let weeks = input.weeks.as_ref().and_then(NumberInput::as_integer).filter(|w| (1..=hi as i64).contains(w));
            parse_date(first.trim())
                .zip(weeks)
                .map(|(first, weeks)| (0..weeks).map(|w| first + Duration::weeks(w)).collect())
        }
        (None, None) => None,
    };
    if let Some(d) = dates.as_mut() {
        d.sort_unstable();
        d.dedup();
    }
    match dates.filter(|d| (lo..=hi).contains(&d.len())) {
        Some(d) => Some(d),
        None => {
            c.push("nights", "league_nights_invalid");
            None
        }
    }
}

/// Blank numbers take their defaults; everything else outside its range is a field error.
pub fn validate_league(input: &LeagueInput) -> Result<LeagueConfig, Errors> {
    let mut c = Checker::new();
    let nights = nights(&mut c, input);
    let start = match input.start_time.as_deref().map(str::trim).and_then(parse_time) {
        Some(t) => Some(t),
        None => {
            c.push("startTime", "league_start_invalid");
            None
        }
    };
    let courts = match &input.courts {
        Some(ids) if !ids.is_empty() && ids.iter().all(|&id| id > 0) => {
            let mut once = Vec::with_capacity(ids.len());
            ids.iter().for_each(|id| {
                if !once.contains(id) {
                    once.push(*id)
                }
            });
            Some(once)
        }
        _ => {
            c.push("courts", "league_courts_invalid");
            None
        }
    };
    let group_size = match input.group_size.as_ref().filter(|n| !n.is_blank()) {
        None => Some(GROUP_SIZES[0]),
        Some(n) => match n.as_integer().and_then(|v| u8::try_from(v).ok()).filter(|v| GROUP_SIZES.contains(v)) {
            Some(v) => Some(v),
            None => {
                c.push("groupSize", "league_group_size_invalid");
                None
            }
        },
    };
    let format = match resolve(input.format.as_ref()) {
        Ok(f) => Some(f),
        Err(code) => {
            c.push("format", code);
            None
        }
    };
    let (ml, mh, md) = TournamentConfig::MATCH_MINUTES;
    let minutes = in_range(
        &mut c,
        input.match_duration_minutes.as_ref(),
        (ml.into(), mh.into(), md.into()),
        "matchDurationMinutes",
        "duration_invalid",
    );
    let (hl, hh, hd) = LeagueConfig::CONFIRM_HOURS;
    let hours = in_range(
        &mut c,
        input.confirm_hours.as_ref(),
        (hl.into(), hh.into(), hd.into()),
        "confirmHours",
        "confirm_hours_invalid",
    );
    c.finish(|| {
        Some(LeagueConfig {
            nights: nights?,
            start_time: start?,
            courts: courts?,
            group_size: group_size?,
            format: format?,
            match_duration_minutes: minutes? as u16,
            confirm_hours: hours? as u16,
        })
    })
}

/// Body of `POST /api/admin/leagues/{id}/nights/{n}/cancel`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct NightCancelInput {
    /// Why: `storm`, `rain`, `heat`, `water_quality` or `other`.
    pub reason: Option<String>,
    /// Told to the captains (optional, up to 500 characters).
    pub message: Option<String>,
}

/// A night's cancellation, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NightCancel {
    pub reason: ClosureReason,
    /// Trimmed; none when blank.
    pub message: Option<String>,
}

/// The longest message a closure carries.
pub const CLOSURE_MESSAGE_MAX: usize = 500;

pub fn validate_night_cancel(input: &NightCancelInput) -> Result<NightCancel, Errors> {
    let mut c = Checker::new();
    let reason = input.reason.as_deref().map(str::trim).and_then(ClosureReason::parse);
    if reason.is_none() {
        c.push("reason", "closure_reason_invalid");
    }
    let message = input.message.as_deref().map(str::trim).filter(|m| !m.is_empty());
    if message.is_some_and(|m| m.chars().count() > CLOSURE_MESSAGE_MAX) {
        c.push("message", "closure_message_too_long");
    }
    c.finish(|| Some(NightCancel { reason: reason?, message: message.map(str::to_owned) }))
}

#[cfg(test)]
mod cancel_tests {
    use super::*;

    #[test]
    fn a_cancellation_names_a_closure_reason_and_a_short_message() {
        let input = |reason: &str, message: &str| NightCancelInput {
            reason: Some(reason.into()),
            message: Some(message.into()),
        };
        assert_eq!(
            validate_night_cancel(&input(" rain ", "  ")),
            Ok(NightCancel { reason: ClosureReason::Rain, message: None })
        );
        let fields =
            |r: Result<NightCancel, Errors>| r.err().unwrap_or_default().iter().map(|e| e.field).collect::<Vec<_>>();
        assert_eq!(fields(validate_night_cancel(&input("hail", &"é".repeat(501)))), ["reason", "message"]);
        assert_eq!(
            validate_night_cancel(&input("water_quality", &"é".repeat(500))).map(|c| c.reason),
            Ok(ClosureReason::WaterQuality)
        );
    }
}
