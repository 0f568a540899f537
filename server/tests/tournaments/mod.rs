//! Tournaments end to end through the real router: the whole day of 6 teams (pool, standings
//! computed here from the scores sent, semifinals, final), the refusals of creation,
//! generation and scoring, one match scored by 20 admins at once, corrections and their
//! history, teams withdrawn before, during and after the pool, re-timing, pools and their
//! estimates, the public page and the member's team, the live stream, the schema's own guards
//! against a court or a team twice in one slot, and offline scoring (phones' pushes, conflicts).
#![allow(clippy::unwrap_used)]

pub mod support;

mod duties;
mod flow;
mod forfeits;
mod formats;
mod public;
mod report_sync;
mod reports;
mod schedule;
mod scoring;
mod standings;
mod sync;
mod teams;
