//! OpenID Connect sign-in: authorization code flow with PKCE, state and nonce (the
//! `openidconnect` crate). The provider's metadata is discovered at the first sign-in and kept
//! for an hour; a provider that is down does not stop the server from starting.

use std::sync::Arc;
use std::time::{Duration, Instant};

use centre_core::Lang;
use openidconnect::core::{CoreAuthenticationFlow, CoreClient, CoreGenderClaim, CoreUserInfoClaims};
use openidconnect::{
    AccessTokenHash, AdditionalClaims, AuthorizationCode, ClientId, ClientSecret, CsrfToken, EndSessionUrl,
    IdTokenClaims, IssuerUrl, LogoutRequest, Nonce, OAuth2TokenResponse, PkceCodeChallenge, PkceCodeVerifier,
    PostLogoutRedirectUrl, ProviderMetadataWithLogout, RedirectUrl, Scope, TokenResponse, UserInfoClaims,
};
use serde::{Deserialize, Serialize};
use tokio::sync::Mutex;

use crate::db::users::Identity;
use crate::settings::OidcSettings;

const METADATA_TTL: Duration = Duration::from_secs(60 * 60);
const HTTP_TIMEOUT: Duration = Duration::from_secs(10);

pub struct Oidc {
    settings: OidcSettings,
    redirect_uri: String,
    post_logout_uri: String,
    http: openidconnect::reqwest::Client,
    metadata: Mutex<Option<(Instant, Arc<ProviderMetadataWithLogout>)>>,
}

/// What the session remembers between `/api/login` and `/api/callback`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Flow {
    pub state: String,
    pub nonce: String,
    pub pkce_verifier: String,
    pub return_to: String,
    pub lang: Lang,
}

#[derive(Debug, thiserror::Error)]
pub enum OidcError {
    /// Discovery, token or userinfo requests failed (network or provider error).
    #[error("provider unavailable: {0}")]
    Unavailable(String),
    /// The provider answered, but what it sent is refused (token, claims, missing e-mail).
    #[error("sign-in refused: {0}")]
    Rejected(String),
}

#[derive(Debug, thiserror::Error)]
#[error("cannot build the HTTP client for OpenID Connect: {0}")]
pub struct HttpClientError(String);

impl Oidc {
    pub fn new(settings: OidcSettings, public_url: &str) -> Result<Oidc, HttpClientError> {
        let http = openidconnect::reqwest::ClientBuilder::new()
            // Following redirects would open the client to SSRF.
            .redirect(openidconnect::reqwest::redirect::Policy::none())
            .timeout(HTTP_TIMEOUT)
            .build()
            .map_err(|e| HttpClientError(e.to_string()))?;
        Ok(Oidc {
            settings,
            redirect_uri: format!("{public_url}/api/callback"),
            post_logout_uri: format!("{public_url}/"),
            http,
            metadata: Mutex::new(None),
        })
    }

    async fn metadata(&self) -> Result<Arc<ProviderMetadataWithLogout>, OidcError> {
        let mut cached = self.metadata.lock().await;
        if let Some((at, metadata)) = cached.as_ref()
            && at.elapsed() < METADATA_TTL
        {
            return Ok(Arc::clone(metadata));
        }
        let issuer = IssuerUrl::new(self.settings.issuer.clone()).map_err(|e| OidcError::Unavailable(e.to_string()))?;
        let metadata = ProviderMetadataWithLogout::discover_async(issuer, &self.http)
            .await
            .map_err(|e| OidcError::Unavailable(format!("discovery: {e}")))?;
        let metadata = Arc::new(metadata);
        *cached = Some((Instant::now(), Arc::clone(&metadata)));
        Ok(metadata)
    }

    fn client(
        &self,
        metadata: &ProviderMetadataWithLogout,
    ) -> Result<
        CoreClient<
            openidconnect::EndpointSet,
            openidconnect::EndpointNotSet,
            openidconnect::EndpointNotSet,
            openidconnect::EndpointNotSet,
            openidconnect::EndpointMaybeSet,
            openidconnect::EndpointMaybeSet,
        >,
        OidcError,
    > {
        let redirect = RedirectUrl::new(self.redirect_uri.clone())
            .map_err(|e| OidcError::Rejected(format!("redirect uri: {e}")))?;
        Ok(CoreClient::from_provider_metadata(
            metadata.clone(),
            ClientId::new(self.settings.client_id.clone()),
            Some(ClientSecret::new(self.settings.client_secret.clone())),
        )
        .set_redirect_uri(redirect))
    }

    /// The provider's authorization URL, and what the session must remember for the callback.
    pub async fn start(&self, return_to: String, lang: Lang) -> Result<(String, Flow), OidcError> {
        let metadata = self.metadata().await?;
        let client = self.client(&metadata)?;
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let (url, state, nonce) = client
            .authorize_url(CoreAuthenticationFlow::AuthorizationCode, CsrfToken::new_random, Nonce::new_random)
            .add_scope(Scope::new("email".to_owned()))
            .add_scope(Scope::new("profile".to_owned()))
            .set_pkce_challenge(challenge)
            .url();
        let flow = Flow {
            state: state.secret().clone(),
            nonce: nonce.secret().clone(),
            pkce_verifier: verifier.secret().clone(),
            return_to,
            lang,
        };
        Ok((url.to_string(), flow))
    }

    /// Exchanges the code (with the PKCE verifier), verifies the ID token (signature, issuer,
    /// audience, expiry, nonce, access-token hash) and reads the person's claims, from the
    /// userinfo endpoint when there is one. Answers the identity and the raw ID token.
    pub async fn finish(&self, flow: &Flow, code: String) -> Result<(Identity, String), OidcError> {
        let metadata = self.metadata().await?;
        let client = self.client(&metadata)?;
        let token = client
            .exchange_code(AuthorizationCode::new(code))
            .map_err(|e| OidcError::Rejected(format!("token endpoint: {e}")))?
            .set_pkce_verifier(PkceCodeVerifier::new(flow.pkce_verifier.clone()))
            .request_async(&self.http)
            .await
            .map_err(|e| OidcError::Rejected(format!("code exchange: {e}")))?;
        let id_token = token.id_token().ok_or_else(|| OidcError::Rejected("no ID token".to_owned()))?;
        let verifier = client.id_token_verifier();
        let claims = id_token
            .claims(&verifier, &Nonce::new(flow.nonce.clone()))
            .map_err(|e| OidcError::Rejected(format!("ID token: {e}")))?;
        if let Some(expected) = claims.access_token_hash() {
            let alg = id_token.signing_alg().map_err(|e| OidcError::Rejected(format!("ID token alg: {e}")))?;
            let key = id_token.signing_key(&verifier).map_err(|e| OidcError::Rejected(format!("ID token key: {e}")))?;
            let actual = AccessTokenHash::from_token(token.access_token(), alg, key)
                .map_err(|e| OidcError::Rejected(format!("at_hash: {e}")))?;
            if actual != *expected {
                return Err(OidcError::Rejected("access token hash mismatch".to_owned()));
            }
        }
        let mut identity = identity_from_id_token(claims);
        let userinfo: Option<CoreUserInfoClaims> =
            match client.user_info(token.access_token().clone(), Some(claims.subject().clone())) {
                Ok(request) => Some(
                    request
                        .request_async(&self.http)
                        .await
                        .map_err(|e| OidcError::Unavailable(format!("userinfo: {e}")))?,
                ),
                // No userinfo endpoint: the ID token's claims are all there is.
                Err(_) => None,
            };
        if let Some(info) = userinfo {
            merge_userinfo(&mut identity, &info);
        }
        if identity.email.trim().is_empty() || centre_core::validation::Email::parse(&identity.email).is_err() {
            return Err(OidcError::Rejected("the provider sent no usable e-mail (scope email)".to_owned()));
        }
        Ok((identity, id_token.to_string()))
    }

    /// Where to send the browser to end the provider's session too, when it supports that.
    pub async fn logout_url(&self, id_token: Option<&str>) -> Option<String> {
        let metadata = self.metadata().await.ok()?;
        let endpoint: EndSessionUrl = metadata.additional_metadata().end_session_endpoint.clone()?;
        let mut request = LogoutRequest::from(endpoint).set_client_id(ClientId::new(self.settings.client_id.clone()));
        if let Ok(uri) = PostLogoutRedirectUrl::new(self.post_logout_uri.clone()) {
            request = request.set_post_logout_redirect_uri(uri);
        }
        let mut url = request.http_get_url();
        if let Some(hint) = id_token {
            url.query_pairs_mut().append_pair("id_token_hint", hint);
        }
        Some(url.to_string())
    }
}

/// A name from the provider, by core's rule for names (trimmed, bounded, no control
/// character); one it refuses is left out, as if the provider had not sent it.
fn non_blank(value: Option<String>) -> Option<String> {
    claim(value, centre_core::validation::max_len::NAME)
}

/// The picture's address, by the same rule; a URL may be long.
fn picture(value: Option<String>) -> Option<String> {
    claim(value, 2048)
}

fn claim(value: Option<String>, max: usize) -> Option<String> {
    centre_core::validation::Text::parse(&value?, max).ok().map(centre_core::validation::Text::into_string)
}

fn identity_from_id_token<AC: AdditionalClaims>(claims: &IdTokenClaims<AC, CoreGenderClaim>) -> Identity {
    Identity {
        subject: Some(claims.subject().as_str().to_owned()),
        email: claims.email().map(|e| e.as_str().to_owned()).unwrap_or_default(),
        email_verified: claims.email_verified().unwrap_or(false),
        first_name: non_blank(claims.given_name().and_then(|n| n.get(None)).map(|n| n.as_str().to_owned())),
        last_name: non_blank(claims.family_name().and_then(|n| n.get(None)).map(|n| n.as_str().to_owned())),
        profile_image_url: picture(claims.picture().and_then(|p| p.get(None)).map(|p| p.as_str().to_owned())),
    }
}

fn merge_userinfo<AC: AdditionalClaims>(identity: &mut Identity, info: &UserInfoClaims<AC, CoreGenderClaim>) {
    if let Some(email) = info.email() {
        // The ID token's `email_verified` speaks of the ID token's address: it carries over only
        // when userinfo names the same address and says nothing itself.
        let same = email.as_str().trim().eq_ignore_ascii_case(identity.email.trim());
        identity.email_verified = info.email_verified().unwrap_or(same && identity.email_verified);
        identity.email = email.as_str().to_owned();
    }
    if let Some(name) = non_blank(info.given_name().and_then(|n| n.get(None)).map(|n| n.as_str().to_owned())) {
        identity.first_name = Some(name);
    }
    if let Some(name) = non_blank(info.family_name().and_then(|n| n.get(None)).map(|n| n.as_str().to_owned())) {
        identity.last_name = Some(name);
    }
    if let Some(picture) = picture(info.picture().and_then(|p| p.get(None)).map(|p| p.as_str().to_owned())) {
        identity.profile_image_url = Some(picture);
    }
    if identity.first_name.is_none()
        && let Some(full) = non_blank(info.name().and_then(|n| n.get(None)).map(|n| n.as_str().to_owned()))
    {
        let (first, last) = centre_core::validation::split_full_name(&full);
        identity.first_name = non_blank(Some(first));
        identity.last_name = identity.last_name.take().or_else(|| non_blank(Some(last)));
    }
}

/// A destination inside the site: a path starting with one '/', not an API route. Anything
/// else (another site, `//host`, `/api/logout`) becomes `/`.
pub fn safe_return_to(raw: Option<&str>) -> String {
    let Some(raw) = raw.map(str::trim) else { return "/".to_owned() };
    let ok = raw.starts_with('/')
        && !raw.starts_with("//")
        && !raw.starts_with("/\\")
        && !raw.starts_with("/api")
        && raw.len() <= 2000
        && !raw.chars().any(|c| c.is_control() || c == '\\');
    if ok { raw.to_owned() } else { "/".to_owned() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use openidconnect::{EmptyAdditionalClaims, EndUserEmail, StandardClaims, SubjectIdentifier};

    #[test]
    fn userinfo_vouches_only_for_the_address_it_names() {
        let from_id_token = Identity {
            subject: Some("s".to_owned()),
            email: "ana@example.org".to_owned(),
            email_verified: true,
            ..Identity::default()
        };
        let info = |email: &str, verified: Option<bool>| -> UserInfoClaims<EmptyAdditionalClaims, CoreGenderClaim> {
            UserInfoClaims::new(
                StandardClaims::new(SubjectIdentifier::new("s".to_owned()))
                    .set_email(Some(EndUserEmail::new(email.to_owned())))
                    .set_email_verified(verified),
                EmptyAdditionalClaims {},
            )
        };
        let merged = |email, verified| {
            let mut identity = from_id_token.clone();
            merge_userinfo(&mut identity, &info(email, verified));
            (identity.email, identity.email_verified)
        };
        // The same address, userinfo silent: the ID token's word stands.
        assert_eq!(merged("Ana@example.org", None), ("Ana@example.org".to_owned(), true));
        // Another address, userinfo silent: nobody said it is verified.
        assert_eq!(merged("autre@example.org", None), ("autre@example.org".to_owned(), false));
        // Userinfo's own word wins.
        assert_eq!(merged("ana@example.org", Some(false)), ("ana@example.org".to_owned(), false));
        assert_eq!(merged("autre@example.org", Some(true)), ("autre@example.org".to_owned(), true));
    }

    #[test]
    fn only_local_destinations_are_kept() {
        assert_eq!(safe_return_to(Some("/events?x=1#top")), "/events?x=1#top");
        assert_eq!(safe_return_to(Some("/")), "/");
        for bad in ["https://evil.example/", "//evil.example", "/\\evil.example", "/api/logout", "events", "/a\nb"] {
            assert_eq!(safe_return_to(Some(bad)), "/", "{bad}");
        }
        assert_eq!(safe_return_to(None), "/");
    }
}
