//! Sign-in and sign-out: `GET /api/login`, `GET /api/callback`, `GET /api/logout`,
//! `POST /api/dev-login` (only with `--dev-login`) and `GET /api/auth/user`.

use axum::extract::{FromRequest, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use centre_core::{FieldError, Lang};
use serde::{Deserialize, Serialize};
use tower_sessions::Session;

use crate::app::AppState;
use crate::auth::oidc::{Flow, OidcError, safe_return_to};
use crate::auth::pages::{self, DevForm, Failure};
use crate::auth::{self, KEY_FLOW, KEY_ID_TOKEN, MaybeUser};
use crate::cases;
use crate::db::users::{EmailTrust, Identity, UserRow};
use crate::error::{ApiJson, ApiQuery, AppError, ReqLang};
use crate::openapi::responses;
use crate::ratelimit::ClientAddr;

/// The signed-in user: their name, e-mail, picture and when the account was created.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDto {
    pub id: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// `null` for an account with no address: it claimed one its provider had not verified, and
    /// a verified sign-in took it since. It keeps its data, and gets an address back by signing
    /// in with one.
    pub email: Option<String>,
    /// Whether `email` is known to be this person's (their provider said so, or the centre's
    /// operator typed it). An unverified address reserves nothing: other accounts may show it
    /// too, the centre never writes to it, and `--admin-emails` never applies to it.
    pub email_verified: bool,
    pub profile_image_url: Option<String>,
    pub created_at: String,
}

impl From<UserRow> for UserDto {
    fn from(u: UserRow) -> Self {
        UserDto {
            id: u.id,
            first_name: u.first_name,
            last_name: u.last_name,
            email: u.email,
            email_verified: u.email_verified,
            profile_image_url: u.profile_image_url,
            created_at: u.created_at,
        }
    }
}

/// `GET /api/auth/user`: the signed-in user, or `null` when signed out (an object means signed
/// in). A 200 either way: a visitor's page load logs no failed
/// request in the browser's console. Every other signed-in call keeps its 401.
#[utoipa::path(
    get,
    path = "/api/auth/user",
    tag = "auth",
    responses(
        (status = 200, description = "The signed-in user, or null for a visitor.", body = Option<UserDto>)
    )
)]
pub async fn current_user(MaybeUser(user): MaybeUser) -> Response {
    axum::Json(user.map(|user| UserDto::from(user.0.user))).into_response()
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct LoginQuery {
    return_to: Option<String>,
    lang: Option<String>,
    provider: Option<String>,
}

/// The page's language: `?lang=` (the PWA adds it to its login links), else the headers.
fn page_lang(explicit: Option<&str>, headers: ReqLang) -> Lang {
    explicit.and_then(Lang::from_tag).unwrap_or(headers.0)
}

/// Where the visitor was going: `?returnTo=`, else the page they came from on this site.
fn destination(query: Option<&str>, headers: &HeaderMap, public_url: &str) -> String {
    if query.is_some() {
        return safe_return_to(query);
    }
    let from_referer = headers
        .get(header::REFERER)
        .and_then(|v| v.to_str().ok())
        .and_then(|r| r.strip_prefix(public_url))
        .filter(|rest| rest.starts_with('/'));
    safe_return_to(from_referer)
}

/// `GET /api/login`: the development form (with `--dev-login`), else a redirect to the provider,
/// else a page saying sign-in is not configured. OpenID starts are limited per client address.
#[utoipa::path(
    get,
    path = "/api/login",
    tag = "auth",
    params(LoginQuery),
    responses(
        (status = 200, description = "A sign-in page: the development form, or why sign-in cannot start.", content_type = "text/html", body = String),
        (status = 303, description = "To the OpenID provider."),
        responses::TooManyRequests, responses::BadRequest
    )
)]
pub async fn login(
    State(state): State<AppState>,
    client: ClientAddr,
    session: Session,
    req_lang: ReqLang,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<LoginQuery>,
) -> Response {
    let lang = page_lang(query.lang.as_deref(), req_lang);
    let return_to = destination(query.return_to.as_deref(), &headers, &state.settings.public_url);
    let wants_provider = query.provider.as_deref() == Some("oidc");
    if state.settings.dev_login && !(wants_provider && state.auth.oidc.is_some()) {
        return pages::dev_login(
            lang,
            &DevForm {
                email: "",
                first_name: "",
                last_name: "",
                return_to: &return_to,
                email_error: false,
                name_error: None,
                offer_provider: state.auth.oidc.is_some(),
            },
        );
    }
    if let Err(refused) = state.limits.sign_in(client) {
        return refused.into_response();
    }
    let Some(oidc) = state.auth.oidc.clone() else {
        return pages::not_configured(lang);
    };
    match oidc.start(return_to.clone(), lang).await {
        Ok((url, flow)) => match session.insert(KEY_FLOW, &flow).await {
            Ok(()) => Redirect::to(&url).into_response(),
            Err(e) => {
                tracing::error!(error = %e, "cannot store the sign-in flow in the session");
                pages::failure(lang, Failure::Failed, &return_to)
            }
        },
        Err(e) => {
            tracing::warn!(error = %e, "sign-in could not start");
            pages::failure(lang, Failure::ProviderUnavailable, &return_to)
        }
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallbackQuery {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
}

/// `GET /api/callback`: the provider sends the browser back here. Limited per client address,
/// with the sign-in starts.
#[utoipa::path(
    get,
    path = "/api/callback",
    tag = "auth",
    params(CallbackQuery),
    responses(
        (status = 200, description = "Why the sign-in failed, with a link back.", content_type = "text/html", body = String),
        (status = 303, description = "Signed in: to the page the member was going to."),
        responses::TooManyRequests, responses::BadRequest
    )
)]
pub async fn callback(
    State(state): State<AppState>,
    client: ClientAddr,
    session: Session,
    req_lang: ReqLang,
    ApiQuery(query): ApiQuery<CallbackQuery>,
) -> Response {
    if let Err(refused) = state.limits.sign_in(client) {
        return refused.into_response();
    }
    // The flow is used once: removed whatever happens next.
    let flow: Option<Flow> = session.remove(KEY_FLOW).await.ok().flatten();
    let Some(flow) = flow else {
        return pages::failure(req_lang.0, Failure::Expired, "/");
    };
    let lang = flow.lang;
    let fail = |failure| pages::failure(lang, failure, &flow.return_to);
    if query.state.as_deref() != Some(flow.state.as_str()) {
        tracing::warn!("sign-in refused: the state does not match");
        return fail(Failure::Expired);
    }
    if let Some(error) = &query.error {
        tracing::info!(%error, "the provider ended the sign-in");
        let cancelled = matches!(error.as_str(), "access_denied" | "login_required" | "consent_required");
        return fail(if cancelled { Failure::Cancelled } else { Failure::Failed });
    }
    let Some(code) = query.code.filter(|c| !c.is_empty()) else {
        return fail(Failure::Failed);
    };
    let Some(oidc) = state.auth.oidc.clone() else {
        return pages::not_configured(lang);
    };
    let (identity, id_token) = match oidc.finish(&flow, code).await {
        Ok(done) => done,
        Err(e) => {
            tracing::warn!(error = %e, "sign-in failed");
            return fail(match e {
                OidcError::Unavailable(_) => Failure::ProviderUnavailable,
                OidcError::Rejected(_) => Failure::Failed,
            });
        }
    };
    // Never refused for its address: an unverified claim reserves nothing, and a verified one
    // takes the address from the accounts that only claimed it (users::upsert_identity).
    let user = match save_identity(&state, identity, EmailTrust::Provider).await {
        Ok(user) => user,
        Err(e) => {
            tracing::error!(error = ?e, "sign-in: saving the user failed");
            return fail(Failure::Failed);
        }
    };
    if let Err(e) = auth::sign_in(&session, &user).await {
        tracing::error!(error = ?e, "sign-in: session failed");
        return fail(Failure::Failed);
    }
    if let Err(e) = session.insert(KEY_ID_TOKEN, &id_token).await {
        tracing::warn!(error = %e, "the ID token could not be kept for sign-out");
    }
    tracing::info!(user_id = %user.id, "signed in");
    Redirect::to(&flow.return_to).into_response()
}

/// Creates or updates the user (its address verified as `trust` says), and grants admin to the
/// verified e-mails of `--admin-emails`.
async fn save_identity(state: &AppState, identity: Identity, trust: EmailTrust) -> Result<UserRow, AppError> {
    let settings = state.settings.clone();
    let now = centre_core::timefmt::utc_text(state.now());
    state.db.write(move |tx| cases::accounts::sign_in(tx, &identity, trust, &settings, &now)).await
}

/// `GET /api/logout`: ends the session, then the provider's session when it has an end-session
/// endpoint, and comes back to `/`.
#[utoipa::path(
    get,
    path = "/api/logout",
    tag = "auth",
    responses(
        (status = 303, description = "Signed out: to the provider's sign-out, or to `/`.")
    )
)]
pub async fn logout(State(state): State<AppState>, session: Session) -> Response {
    let id_token: Option<String> = session.get(KEY_ID_TOKEN).await.ok().flatten();
    if let Err(e) = auth::sign_out(&session).await {
        tracing::error!(error = ?e, "sign-out: the session could not be deleted");
    }
    if let (Some(oidc), Some(id_token)) = (state.auth.oidc.as_ref(), id_token)
        && let Some(url) = oidc.logout_url(Some(&id_token)).await
    {
        return Redirect::to(&url).into_response();
    }
    Redirect::to("/").into_response()
}

/// The development sign-in, as JSON (scripts, tests) or as the form of `GET /api/login`.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DevLoginBody {
    email: Option<String>,
    first_name: Option<String>,
    last_name: Option<String>,
    return_to: Option<String>,
    lang: Option<String>,
}

/// An optional name, by core's rule for names (trimmed, not too long, no control character):
/// blank is `None`, anything refused is the field's error.
fn name(field: &'static str, value: Option<&str>) -> Result<Option<String>, FieldError> {
    use centre_core::validation::{Text, TextError, max_len};
    match Text::parse(value.unwrap_or(""), max_len::NAME) {
        Ok(text) => Ok(Some(text.into_string())),
        Err(TextError::Empty) => Ok(None),
        Err(refused) => Err(FieldError::new(field, refused.generic_code().unwrap_or("too_long"))),
    }
}

/// `POST /api/dev-login` (404 without `--dev-login`): JSON answers the user; the HTML form
/// redirects to where the visitor was going.
#[utoipa::path(
    post,
    path = "/api/dev-login",
    tag = "auth",
    request_body(content((DevLoginBody = "application/json"), (DevLoginBody = "application/x-www-form-urlencoded"))),
    responses(
        (status = 200, description = "Signed in (JSON), or the form again with its errors (HTML).", content((UserDto = "application/json"), (String = "text/html"))),
        (status = 303, description = "Signed in from the form: to where the visitor was going."),
        responses::NotFound, responses::Conflict, responses::Unprocessable
    )
)]
pub async fn dev_login(State(state): State<AppState>, session: Session, req_lang: ReqLang, req: Request) -> Response {
    if !state.settings.dev_login {
        return AppError::not_found().into_response();
    }
    let is_form = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    let body = if is_form {
        match axum::Form::<DevLoginBody>::from_request(req, &state).await {
            Ok(axum::Form(body)) => body,
            Err(_) => return AppError::client(StatusCode::BAD_REQUEST, "malformed_json").into_response(),
        }
    } else {
        match ApiJson::<DevLoginBody>::from_request(req, &state).await {
            Ok(ApiJson(body)) => body,
            Err(rejection) => return rejection,
        }
    };
    let email = body.email.as_deref().unwrap_or("").trim().to_owned();
    let mut errors = Vec::new();
    let email_error = centre_core::validation::Email::parse(&email).is_err();
    if email_error {
        errors.push(FieldError::new("email", "email_invalid"));
    }
    let first_name = name("firstName", body.first_name.as_deref()).map_err(|e| errors.push(e));
    let last_name = name("lastName", body.last_name.as_deref()).map_err(|e| errors.push(e));
    let return_to = safe_return_to(body.return_to.as_deref());
    if !errors.is_empty() {
        if is_form {
            let lang = page_lang(body.lang.as_deref(), req_lang);
            return pages::dev_login(
                lang,
                &DevForm {
                    email: &email,
                    first_name: body.first_name.as_deref().unwrap_or(""),
                    last_name: body.last_name.as_deref().unwrap_or(""),
                    return_to: &return_to,
                    email_error,
                    name_error: errors.iter().find(|e| e.field != "email").map(|e| e.code),
                    offer_provider: state.auth.oidc.is_some(),
                },
            );
        }
        return AppError::Validation(errors).into_response();
    }
    // No provider has said anything about this address (`email_verified` stays false); the
    // developer typing it vouches for it instead. A decision for this development tool only
    // (it exists with `--dev-login`, refused with an https public URL): the account counts as
    // verified, so it gets the centre's e-mails and `--admin-emails` applies to it.
    let identity = Identity {
        subject: None,
        email,
        email_verified: false,
        first_name: first_name.unwrap_or_default(),
        last_name: last_name.unwrap_or_default(),
        profile_image_url: None,
    };
    let user = match save_identity(&state, identity, EmailTrust::Vouched).await {
        Ok(user) => user,
        Err(e) => return e.into_response(),
    };
    if let Err(e) = auth::sign_in(&session, &user).await {
        return e.into_response();
    }
    if is_form { Redirect::to(&return_to).into_response() } else { axum::Json(UserDto::from(user)).into_response() }
}
