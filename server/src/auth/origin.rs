//! Cross-site request refusal: every state-changing request (POST, PUT, PATCH, DELETE) must come
//! from the site itself. Its `Origin` header (or, without one, its `Referer`) must be the public
//! URL; anything else is answered 403 `forbidden_origin` before any handler runs.

use axum::extract::Request;
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::error::AppError;

/// The refusal of a state-changing request from another site (checked for every request by
/// the edge layer, layers.rs, before any handler runs); None when it may go on.
pub fn refuse_cross_site(req: &Request, public_url: &str) -> Option<Response> {
    let changes_state = matches!(*req.method(), Method::POST | Method::PUT | Method::PATCH | Method::DELETE);
    if changes_state && !same_origin(req.headers(), public_url) {
        tracing::warn!(method = %req.method(), path = %req.uri().path(), "refused: cross-origin or origin-less request");
        return Some(AppError::client(StatusCode::FORBIDDEN, "forbidden_origin").into_response());
    }
    None
}

/// True when the request's Origin (else Referer's origin) is exactly `public_url`.
pub fn same_origin(headers: &HeaderMap, public_url: &str) -> bool {
    let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
    match origin {
        Some(origin) => origin.trim_end_matches('/').eq_ignore_ascii_case(public_url),
        None => headers
            .get(header::REFERER)
            .and_then(|v| v.to_str().ok())
            .and_then(|r| url::Url::parse(r).ok())
            .is_some_and(|r| r.origin().ascii_serialization().eq_ignore_ascii_case(public_url)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(header::HeaderName, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(name.clone(), HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn origin_then_referer_must_be_the_public_url() {
        let site = "https://centre.example";
        assert!(same_origin(&headers(&[(header::ORIGIN, "https://centre.example")]), site));
        assert!(!same_origin(&headers(&[(header::ORIGIN, "https://evil.example")]), site));
        assert!(!same_origin(&headers(&[(header::ORIGIN, "null")]), site));
        assert!(!same_origin(&headers(&[(header::ORIGIN, "http://centre.example")]), site));
        assert!(same_origin(&headers(&[(header::REFERER, "https://centre.example/admin?tab=x")]), site));
        assert!(!same_origin(&headers(&[(header::REFERER, "https://centre.example.evil.example/")]), site));
        assert!(!same_origin(&headers(&[(header::REFERER, "not a url")]), site));
        assert!(!same_origin(&HeaderMap::new(), site));
        // An Origin header wins over a matching Referer.
        assert!(!same_origin(
            &headers(&[(header::ORIGIN, "https://evil.example"), (header::REFERER, "https://centre.example/")]),
            site
        ));
        assert!(same_origin(&headers(&[(header::ORIGIN, "http://127.0.0.1:8080")]), "http://127.0.0.1:8080"));
    }
}
