//! The few pages the server renders itself, around sign-in: the development sign-in form, the
//! sign-in error page and the 'sign-in not configured' page. Their French and English texts
//! are the `server` namespace of the PWA's translation files, built into the binary. No script
//! (the CSP allows none inline); a little inline CSS.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::sync::LazyLock;

use centre_core::Lang;

/// Every sentence of these pages, in one language.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Texts {
    #[serde(skip)]
    pub lang: Lang,
    pub site_name: String,
    pub home: String,
    pub dev_title: String,
    pub dev_intro: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub sign_in: String,
    pub use_provider: String,
    pub email_invalid: String,
    pub name_too_long: String,
    pub failed_title: String,
    pub failed_body: String,
    pub cancelled_title: String,
    pub cancelled_body: String,
    pub expired_body: String,
    pub provider_unavailable_body: String,
    pub retry: String,
    pub not_configured_title: String,
    pub not_configured_body: String,
}

/// The texts live in the PWA's translation files (namespace `server`), like every other
/// user-visible string, and are built into the binary.
static TEXTS: LazyLock<(Texts, Texts)> = LazyLock::new(|| {
    let parse = |json: &str, lang: Lang| {
        let mut texts: Texts =
            serde_json::from_str(json).unwrap_or_else(|e| panic!("server.json ({lang}) is invalid: {e}"));
        texts.lang = lang;
        texts
    };
    (
        parse(include_str!("../../../pwa/src/i18n/locales/fr/server.json"), Lang::Fr),
        parse(include_str!("../../../pwa/src/i18n/locales/en/server.json"), Lang::En),
    )
});

pub fn texts(lang: Lang) -> &'static Texts {
    match lang {
        Lang::En => &TEXTS.1,
        Lang::Fr => &TEXTS.0,
    }
}

/// Why a sign-in did not complete; each has its own sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The provider said the user cancelled or refused.
    Cancelled,
    /// No sign-in in progress, or a state that does not match (replayed, tampered, expired).
    Expired,
    /// The provider could not be reached or answered nonsense.
    ProviderUnavailable,
    /// Anything else (token or claims rejected).
    Failed,
}

pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f8fafc;color:#0f172a;margin:0}\
main{max-width:28rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}\
h1{font-size:1.5rem;margin:0 0 1rem}p{line-height:1.5}label{display:block;margin:.75rem 0 .25rem;font-weight:600}\
input{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #94a3b8;border-radius:.375rem;font:inherit}\
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}\
.button{display:inline-block;padding:.5rem 1rem;border-radius:.375rem;background:#15803d;color:#fff;font-weight:600;text-decoration:none;border:0;font:inherit;cursor:pointer}\
.secondary{background:#fff;color:#166534;border:1px solid #166534}.error{color:#b91c1c;font-weight:600}\
.site{font-weight:700;color:#166534;text-decoration:none}";

fn document(status: StatusCode, t: &Texts, title: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<title>{title} · {site}</title><style>{STYLE}</style></head><body><main><p><a class=\"site\" href=\"/\">{site}</a></p>{body}</main></body></html>",
        lang = t.lang.as_str(),
        title = escape(title),
        site = escape(&t.site_name),
    );
    let mut response = (status, html).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    response
}

/// A sign-in URL that keeps the destination and the language.
pub fn login_href(return_to: &str, lang: Lang, provider: bool) -> String {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    if return_to != "/" {
        query.append_pair("returnTo", return_to);
    }
    query.append_pair("lang", lang.as_str());
    if provider {
        query.append_pair("provider", "oidc");
    }
    format!("/api/login?{}", query.finish())
}

pub struct DevForm<'a> {
    pub email: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub return_to: &'a str,
    pub email_error: bool,
    /// The catalogue code of a refused name, if any.
    pub name_error: Option<&'static str>,
    pub offer_provider: bool,
}

pub fn dev_login(lang: Lang, form: &DevForm<'_>) -> Response {
    let t = texts(lang);
    let error = if form.email_error {
        format!("<p class=\"error\" id=\"email-error\" role=\"alert\">{}</p>", escape(&t.email_invalid))
    } else {
        String::new()
    };
    let name_error = match form.name_error {
        Some("too_long") => Some(t.name_too_long.as_str()),
        Some(code) => Some(centre_core::message(code, lang).unwrap_or(code)),
        None => None,
    }
    .map(|text| format!("<p class=\"error\" role=\"alert\">{}</p>", escape(text)))
    .unwrap_or_default();
    let described = if form.email_error { " aria-invalid=\"true\" aria-describedby=\"email-error\"" } else { "" };
    let provider = if form.offer_provider {
        format!(
            "<p><a class=\"button secondary\" href=\"{}\">{}</a></p>",
            escape(&login_href(form.return_to, lang, true)),
            escape(&t.use_provider)
        )
    } else {
        String::new()
    };
    let body = format!(
        "<h1>{title}</h1><p>{intro}</p>{provider}\
<form method=\"post\" action=\"/api/dev-login\">\
<input type=\"hidden\" name=\"returnTo\" value=\"{return_to}\"><input type=\"hidden\" name=\"lang\" value=\"{lang}\">\
<label for=\"email\">{email}</label><input id=\"email\" name=\"email\" type=\"email\" autocomplete=\"email\" required value=\"{email_value}\"{described}>{error}\
<label for=\"firstName\">{first}</label><input id=\"firstName\" name=\"firstName\" autocomplete=\"given-name\" value=\"{first_value}\">\
<label for=\"lastName\">{last}</label><input id=\"lastName\" name=\"lastName\" autocomplete=\"family-name\" value=\"{last_value}\">{name_error}\
<div class=\"actions\"><button class=\"button\" type=\"submit\">{sign_in}</button><a class=\"button secondary\" href=\"/\">{home}</a></div></form>",
        title = escape(&t.dev_title),
        intro = escape(&t.dev_intro),
        return_to = escape(form.return_to),
        lang = lang.as_str(),
        email = escape(&t.email),
        email_value = escape(form.email),
        first = escape(&t.first_name),
        first_value = escape(form.first_name),
        last = escape(&t.last_name),
        last_value = escape(form.last_name),
        sign_in = escape(&t.sign_in),
        home = escape(&t.home),
    );
    let status =
        if form.email_error || form.name_error.is_some() { StatusCode::UNPROCESSABLE_ENTITY } else { StatusCode::OK };
    document(status, t, &t.dev_title, &body)
}

pub fn failure(lang: Lang, failure: Failure, return_to: &str) -> Response {
    let t = texts(lang);
    let (title, body, status) = match failure {
        Failure::Cancelled => (t.cancelled_title.as_str(), t.cancelled_body.as_str(), StatusCode::OK),
        Failure::Expired => (t.failed_title.as_str(), t.expired_body.as_str(), StatusCode::BAD_REQUEST),
        Failure::ProviderUnavailable => {
            (t.failed_title.as_str(), t.provider_unavailable_body.as_str(), StatusCode::BAD_GATEWAY)
        }
        Failure::Failed => (t.failed_title.as_str(), t.failed_body.as_str(), StatusCode::BAD_REQUEST),
    };
    let html = format!(
        "<h1>{title}</h1><p>{body}</p><div class=\"actions\"><a class=\"button\" href=\"{retry_href}\">{retry}</a><a class=\"button secondary\" href=\"/\">{home}</a></div>",
        title = escape(title),
        body = escape(body),
        retry_href = escape(&login_href(return_to, lang, false)),
        retry = escape(&t.retry),
        home = escape(&t.home),
    );
    document(status, t, title, &html)
}

pub fn not_configured(lang: Lang) -> Response {
    let t = texts(lang);
    let html = format!(
        "<h1>{title}</h1><p>{body}</p><div class=\"actions\"><a class=\"button\" href=\"/\">{home}</a></div>",
        title = escape(&t.not_configured_title),
        body = escape(&t.not_configured_body),
        home = escape(&t.home),
    );
    document(StatusCode::SERVICE_UNAVAILABLE, t, &t.not_configured_title, &html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("<a href=\"x\">'&'</a>"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    }

    #[test]
    fn login_links_keep_destination_and_language() {
        assert_eq!(login_href("/", Lang::Fr, false), "/api/login?lang=fr");
        assert_eq!(
            login_href("/events?x=1", Lang::En, true),
            "/api/login?returnTo=%2Fevents%3Fx%3D1&lang=en&provider=oidc"
        );
    }
}

#[cfg(test)]
mod texts_tests {
    use super::*;

    #[test]
    fn both_languages_load_from_the_translation_files() {
        assert_eq!(texts(Lang::Fr).dev_title, "Connexion de développement");
        assert_eq!(texts(Lang::En).dev_title, "Development sign-in");
        assert_eq!(texts(Lang::En).lang, Lang::En);
    }
}
