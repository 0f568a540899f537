//! The user id an admin types to grant a role.

use serde::{Deserialize, Serialize};

use super::{Checker, Text, max_len};
use crate::errors::FieldError;

/// A user id typed by an admin to grant a role: non-empty after trimming.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct UserId(Text);

impl UserId {
    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }
}

/// `{ "userId": "..." }`, for clients that send the id in a body rather than the path.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct UserIdInput {
    pub user_id: Option<String>,
}

pub fn validate_user_id(raw: &str) -> Result<UserId, Vec<FieldError>> {
    let mut c = Checker::new();
    let id = c.required("userId", Some(raw), max_len::USER_ID, "user_id_required");
    c.finish(|| Some(UserId(id?)))
}
