//! Users and their role grants. Functions take a connection so that handlers run them through
//! `Db::read` / `Db::write` and the command line (`centre admin grant`) runs them directly.

use rusqlite::{Connection, OptionalExtension, params};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserRow {
    pub id: String,
    /// `None`: the account has no address (its unverified one was taken by a verified sign-in).
    pub email: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub profile_image_url: Option<String>,
    pub created_at: String,
    /// Whether `email` is known to be this person's (see [`EmailTrust`]); the centre's e-mails
    /// go only to a verified address ([`mail_address`]).
    pub email_verified: bool,
}

impl UserRow {
    /// How a log kept for admins names this account (who opened a record, who allowed a
    /// pick-up): its address, else its id.
    pub fn address_or_id(&self) -> String {
        self.email.clone().unwrap_or_else(|| self.id.clone())
    }
}

/// A signed-in user with the roles they hold.
#[derive(Clone, Debug)]
pub struct UserWithRoles {
    pub user: UserRow,
    pub is_admin: bool,
    pub is_supervisor: bool,
    pub is_camp_staff: bool,
}

pub use centre_core::access::Role;

#[derive(Clone, Debug)]
pub struct GrantRow {
    pub id: i64,
    pub user_id: String,
    pub role: Role,
    pub granted_at: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
}

/// What an identity provider (or the development sign-in) says about a person.
#[derive(Clone, Debug, Default)]
pub struct Identity {
    /// The provider's stable subject; `None` for the development sign-in.
    pub subject: Option<String>,
    pub email: String,
    /// What the provider says (`email_verified`): false when it does not say, and for an
    /// identity no provider made (the development sign-in, `centre admin grant`), whose address
    /// is vouched for instead ([`EmailTrust::Vouched`]).
    pub email_verified: bool,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub profile_image_url: Option<String>,
}

/// Who stands behind the e-mail address of an identity being saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmailTrust {
    /// An OpenID provider: the address is verified exactly when the provider says so.
    Provider,
    /// Someone running the server typed it: the operator (`centre admin grant`), or the
    /// developer at the development sign-in (`--dev-login`, which the server refuses with an
    /// https public URL, so it never faces the internet). A deliberate decision: these tools
    /// count the address as verified (account, e-mails, `--admin-emails`) without any
    /// provider's word, and without pretending a provider gave it.
    Vouched,
}

impl EmailTrust {
    /// Whether `identity`'s address counts as verified.
    pub fn verified(self, identity: &Identity) -> bool {
        match self {
            EmailTrust::Provider => identity.email_verified,
            EmailTrust::Vouched => true,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum GrantError {
    #[error("no user with that id")]
    UnknownUser,
    #[error("the last admin cannot be removed")]
    LastAdmin,
    #[error(transparent)]
    Db(#[from] rusqlite::Error),
}

const USER_COLUMNS: &str = "id, email, first_name, last_name, profile_image_url, created_at, email_verified";

fn user_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<UserRow> {
    Ok(UserRow {
        id: row.get(0)?,
        email: row.get(1)?,
        first_name: row.get(2)?,
        last_name: row.get(3)?,
        profile_image_url: row.get(4)?,
        created_at: row.get(5)?,
        email_verified: row.get(6)?,
    })
}

/// A new random user id (128 bits, hex, UUID-shaped).
pub fn new_user_id() -> String {
    let n: u128 = rand::random();
    let hex = format!("{n:032x}");
    format!("{}-{}-{}-{}-{}", &hex[0..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32])
}

pub fn find(conn: &Connection, id: &str) -> rusqlite::Result<Option<UserRow>> {
    conn.query_row(&format!("SELECT {USER_COLUMNS} FROM users WHERE id = ?1"), [id], user_from_row).optional()
}

/// The account that holds `email` verified, if any: at most one does (V23's unique index). An
/// unverified address reserves nothing and finds nothing.
pub fn find_by_verified_email(conn: &Connection, email: &str) -> rusqlite::Result<Option<UserRow>> {
    conn.query_row(
        &format!("SELECT {USER_COLUMNS} FROM users WHERE email = ?1 AND email_verified = 1"),
        [email.trim()],
        user_from_row,
    )
    .optional()
}

/// The user and their roles, or `None` when the id is unknown (a deleted user's old session).
pub fn find_with_roles(conn: &Connection, id: &str) -> rusqlite::Result<Option<UserWithRoles>> {
    let Some(user) = find(conn, id)? else { return Ok(None) };
    let held = |role: Role| -> rusqlite::Result<bool> {
        conn.query_row(
            "SELECT EXISTS(SELECT 1 FROM role_grants WHERE user_id = ?1 AND role = ?2)",
            params![id, role],
            |r| r.get(0),
        )
    };
    Ok(Some(UserWithRoles {
        user,
        is_admin: held(Role::Admin)?,
        is_supervisor: held(Role::Supervisor)?,
        is_camp_staff: held(Role::CampStaff)?,
    }))
}

/// Why the centre does not write to a member.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoMail {
    /// The account's address is not verified (its provider did not say so).
    Unverified,
    /// No account (deleted since; its rows keep only what was typed in them).
    NoAccount,
}

/// The one address the centre's e-mails about a member's bookings and registrations go to:
/// the member's own account address, read in the caller's transaction, and only when it is
/// verified. Never an address typed in a form (a booking's `email`, a camp's `parentEmail`):
/// a member could type anyone's, and the e-mail carries text the member typed. We decided not
/// to build a link that would confirm a typed address for now; a typed address that is the
/// member's own (any case) is this same address, so it gets this one e-mail.
pub fn mail_address(conn: &Connection, user_id: Option<&str>) -> rusqlite::Result<Result<String, NoMail>> {
    let Some(user_id) = user_id else { return Ok(Err(NoMail::NoAccount)) };
    let found: Option<(Option<String>, bool)> = conn
        .query_row("SELECT email, email_verified FROM users WHERE id = ?1", [user_id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    Ok(match found {
        Some((Some(email), true)) => Ok(email),
        Some(_) => Err(NoMail::Unverified),
        None => Err(NoMail::NoAccount),
    })
}

/// Creates or updates the account an identity belongs to, and gives it its address. An
/// unverified address reserves nothing: a verified sign-in always succeeds, and never joins or
/// is refused by an account that only claimed the address.
///
/// - The account: the one linked to the provider's subject; else, for a verified address
///   (`trust`: the provider's word, or vouched for), the account that holds that address
///   verified (an account made by `centre admin grant` or the development sign-in is linked to
///   the subject then); else a new account. An unverified claim never joins an existing account.
/// - Its address: a verified one is the account's, and every account that showed it unverified
///   loses it (`email` NULL, its data kept). An unverified one is the account's, marked
///   unverified, unless another account holds it verified: then the account keeps the address
///   it had (none for a new account), unverified, since nobody vouched for it at this sign-in.
/// - Names and picture follow the provider when it sends them.
pub fn upsert_identity(
    conn: &Connection,
    identity: &Identity,
    trust: EmailTrust,
    now: &str,
) -> rusqlite::Result<UserRow> {
    let email = Some(identity.email.trim()).filter(|e| !e.is_empty());
    let verified = email.is_some() && trust.verified(identity);
    let by_subject = match &identity.subject {
        Some(subject) => conn
            .query_row(&format!("SELECT {USER_COLUMNS} FROM users WHERE oidc_subject = ?1"), [subject], user_from_row)
            .optional()?,
        None => None,
    };
    let holder = match email {
        Some(email) => find_by_verified_email(conn, email)?,
        None => None,
    };
    let account = match by_subject {
        Some(user) => Some(user),
        None if verified => holder.clone(),
        None => None,
    };
    let held_by_another = |id: Option<&str>| holder.as_ref().is_some_and(|h| Some(h.id.as_str()) != id);
    let id = account.as_ref().map_or_else(new_user_id, |a| a.id.clone());
    let (address, address_verified) = if held_by_another(account.as_ref().map(|a| a.id.as_str())) {
        (account.as_ref().and_then(|a| a.email.clone()), false)
    } else {
        (email.map(str::to_owned), verified)
    };
    if address_verified {
        // The address is this account's now: the accounts that only claimed it let it go.
        conn.execute(
            "UPDATE users SET email = NULL, updated_at = ?2 WHERE email = ?1 AND email_verified = 0 AND id <> ?3",
            params![address, now, id],
        )?;
    }
    match account {
        Some(_) => {
            conn.execute(
                "UPDATE users SET email = ?2, email_verified = ?3,
                    first_name = COALESCE(?4, first_name),
                    last_name = COALESCE(?5, last_name),
                    profile_image_url = COALESCE(?6, profile_image_url),
                    oidc_subject = COALESCE(oidc_subject, ?7),
                    updated_at = ?8
                 WHERE id = ?1",
                params![
                    id,
                    address,
                    address_verified,
                    identity.first_name,
                    identity.last_name,
                    identity.profile_image_url,
                    identity.subject,
                    now
                ],
            )?;
        }
        None => {
            conn.execute(
                "INSERT INTO users (id, email, first_name, last_name, profile_image_url, oidc_subject, created_at, updated_at,
                                    email_verified)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8)",
                params![
                    id,
                    address,
                    identity.first_name,
                    identity.last_name,
                    identity.profile_image_url,
                    identity.subject,
                    now,
                    address_verified
                ],
            )?;
        }
    }
    find(conn, &id)?.ok_or(rusqlite::Error::QueryReturnedNoRows)
}

/// Grants `role` (harmless when already granted). Answers the grant and whether it is new.
pub fn grant(
    conn: &Connection,
    user_id: &str,
    role: Role,
    by: Option<&str>,
    now: &str,
) -> Result<(GrantRow, bool), GrantError> {
    if find(conn, user_id)?.is_none() {
        return Err(GrantError::UnknownUser);
    }
    let inserted = conn.execute(
        "INSERT INTO role_grants (user_id, role, granted_at, granted_by) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (user_id, role) DO NOTHING",
        params![user_id, role.as_str(), now, by],
    )?;
    let grant = conn.query_row(
        &format!("{GRANT_SELECT} WHERE g.user_id = ?1 AND g.role = ?2"),
        params![user_id, role.as_str()],
        grant_from_row,
    )?;
    Ok((grant, inserted > 0))
}

/// Removes a grant (harmless when there is none), and a counsellor's weeks with their role. The last admin grant cannot be removed, so
/// the centre never locks itself out of its console.
pub fn revoke(conn: &Connection, user_id: &str, role: Role) -> Result<(), GrantError> {
    if find(conn, user_id)?.is_none() {
        return Err(GrantError::UnknownUser);
    }
    if role == Role::Admin {
        let (held, admins): (bool, i64) = conn.query_row(
            "SELECT EXISTS(SELECT 1 FROM role_grants WHERE user_id = ?1 AND role = 'admin'),
                    (SELECT count(*) FROM role_grants WHERE role = 'admin')",
            [user_id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        if held && admins <= 1 {
            return Err(GrantError::LastAdmin);
        }
    }
    conn.execute("DELETE FROM role_grants WHERE user_id = ?1 AND role = ?2", params![user_id, role.as_str()])?;
    if role == Role::CampStaff {
        // The weeks a counsellor was given go with the role: granted again, they start with none.
        conn.execute("DELETE FROM camp_staff_weeks WHERE user_id = ?1", [user_id])?;
    }
    Ok(())
}

const GRANT_SELECT: &str = "SELECT g.id, g.user_id, g.role, g.granted_at, u.first_name, u.last_name, u.email
     FROM role_grants g JOIN users u ON u.id = g.user_id";

fn grant_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<GrantRow> {
    Ok(GrantRow {
        id: row.get(0)?,
        user_id: row.get(1)?,
        role: row.get(2)?,
        granted_at: row.get(3)?,
        first_name: row.get(4)?,
        last_name: row.get(5)?,
        email: row.get(6)?,
    })
}

/// Grants of one role, oldest first.
pub fn grants(conn: &Connection, role: Role) -> rusqlite::Result<Vec<GrantRow>> {
    let mut stmt = conn.prepare(&format!("{GRANT_SELECT} WHERE g.role = ?1 ORDER BY g.granted_at, g.id"))?;
    stmt.query_map([role.as_str()], grant_from_row)?.collect()
}

/// Every member, newest first.
pub fn all(conn: &Connection) -> rusqlite::Result<Vec<UserRow>> {
    let mut stmt = conn.prepare(&format!("SELECT {USER_COLUMNS} FROM users ORDER BY created_at DESC, id"))?;
    stmt.query_map([], user_from_row)?.collect()
}

/// `centre admin grant <email or id>`: an id must exist; an address is the account holding it
/// verified, else a new account (no name yet) that the person's first verified sign-in links to.
pub fn grant_admin_from_cli(conn: &Connection, who: &str, now: &str) -> Result<UserRow, GrantError> {
    let who = who.trim();
    let user = match find(conn, who)? {
        Some(user) => user,
        // The operator typed the address on the server: vouched for. The account that holds it
        // verified, else a new one that takes it (never an account that only claimed it).
        None if who.contains('@') => {
            let identity = Identity { email: who.to_owned(), ..Identity::default() };
            upsert_identity(conn, &identity, EmailTrust::Vouched, now)?
        }
        None => return Err(GrantError::UnknownUser),
    };
    grant(conn, &user.id, Role::Admin, None, now)?;
    Ok(user)
}
