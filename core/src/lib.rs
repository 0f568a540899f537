//! Pure domain rules of the centre. No I/O, no clock, no async: "now", the time zone and
//! settings are parameters, so every rule is a deterministic function.

pub mod errors;
pub mod messages;

pub use errors::FieldError;
pub use messages::{Lang, message};
