//! Waiting lists: a member joins a full event's, camp week's or court slot's list, reads their
//! entries and answers an offer (`member.rs`, `answers.rs`); an admin reads every list and offers
//! a place by hand (`admin.rs`). The rules are core's `waitlist`; the rows are `db::waitlist`.

pub mod admin;
pub mod answers;
pub mod member;

use rusqlite::Connection;

use crate::db::waitlist::views::{EntryView, Of, entry_views};
use crate::error::AppError;

/// One entry as its member reads it.
fn view(conn: &Connection, entry_id: i64, tz: chrono_tz::Tz) -> Result<EntryView, AppError> {
    entry_views(conn, Of::Entry(entry_id), tz)?.into_iter().next().ok_or_else(AppError::not_found)
}
