//! The server's integration tests, in one test binary: each module drives the real router or
//! the real `centre` binary against a real SQLite file. One binary instead of one per file keeps
//! a fresh build's disk and link time small (each test binary links the whole server).
#![allow(clippy::unwrap_used)]

mod common;

mod answers;
mod auth;
mod authz;
mod backup;
mod caching;
mod camp_attendance;
mod camp_fields;
mod camp_health;
mod camp_staff;
mod clock;
mod connections;
mod contract;
mod courts;
mod crash;
mod daycamps;
mod demo;
mod emails;
mod event_registrations;
mod events;
mod fitness;
mod fuzz;
mod ids;
mod import_cycles;
mod leagues;
mod litestream;
mod mail;
mod metrics;
mod migrations;
mod payments;
mod platform;
mod privacy;
mod ratelimit;
mod rl24;
mod shell;
mod startup;
mod states;
mod storage;
mod sync_property;
mod tournaments;
mod waitlist;
