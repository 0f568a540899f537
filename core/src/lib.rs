//! Pure domain rules of the centre. No I/O, no clock, no async, no randomness: "now", the time
//! zone and settings are parameters, so every rule is a deterministic function, the same on the
//! server and in the PWA (through `centre-core-wasm`).
//!
//! - [`validation`]: every form the site sends (team, event, court booking, day camp, tournament, score, ...), returning validated values or field errors.
//! - [`slots`]: court slots of a day, the month view, and the check of a requested booking.
//! - [`tournament`]: teams and matches shared by the modules below.
//! - [`standings`]: the pool table (win 3, draw 1, loss 0) with a fully determined order.
//! - [`schedule`]: the pool round-robin on N courts, the knockout bracket, work teams, removing a team.
//! - [`attendance`]: a day camp's arrivals, departures (who may take the child) and the 9:30 'absent sans avis' flag, on the server and, for the waiting entries, on the phone.
//! - [`report`]: a match's result reported by the teams: proposed, confirmed or disputed, confirmed by its window, decided by an admin.
//! - [`sync`]: the one rule for a score entry (applied, duplicate, conflict, rejected), on the server and on the phone.
//! - [`payments`]: reading Interac transfers (pasted notifications, bank CSV exports) and matching them to registrations by payment reference.
//! - [`privacy`]: a member's deletion request and its 30-day clock (the privacy forms are in [`validation`]).
//! - [`waitlist`]: waiting lists: who is next, what a freed place does, how long an offer holds it.
//! - [`messages`]: the one French/English catalogue behind every error code.

pub mod access;
pub mod attendance;
pub mod camps;
pub mod errors;
pub mod format;
pub mod league;
pub mod messages;
pub mod payments;
pub mod privacy;
pub mod registration;
pub mod report;
pub mod rl24;
pub mod schedule;
pub mod slots;
mod small;
pub mod standings;
mod stored;
pub mod sync;
pub mod text;
pub mod tiebreak;
pub mod timefmt;
pub mod tournament;
pub mod validation;
pub mod waitlist;

pub use errors::FieldError;
pub use messages::{Lang, message};
