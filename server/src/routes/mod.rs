//! HTTP only: each handler sits next to its request and response types. The handlers are
//! registered, once each, in router.rs.

pub(crate) mod admin;
pub(crate) mod auth;
pub(crate) mod camp_absences;
pub(crate) mod camp_attendance;
pub(crate) mod camp_health;
pub(crate) mod camp_payers;
pub(crate) mod camp_programs;
pub(crate) mod camp_staff;
pub(crate) mod courts;
pub(crate) mod daycamps;
pub(crate) mod event_registrations;
pub(crate) mod events;
pub(crate) mod health;
pub(crate) mod leagues;
pub(crate) mod params;
pub(crate) mod payments;
pub(crate) mod privacy;
mod reply;
pub(crate) mod rl24;
pub(crate) mod sync;
pub(crate) mod tournaments;
pub(crate) mod waitlist;
