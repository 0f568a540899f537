//! Tournament configuration.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Checker, NumberInput, parse_date_time};
use crate::errors::FieldError;
use crate::format::{FormatInput, Formats, resolve};
use crate::tournament::{DutyMode, Scoring};

/// Body of `POST /api/admin/events/{eventId}/tournament` and `PUT /api/admin/tournaments/{id}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct TournamentConfigInput {
    pub courts_available: Option<NumberInput>,
    pub match_duration_minutes: Option<NumberInput>,
    pub break_between_matches: Option<NumberInput>,
    pub start_time: Option<String>,
    /// Pools sharing the courts (1 = one 'Classement général').
    pub pool_count: Option<NumberInput>,
    /// How pool matches are scored: a preset's id (`single`, `fivb-beach`, `rec-2x21`,
    /// `indoor-25`, `timed`) or a custom format; absent means `single`.
    pub pool_format: Option<FormatInput>,
    /// How knockout matches are scored; absent means `single`.
    pub knockout_format: Option<FormatInput>,
    /// Who enters the scores: `staff` or `teams`; absent keeps the tournament's (`staff` for a
    /// new one).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Scoring>))]
    pub scoring: Option<String>,
    /// Minutes a team's proposed result waits for the other side (1 to 1440); absent keeps the
    /// tournament's (10 for a new one).
    pub confirm_minutes: Option<NumberInput>,
    /// Whether every match gets a work team: `none` or `teams`; absent keeps the tournament's
    /// (`none` for a new one).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<DutyMode>))]
    pub duty: Option<String>,
}

/// A tournament configuration with every number inside its range.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TournamentConfig {
    courts_available: u8,
    match_duration_minutes: u16,
    break_between_matches: u16,
    start_time: Option<DateTime<Utc>>,
    pool_count: u8,
    /// Not in the validated form's answer: the server stores it, the form shows what it chose.
    #[serde(skip)]
    formats: Formats,
    /// `None`: not given, the tournament keeps its own.
    scoring: Option<Scoring>,
    confirm_minutes: Option<u16>,
    duty: Option<DutyMode>,
}

impl TournamentConfig {
    pub const COURTS: (u8, u8, u8) = (1, 4, 2);
    pub const MATCH_MINUTES: (u16, u16, u16) = (10, 60, 20);
    pub const BREAK_MINUTES: (u16, u16, u16) = (5, 30, 10);
    pub const POOLS: (u8, u8, u8) = (1, 4, 1);
    /// The window a team's proposed result waits for the other side, in minutes.
    pub const CONFIRM_MINUTES: (u16, u16, u16) = (1, 1440, 10);

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
    /// The pool's and the knockout's formats.
    pub fn formats(&self) -> &Formats {
        &self.formats
    }
    /// Who enters the scores, when given.
    pub fn scoring(&self) -> Option<Scoring> {
        self.scoring
    }
    /// The window for the other side's answer, 1 to 1440 minutes, when given.
    pub fn confirm_minutes(&self) -> Option<u16> {
        self.confirm_minutes
    }
    /// Whether matches get a work team, when given.
    pub fn duty(&self) -> Option<DutyMode> {
        self.duty
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
            formats: Formats::default(),
            scoring: None,
            confirm_minutes: None,
            duty: None,
        }
    }
}

/// `default` when blank or absent; a whole number inside `lo..=hi`; otherwise `code` on `field`.
pub(super) fn in_range(
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

/// A blank number takes its default (2 courts, 20-minute matches, 10-minute breaks, one pool); a
/// number outside its range or not whole, and a start time that is present but unreadable, are
/// field errors.
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
    let mut format = |field: &'static str, input: Option<&FormatInput>| match resolve(input) {
        Ok(f) => Some(f),
        Err(code) => {
            c.push(field, code);
            None
        }
    };
    let pool_format = format("poolFormat", input.pool_format.as_ref());
    let knockout_format = format("knockoutFormat", input.knockout_format.as_ref());
    let scoring = closed(&mut c, input.scoring.as_deref(), Scoring::parse, "scoring", "scoring_invalid");
    let (wl, wh, _) = TournamentConfig::CONFIRM_MINUTES;
    let confirm = match input.confirm_minutes.as_ref().filter(|n| !n.is_blank()) {
        None => Some(None),
        Some(n) => in_range(&mut c, Some(n), (wl.into(), wh.into(), 0), "confirmMinutes", "confirm_minutes_invalid")
            .map(|v| Some(v as u16)),
    };
    let duty = closed(&mut c, input.duty.as_deref(), DutyMode::parse, "duty", "duty_invalid");
    c.finish(|| {
        Some(TournamentConfig {
            formats: Formats { pool: pool_format?, knockout: knockout_format? },
            courts_available: courts? as u8,
            match_duration_minutes: minutes? as u16,
            break_between_matches: pause? as u16,
            start_time: start?,
            pool_count: pools? as u8,
            scoring: scoring?,
            confirm_minutes: confirm?,
            duty: duty?,
        })
    })
}

/// A closed set's text: absent or blank is `Some(None)`; one of its values `Some(Some(v))`;
/// anything else `code` on `field` (`None`).
fn closed<T>(
    c: &mut Checker,
    text: Option<&str>,
    parse: fn(&str) -> Option<T>,
    field: &'static str,
    code: &'static str,
) -> Option<Option<T>> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Some(None),
        Some(t) => match parse(t) {
            Some(v) => Some(Some(v)),
            None => {
                c.push(field, code);
                None
            }
        },
    }
}
