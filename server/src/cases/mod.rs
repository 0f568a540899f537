//! Use cases: what one request (or one scheduled pass) does, each a function run inside the
//! caller's transaction (`Db::read` or `Db::write`). A use case composes `db/`'s reads and
//! writes, core's rules and the e-mails to the outbox, and answers domain rows, or a refusal as
//! the API answers it (`AppError`). Routes parse, check the role, call one use case and shape
//! the answer; a request that is a single `db/` call and nothing else calls that function
//! directly. No SQL here: `db/` holds it.

pub mod accounts;
pub mod camp_staff;
pub mod camps;
pub mod courts;
pub mod events;
pub mod my_camp;
pub mod payments;
pub mod privacy;
pub mod registration;
pub mod rl24;
pub mod waitlist;
