//! Registering, as every path that registers does it: the write in the caller's transaction and
//! the e-mail to the outbox, for a team (`events.rs`) and for a child (`camps.rs`, its RL-24 payers `payers.rs`). The
//! registration forms' routes and an accepted waiting-list offer both call these, so both
//! register the same way. Not HTTP: the routes only answer what these return.

pub mod camps;
pub mod events;
pub mod payers;
