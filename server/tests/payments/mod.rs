//! Getting paid end to end through the real router, with the scheduled work driven
//! at moments the tests choose (`scheduler::run_once`, the injected clock): reminders in the
//! registrant's language, deadlines releasing the places of the unpaid, restores, late
//! payments and refunds, tournaments holding their teams, races for the last places, two
//! servers on one file, reconciliation of pasted Interac notifications and its all-or-nothing
//! confirmation, the payments view and workbook, the member's checkout figures, and the V5
//! migration of a database full of registrations.
#![allow(clippy::unwrap_used)]

pub mod support;

mod expiry;
mod migration;
mod overview;
mod races;
mod reconcile;
mod reminders;
