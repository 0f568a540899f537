//! The centre's server: settings, database, HTTP routes and the embedded PWA.

pub mod app;
pub mod auth;
pub mod cases;
pub mod clock;
pub mod db;
pub mod emails;
pub mod encoding;
pub mod error;
pub mod exports;
pub mod layers;
pub mod live;
pub mod mail;
pub mod metrics;
pub mod net;
pub mod openapi;
pub mod public_cache;
pub mod ratelimit;
pub mod router;
pub mod routes;
pub mod scheduler;
pub mod secret;
pub mod settings;
pub mod web;

pub use app::{AppState, prepare};
pub use router::build_router;
