//! A device's numbered entries over HTTP, one route per kind, each with its own role: a
//! scorekeeper's scores (`POST /api/admin/sync/scores`, admins), a counsellor's attendance
//! (`POST /api/camp-staff/sync/attendance`, camp staff and admins) and a captain's reports
//! (`POST /api/user/sync/reports`, signed-in members, each report held to the captains' rule). Every push has the same
//! shape, `{deviceId, deviceName?, entries: [{seq, entryId, …}]}` → `{lastSeq, results: [{seq,
//! entryId, outcome, code, message}]}`, and the same refusals: a malformed device or entry (422),
//! more than [`MAX_ENTRIES`] entries (422), and entries that do not continue from the device's
//! number (409 `sync_gap` with `lastSeq`, when no entry before the gap was taken). What each
//! entry does is `db::devices`' protocol and the kind's rule.

pub mod attendance;
pub mod reports;
pub mod scores;

use std::collections::BTreeSet;

use centre_core::Lang;
use centre_core::validation::Text;

use crate::db::devices::{Numbered, Pushed};
use crate::error::AppError;

/// Entries per push: a phone with more sends them in several pushes.
pub const MAX_ENTRIES: usize = 200;

/// Characters in a phone's name.
const DEVICE_NAME_MAX: usize = 60;

/// Whether a device or entry id is well formed (a UUID, or letters, digits, `-` and `_`).
pub(crate) fn id_ok(raw: &str) -> bool {
    (1..=64).contains(&raw.len()) && raw.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Every push's device rules, whatever its kind: a device id, its name if given, at most
/// [`MAX_ENTRIES`] entries. Answers the name, checked.
fn checked_device(device_id: &str, device_name: Option<&str>, entries: usize) -> Result<Option<String>, AppError> {
    if !id_ok(device_id) {
        return Err(AppError::field("deviceId", "sync_device_invalid"));
    }
    let name = match device_name.map(|n| Text::parse(n, DEVICE_NAME_MAX)) {
        None => None,
        Some(Ok(name)) => Some(name.into_string()),
        Some(Err(_)) => {
            return Err(AppError::field("deviceName", "sync_device_name_invalid"));
        }
    };
    if entries > MAX_ENTRIES {
        return Err(AppError::field("entries", "sync_too_many"));
    }
    Ok(name)
}

/// A malformed entry: the whole push is refused (the phone's outbox is its own to fix).
fn entry_invalid() -> AppError {
    AppError::field("entries", "sync_entry_invalid")
}

/// The push's entries in `seq` order, a number sent twice counting once.
fn in_order<E: Numbered>(entries: impl IntoIterator<Item = E>) -> Vec<E> {
    let mut numbers = BTreeSet::new();
    let mut kept: Vec<E> = entries.into_iter().filter(|e| numbers.insert(e.seq())).collect();
    kept.sort_by_key(Numbered::seq);
    kept
}

/// A refusal's text in the request's language.
fn message(code: Option<&str>, lang: Lang) -> Option<String> {
    code.map(|c| centre_core::message(c, lang).unwrap_or(c).to_owned())
}

/// The 409 `sync_gap` when the push stopped at a gap before taking anything.
fn gap<O>(pushed: &Pushed<O>) -> Result<(), AppError> {
    if pushed.gap && pushed.outcomes.is_empty() { Err(AppError::SyncGap { last_seq: pushed.last_seq }) } else { Ok(()) }
}
