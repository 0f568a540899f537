//! Offers: what a freed place does, answering an offer, and the scheduled expiry.
//!
//! `refill` asks core who gets the target's free places (capacity − registrations − live
//! offers) and makes their offers with core's window, each e-mailed in the language the member
//! joined in; the schema's triggers refuse an offer that would oversell. Declining, leaving
//! and expiring end the entry and refill at once, so the list always advances. The expiry
//! claims its rows with one `UPDATE ... RETURNING` inside the caller's `BEGIN IMMEDIATE`: a
//! second process finds them ended.

use centre_core::Lang;
use centre_core::timefmt::utc_text;
use centre_core::waitlist::{self as rules, AnswerRefusal};
use chrono::{DateTime, NaiveDate, NaiveTime, TimeZone, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::line::{self, active, in_line};
use super::{EntryRow, EntryState, OfferState, Target};
use crate::db::outbox::{self, About, Email};
use crate::db::users;

/// An offer as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OfferRow {
    pub id: i64,
    pub entry_id: i64,
    pub places: i64,
    pub state: OfferState,
    pub offered_at: String,
    pub expires_at: String,
    pub answered_at: Option<String>,
    pub by_admin: bool,
}

pub(super) const OFFER_COLUMNS: &str = "id, entry_id, places, state, offered_at, expires_at, answered_at, by_admin";

fn offer_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<OfferRow> {
    offer_at(r, 0)
}

/// The offer whose `OFFER_COLUMNS` start at column `at`.
pub(super) fn offer_at(r: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<OfferRow> {
    Ok(OfferRow {
        id: r.get(at)?,
        entry_id: r.get(at + 1)?,
        places: r.get(at + 2)?,
        state: r.get(at + 3)?,
        offered_at: r.get(at + 4)?,
        expires_at: r.get(at + 5)?,
        answered_at: r.get(at + 6)?,
        by_admin: r.get(at + 7)?,
    })
}

pub fn find(conn: &Connection, id: i64) -> rusqlite::Result<Option<OfferRow>> {
    conn.prepare_cached(&format!("SELECT {OFFER_COLUMNS} FROM waitlist_offers WHERE id = ?1"))?
        .query_row(params![id], offer_from_row)
        .optional()
}

/// Every offer made to an entry, the newest first.
pub fn of_entry(conn: &Connection, entry_id: i64) -> rusqlite::Result<Vec<OfferRow>> {
    conn.prepare_cached(&format!("SELECT {OFFER_COLUMNS} FROM waitlist_offers WHERE entry_id = ?1 ORDER BY id DESC"))?
        .query_map(params![entry_id], offer_from_row)?
        .collect()
}

/// What an offer's e-mail needs.
#[derive(Debug, Clone)]
pub struct OfferMail<'a> {
    pub to: &'a str,
    pub lang: Lang,
    pub offer_id: i64,
    pub expires_at: &'a str,
    /// The event's title (and English title), or the camp program's id and the week's days.
    pub what: What,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum What {
    Event {
        title: String,
        title_en: Option<String>,
    },
    CampWeek {
        program_id: String,
        start: NaiveDate,
        end: NaiveDate,
    },
    /// A court slot: the court's names and the slot's start (UTC text).
    CourtSlot {
        name: String,
        name_en: String,
        start: String,
    },
}

/// The e-mails of offers (written by `emails::waitlist`).
pub trait OfferLetters {
    fn offer(&self, mail: &OfferMail<'_>) -> Email;
}

/// The moment, the centre's time zone and the letters of one refill.
pub struct Refill<'a> {
    pub now: DateTime<Utc>,
    pub tz: chrono_tz::Tz,
    pub letters: &'a dyn OfferLetters,
}

/// When a target starts, what it is, and its configured window in hours.
type Facts = (DateTime<Utc>, What, Option<u32>);

/// An event's facts, from its start (UTC text), titles and window.
pub(super) fn event_facts(start: &str, title: String, title_en: Option<String>, hours: Option<u32>) -> Option<Facts> {
    let start = start.parse::<DateTime<Utc>>().ok()?;
    Some((start, What::Event { title, title_en }, hours))
}

/// A camp week's facts: it starts on its first day at the program's `day_start`, in `tz`.
pub(super) fn camp_facts(
    tz: chrono_tz::Tz,
    program_id: &str,
    (start, end): (NaiveDate, NaiveDate),
    day_start: &str,
    hours: Option<u32>,
) -> Option<Facts> {
    let time = centre_core::timefmt::parse_time(day_start).unwrap_or(NaiveTime::MIN);
    let local = tz.from_local_datetime(&start.and_time(time)).earliest()?;
    Some((local.with_timezone(&Utc), What::CampWeek { program_id: program_id.to_owned(), start, end }, hours))
}

/// A court slot's facts, from the court's names and the slot's start (UTC text).
pub(super) fn slot_facts(name: String, name_en: String, start: &str) -> Option<Facts> {
    let at = start.parse::<DateTime<Utc>>().ok()?;
    Some((at, What::CourtSlot { name, name_en, start: start.to_owned() }, None))
}

/// When the target starts, what it is, and its configured window.
fn target_facts(conn: &Connection, target: &Target, tz: chrono_tz::Tz) -> rusqlite::Result<Option<Facts>> {
    match target {
        Target::Event(id) => {
            let row: Option<(String, String, Option<String>, Option<u32>)> = conn
                .query_row(
                    "SELECT start_date, title, title_en, offer_hours FROM events WHERE id = ?1 AND is_active = 1",
                    params![id],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
                )
                .optional()?;
            Ok(row.and_then(|(start, title, title_en, hours)| event_facts(&start, title, title_en, hours)))
        }
        Target::CampWeek { program_id, week_id } => {
            let row: Option<(NaiveDate, NaiveDate, String, Option<u32>)> = conn
                .query_row(
                    "SELECT w.start_date, w.end_date, g.day_start, g.offer_hours
                       FROM day_camp_weeks w JOIN day_camp_programs g ON g.id = ?1 WHERE w.id = ?2",
                    params![program_id, week_id],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
                )
                .optional()?;
            Ok(row
                .and_then(|(start, end, day_start, hours)| camp_facts(tz, program_id, (start, end), &day_start, hours)))
        }
        Target::CourtSlot { court_id, start } => {
            let court = crate::db::courts::find(conn, *court_id)?;
            Ok(court.and_then(|c| slot_facts(c.name, c.name_en, start)))
        }
    }
}

/// Makes an offer to `entry` for its places, mailed; `None` when the target has started or is
/// gone. The triggers refuse it when the places are not free (a refusal, for the caller).
fn make(conn: &Connection, entry: &EntryRow, by_admin: bool, cx: &Refill<'_>) -> rusqlite::Result<Option<i64>> {
    let Some((start, what, hours)) = target_facts(conn, &entry.target, cx.tz)? else { return Ok(None) };
    let Some(expires) = rules::offer_expiry(cx.now, start, hours) else { return Ok(None) };
    let (event_id, program_id, week_id) = match &entry.target {
        Target::Event(id) => (Some(*id), None, None),
        Target::CampWeek { program_id, week_id } => (None, Some(program_id.clone()), Some(*week_id)),
        Target::CourtSlot { .. } => return Ok(None),
    };
    let now = utc_text(cx.now);
    let expires_at = utc_text(expires);
    conn.execute(
        "INSERT INTO waitlist_offers (entry_id, event_id, program_id, week_id, places, state, offered_at, expires_at, by_admin)
         VALUES (?1, ?2, ?3, ?4, ?5, 'live', ?6, ?7, ?8)",
        params![entry.id, event_id, program_id, week_id, entry.places, now, expires_at, by_admin],
    )?;
    let offer_id = conn.last_insert_rowid();
    conn.execute("UPDATE waitlist_entries SET state = 'offered' WHERE id = ?1", params![entry.id])?;
    if let Ok(to) = users::mail_address(conn, Some(&entry.user_id))? {
        let mail = OfferMail { to: &to, lang: entry.lang, offer_id, expires_at: &expires_at, what };
        outbox::enqueue(conn, About::WaitlistOffer(offer_id), &cx.letters.offer(&mail), cx.now)?;
    }
    Ok(Some(offer_id))
}

/// Offers the target's free places to the first in line (core's `offers_for_freed`). Returns
/// the offers made. A closed list and a court slot make none.
pub fn refill(conn: &Connection, target: &Target, cx: &Refill<'_>) -> rusqlite::Result<Vec<i64>> {
    if !target.kind().makes_offers() || super::is_closed(conn, target)? {
        return Ok(Vec::new());
    }
    let Some((capacity, registered, held)) = super::counts(conn, target)? else { return Ok(Vec::new()) };
    let Some(free) = rules::available(capacity, registered, held) else { return Ok(Vec::new()) };
    let line = active(conn, target)?;
    let freed = rules::offers_for_freed(free, &in_line(&line));
    let mut made = Vec::new();
    for id in freed.offer_to {
        if let Some(entry) = line.iter().find(|e| e.id == id)
            && let Some(offer) = make(conn, entry, false, cx)?
        {
            made.push(offer);
        }
    }
    Ok(made)
}

/// Refills every list that has someone waiting: after anything that may free places (the
/// scheduled work, a deletion, a payment released, a capacity raised).
pub fn refill_all(conn: &Connection, cx: &Refill<'_>) -> rusqlite::Result<usize> {
    let targets: Vec<Target> = conn
        .prepare_cached(
            "SELECT DISTINCT kind, event_id, program_id, week_id FROM waitlist_entries
              WHERE state = 'waiting' AND kind IN ('event', 'camp_week')",
        )?
        .query_map([], |r| {
            let kind: super::ListKind = r.get(0)?;
            Ok(match kind {
                super::ListKind::Event => Target::Event(r.get(1)?),
                _ => Target::CampWeek { program_id: r.get(2)?, week_id: r.get(3)? },
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    let mut made = 0;
    for target in &targets {
        made += refill(conn, target, cx)?.len();
    }
    Ok(made)
}

#[derive(Debug)]
pub enum AnswerError {
    /// No such offer, or someone else's.
    NotFound,
    Refused(AnswerRefusal),
    Db(rusqlite::Error),
}

impl From<rusqlite::Error> for AnswerError {
    fn from(e: rusqlite::Error) -> Self {
        AnswerError::Db(e)
    }
}

/// The member's live offer and its entry, checked answerable at `now`.
fn answerable(conn: &Connection, offer_id: i64, user_id: &str, now: &str) -> Result<(OfferRow, EntryRow), AnswerError> {
    let offer = find(conn, offer_id)?.ok_or(AnswerError::NotFound)?;
    let entry =
        super::find_entry(conn, offer.entry_id)?.filter(|e| e.user_id == user_id).ok_or(AnswerError::NotFound)?;
    rules::check_answer(offer.state, &offer.expires_at, now).map_err(AnswerError::Refused)?;
    Ok((offer, entry))
}

/// Accepting: the offer ends 'accepted' (its places no longer held) and its entry
/// 'registered'; the caller then registers the entry's form with the one registration function,
/// in the same transaction, and links it (`registered`). Returns the entry.
pub fn accept(conn: &Connection, offer_id: i64, user_id: &str, now: &str) -> Result<EntryRow, AnswerError> {
    let (_, entry) = answerable(conn, offer_id, user_id, now)?;
    line::end(conn, entry.id, EntryState::Registered, OfferState::Accepted, now)?;
    Ok(entry)
}

/// Links the registration an accepted offer made to its entry.
pub fn registered(conn: &Connection, entry_id: i64, registration_id: i64) -> rusqlite::Result<()> {
    conn.execute("UPDATE waitlist_entries SET registration_id = ?2 WHERE id = ?1", params![entry_id, registration_id])?;
    Ok(())
}

/// Declining: the entry ends and the place goes to the next in line at once.
pub fn decline(conn: &Connection, offer_id: i64, user_id: &str, cx: &Refill<'_>) -> Result<EntryRow, AnswerError> {
    let now = utc_text(cx.now);
    let (_, entry) = answerable(conn, offer_id, user_id, &now)?;
    line::end(conn, entry.id, EntryState::Declined, OfferState::Declined, &now)?;
    refill(conn, &entry.target, cx)?;
    Ok(entry)
}

/// The scheduled work: every live offer whose window passed at `now` expires, its entry ends,
/// and its place goes to the next. Returns how many expired.
pub fn expire_due(conn: &Connection, cx: &Refill<'_>) -> rusqlite::Result<usize> {
    let now = utc_text(cx.now);
    let entries: Vec<i64> = conn
        .prepare_cached(
            "UPDATE waitlist_offers SET state = 'expired', answered_at = ?1
              WHERE state = 'live' AND expires_at <= ?1 RETURNING entry_id",
        )?
        .query_map(params![now], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for &entry_id in &entries {
        conn.execute(
            "UPDATE waitlist_entries SET state = 'expired', ended_at = ?2 WHERE id = ?1 AND state = 'offered'",
            params![entry_id, now],
        )?;
    }
    refill_all(conn, cx)?;
    Ok(entries.len())
}

#[derive(Debug)]
pub enum ByHandError {
    /// Not an active entry without a live offer, or a court slot's.
    NotFound,
    /// No free place for the entry (the schema refused), or the target started.
    NoPlace,
    Db(rusqlite::Error),
}

impl From<rusqlite::Error> for ByHandError {
    fn from(e: rusqlite::Error) -> Self {
        ByHandError::Db(e)
    }
}

/// An admin offers a free place by hand to a chosen entry, out of turn.
pub fn offer_by_hand(conn: &Connection, entry_id: i64, cx: &Refill<'_>) -> Result<i64, ByHandError> {
    let entry = super::find_entry(conn, entry_id)?
        .filter(|e| e.state == EntryState::Waiting && e.target.kind().makes_offers())
        .ok_or(ByHandError::NotFound)?;
    match make(conn, &entry, true, cx) {
        Ok(Some(id)) => Ok(id),
        Ok(None) => Err(ByHandError::NoPlace),
        Err(e) if crate::db::refusal(&e).is_some() => Err(ByHandError::NoPlace),
        Err(e) => Err(e.into()),
    }
}

/// The member's live offers with their entries.
pub fn live_of(conn: &Connection, user_id: &str) -> rusqlite::Result<Vec<(OfferRow, EntryRow)>> {
    let mut out = Vec::new();
    for entry in line::mine(conn, user_id)? {
        if entry.state == EntryState::Offered
            && let Some(offer) = of_entry(conn, entry.id)?.into_iter().find(|o| o.state == OfferState::Live)
        {
            out.push((offer, entry));
        }
    }
    Ok(out)
}

/// What a freed court slot's e-mail needs.
#[derive(Debug, Clone)]
pub struct SlotMail<'a> {
    pub to: &'a str,
    pub lang: Lang,
    pub court_name: &'a str,
    pub court_name_en: &'a str,
    /// The slot's start (UTC text).
    pub start: &'a str,
}

/// The e-mail telling someone waiting that a court slot is free (written by `emails::waitlist`).
pub trait SlotLetters {
    fn slot_freed(&self, mail: &SlotMail<'_>) -> Email;
}

/// A court slot freed: everyone waiting for it is told at once, and the first to book it wins
/// (court slots make no offers). Their entries stay in the list for a later cancellation.
/// Returns how many were told.
pub fn slot_freed(
    conn: &Connection,
    court_id: i64,
    start: &str,
    letters: &dyn SlotLetters,
    now: DateTime<Utc>,
) -> rusqlite::Result<usize> {
    let Some(court) = crate::db::courts::find(conn, court_id)? else { return Ok(0) };
    let target = Target::CourtSlot { court_id, start: start.to_owned() };
    let mut told = 0;
    for entry in active(conn, &target)? {
        if let Ok(to) = users::mail_address(conn, Some(&entry.user_id))? {
            let mail =
                SlotMail { to: &to, lang: entry.lang, court_name: &court.name, court_name_en: &court.name_en, start };
            outbox::enqueue(conn, About::WaitlistEntry(entry.id), &letters.slot_freed(&mail), now)?;
            told += 1;
        }
    }
    Ok(told)
}

/// How many offers are live, every list together (the payments view counts them).
pub fn live_count(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("SELECT COUNT(*) FROM waitlist_offers WHERE state = 'live'", [], |r| r.get(0))
}

/// What an offer is for, for its e-mail and pages.
pub fn what(conn: &Connection, target: &Target, tz: chrono_tz::Tz) -> rusqlite::Result<Option<What>> {
    Ok(target_facts(conn, target, tz)?.map(|(_, what, _)| what))
}
