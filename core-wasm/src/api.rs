//! The JSON-in, JSON-out functions behind every export. Plain Rust, so native tests exercise
//! exactly what the browser runs; `lib.rs` only adds `#[wasm_bindgen]`.
//!
//! Every function answers one envelope (see `types.d.ts`):
//! `{"ok": true, "value": ...}` or
//! `{"ok": false, "code", "message", "fieldErrors": {field: message}, "codes": {field: code}}`.

use std::collections::BTreeMap;

use centre_core::schedule::knockout::{advance, placeholder, plan_knockout};
use centre_core::schedule::{ScheduleError, ScheduleSettings, pool_schedule, remove_team};
use centre_core::slots::{CourtHours, SlotError, check_booking, list_slots, month_view};
use centre_core::standings::{Standing, standings};
use centre_core::sync::{ScoreEntry, merge_scores};
use centre_core::tournament::{Match, Team, TeamId};
use centre_core::validation::{self as v};
use centre_core::{FieldError, Lang, message};
use chrono::{DateTime, NaiveDate, Utc};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::zone::Eastern;

/// The centre's time zone, used when a request names none; the only one supported.
pub const DEFAULT_TIME_ZONE: &str = "America/Toronto";

/// Everything that can go wrong in the facade. Converted to the error envelope in one place,
/// [`respond`].
#[derive(Debug)]
pub enum Failure {
    /// The input was not the JSON the function expects.
    Malformed,
    /// Form validation failed.
    Fields(Vec<FieldError>),
    /// A rule refused the request, with its catalogue code.
    Code(&'static str),
}

impl From<SlotError> for Failure {
    fn from(e: SlotError) -> Self {
        Failure::Code(e.code())
    }
}

impl From<ScheduleError> for Failure {
    fn from(e: ScheduleError) -> Self {
        Failure::Code(e.code())
    }
}

impl From<Vec<FieldError>> for Failure {
    fn from(e: Vec<FieldError>) -> Self {
        Failure::Fields(e)
    }
}

pub fn lang(code: &str) -> Lang {
    Lang::from_accept_language(code)
}

fn text(code: &str, lang: Lang) -> String {
    message(code, lang).map_or_else(|| code.to_owned(), str::to_owned)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Fail<'a> {
    ok: bool,
    code: &'a str,
    message: String,
    field_errors: BTreeMap<&'a str, String>,
    codes: BTreeMap<&'a str, &'a str>,
}

/// The one conversion point from a result to the JSON envelope.
pub fn respond<T: Serialize>(result: Result<T, Failure>, lang: Lang) -> String {
    let fail = match result {
        Ok(value) => {
            return serde_json::to_string(&serde_json::json!({ "ok": true, "value": value }))
                .unwrap_or_else(|_| respond::<()>(Err(Failure::Code("internal")), lang));
        }
        Err(f) => f,
    };
    let body = match &fail {
        Failure::Malformed => Fail {
            ok: false,
            code: "malformed_json",
            message: text("malformed_json", lang),
            field_errors: BTreeMap::new(),
            codes: BTreeMap::new(),
        },
        Failure::Code(code) => {
            Fail { ok: false, code, message: text(code, lang), field_errors: BTreeMap::new(), codes: BTreeMap::new() }
        }
        Failure::Fields(errors) => Fail {
            ok: false,
            code: "validation",
            message: text("validation", lang),
            field_errors: errors.iter().map(|e| (e.field, text(e.code, lang))).collect(),
            codes: errors.iter().map(|e| (e.field, e.code)).collect(),
        },
    };
    serde_json::to_string(&body).unwrap_or_else(|_| String::from(r#"{"ok":false,"code":"internal"}"#))
}

/// Parses through `serde_json::Value`: one text parser for every input type instead of one per
/// type, which keeps the `.wasm` markedly smaller.
fn parse<T: DeserializeOwned>(json: &str) -> Result<T, Failure> {
    let value: serde_json::Value = serde_json::from_str(json).map_err(|_| Failure::Malformed)?;
    serde_json::from_value(value).map_err(|_| Failure::Malformed)
}

fn parse_date(s: &str) -> Result<NaiveDate, Failure> {
    NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d").map_err(|_| Failure::Malformed)
}

/// The only zone the PWA needs: the centre's. Any other name is refused rather than guessed.
fn time_zone(name: Option<&str>) -> Result<Eastern, Failure> {
    match name.unwrap_or(DEFAULT_TIME_ZONE) {
        DEFAULT_TIME_ZONE => Ok(Eastern),
        _ => Err(Failure::Code("time_zone_unsupported")),
    }
}

// --- validation -----------------------------------------------------------------------------

pub fn validate_team_registration(input: &str, lang_code: &str) -> String {
    let r = parse(input).and_then(|i| Ok(v::validate_team_registration(&i)?));
    respond(r, lang(lang_code))
}

pub fn validate_court_booking(input: &str, today: &str, lang_code: &str) -> String {
    let r: Result<_, Failure> =
        (|| Ok(v::validate_court_booking(&parse(input)?, parse_date(today)?, time_zone(None)?)?))();
    respond(r, lang(lang_code))
}

/// The reservation page's full name split as spec section 3 says: `[firstName, lastName]`.
pub fn split_full_name(full: &str) -> String {
    let (first, last) = v::split_full_name(full);
    respond(Ok([first, last]), Lang::Fr)
}

pub fn validate_day_camp_registration(input: &str, today: &str, lang_code: &str) -> String {
    let r: Result<_, Failure> = (|| Ok(v::validate_day_camp_registration(&parse(input)?, parse_date(today)?)?))();
    respond(r, lang(lang_code))
}

pub fn validate_event(input: &str, lang_code: &str) -> String {
    let r = parse(input).and_then(|i| Ok(v::validate_event(&i)?));
    respond(r, lang(lang_code))
}

pub fn validate_tournament_config(input: &str, lang_code: &str) -> String {
    let r = parse(input).and_then(|i| Ok(v::validate_tournament_config(&i)?));
    respond(r, lang(lang_code))
}

pub fn validate_score(input: &str, lang_code: &str) -> String {
    let r = parse(input).and_then(|i| Ok(v::validate_score(&i)?));
    respond(r, lang(lang_code))
}

pub fn validate_user_id(user_id: &str, lang_code: &str) -> String {
    respond(v::validate_user_id(user_id).map_err(Failure::from), lang(lang_code))
}

// --- slots ----------------------------------------------------------------------------------

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SlotsRequest {
    hours: CourtHours,
    date: NaiveDate,
    now: DateTime<Utc>,
    #[serde(default)]
    time_zone: Option<String>,
    #[serde(default)]
    booked: Vec<DateTime<Utc>>,
}

pub fn court_slots(request: &str, lang_code: &str) -> String {
    let r = parse::<SlotsRequest>(request)
        .and_then(|q| Ok(list_slots(&q.hours, q.date, q.now, time_zone(q.time_zone.as_deref())?, &q.booked)?));
    respond(r, lang(lang_code))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct MonthRequest {
    hours: CourtHours,
    year: i32,
    month: u32,
    now: DateTime<Utc>,
    #[serde(default)]
    time_zone: Option<String>,
    #[serde(default)]
    booked: Vec<DateTime<Utc>>,
}

pub fn month(request: &str, lang_code: &str) -> String {
    let r = parse::<MonthRequest>(request)
        .and_then(|q| Ok(month_view(&q.hours, q.year, q.month, q.now, time_zone(q.time_zone.as_deref())?, &q.booked)?));
    respond(r, lang(lang_code))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CheckRequest {
    hours: CourtHours,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    now: DateTime<Utc>,
    #[serde(default)]
    time_zone: Option<String>,
    #[serde(default)]
    booked: Vec<DateTime<Utc>>,
}

pub fn check_court_booking(request: &str, lang_code: &str) -> String {
    let r = parse::<CheckRequest>(request).and_then(|q| {
        Ok(check_booking(&q.hours, q.start, q.end, q.now, time_zone(q.time_zone.as_deref())?, &q.booked)?)
    });
    respond(r, lang(lang_code))
}

// --- tournament -----------------------------------------------------------------------------

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StandingsRequest {
    matches: Vec<Match>,
    teams: Vec<Team>,
}

pub fn standings_of(request: &str, lang_code: &str) -> String {
    let r = parse::<StandingsRequest>(request).map(|q| standings(&q.matches, &q.teams));
    respond(r, lang(lang_code))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ScheduleRequest {
    teams: Vec<TeamId>,
    settings: ScheduleSettings,
}

pub fn schedule_pool(request: &str, lang_code: &str) -> String {
    let r = parse::<ScheduleRequest>(request).and_then(|q| Ok(pool_schedule(&q.teams, &q.settings)?));
    respond(r, lang(lang_code))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct KnockoutRequest {
    standings: Vec<Standing>,
    settings: ScheduleSettings,
    first_slot_index: u32,
}

pub fn knockout(request: &str, lang_code: &str) -> String {
    let r = parse::<KnockoutRequest>(request).map(|q| plan_knockout(&q.standings, &q.settings, q.first_slot_index));
    respond(r, lang(lang_code))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct MatchesRequest {
    matches: Vec<Match>,
}

pub fn advance_knockout(request: &str, lang_code: &str) -> String {
    let r = parse::<MatchesRequest>(request).and_then(|q| Ok(advance(&q.matches)?));
    respond(r, lang(lang_code))
}

pub fn knockout_placeholder(code: &str, lang_code: &str) -> String {
    placeholder(code, lang(lang_code))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RemoveRequest {
    matches: Vec<Match>,
    team_id: TeamId,
}

pub fn remove_team_from(request: &str, lang_code: &str) -> String {
    let r = parse::<RemoveRequest>(request).map(|q| remove_team(&q.matches, q.team_id));
    respond(r, lang(lang_code))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct MergeRequest {
    matches: Vec<Match>,
    entries: Vec<ScoreEntry>,
}

pub fn merge(request: &str, lang_code: &str) -> String {
    let r = parse::<MergeRequest>(request).map(|q| merge_scores(&q.matches, &q.entries));
    respond(r, lang(lang_code))
}

// --- messages -------------------------------------------------------------------------------

/// `{code: message}` for every catalogue entry in `lang`.
pub fn catalogue(lang_code: &str) -> String {
    let l = lang(lang_code);
    let map: BTreeMap<&str, &str> = centre_core::messages::CATALOGUE
        .iter()
        .map(|(code, fr, en)| (*code, if l == Lang::En { *en } else { *fr }))
        .collect();
    serde_json::to_string(&map).unwrap_or_else(|_| String::from("{}"))
}
