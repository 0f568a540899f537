//! The one place an error becomes an HTTP response. Client mistakes come back as they are,
//! in the request's language; internal errors are logged with their cause and answered with
//! a generic message. Body: `{"message", "code", "fieldErrors"?}`.

use std::collections::BTreeMap;

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use centre_core::{FieldError, Lang, message};
use serde::Serialize;
use serde::de::DeserializeOwned;

#[derive(Debug)]
pub enum AppError {
    /// A client error with a catalogue code.
    Client {
        status: StatusCode,
        code: &'static str,
    },
    /// 422 with one message per field.
    Validation(Vec<FieldError>),
    /// A client error whose catalogue message names what it is about: each `{name}` in the
    /// message is replaced by its value in the request's language ("La semaine du 6 au 10
    /// juillet 2026 est complète."). With `field`, the message is also that field's error.
    Detailed {
        status: StatusCode,
        code: &'static str,
        field: Option<&'static str>,
        args: Vec<(&'static str, Localized)>,
    },
    /// A refusal to try again later (429 `rate_limited`, 503 `too_many_streams`) with
    /// `Retry-After`: the whole seconds (at least 1) until a try can pass.
    RetryLater {
        status: StatusCode,
        code: &'static str,
        retry_after_secs: u64,
    },
    /// 409 `sync_gap`: a device's entries do not continue from `last_seq`, the number the
    /// server has of it (the answer carries it, so the phone sends again from there).
    SyncGap {
        last_seq: i64,
    },
    /// Anything else: logged, answered 500 (or 503 when the database is busy).
    Internal(String),
    Busy,
}

impl AppError {
    pub const fn client(status: StatusCode, code: &'static str) -> Self {
        AppError::Client { status, code }
    }
    pub const fn not_found() -> Self {
        Self::client(StatusCode::NOT_FOUND, "not_found")
    }
    pub const fn unauthorized() -> Self {
        Self::client(StatusCode::UNAUTHORIZED, "unauthorized")
    }
    pub const fn forbidden() -> Self {
        Self::client(StatusCode::FORBIDDEN, "forbidden")
    }
    pub const fn conflict(code: &'static str) -> Self {
        Self::client(StatusCode::CONFLICT, code)
    }
    /// A 422 on one field of the form, with the catalogue's code.
    pub fn field(field: &'static str, code: &'static str) -> Self {
        AppError::Validation(vec![centre_core::FieldError::new(field, code)])
    }
    /// Too many requests: `wait` is how long until the next one can pass.
    pub fn rate_limited(wait: std::time::Duration) -> Self {
        Self::retry_later(StatusCode::TOO_MANY_REQUESTS, "rate_limited", wait)
    }
    /// Refused for now (`status`, `code`); a try after `wait` may pass.
    pub fn retry_later(status: StatusCode, code: &'static str, wait: std::time::Duration) -> Self {
        AppError::RetryLater { status, code, retry_after_secs: wait.as_secs_f64().ceil().max(1.0) as u64 }
    }
}

/// A value to put into a message, in both interface languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Localized {
    pub fr: String,
    pub en: String,
}

impl Localized {
    pub fn new(fr: impl Into<String>, en: impl Into<String>) -> Self {
        Localized { fr: fr.into(), en: en.into() }
    }
    /// The same text in both languages (a name, a number).
    pub fn same(text: impl Into<String>) -> Self {
        let text = text.into();
        Localized { fr: text.clone(), en: text }
    }
    /// Built by calling `f` once per language.
    pub fn with(f: impl Fn(Lang) -> String) -> Self {
        Localized { fr: f(Lang::Fr), en: f(Lang::En) }
    }
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Fr => &self.fr,
            Lang::En => &self.en,
        }
    }
}

/// The body of every error answer (`ApiError` in the OpenAPI document).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ApiError)]
pub struct ErrorBody {
    /// In the request's language, from core's catalogue.
    message: String,
    /// The catalogue code (`not_found`, `validation`, ...).
    #[schema(value_type = String)]
    code: &'static str,
    /// Field name to message, on validation errors.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<BTreeMap<String, String>>, nullable = false)]
    field_errors: Option<BTreeMap<&'static str, String>>,
    /// On `sync_gap`: the device's last entry number the server has.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    last_seq: Option<i64>,
}

/// The body of a 409 `sync_gap`: the entries must continue from `lastSeq`.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncGap {
    message: String,
    #[schema(value_type = String)]
    code: &'static str,
    last_seq: i64,
}

pub fn error_response(
    status: StatusCode,
    code: &'static str,
    message: String,
    field_errors: Option<BTreeMap<&'static str, String>>,
) -> Response {
    body_response(status, &ErrorBody { message, code, field_errors, last_seq: None })
}

fn body_response(status: StatusCode, body: &ErrorBody) -> Response {
    let json = serde_json::to_vec(body).unwrap_or_else(|_| b"{\"message\":\"error\",\"code\":\"internal\"}".to_vec());
    (status, [(header::CONTENT_TYPE, "application/json")], json).into_response()
}

impl From<rusqlite::Error> for AppError {
    fn from(e: rusqlite::Error) -> Self {
        match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => AppError::Busy,
            Some(rusqlite::ErrorCode::DiskFull | rusqlite::ErrorCode::ReadOnly) => {
                // For the health check, when this happens inside a write (`Db::write`).
                crate::db::note_refused_write(&e);
                tracing::error!(cause = %e, "the database cannot be written: storage full or read-only");
                AppError::client(StatusCode::SERVICE_UNAVAILABLE, "storage_unavailable")
            }
            _ => AppError::Internal(format!("database: {e}")),
        }
    }
}

impl crate::db::DbCallError for AppError {
    fn task_failed(message: String) -> Self {
        AppError::Internal(message)
    }
}

/// Handlers return `AppError` without knowing the request's language: the response carries
/// the error as an extension, and `translate` (called by the edge layer, layers.rs, which knows
/// the language) renders the body. Without that middleware the body is French.
impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let rendered = self.render_parts();
        let mut response = AppError::render(&rendered, Lang::Fr);
        response.extensions_mut().insert(rendered);
        response
    }
}

/// What an error response says, before it is put into words.
#[derive(Clone, Debug)]
pub struct ErrorParts {
    status: StatusCode,
    code: &'static str,
    fields: Option<Vec<FieldError>>,
    detail: Option<Detail>,
    retry_after_secs: Option<u64>,
    last_seq: Option<i64>,
}

/// The `{name}` values of an `AppError::Detailed` and the field it concerns.
#[derive(Clone, Debug)]
struct Detail {
    field: Option<&'static str>,
    args: Vec<(&'static str, Localized)>,
}

impl AppError {
    fn render_parts(self) -> ErrorParts {
        let plain = |status, code| ErrorParts {
            status,
            code,
            fields: None,
            detail: None,
            retry_after_secs: None,
            last_seq: None,
        };
        match self {
            AppError::Client { status, code } => plain(status, code),
            AppError::Detailed { status, code, field, args } => {
                ErrorParts { detail: Some(Detail { field, args }), ..plain(status, code) }
            }
            AppError::Validation(errors) => {
                let code = errors.first().map_or("validation", |e| e.code);
                ErrorParts { fields: Some(errors), ..plain(StatusCode::UNPROCESSABLE_ENTITY, code) }
            }
            AppError::RetryLater { status, code, retry_after_secs } => {
                ErrorParts { retry_after_secs: Some(retry_after_secs), ..plain(status, code) }
            }
            AppError::SyncGap { last_seq } => {
                ErrorParts { last_seq: Some(last_seq), ..plain(StatusCode::CONFLICT, "sync_gap") }
            }
            AppError::Internal(cause) => {
                tracing::error!(cause = %cause, "internal error");
                plain(StatusCode::INTERNAL_SERVER_ERROR, "internal")
            }
            AppError::Busy => plain(StatusCode::SERVICE_UNAVAILABLE, "unavailable"),
        }
    }

    fn render(parts: &ErrorParts, lang: Lang) -> Response {
        let field_errors = parts.fields.as_ref().map(|errors| {
            errors
                .iter()
                .map(|e| (e.field, message(e.code, lang).unwrap_or(e.code).to_owned()))
                .collect::<BTreeMap<_, _>>()
        });
        let mut text = message(parts.code, lang).unwrap_or(parts.code).to_owned();
        let mut field_errors = field_errors;
        if let Some(detail) = &parts.detail {
            for (name, value) in &detail.args {
                text = text.replace(&format!("{{{name}}}"), value.get(lang));
            }
            if let Some(field) = detail.field {
                field_errors.get_or_insert_with(BTreeMap::new).insert(field, text.clone());
            }
        }
        let body = ErrorBody { message: text, code: parts.code, field_errors, last_seq: parts.last_seq };
        let mut response = body_response(parts.status, &body);
        if let Some(secs) = parts.retry_after_secs {
            response.headers_mut().insert(header::RETRY_AFTER, secs.into());
        }
        response
    }
}

/// Renders an error answer's body in the request's language (`lang`, read from the request by
/// `lang_of` before it was handled); any other answer is returned as it is. Called by the
/// edge layer (layers.rs) for every request.
pub fn translate(response: Response, lang: Lang) -> Response {
    match response.extensions().get::<ErrorParts>() {
        Some(parts) if lang != Lang::Fr => AppError::render(parts, lang),
        _ => response,
    }
}

/// The request's language, from `X-Lang` (the PWA sends it) or `Accept-Language`.
#[derive(Clone, Copy, Debug)]
pub struct ReqLang(pub Lang);

impl<S: Send + Sync> FromRequestParts<S> for ReqLang {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(ReqLang(lang_of(&parts.headers)))
    }
}

pub fn lang_of(headers: &axum::http::HeaderMap) -> Lang {
    headers
        .get("x-lang")
        .or_else(|| headers.get(header::ACCEPT_LANGUAGE))
        .and_then(|v| v.to_str().ok())
        .map_or(Lang::Fr, Lang::from_accept_language)
}

/// JSON body extractor whose rejections use the common error shape (400 malformed or of the
/// wrong content type, 408 arrived too slowly, 413 too large).
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Response;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let lang = lang_of(req.headers());
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => {
                let (status, code) = match &rejection {
                    JsonRejection::BytesRejection(_) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                        (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large")
                    }
                    JsonRejection::BytesRejection(_) if crate::net::body::is_too_slow(&rejection) => {
                        (StatusCode::REQUEST_TIMEOUT, "request_timeout")
                    }
                    _ => (StatusCode::BAD_REQUEST, "malformed_json"),
                };
                let text = message(code, lang).unwrap_or(code).to_owned();
                Err(error_response(status, code, text, None))
            }
        }
    }
}

/// Query-string extractor whose rejection uses the common error shape: 400 `malformed_json`
/// ("La requête est mal formée.") in the request's language, like a malformed JSON body.
pub struct ApiQuery<T>(pub T);

impl<S, T> FromRequestParts<S> for ApiQuery<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(ApiQuery(value)),
            Err(_) => {
                let code = "malformed_json";
                let text = message(code, lang_of(&parts.headers)).unwrap_or(code).to_owned();
                Err(error_response(StatusCode::BAD_REQUEST, code, text, None))
            }
        }
    }
}

impl<T: Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}
