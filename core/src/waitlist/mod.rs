//! Waiting lists, the pure part: one mechanism for a full event (a team), a full camp week (a
//! child, per program and week) and a taken court slot (a member).
//!
//! - An entry waits in line; its rank is the order of its place in line (`sort_key`, then id),
//!   so leaving renumbers nobody.
//! - For events and camp weeks a freed place is *offered* to the first in line holding no live
//!   offer ([`offers_for_freed`]); the offer holds the place for a window ([`offer_expiry`]).
//!   While it is live nobody else may take that place ([`check_direct`]): the places open to a
//!   direct registration are capacity − registrations − live offers ([`available`]).
//! - Accepting makes the normal registration; declining or letting the offer expire ends the
//!   entry and offers the place to the next. When the line runs out, the place is open to all.
//! - Court slots notify everyone waiting at once; the first to book wins (no offers).

mod window;

use serde::{Deserialize, Serialize};

use crate::stored::stored_text;

pub use window::{DEFAULT_OFFER_HOURS, MAX_OFFER_HOURS, MIN_OFFER_HOURS, offer_expiry};

/// What a list waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ListKind {
    /// A team waits for places in a full event.
    Event,
    /// A child waits for a place in one program's week.
    CampWeek,
    /// A member waits for a taken court slot.
    CourtSlot,
}

stored_text!(ListKind { Event = "event", CampWeek = "camp_week", CourtSlot = "court_slot" });

impl ListKind {
    /// Events and camp weeks hold a freed place for the first in line; court slots tell everyone.
    pub fn makes_offers(self) -> bool {
        !matches!(self, ListKind::CourtSlot)
    }
}

/// Where an entry stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum EntryState {
    /// In line.
    Waiting,
    /// Holds a live offer.
    Offered,
    /// Accepted an offer: it is a registration now.
    Registered,
    /// The member left the list.
    Left,
    /// The member declined the offer.
    Declined,
    /// The offer's window passed unanswered.
    Expired,
    /// An admin closed the list, or its court slot has begun.
    Closed,
}

stored_text!(EntryState {
    Waiting = "waiting",
    Offered = "offered",
    Registered = "registered",
    Left = "left",
    Declined = "declined",
    Expired = "expired",
    Closed = "closed",
});

impl EntryState {
    /// Still in the list (shown with a rank).
    pub fn is_active(self) -> bool {
        matches!(self, EntryState::Waiting | EntryState::Offered)
    }
}

/// Where an offer stands. Only a live offer holds a place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum OfferState {
    Live,
    Accepted,
    Declined,
    Expired,
    /// Taken back when an admin closed the list.
    Withdrawn,
}

stored_text!(OfferState {
    Live = "live",
    Accepted = "accepted",
    Declined = "declined",
    Expired = "expired",
    Withdrawn = "withdrawn",
});

impl OfferState {
    /// How an offer may end, and the entry's state after it.
    pub fn entry_after(self) -> Option<EntryState> {
        match self {
            OfferState::Live => None,
            OfferState::Accepted => Some(EntryState::Registered),
            OfferState::Declined => Some(EntryState::Declined),
            OfferState::Expired => Some(EntryState::Expired),
            OfferState::Withdrawn => Some(EntryState::Closed),
        }
    }
}

/// Places open to anyone: capacity − registrations − live offers (`None`: no limit).
pub fn available(capacity: Option<i64>, registered: i64, held: i64) -> Option<i64> {
    capacity.map(|c| (c - registered - held).max(0))
}

/// Why a direct registration of `wanted` places is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DirectRefusal {
    /// Not enough places even counting those held by offers.
    Full,
    /// The places exist but live offers hold them for people on the waiting list.
    HeldByOffer,
}

impl DirectRefusal {
    pub fn code(self) -> &'static str {
        match self {
            DirectRefusal::Full => "event_full",
            DirectRefusal::HeldByOffer => "place_held_by_offer",
        }
    }
}

/// Whether a direct registration of `wanted` places fits next to the registrations and the
/// places live offers hold.
pub fn check_direct(capacity: Option<i64>, registered: i64, held: i64, wanted: i64) -> Result<(), DirectRefusal> {
    let Some(capacity) = capacity else { return Ok(()) };
    if registered + wanted > capacity {
        Err(DirectRefusal::Full)
    } else if registered + held + wanted > capacity {
        Err(DirectRefusal::HeldByOffer)
    } else {
        Ok(())
    }
}

/// One active entry of a list, in line order, as the rule needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InLine {
    pub entry_id: i64,
    /// The places the entry needs: a team's people, one child.
    pub places: i64,
    pub has_live_offer: bool,
}

/// What `free` places do for a list: the entries to offer them to, in line order, and the
/// places left open to all.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Freed {
    pub offer_to: Vec<i64>,
    pub open: i64,
}

/// The entries that get an offer when `free` places are not held by anyone: the first in line
/// without a live offer whose places fit. An entry needing more places than are free keeps its
/// rank and is passed over for this place (a team of four does not block a place for two). What
/// no one in line can take is open to all.
pub fn offers_for_freed(free: i64, line: &[InLine]) -> Freed {
    let mut left = free.max(0);
    let mut offer_to = Vec::new();
    for entry in line {
        if left == 0 {
            break;
        }
        if entry.has_live_offer || entry.places < 1 {
            continue;
        }
        if entry.places <= left {
            offer_to.push(entry.entry_id);
            left -= entry.places;
        }
    }
    Freed { offer_to, open: left }
}

/// Why an offer cannot be answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerRefusal {
    /// Accepted, declined, expired or withdrawn already.
    NotLive,
    /// Its window has passed (the scheduled work will expire it).
    Expired,
}

impl AnswerRefusal {
    pub fn code(self) -> &'static str {
        match self {
            AnswerRefusal::NotLive | AnswerRefusal::Expired => "offer_not_live",
        }
    }
}

/// Whether an offer may still be accepted or declined at `now` (UTC text of `timefmt`, which
/// sorts as time does).
pub fn check_answer(state: OfferState, expires_at: &str, now: &str) -> Result<(), AnswerRefusal> {
    if state != OfferState::Live {
        Err(AnswerRefusal::NotLive)
    } else if now >= expires_at {
        Err(AnswerRefusal::Expired)
    } else {
        Ok(())
    }
}

/// The line after an admin moves `entry` to `rank` (1-based; past the end means last). The
/// order of the others is kept. `None` when `entry` is not in `order`.
pub fn move_to(order: &[i64], entry: i64, rank: usize) -> Option<Vec<i64>> {
    let from = order.iter().position(|&id| id == entry)?;
    let mut out = order.to_vec();
    out.remove(from);
    let at = rank.saturating_sub(1).min(out.len());
    out.insert(at, entry);
    Some(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;
