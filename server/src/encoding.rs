//! Content codings: which one a request accepts (`Accept-Encoding`), validators (`ETag`,
//! `If-None-Match`), and the rule for the dynamic compression layer. Bodies compressed ahead of
//! time (the PWA's files at build time, the public cache's answers once per change) carry the
//! [`Precompressed`] mark, and the dynamic layer leaves them alone.

use axum::http::header::{ACCEPT_ENCODING, IF_NONE_MATCH};
use axum::http::{HeaderMap, HeaderValue};
use tower_http::compression::predicate::{DefaultPredicate, Predicate, SizeAbove};

/// The codings the server sends: brotli first, then gzip, else the bytes as they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    Identity,
    Gzip,
    Brotli,
}

impl Encoding {
    /// The `Content-Encoding` value (None for identity).
    pub fn header(self) -> Option<HeaderValue> {
        match self {
            Encoding::Identity => None,
            Encoding::Gzip => Some(HeaderValue::from_static("gzip")),
            Encoding::Brotli => Some(HeaderValue::from_static("br")),
        }
    }

    /// The file name suffix of a precompressed variant of the PWA (`.br`, `.gz`).
    pub fn file_suffix(self) -> &'static str {
        match self {
            Encoding::Identity => "",
            Encoding::Gzip => ".gz",
            Encoding::Brotli => ".br",
        }
    }

    /// A strong ETag for this coding of the content whose digest is `digest` (hex): each coding
    /// is its own representation, so each has its own tag (`"…"`, `"…-gz"`, `"…-br"`).
    pub fn etag(self, digest: &str) -> String {
        let suffix = match self {
            Encoding::Identity => "",
            Encoding::Gzip => "-gz",
            Encoding::Brotli => "-br",
        };
        format!("\"{digest}{suffix}\"")
    }
}

/// What a request's `Accept-Encoding` allows: the `q` of brotli and gzip (0 when refused or not
/// named, `*` counting for both).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Accepted {
    br: f32,
    gzip: f32,
}

impl Accepted {
    pub fn of(headers: &HeaderMap) -> Accepted {
        let (mut br, mut gzip, mut any) = (None::<f32>, None::<f32>, None::<f32>);
        for value in headers.get_all(ACCEPT_ENCODING) {
            let Ok(text) = value.to_str() else { continue };
            for item in text.split(',') {
                let mut parts = item.split(';');
                let coding = parts.next().unwrap_or("").trim();
                let q = parts
                    .filter_map(|p| p.trim().strip_prefix("q=").or_else(|| p.trim().strip_prefix("Q=")))
                    .find_map(|q| q.trim().parse::<f32>().ok())
                    .unwrap_or(1.0);
                if coding.eq_ignore_ascii_case("br") {
                    br = Some(q);
                } else if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
                    gzip = Some(q);
                } else if coding == "*" {
                    any = Some(q);
                }
            }
        }
        Accepted { br: br.or(any).unwrap_or(0.0), gzip: gzip.or(any).unwrap_or(0.0) }
    }

    /// The coding to send among those available: the higher `q` of brotli and gzip (brotli on
    /// a tie), else identity.
    pub fn best(self, brotli: bool, gzip: bool) -> Encoding {
        let br = if brotli { self.br } else { 0.0 };
        let gz = if gzip { self.gzip } else { 0.0 };
        if br > 0.0 && br >= gz {
            Encoding::Brotli
        } else if gz > 0.0 {
            Encoding::Gzip
        } else {
            Encoding::Identity
        }
    }
}

/// The coding to send when both brotli and gzip are at hand.
pub fn preferred(headers: &HeaderMap) -> Encoding {
    Accepted::of(headers).best(true, true)
}

/// Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for this header).
pub fn not_modified(headers: &HeaderMap, etag: &str) -> bool {
    let bare = etag.trim_start_matches("W/");
    headers
        .get_all(IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|list| list.split(',').map(str::trim).any(|tag| tag == "*" || tag.trim_start_matches("W/") == bare))
}

/// Response extension: this body was compressed ahead of time (or is sent as it is on purpose).
#[derive(Clone, Copy, Debug)]
pub struct Precompressed;

/// The dynamic compression layer's rule: tower-http's default (not images, gRPC or event
/// streams), only bodies of 1 KiB and more (a smaller one gains a few bytes for the work), and
/// never a body marked [`Precompressed`]. tower-http itself never compresses a response that
/// already has a `Content-Encoding`.
#[derive(Clone, Default)]
pub struct DynamicOnly {
    default: DefaultPredicate,
}

/// Below this, a body is sent as it is.
pub const MIN_COMPRESSED_SIZE: u64 = 1024;

impl Predicate for DynamicOnly {
    fn should_compress<B>(&self, response: &axum::http::Response<B>) -> bool
    where
        B: axum::body::HttpBody,
    {
        response.extensions().get::<Precompressed>().is_none()
            && SizeAbove::new(MIN_COMPRESSED_SIZE).should_compress(response)
            && self.default.should_compress(response)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accept(value: &'static str) -> Encoding {
        let mut headers = HeaderMap::new();
        headers.insert(ACCEPT_ENCODING, HeaderValue::from_static(value));
        preferred(&headers)
    }

    #[test]
    fn brotli_then_gzip_then_identity() {
        assert_eq!(accept("gzip, deflate, br, zstd"), Encoding::Brotli);
        assert_eq!(accept("gzip, deflate"), Encoding::Gzip);
        assert_eq!(accept("br;q=0, gzip"), Encoding::Gzip);
        assert_eq!(accept("br;q=0.5, gzip;q=0.8"), Encoding::Gzip);
        assert_eq!(accept("deflate"), Encoding::Identity);
        assert_eq!(accept("identity"), Encoding::Identity);
        assert_eq!(accept("*"), Encoding::Brotli);
        assert_eq!(accept("*;q=0"), Encoding::Identity);
        assert_eq!(accept("BR"), Encoding::Brotli);
        assert_eq!(preferred(&HeaderMap::new()), Encoding::Identity);
        let mut headers = HeaderMap::new();
        headers.insert(ACCEPT_ENCODING, HeaderValue::from_static("br, gzip;q=0"));
        assert_eq!(Accepted::of(&headers).best(false, true), Encoding::Identity, "no gzip for who refuses it");
        headers.insert(ACCEPT_ENCODING, HeaderValue::from_static("br, gzip"));
        assert_eq!(Accepted::of(&headers).best(false, true), Encoding::Gzip, "gzip when no brotli variant");
    }

    #[test]
    fn if_none_match_compares_weakly_and_accepts_lists_and_star() {
        let mut headers = HeaderMap::new();
        assert!(!not_modified(&headers, "\"abc\""));
        headers.insert(IF_NONE_MATCH, HeaderValue::from_static("\"x\", W/\"abc\""));
        assert!(not_modified(&headers, "\"abc\""));
        assert!(!not_modified(&headers, &Encoding::Brotli.etag("abc")));
        assert!(not_modified(&headers, &Encoding::Identity.etag("abc")));
        headers.insert(IF_NONE_MATCH, HeaderValue::from_static("*"));
        assert!(not_modified(&headers, "\"anything\""));
    }
}
