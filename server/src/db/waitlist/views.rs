//! Entries as their member reads them, each read whole in one query: its rank in line, what its
//! list is for, and its newest offer.

use rusqlite::{Connection, Row, params};

use super::offers::{self, OFFER_COLUMNS, OfferRow, What};
use super::{ENTRY_COLUMNS, EntryRow, Target, entry_from_row};

/// An entry, its rank (1 = next; none once it left the line), what its list is for (none when
/// the event, week or court is gone) and its newest offer, live or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryView {
    pub entry: EntryRow,
    pub rank: Option<usize>,
    pub what: Option<What>,
    pub offer: Option<OfferRow>,
}

/// Which entries to read.
pub enum Of<'a> {
    /// The member's entries still in line, soonest joined first.
    Member(&'a str),
    /// One entry, in line or not.
    Entry(i64),
}

/// `ENTRY_COLUMNS` (then `sort_key`) of the entries `v`, their rank, their target's facts and
/// their newest offer's `OFFER_COLUMNS`. The rank counts the entries in line for the same
/// target (`Target::filter`) that come first in `sort_key`, then id, order.
const VIEW: &str = "
    SELECT v.*,
           CASE WHEN v.state IN ('waiting', 'offered') THEN
             (SELECT count(*) FROM waitlist_entries o
               WHERE o.kind = v.kind AND o.state IN ('waiting', 'offered')
                 AND CASE v.kind WHEN 'event' THEN o.event_id = v.event_id
                                 WHEN 'camp_week' THEN o.program_id = v.program_id AND o.week_id = v.week_id
                                 ELSE o.court_id = v.court_id AND o.slot_start = v.slot_start END
                 AND (o.sort_key, o.id) <= (v.sort_key, v.id))
           END,
           ev.start_date, ev.title, ev.title_en,
           w.start_date, w.end_date, g.day_start,
           c.name, c.name_en,
           f.*
      FROM (SELECT {ENTRY_COLUMNS}, sort_key FROM waitlist_entries WHERE {WHERE}) v
      LEFT JOIN events ev ON v.kind = 'event' AND ev.id = v.event_id AND ev.is_active = 1
      LEFT JOIN day_camp_weeks w ON v.kind = 'camp_week' AND w.id = v.week_id
      LEFT JOIN day_camp_programs g ON v.kind = 'camp_week' AND g.id = v.program_id
      LEFT JOIN courts c ON v.kind = 'court_slot' AND c.id = v.court_id
      LEFT JOIN (SELECT {OFFER_COLUMNS} FROM waitlist_offers) f
             ON f.id = (SELECT max(id) FROM waitlist_offers WHERE entry_id = v.id)
     ORDER BY v.joined_at, v.id";

/// Column of the rank: after the entry's columns and its `sort_key`.
const RANK: usize = 17;

/// The entries `of` asks for, each with its rank, what it is for and its newest offer.
pub fn entry_views(conn: &Connection, of: Of<'_>, tz: chrono_tz::Tz) -> rusqlite::Result<Vec<EntryView>> {
    let (filter, value): (&str, &dyn rusqlite::ToSql) = match &of {
        Of::Member(user_id) => ("user_id = ?1 AND state IN ('waiting', 'offered')", user_id),
        Of::Entry(id) => ("id = ?1", id),
    };
    let sql = VIEW
        .replace("{ENTRY_COLUMNS}", ENTRY_COLUMNS)
        .replace("{OFFER_COLUMNS}", OFFER_COLUMNS)
        .replace("{WHERE}", filter);
    conn.prepare_cached(&sql)?.query_map(params![value], |r| view_from_row(r, tz))?.collect()
}

fn view_from_row(r: &Row<'_>, tz: chrono_tz::Tz) -> rusqlite::Result<EntryView> {
    let entry = entry_from_row(r)?;
    let rank: Option<i64> = r.get(RANK)?;
    let what = what(r, &entry.target, tz)?;
    let offer_id: Option<i64> = r.get(RANK + 9)?;
    let offer = offer_id.map(|_| offers::offer_at(r, RANK + 9)).transpose()?;
    Ok(EntryView { rank: rank.and_then(|n| usize::try_from(n).ok()), what, offer, entry })
}

/// What the entry's list is for, as `offers::what` says it, from the joined columns.
fn what(r: &Row<'_>, target: &Target, tz: chrono_tz::Tz) -> rusqlite::Result<Option<What>> {
    let facts = match target {
        Target::Event(_) => {
            let (start, title): (Option<String>, Option<String>) = (r.get(RANK + 1)?, r.get(RANK + 2)?);
            let title_en: Option<String> = r.get(RANK + 3)?;
            start.zip(title).map(|(start, title)| offers::event_facts(&start, title, title_en, None))
        }
        Target::CampWeek { program_id, .. } => {
            let days: (Option<chrono::NaiveDate>, Option<chrono::NaiveDate>) = (r.get(RANK + 4)?, r.get(RANK + 5)?);
            let day_start: Option<String> = r.get(RANK + 6)?;
            match (days, day_start) {
                ((Some(start), Some(end)), Some(day_start)) => {
                    Some(offers::camp_facts(tz, program_id, (start, end), &day_start, None))
                }
                _ => None,
            }
        }
        Target::CourtSlot { start, .. } => {
            let names: (Option<String>, Option<String>) = (r.get(RANK + 7)?, r.get(RANK + 8)?);
            names.0.zip(names.1).map(|(name, name_en)| offers::slot_facts(name, name_en, start))
        }
    };
    Ok(facts.flatten().map(|(_, what, _)| what))
}
