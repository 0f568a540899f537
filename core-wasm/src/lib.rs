//! The PWA's door into centre-core. JS-facing types and conversions live here only.
//!
//! Every function takes and returns JSON strings (no `JsValue` marshalling: a small `.wasm`);
//! the shapes are described in `types.d.ts` beside this crate, and every fallible function
//! answers the envelope `{ok: true, value}` or `{ok: false, code, message, fieldErrors, codes}`
//! built in one place ([`failure::respond`]). `lang` is `"fr"` or `"en"` (anything else: French).
//!
//! Only what the PWA calls is exported: each export keeps its code in the `.wasm`. The court
//! slots and the schedule planners stay native in [`api`] (tested there) without an export.

pub mod api;
pub mod attendance;
pub mod failure;
pub mod forms;
pub mod report;
pub mod zone;

use wasm_bindgen::prelude::*;

/// The catalogue message for `code` in `lang` ("fr" or "en"); the code itself when unknown.
#[wasm_bindgen]
pub fn message(code: &str, lang_code: &str) -> String {
    centre_core::message(code, api::lang(lang_code)).map_or_else(|| code.to_owned(), str::to_owned)
}

/// `{code: message}` for the whole catalogue in `lang`.
#[wasm_bindgen]
pub fn catalogue(lang_code: &str) -> String {
    api::catalogue(lang_code)
}

#[wasm_bindgen(js_name = validateTeamRegistration)]
pub fn validate_team_registration(input: &str, lang_code: &str) -> String {
    api::validate_team_registration(input, lang_code)
}

/// `today`: the centre's local date, `YYYY-MM-DD`.
#[wasm_bindgen(js_name = validateCourtBooking)]
pub fn validate_court_booking(input: &str, today: &str, lang_code: &str) -> String {
    api::validate_court_booking(input, today, lang_code)
}

/// The full name as typed (not JSON); answers `[firstName, lastName]`.
#[wasm_bindgen(js_name = splitFullName)]
pub fn split_full_name(full: &str) -> String {
    api::split_full_name(full)
}

/// `today`: the centre's local date, `YYYY-MM-DD`.
#[wasm_bindgen(js_name = validateDayCampRegistration)]
pub fn validate_day_camp_registration(input: &str, today: &str, lang_code: &str) -> String {
    api::validate_day_camp_registration(input, today, lang_code)
}

/// The parent's change to a day-camp registration's health form, consented to again.
#[wasm_bindgen(js_name = validateHealthFormUpdate)]
pub fn validate_health_form_update(input: &str, lang_code: &str) -> String {
    api::validate_health_form_update(input, lang_code)
}

/// The child's age on the first day of each chosen week against a day-camp program.
#[wasm_bindgen(js_name = checkCampAge)]
pub fn check_camp_age(request: &str, lang_code: &str) -> String {
    api::check_camp_age(request, lang_code)
}

#[wasm_bindgen(js_name = validateEvent)]
pub fn validate_event(input: &str, lang_code: &str) -> String {
    api::validate_event(input, lang_code)
}

#[wasm_bindgen(js_name = validateTournamentConfig)]
pub fn validate_tournament_config(input: &str, lang_code: &str) -> String {
    api::validate_tournament_config(input, lang_code)
}

#[wasm_bindgen(js_name = validateScore)]
pub fn validate_score(input: &str, lang_code: &str) -> String {
    api::validate_score(input, lang_code)
}

/// The raw user id as typed (not JSON).
#[wasm_bindgen(js_name = validateUserId)]
pub fn validate_user_id(user_id: &str, lang_code: &str) -> String {
    api::validate_user_id(user_id, lang_code)
}

#[wasm_bindgen]
pub fn standings(request: &str, lang_code: &str) -> String {
    api::standings_of(request, lang_code)
}

/// For each match, whether the console may score it and correct it.
#[wasm_bindgen(js_name = matchActions)]
pub fn match_actions(request: &str, lang_code: &str) -> String {
    api::match_actions(request, lang_code)
}

/// The payment states (JSON array) an admin may move a registration to from `status`.
#[wasm_bindgen(js_name = paymentMoves)]
pub fn payment_moves(status: &str) -> String {
    api::payment_moves(status)
}

/// The console's format presets (JSON array of `{id, format}`), in its order.
#[wasm_bindgen(js_name = presetFormats)]
pub fn preset_formats() -> String {
    api::preset_formats()
}

/// What a device's waiting score entries do, in order: the matches with the applied scores and
/// the bracket advanced, and each entry's outcome (`applied`, `duplicate`, `conflict`, `rejected`).
#[wasm_bindgen(js_name = applyPending)]
pub fn apply_pending(request: &str, lang_code: &str) -> String {
    api::apply_pending(request, lang_code)
}

/// Each match's work team with the given results: a knockout match's, the loser of an earlier
/// one once it is final (the console shows it before its score is sent).
#[wasm_bindgen(js_name = dutyTeams)]
pub fn duty_teams(request: &str, lang_code: &str) -> String {
    api::duty_teams(request, lang_code)
}

/// What this phone's waiting attendance entries do to a child's day, in order: the day (arrival,
/// departure and who took the child, notice, the 9:30 flag) and each entry's outcome.
#[wasm_bindgen(js_name = projectChildDay)]
pub fn project_child_day(request: &str, lang_code: &str) -> String {
    attendance::project_child_day(request, lang_code)
}

/// What this phone's waiting reports of a match will do, in order (propose, confirm, dispute,
/// or the refusal's code), and where the report stands now: a proposal past its deadline has
/// confirmed itself.
#[wasm_bindgen(js_name = reportOutlook)]
pub fn report_outlook(request: &str, lang_code: &str) -> String {
    report::report_outlook(request, lang_code)
}
