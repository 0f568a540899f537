//! A sign-in's account: created or updated from the provider's identity (its address verified as
//! `trust` says), and made an admin when its verified address is one of `--admin-emails`.

use rusqlite::Connection;

use crate::db::users::{self, EmailTrust, Identity, UserRow};
use crate::error::AppError;
use crate::settings::Settings;

pub fn sign_in(
    tx: &Connection,
    identity: &Identity,
    trust: EmailTrust,
    settings: &Settings,
    now: &str,
) -> Result<UserRow, AppError> {
    let user = users::upsert_identity(tx, identity, trust, now)?;
    crate::auth::bootstrap_admin(tx, settings, &user, now)?;
    Ok(user)
}
