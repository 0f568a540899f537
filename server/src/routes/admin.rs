//! Roles and the console's people: statuses, admin and supervisor grants and the member list.
//! Who may call what is in each signature.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use centre_core::validation;
use serde::Serialize;

use crate::app::AppState;
use crate::auth::{Admin, CurrentUser};
use crate::db::users::{self, GrantError, GrantRow, Role, UserRow};
use crate::error::AppError;
use crate::openapi::responses;
use crate::routes::params::{self, Segment};

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminStatus {
    is_admin: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SupervisorStatus {
    is_supervisor: bool,
}

/// `GET /api/admin/status`: any signed-in user learns whether they are an admin.
#[utoipa::path(
    get,
    path = "/api/admin/status",
    tag = "roles",
    responses(
        (status = 200, description = "OK", body = AdminStatus),
        responses::Unauthorized
    )
)]
pub async fn admin_status(user: CurrentUser) -> Json<AdminStatus> {
    Json(AdminStatus { is_admin: user.is_admin() })
}

/// `GET /api/supervisor/status`.
#[utoipa::path(
    get,
    path = "/api/supervisor/status",
    tag = "roles",
    responses(
        (status = 200, description = "OK", body = SupervisorStatus),
        responses::Unauthorized
    )
)]
pub async fn supervisor_status(user: CurrentUser) -> Json<SupervisorStatus> {
    Json(SupervisorStatus { is_supervisor: user.is_supervisor() })
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GrantUser {
    first_name: Option<String>,
    last_name: Option<String>,
    /// `null` for an account with no address (see `UserDto.email`).
    email: Option<String>,
}

/// An admin or supervisor grant: who holds the role (with their name and e-mail), and since when.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GrantDto {
    id: i64,
    user_id: String,
    role: centre_core::access::Role,
    granted_at: String,
    user: GrantUser,
}

impl From<GrantRow> for GrantDto {
    fn from(g: GrantRow) -> Self {
        GrantDto {
            id: g.id,
            user_id: g.user_id,
            role: g.role,
            granted_at: g.granted_at,
            user: GrantUser { first_name: g.first_name, last_name: g.last_name, email: g.email },
        }
    }
}

impl From<GrantError> for AppError {
    fn from(e: GrantError) -> Self {
        match e {
            GrantError::UnknownUser => AppError::client(StatusCode::NOT_FOUND, "unknown_user"),
            GrantError::LastAdmin => AppError::conflict("last_admin"),
            GrantError::Db(e) => AppError::from(e),
        }
    }
}

/// The id as typed, checked by the shared rule (trimmed, not blank, not too long).
fn user_id(raw: &str) -> Result<String, AppError> {
    validation::validate_user_id(raw).map(|id| id.as_str().to_owned()).map_err(AppError::Validation)
}

async fn list_grants(state: &AppState, role: Role) -> Result<Json<Vec<GrantDto>>, AppError> {
    let rows = state.db.read(move |conn| users::grants(conn, role).map_err(AppError::from)).await?;
    Ok(Json(rows.into_iter().map(GrantDto::from).collect()))
}

async fn add_grant(state: &AppState, by: &str, raw_id: &str, role: Role) -> Result<Response, AppError> {
    let id = user_id(raw_id)?;
    let granted_by = by.to_owned();
    let now = centre_core::timefmt::utc_text(state.now());
    let (grant, created) =
        state.db.write(move |tx| users::grant(tx, &id, role, Some(&granted_by), &now).map_err(AppError::from)).await?;
    tracing::info!(user_id = %grant.user_id, role = role.as_str(), granted_by = %by, created, "role granted");
    let status = if created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(GrantDto::from(grant))).into_response())
}

async fn remove_grant(state: &AppState, raw_id: &str, role: Role) -> Result<StatusCode, AppError> {
    let id = user_id(raw_id)?;
    let logged = id.clone();
    state.db.write(move |tx| users::revoke(tx, &id, role).map_err(AppError::from)).await?;
    tracing::info!(user_id = %logged, role = role.as_str(), "role removed");
    Ok(StatusCode::NO_CONTENT)
}

/// A role's three calls, each with its contract: `GET $list_path` (the grants), `POST $one_path`
/// (201 when granted, 200 `$already` when it already was) and `DELETE $one_path` (204; 409
/// `last_admin` for the last admin grant). The work is [`list_grants`], [`add_grant`] and
/// [`remove_grant`]; only an admin reaches them.
macro_rules! grant_routes {
    (
        $role:expr, $list_path:literal, $one_path:literal, $already:literal,
        $(#[doc = $list_doc:literal])* $list:ident,
        $(#[doc = $add_doc:literal])* $add:ident,
        $(#[doc = $remove_doc:literal])* $remove:ident $(,)?
    ) => {
        $(#[doc = $list_doc])*
        #[utoipa::path(
            get,
            path = $list_path,
            tag = "roles",
            responses(
                (status = 200, description = "OK", body = Vec<GrantDto>),
                responses::Unauthorized, responses::Forbidden
            )
        )]
        pub async fn $list(_: Admin, State(state): State<AppState>) -> Result<Json<Vec<GrantDto>>, AppError> {
            list_grants(&state, $role).await
        }

        $(#[doc = $add_doc])*
        #[utoipa::path(
            post,
            path = $one_path,
            tag = "roles",
            params(params::UserId),
            responses(
                (status = 200, description = $already, body = GrantDto),
                (status = 201, description = "Granted.", body = GrantDto),
                responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Unprocessable
            )
        )]
        pub async fn $add(
            Admin(me): Admin,
            State(state): State<AppState>,
            Segment(id): Segment,
        ) -> Result<Response, AppError> {
            add_grant(&state, me.id(), &id, $role).await
        }

        $(#[doc = $remove_doc])*
        #[utoipa::path(
            delete,
            path = $one_path,
            tag = "roles",
            params(params::UserId),
            responses(
                (status = 204, description = "Done."),
                responses::Unauthorized, responses::Forbidden, responses::NotFound, responses::Conflict, responses::Unprocessable
            )
        )]
        pub async fn $remove(
            _: Admin,
            State(state): State<AppState>,
            Segment(id): Segment,
        ) -> Result<StatusCode, AppError> {
            remove_grant(&state, &id, $role).await
        }
    };
}

grant_routes! {
    Role::Admin, "/api/admin/users", "/api/admin/users/{userId}", "Already an admin.",
    /// `GET /api/admin/users`: admin grants.
    admins,
    /// `POST /api/admin/users/{userId}`: 201 when granted, 200 when it already was.
    add_admin,
    /// `DELETE /api/admin/users/{userId}`: 204; 409 `last_admin` for the last admin grant.
    remove_admin,
}

grant_routes! {
    Role::Supervisor, "/api/admin/supervisors", "/api/admin/supervisors/{userId}", "Already a supervisor.",
    /// `GET /api/admin/supervisors`.
    supervisors,
    /// `POST /api/admin/supervisors/{userId}`.
    add_supervisor,
    /// `DELETE /api/admin/supervisors/{userId}`.
    remove_supervisor,
}

grant_routes! {
    Role::CampStaff, "/api/admin/camp-staff", "/api/admin/camp-staff/{userId}", "Already camp staff.",
    /// `GET /api/admin/camp-staff`: the counsellors ('Animateur'); their weeks are
    /// `GET /api/admin/camp-staff-weeks`.
    camp_staff,
    /// `POST /api/admin/camp-staff/{userId}`.
    add_camp_staff,
    /// `DELETE /api/admin/camp-staff/{userId}`: the weeks they had go with the role.
    remove_camp_staff,
}

/// A member as the console's Membres tab lists them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberDto {
    id: String,
    first_name: Option<String>,
    last_name: Option<String>,
    /// `null` for an account with no address (see `UserDto.email`).
    email: Option<String>,
    /// Whether the address is verified: an unverified one reserves nothing, and several
    /// accounts may show it.
    email_verified: bool,
    created_at: String,
}

impl From<UserRow> for MemberDto {
    fn from(u: UserRow) -> Self {
        MemberDto {
            id: u.id,
            first_name: u.first_name,
            last_name: u.last_name,
            email: u.email,
            email_verified: u.email_verified,
            created_at: u.created_at,
        }
    }
}

/// `GET /api/admin/all-users`.
#[utoipa::path(
    get,
    path = "/api/admin/all-users",
    tag = "roles",
    responses(
        (status = 200, description = "OK", body = Vec<MemberDto>),
        responses::Unauthorized, responses::Forbidden
    )
)]
pub async fn members(_: Admin, State(state): State<AppState>) -> Result<Json<Vec<MemberDto>>, AppError> {
    let rows = state.db.read(|conn| users::all(conn).map_err(AppError::from)).await?;
    Ok(Json(rows.into_iter().map(MemberDto::from).collect()))
}
