//! The few pages the server renders itself, around sign-in: the development sign-in form, the
//! sign-in error page and the 'sign-in not configured' page. Their French and English texts
//! live here, together, and nowhere else. No script (the CSP allows none inline); a little
//! inline CSS.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use centre_core::Lang;

/// Every sentence of these pages, in one language.
pub struct Texts {
    pub lang: &'static str,
    pub site_name: &'static str,
    pub home: &'static str,
    pub dev_title: &'static str,
    pub dev_intro: &'static str,
    pub email: &'static str,
    pub first_name: &'static str,
    pub last_name: &'static str,
    pub sign_in: &'static str,
    pub use_provider: &'static str,
    pub email_invalid: &'static str,
    pub name_too_long: &'static str,
    pub failed_title: &'static str,
    pub failed_body: &'static str,
    pub cancelled_title: &'static str,
    pub cancelled_body: &'static str,
    pub expired_body: &'static str,
    pub account_conflict_body: &'static str,
    pub provider_unavailable_body: &'static str,
    pub retry: &'static str,
    pub not_configured_title: &'static str,
    pub not_configured_body: &'static str,
}

pub const FR: Texts = Texts {
    lang: "fr",
    site_name: "Centre plein air de La Pêche",
    home: "Retour à l'accueil",
    dev_title: "Connexion de développement",
    dev_intro: "Ce serveur est en mode développement : entrez n'importe quelle adresse courriel pour vous connecter sous ce nom. Ce mode n'existe jamais en production.",
    email: "Courriel",
    first_name: "Prénom",
    last_name: "Nom",
    sign_in: "Se connecter",
    use_provider: "Se connecter avec le fournisseur d'identité",
    email_invalid: "Email invalide",
    name_too_long: "Le prénom et le nom ont au plus 100 caractères.",
    failed_title: "La connexion a échoué",
    failed_body: "Nous n'avons pas pu vous connecter. Veuillez réessayer dans un instant.",
    cancelled_title: "Connexion annulée",
    cancelled_body: "La connexion a été annulée ou refusée. Vous pouvez réessayer quand vous voulez.",
    expired_body: "Cette tentative de connexion a expiré ou n'est plus valide. Veuillez recommencer.",
    account_conflict_body: "Cette adresse courriel est déjà liée à un autre compte. Communiquez avec le centre pour régler la situation.",
    provider_unavailable_body: "Le service de connexion ne répond pas pour le moment. Veuillez réessayer dans quelques minutes.",
    retry: "Réessayer",
    not_configured_title: "Connexion non configurée",
    not_configured_body: "La connexion n'est pas encore configurée sur ce serveur. Les pages publiques restent accessibles ; l'administrateur du site doit définir le fournisseur d'identité (CENTRE_OIDC_ISSUER, CENTRE_OIDC_CLIENT_ID, CENTRE_OIDC_CLIENT_SECRET).",
};

pub const EN: Texts = Texts {
    lang: "en",
    site_name: "La Pêche Outdoor Centre",
    home: "Back to home",
    dev_title: "Development sign-in",
    dev_intro: "This server runs in development mode: enter any e-mail address to sign in under that name. This mode never exists in production.",
    email: "E-mail",
    first_name: "First name",
    last_name: "Last name",
    sign_in: "Sign in",
    use_provider: "Sign in with the identity provider",
    email_invalid: "Invalid email",
    name_too_long: "First and last name have at most 100 characters.",
    failed_title: "Sign-in failed",
    failed_body: "We could not sign you in. Please try again in a moment.",
    cancelled_title: "Sign-in cancelled",
    cancelled_body: "The sign-in was cancelled or refused. You can try again whenever you like.",
    expired_body: "This sign-in attempt has expired or is no longer valid. Please start again.",
    account_conflict_body: "This e-mail address is already linked to another account. Please contact the centre to sort it out.",
    provider_unavailable_body: "The sign-in service is not answering right now. Please try again in a few minutes.",
    retry: "Try again",
    not_configured_title: "Sign-in not configured",
    not_configured_body: "Sign-in is not configured on this server yet. Public pages remain available; the site administrator must set the identity provider (CENTRE_OIDC_ISSUER, CENTRE_OIDC_CLIENT_ID, CENTRE_OIDC_CLIENT_SECRET).",
};

pub fn texts(lang: Lang) -> &'static Texts {
    match lang {
        Lang::En => &EN,
        Lang::Fr => &FR,
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
    /// The e-mail belongs to an account linked to another identity.
    AccountConflict,
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
        lang = t.lang,
        title = escape(title),
        site = escape(t.site_name),
    );
    let mut response = (status, html).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// A sign-in URL that keeps the destination and the language.
pub fn login_href(return_to: &str, lang: Lang, provider: bool) -> String {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    if return_to != "/" {
        query.append_pair("returnTo", return_to);
    }
    query.append_pair("lang", lang.code());
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
    pub name_error: bool,
    pub offer_provider: bool,
}

pub fn dev_login(lang: Lang, form: &DevForm<'_>) -> Response {
    let t = texts(lang);
    let error = if form.email_error {
        format!("<p class=\"error\" id=\"email-error\" role=\"alert\">{}</p>", escape(t.email_invalid))
    } else {
        String::new()
    };
    let name_error = if form.name_error {
        format!("<p class=\"error\" role=\"alert\">{}</p>", escape(t.name_too_long))
    } else {
        String::new()
    };
    let described = if form.email_error { " aria-invalid=\"true\" aria-describedby=\"email-error\"" } else { "" };
    let provider = if form.offer_provider {
        format!(
            "<p><a class=\"button secondary\" href=\"{}\">{}</a></p>",
            escape(&login_href(form.return_to, lang, true)),
            escape(t.use_provider)
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
        title = escape(t.dev_title),
        intro = escape(t.dev_intro),
        return_to = escape(form.return_to),
        lang = lang.code(),
        email = escape(t.email),
        email_value = escape(form.email),
        first = escape(t.first_name),
        first_value = escape(form.first_name),
        last = escape(t.last_name),
        last_value = escape(form.last_name),
        sign_in = escape(t.sign_in),
        home = escape(t.home),
    );
    let status = if form.email_error || form.name_error { StatusCode::UNPROCESSABLE_ENTITY } else { StatusCode::OK };
    document(status, t, t.dev_title, &body)
}

pub fn failure(lang: Lang, failure: Failure, return_to: &str) -> Response {
    let t = texts(lang);
    let (title, body, status) = match failure {
        Failure::Cancelled => (t.cancelled_title, t.cancelled_body, StatusCode::OK),
        Failure::Expired => (t.failed_title, t.expired_body, StatusCode::BAD_REQUEST),
        Failure::ProviderUnavailable => (t.failed_title, t.provider_unavailable_body, StatusCode::BAD_GATEWAY),
        Failure::AccountConflict => (t.failed_title, t.account_conflict_body, StatusCode::CONFLICT),
        Failure::Failed => (t.failed_title, t.failed_body, StatusCode::BAD_REQUEST),
    };
    let html = format!(
        "<h1>{title}</h1><p>{body}</p><div class=\"actions\"><a class=\"button\" href=\"{retry_href}\">{retry}</a><a class=\"button secondary\" href=\"/\">{home}</a></div>",
        title = escape(title),
        body = escape(body),
        retry_href = escape(&login_href(return_to, lang, false)),
        retry = escape(t.retry),
        home = escape(t.home),
    );
    document(status, t, title, &html)
}

pub fn not_configured(lang: Lang) -> Response {
    let t = texts(lang);
    let html = format!(
        "<h1>{title}</h1><p>{body}</p><div class=\"actions\"><a class=\"button\" href=\"/\">{home}</a></div>",
        title = escape(t.not_configured_title),
        body = escape(t.not_configured_body),
        home = escape(t.home),
    );
    document(StatusCode::SERVICE_UNAVAILABLE, t, t.not_configured_title, &html)
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
