//! Waiting lists over HTTP: a member joins a full event's or camp week's list, sees their rank
//! and live offers, leaves, and accepts or declines an offer (`member.rs`); an admin sees each
//! list, moves someone, offers a place by hand, or closes a list (`admin.rs`). The rules are
//! core's `waitlist`; the rows are `db::waitlist`.

pub(crate) mod admin;
pub(crate) mod member;

use centre_core::Lang;
use centre_core::camps::{program_name, week_label};
use centre_core::waitlist::{EntryState, ListKind, OfferState};
use serde::Serialize;

use crate::db::waitlist::Target;
use crate::db::waitlist::offers::{OfferRow, What};
use crate::db::waitlist::views::EntryView;

/// An offer as members and admins read it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferDto {
    pub id: i64,
    pub state: OfferState,
    pub offered_at: String,
    /// Until when the place is held (UTC).
    pub expires_at: String,
    /// Offered by an admin by hand.
    pub by_admin: bool,
}

impl From<OfferRow> for OfferDto {
    fn from(o: OfferRow) -> Self {
        OfferDto { id: o.id, state: o.state, offered_at: o.offered_at, expires_at: o.expires_at, by_admin: o.by_admin }
    }
}

/// A waiting-list entry as its member reads it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaitlistEntryDto {
    pub id: i64,
    pub kind: ListKind,
    pub state: EntryState,
    /// 1 = next in line; none once the entry left the line.
    pub rank: Option<usize>,
    pub joined_at: String,
    pub event_id: Option<i64>,
    pub program_id: Option<String>,
    pub week_id: Option<i64>,
    /// What the list is for, in the request's language: the event's title, or the program and
    /// the week.
    pub label: String,
    /// The places the entry waits for (a team's people, one child).
    pub places: i64,
    /// The entry's newest offer, live or not.
    pub offer: Option<OfferDto>,
}

/// The list's name in `lang` (a court slot's time in the centre's zone `tz`).
pub(crate) fn label(what: Option<&What>, lang: Lang, tz: chrono_tz::Tz) -> String {
    match what {
        Some(What::Event { title, title_en }) => match lang {
            Lang::En => title_en.clone().unwrap_or_else(|| title.clone()),
            Lang::Fr => title.clone(),
        },
        Some(What::CampWeek { program_id, start, end }) => {
            format!("{} · {}", program_name(program_id, lang), week_label(*start, *end, lang))
        }
        Some(What::CourtSlot { name, name_en, start }) => {
            let court = if lang == Lang::En && !name_en.is_empty() { name_en } else { name };
            format!("{court} · {}", crate::emails::date_time(start, tz, lang))
        }
        None => String::new(),
    }
}

/// The event's, or the program's and week's, ids of a list (none for a court slot).
pub(crate) fn target_ids(target: &Target) -> (Option<i64>, Option<String>, Option<i64>) {
    match target {
        Target::Event(id) => (Some(*id), None, None),
        Target::CampWeek { program_id, week_id } => (None, Some(program_id.clone()), Some(*week_id)),
        Target::CourtSlot { .. } => (None, None, None),
    }
}

/// An entry as its member reads it, its list named in `lang`.
pub(crate) fn entry_dto(view: EntryView, tz: chrono_tz::Tz, lang: Lang) -> WaitlistEntryDto {
    let EntryView { entry, rank, what, offer } = view;
    let (event_id, program_id, week_id) = target_ids(&entry.target);
    WaitlistEntryDto {
        id: entry.id,
        kind: entry.target.kind(),
        state: entry.state,
        rank,
        joined_at: entry.joined_at,
        event_id,
        program_id,
        week_id,
        label: label(what.as_ref(), lang, tz),
        places: entry.places,
        offer: offer.map(OfferDto::from),
    }
}
