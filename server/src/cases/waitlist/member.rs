//! The member's side: joining a full event's, camp week's or court slot's list, reading their
//! entries, and answering an offer. Joining asks the one registration function whether the
//! registration would go through now (a dry run, undone): only a full target has a waiting
//! list, and every other refusal (past, already registered, age, the same child twice) is the
//! registration's own answer.

use centre_core::Lang;
use centre_core::timefmt::utc_text;
use centre_core::validation::{DayCampRegistration, TeamRegistration};
use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::view;
use crate::cases::registration::{self, events::start_of_today_utc};
use crate::db::daycamps::{self, NewRegistration, RegisterError as CampRefusal};
use crate::db::event_registrations::{self, RegisterError, Registrant, people_of};
use crate::db::waitlist::Target;
use crate::db::waitlist::line::{self, Join, JoinError};
use crate::db::waitlist::views::{EntryView, Of, entry_views};
use crate::error::AppError;

/// The member who joins, in the language of the e-mails about their entry, and the moment.
pub struct Member {
    pub user_id: String,
    pub lang: Lang,
    pub now: DateTime<Utc>,
    pub tz: chrono_tz::Tz,
}

fn join_error(e: JoinError) -> AppError {
    match e {
        JoinError::Already => AppError::conflict("waitlist_already"),
        JoinError::Closed => AppError::conflict("waitlist_closed"),
        JoinError::Db(e) => e.into(),
    }
}

/// What a registration's dry run says of the place: full when it was refused for want of room
/// (`no_room`), open when it would go through, or the registration's own refusal (`refused`).
fn is_full<E>(
    would: Result<(), E>,
    no_room: impl FnOnce(&E) -> bool,
    refused: impl FnOnce(E) -> AppError,
) -> Result<bool, AppError> {
    match would {
        Ok(()) => Ok(false),
        Err(e) if no_room(&e) => Ok(true),
        Err(e) => Err(refused(e)),
    }
}

/// Joins the line of a full place (409 `waitlist_not_full` otherwise): the entry and its rank.
fn join_if_full(tx: &Connection, full: bool, join: &Join<'_>, tz: chrono_tz::Tz) -> Result<EntryView, AppError> {
    if !full {
        return Err(AppError::conflict("waitlist_not_full"));
    }
    let entry = line::join(tx, join).map_err(join_error)?;
    view(tx, entry.id, tz)
}

/// A team waits for a full event, with its registration form (`form`, JSON text).
pub fn join_event(
    tx: &Connection,
    event_id: i64,
    team: &TeamRegistration,
    form: &str,
    who: &Member,
) -> Result<EntryView, AppError> {
    let (now, today_start) = (utc_text(who.now), start_of_today_utc(who.tz, who.now));
    let registrant = Registrant { user_id: &who.user_id, lang: who.lang, now: &now, today_start: &today_start };
    let would = line::dry_run(tx, |c| event_registrations::register_team(c, event_id, team, &registrant).map(|_| ()));
    let no_room = |e: &RegisterError| matches!(e, RegisterError::Full | RegisterError::HeldByOffer);
    let full = is_full(would, no_room, registration::events::register_error)?;
    let join = Join {
        target: &Target::Event(event_id),
        user_id: &who.user_id,
        child_key: None,
        places: people_of(team),
        form: Some(form),
        lang: who.lang,
        now: &now,
    };
    join_if_full(tx, full, &join, who.tz)
}

/// The child a camp week's entry waits with: the validated form, as kept (`stored`, JSON
/// text), the child's name for the refusals and their key.
pub struct CampChild<'a> {
    pub form: &'a DayCampRegistration,
    pub stored: &'a str,
    pub name: &'a str,
    pub key: &'a str,
}

/// A child waits for a full week of a program.
pub fn join_camp(
    tx: &Connection,
    program_id: &str,
    week_id: i64,
    child: &CampChild<'_>,
    who: &Member,
) -> Result<EntryView, AppError> {
    let now = utc_text(who.now);
    let weeks = [week_id];
    let new = NewRegistration {
        user_id: &who.user_id,
        program_id: Some(program_id),
        week_ids: &weeks,
        form: child.form,
        lang: who.lang,
        today: who.now.with_timezone(&who.tz).date_naive(),
        now: &now,
    };
    let would = line::dry_run(tx, |c| daycamps::register(c, &new).map(|_| ()));
    let no_room = |e: &CampRefusal| matches!(e, CampRefusal::Full(_) | CampRefusal::HeldByOffer(_));
    let full = is_full(would, no_room, |e| registration::camps::register_error(e, child.name))?;
    let join = Join {
        target: &Target::CampWeek { program_id: program_id.to_owned(), week_id },
        user_id: &who.user_id,
        child_key: Some(child.key),
        places: 1,
        form: Some(child.stored),
        lang: who.lang,
        now: &now,
    };
    join_if_full(tx, full, &join, who.tz)
}

/// A member waits for a taken court slot (starting at `start`, UTC text).
pub fn join_slot(tx: &Connection, court_id: i64, start: &str, who: &Member) -> Result<EntryView, AppError> {
    let full = line::slot_is_booked(tx, court_id, start)?;
    let join = Join {
        target: &Target::CourtSlot { court_id, start: start.to_owned() },
        user_id: &who.user_id,
        child_key: None,
        places: 1,
        form: None,
        lang: who.lang,
        now: &utc_text(who.now),
    };
    join_if_full(tx, full, &join, who.tz)
}

/// The member's entries still in line.
pub fn mine(conn: &Connection, user_id: &str, tz: chrono_tz::Tz) -> Result<Vec<EntryView>, AppError> {
    Ok(entry_views(conn, Of::Member(user_id), tz)?)
}
