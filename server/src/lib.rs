//! The centre's server: settings, database, HTTP routes and the embedded PWA.

pub mod app;
pub mod auth;
pub mod db;
pub mod emails;
pub mod error;
pub mod exports;
pub mod live;
pub mod mail;
pub mod metrics;
pub mod ratelimit;
pub mod routes;
pub mod settings;
pub mod web;

pub use app::{AppState, build_router, prepare};
