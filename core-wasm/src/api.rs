//! The JSON-in, JSON-out functions behind every export. Plain Rust, so native tests exercise
//! exactly what the browser runs; `lib.rs` only adds `#[wasm_bindgen]`.
//!
//! Every function answers one envelope (see `types.d.ts`):
//! `{"ok": true, "value": ...}` or
//! `{"ok": false, "code", "message", "fieldErrors": {field: message}, "codes": {field: code}}`.

use centre_core::Lang;
use centre_core::format::{Formats, MatchFormat, Preset};
use centre_core::payments::PaymentStatus;
use centre_core::schedule::duty::{Duty, duty_team};
use centre_core::schedule::knockout::{placeholder, plan_knockout};
use centre_core::schedule::{ScheduleSettings, pool_schedule};
use centre_core::slots::{CourtHours, check_booking, list_slots, month_view};
use centre_core::standings::{Standing, standings_in};
use centre_core::sync::{ScoreEntry, project};
use centre_core::timefmt;
use centre_core::tournament::{BracketCode, Match, Team, TeamId, bracket_drawn};
use centre_core::validation::{self as v};
use chrono::{DateTime, NaiveDate, Utc};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::failure::{Failure, respond, text};
use crate::forms::{self, Obj};
use crate::zone::Eastern;

/// The centre's time zone, used when a request names none; the only one supported.
pub const DEFAULT_TIME_ZONE: &str = "America/Toronto";

pub fn lang(code: &str) -> Lang {
    Lang::from_accept_language(code)
}

/// Parses through `serde_json::Value` first: one text parser for every input type.
fn parse<T: DeserializeOwned>(json: &str) -> Result<T, Failure> {
    let value: Value = serde_json::from_str(json).map_err(|_| Failure::Malformed)?;
    serde_json::from_value(value).map_err(|_| Failure::Malformed)
}

fn parse_date(s: &str) -> Result<NaiveDate, Failure> {
    timefmt::parse_date(s.trim()).ok_or(Failure::Malformed)
}

/// The only zone the PWA needs: the centre's. Any other name is refused rather than guessed.
pub(crate) fn time_zone(name: Option<&str>) -> Result<Eastern, Failure> {
    match name.unwrap_or(DEFAULT_TIME_ZONE) {
        DEFAULT_TIME_ZONE => Ok(Eastern),
        _ => Err(Failure::Code("time_zone_unsupported")),
    }
}

// --- validation -----------------------------------------------------------------------------

pub fn validate_team_registration(input: &str, lang_code: &str) -> String {
    let r = Obj::parse(input).and_then(|o| Ok(v::validate_team_registration(&forms::team_registration(&o)?)?));
    respond(r, lang(lang_code))
}

pub fn validate_court_booking(input: &str, today: &str, lang_code: &str) -> String {
    let r: Result<_, Failure> = (|| {
        Ok(v::validate_court_booking(
            &forms::court_booking(&Obj::parse(input)?)?,
            parse_date(today)?,
            time_zone(None)?,
        )?)
    })();
    respond(r, lang(lang_code))
}

/// The reservation page's full name split: `[firstName, lastName]`, the first word and the rest
/// (a single word is both).
pub fn split_full_name(full: &str) -> String {
    let (first, last) = v::split_full_name(full);
    respond(Ok([first, last]), Lang::Fr)
}

pub fn validate_day_camp_registration(input: &str, today: &str, lang_code: &str) -> String {
    let r: Result<_, Failure> = (|| {
        Ok(v::validate_day_camp_registration(&forms::day_camp_registration(&Obj::parse(input)?)?, parse_date(today)?)?)
    })();
    respond(r, lang(lang_code))
}

/// The parent's change to a registration's health form, consented to again.
pub fn validate_health_form_update(input: &str, lang_code: &str) -> String {
    let r = Obj::parse(input).and_then(|o| Ok(v::validate_health_form_update(&forms::health_form_update(&o)?)?));
    respond(r, lang(lang_code))
}

pub fn validate_event(input: &str, lang_code: &str) -> String {
    let r = Obj::parse(input).and_then(|o| Ok(v::validate_event(&forms::event(&o)?)?));
    respond(r, lang(lang_code))
}

pub fn validate_tournament_config(input: &str, lang_code: &str) -> String {
    let r = Obj::parse(input).and_then(|o| Ok(v::validate_tournament_config(&forms::tournament_config(&o)?)?));
    respond(r, lang(lang_code))
}

pub fn validate_score(input: &str, lang_code: &str) -> String {
    let r = Obj::parse(input).and_then(|o| Ok(v::validate_score(&forms::score(&o)?)?));
    respond(r, lang(lang_code))
}

pub fn validate_user_id(user_id: &str, lang_code: &str) -> String {
    respond(v::validate_user_id(user_id).map_err(Failure::from), lang(lang_code))
}

// --- day camps ------------------------------------------------------------------------------

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CampWeek {
    start_date: String,
    end_date: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CampAgeRequest {
    birth_date: String,
    program_id: String,
    min_age: u32,
    max_age: u32,
    weeks: Vec<CampWeek>,
}

/// The child's age on the first day of every chosen week against the program's ages
/// (`centre_core::camps::check_age`). Fits: `{ok: true, value: null}`. Otherwise the error
/// envelope with `child_age_program` and the message the server would send, its `{age}`,
/// `{week}`, `{program}`, `{min}` and `{max}` filled, under `childBirthDate`.
pub fn check_camp_age(request: &str, lang_code: &str) -> String {
    use centre_core::camps::{AgeRange, CODE_AGE_PROGRAM, check_age, program_name, week_label};
    let lang = lang(lang_code);
    let checked = (|| -> Result<Option<String>, Failure> {
        let r: CampAgeRequest = parse(request)?;
        let birth = parse_date(&r.birth_date)?;
        let weeks = r
            .weeks
            .iter()
            .map(|w| Ok((parse_date(&w.start_date)?, parse_date(&w.end_date)?)))
            .collect::<Result<Vec<_>, Failure>>()?;
        let starts: Vec<NaiveDate> = weeks.iter().map(|w| w.0).collect();
        let range = AgeRange { program_id: &r.program_id, min_age: r.min_age, max_age: r.max_age };
        Ok(check_age(birth, &starts, range).err().map(|m| {
            let (start, end) =
                weeks.iter().copied().find(|w| w.0 == m.week_start).unwrap_or((m.week_start, m.week_start));
            text(CODE_AGE_PROGRAM, lang)
                .replace("{age}", &m.age.to_string())
                .replace("{week}", &week_label(start, end, lang))
                .replace("{program}", &program_name(&r.program_id, lang))
                .replace("{min}", &r.min_age.to_string())
                .replace("{max}", &r.max_age.to_string())
        }))
    })();
    match checked {
        Ok(Some(message)) => {
            let mut field_errors = Map::new();
            field_errors.insert("childBirthDate".to_owned(), message.clone().into());
            let mut codes = Map::new();
            codes.insert("childBirthDate".to_owned(), CODE_AGE_PROGRAM.into());
            let mut body = Map::new();
            body.insert("ok".to_owned(), false.into());
            body.insert("code".to_owned(), CODE_AGE_PROGRAM.into());
            body.insert("message".to_owned(), message.into());
            body.insert("fieldErrors".to_owned(), Value::Object(field_errors));
            body.insert("codes".to_owned(), Value::Object(codes));
            Value::Object(body).to_string()
        }
        Ok(None) => respond(Ok(Value::Null), lang),
        Err(e) => respond::<Value>(Err(e), lang),
    }
}

// --- slots ----------------------------------------------------------------------------------

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SlotsRequest {
    hours: CourtHours,
    #[serde(deserialize_with = "timefmt::de_date")]
    date: NaiveDate,
    #[serde(deserialize_with = "timefmt::de_utc")]
    now: DateTime<Utc>,
    #[serde(default)]
    time_zone: Option<String>,
    #[serde(default, deserialize_with = "timefmt::de_utc_vec")]
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
    #[serde(deserialize_with = "timefmt::de_utc")]
    now: DateTime<Utc>,
    #[serde(default)]
    time_zone: Option<String>,
    #[serde(default, deserialize_with = "timefmt::de_utc_vec")]
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
    #[serde(deserialize_with = "timefmt::de_utc")]
    start: DateTime<Utc>,
    #[serde(deserialize_with = "timefmt::de_utc")]
    end: DateTime<Utc>,
    #[serde(deserialize_with = "timefmt::de_utc")]
    now: DateTime<Utc>,
    #[serde(default)]
    time_zone: Option<String>,
    #[serde(default, deserialize_with = "timefmt::de_utc_vec")]
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
    /// The pool's format (absent: `single`).
    #[serde(default)]
    format: MatchFormat,
}

pub fn standings_of(request: &str, lang_code: &str) -> String {
    let r = parse::<StandingsRequest>(request).map(|q| standings_in(&q.matches, &q.teams, &q.format));
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

/// The label of a side waiting for `code`'s winner; an unknown code is shown as it came.
pub fn knockout_placeholder(code: &str, lang_code: &str) -> String {
    BracketCode::parse(code).map_or_else(|| code.to_owned(), |c| placeholder(c, lang(lang_code)))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PendingRequest {
    matches: Vec<Match>,
    entries: Vec<ScoreEntry>,
    /// The tournament's formats (absent: both `single`).
    #[serde(default)]
    formats: Formats,
}

/// A device's waiting entries applied, in order, by the server's own rule (core's `sync`).
pub fn apply_pending(request: &str, lang_code: &str) -> String {
    let r = parse::<PendingRequest>(request).map(|q| project(&q.matches, &q.entries, &q.formats));
    respond(r, lang(lang_code))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DutyRequest {
    matches: Vec<Match>,
    duties: Vec<MatchDuty>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct MatchDuty {
    match_id: i64,
    /// Refereed by the loser of this knockout match (a known team needs no rule).
    loser_of: BracketCode,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DutyTeam {
    match_id: i64,
    /// None while it is the loser of a match not final yet.
    team_id: Option<TeamId>,
}

/// The work team of each match refereed by the loser of an earlier knockout match, with these
/// matches' results (known once that match is final), as the server fills it in. (The request
/// names the match, not core's tagged `Duty`: reading a tagged enum costs the `.wasm` 7 KB.)
pub fn duty_teams(request: &str, lang_code: &str) -> String {
    let r = parse::<DutyRequest>(request).map(|q| {
        q.duties
            .iter()
            .map(|d| DutyTeam {
                match_id: d.match_id,
                team_id: duty_team(Duty::LoserOf { code: d.loser_of }, &q.matches),
            })
            .collect::<Vec<_>>()
    });
    respond(r, lang(lang_code))
}

/// What the console offers on one match.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MatchActions {
    id: i64,
    can_score: bool,
    can_correct: bool,
}

/// For each match of a tournament, whether a score can be entered and whether its result can be
/// corrected (the bracket's draw is read from the same list), as the server decides.
pub fn match_actions(request: &str, lang_code: &str) -> String {
    let r = parse::<MatchesRequest>(request).map(|q| {
        let drawn = bracket_drawn(&q.matches);
        q.matches
            .iter()
            .map(|m| MatchActions { id: m.id, can_score: m.can_score(), can_correct: m.can_correct(drawn).is_ok() })
            .collect::<Vec<_>>()
    });
    respond(r, lang(lang_code))
}

/// The payment states an admin may move a registration to from `status` (its stored text), as
/// a JSON array in the order offered; none for an unknown state.
pub fn payment_moves(status: &str) -> String {
    let moves = PaymentStatus::parse(status).map_or(&[][..], PaymentStatus::admin_moves);
    Value::Array(moves.iter().map(|s| Value::from(s.as_str())).collect()).to_string()
}

/// The formats the console offers by name, in its order: a JSON array of `{id, format}`.
pub fn preset_formats() -> String {
    let presets: Vec<Value> = Preset::ALL
        .iter()
        .map(|p| {
            let mut entry = Map::new();
            entry.insert("id".to_owned(), Value::from(p.as_str()));
            entry.insert("format".to_owned(), serde_json::to_value(p.format()).unwrap_or(Value::Null));
            Value::Object(entry)
        })
        .collect();
    Value::Array(presets).to_string()
}

// --- messages -------------------------------------------------------------------------------

/// `{code: message}` for every catalogue entry in `lang`.
pub fn catalogue(lang_code: &str) -> String {
    let l = lang(lang_code);
    let map: Map<String, Value> = centre_core::messages::CATALOGUE
        .iter()
        .map(|(code, fr, en)| ((*code).to_owned(), (if l == Lang::En { *en } else { *fr }).into()))
        .collect();
    Value::Object(map).to_string()
}
