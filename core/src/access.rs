//! The roles granted to members beyond their own account: admins run everything, supervisors
//! read the bookings. Every server route checks its role itself (the server's extractors).

use serde::{Deserialize, Serialize};

use crate::stored::stored_text;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Admin,
    Supervisor,
}

stored_text!(Role { Admin = "admin", Supervisor = "supervisor" });
