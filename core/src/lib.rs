//! Pure domain rules of the centre. No I/O, no clock, no async: "now", the time zone and
//! settings are parameters, so every rule is a deterministic function.
//!
//! - [`validation`]: every form of spec section 5, returning validated values or field errors.
//! - [`slots`]: court slots of a day, the month view, and the check of a requested booking.
//! - [`messages`]: the one French/English catalogue behind every error code.

pub mod errors;
pub mod messages;
pub mod slots;
pub mod validation;

pub use errors::FieldError;
pub use messages::{Lang, message};
