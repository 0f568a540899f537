//! Sending e-mail. Handlers only write to the outbox (in their own transaction) and `kick` the
//! worker after commit; the worker delivers through SMTP (lettre) or, without SMTP settings,
//! writes each message as an .eml file into a local folder and logs it. Each message is claimed
//! in the database before it is sent, so two processes on one file send it once between them. A
//! failure never touches what the e-mail announces; it is retried with backoff.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use tokio::sync::Notify;

use crate::clock::Clock;
use crate::db::Db;
use crate::db::outbox::{self, Email};
use crate::error::AppError;

#[derive(Clone)]
pub struct Mailer {
    inner: Arc<Inner>,
}

struct Inner {
    transport: Transport,
    from: Mailbox,
    wake: Notify,
    /// The server's clock: when a message is due, sent, dated.
    clock: Clock,
}

enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Folder(PathBuf),
}

#[derive(Debug, thiserror::Error)]
pub enum MailSetupError {
    #[error("invalid --smtp-url: {0}")]
    SmtpUrl(String),
    #[error(
        "--smtp-url {url} asks for tls={tls} with a user name or password: the password could go over the network in clear; use smtps://user:password@host:465 (TLS from the start) or smtp://user:password@host:587 (STARTTLS, required)"
    )]
    PasswordInClear { url: String, tls: String },
    #[error("invalid --mail-from '{0}': expected an address such as 'Centre <no-reply@example.org>'")]
    From(String),
}

impl Mailer {
    pub fn new(smtp_url: Option<&str>, from: &str, folder: PathBuf, clock: Clock) -> Result<Mailer, MailSetupError> {
        let from: Mailbox = from.parse().map_err(|_| MailSetupError::From(from.to_owned()))?;
        let transport = match smtp_url {
            Some(url) => Transport::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(&secured_url(url)?)
                    .map_err(|e| MailSetupError::SmtpUrl(e.to_string()))?
                    .timeout(Some(Duration::from_secs(20)))
                    .build(),
            ),
            None => Transport::Folder(folder),
        };
        Ok(Mailer { inner: Arc::new(Inner { transport, from, wake: Notify::new(), clock }) })
    }

    /// Tells the worker there is mail to send (call after the transaction committed).
    pub fn kick(&self) {
        self.inner.wake.notify_one();
    }

    /// Delivers every message due now, each claimed in the database before it is sent (another
    /// process on the same file never sends it too); returns how many were sent.
    pub async fn deliver_due(&self, db: &Db) -> Result<usize, AppError> {
        let mut sent = 0;
        loop {
            let now = self.inner.clock.now();
            let Some(queued) = db.write(move |tx| outbox::claim_next(tx, now).map_err(AppError::from)).await? else {
                return Ok(sent);
            };
            let outcome = self.send(&queued.email).await;
            let now = self.inner.clock.now();
            match outcome {
                Ok(()) => {
                    db.write(move |tx| outbox::mark_sent(tx, queued.id, now).map_err(AppError::from)).await?;
                    sent += 1;
                }
                Err(error) => {
                    let logged = without_addresses(&error);
                    tracing::warn!(outbox_id = queued.id, attempts = queued.attempts + 1, error = %logged, "e-mail not delivered; will retry");
                    db.write(move |tx| {
                        outbox::mark_failed(tx, queued.id, queued.attempts, &error, now).map_err(AppError::from)
                    })
                    .await?;
                }
            }
        }
    }

    async fn send(&self, email: &Email) -> Result<(), String> {
        let now = self.inner.clock.now();
        let message = build_message(&self.inner.from, email, now)?;
        match &self.inner.transport {
            Transport::Smtp(smtp) => smtp.send(message).await.map(|_| ()).map_err(|e| e.to_string()),
            Transport::Folder(dir) => {
                let dir = dir.clone();
                let bytes = message.formatted();
                tokio::task::spawn_blocking(move || -> Result<(), String> {
                    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
                    let name = format!("{}-{:08x}.eml", now.format("%Y%m%dT%H%M%S%.3f"), rand::random::<u32>());
                    let path = dir.join(name);
                    std::fs::write(&path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                    // The file, never the address or the subject: logs carry no personal data.
                    tracing::info!(file = %path.display(), "e-mail written to the local outbox (no SMTP configured)");
                    Ok(())
                })
                .await
                .map_err(|e| e.to_string())?
            }
        }
    }

    /// Runs forever: delivers what is due, then waits for a kick or 30 seconds.
    pub fn spawn_worker(&self, db: Db) -> tokio::task::JoinHandle<()> {
        let mailer = self.clone();
        tokio::spawn(async move {
            loop {
                if let Err(error) = mailer.deliver_due(&db).await {
                    tracing::warn!(?error, "mail worker pass failed");
                }
                let _ = tokio::time::timeout(Duration::from_secs(30), mailer.inner.wake.notified()).await;
            }
        })
    }
}

/// The URL given to lettre, so that a password never travels in clear. Lettre reads
/// `smtp://user:password@host:587` without `tls=` as plain SMTP: the password would go in clear,
/// or the server, offering AUTH only after STARTTLS, would refuse it. So with credentials (a user
/// or a password) `smtp://` gets lettre's `tls=required` (STARTTLS, or nothing is sent), and a
/// weaker `tls=` is refused; `smtps://` is TLS from the first byte whatever `tls=` says. Without
/// credentials the URL is lettre's as written: a local relay or a test sink may be plain.
fn secured_url(raw: &str) -> Result<String, MailSetupError> {
    let mut url = url::Url::parse(raw).map_err(|e| MailSetupError::SmtpUrl(e.to_string()))?;
    let credentials = !url.username().is_empty() || url.password().is_some();
    if !credentials || url.scheme() != "smtp" {
        return Ok(raw.to_owned());
    }
    // The first `tls` pair, as lettre reads it.
    let tls = url.query_pairs().find(|(key, _)| key == "tls").map(|(_, value)| value.into_owned());
    match tls.as_deref() {
        None => {
            url.query_pairs_mut().append_pair("tls", "required");
            Ok(url.into())
        }
        Some("required") => Ok(raw.to_owned()),
        Some(weaker) => {
            Err(MailSetupError::PasswordInClear { url: crate::settings::mask_url_secret(raw), tls: weaker.to_owned() })
        }
    }
}

fn build_message(from: &Mailbox, email: &Email, now: DateTime<Utc>) -> Result<Message, String> {
    let to: Mailbox = email.to.parse().map_err(|e| format!("bad recipient '{}': {e}", email.to))?;
    let builder = Message::builder().from(from.clone()).to(to).subject(&email.subject).date(now.into());
    let text = SinglePart::builder().header(ContentType::TEXT_PLAIN).body(email.body_text.clone());
    let result = match &email.ics {
        None => builder.singlepart(text),
        Some(ics) => {
            let calendar =
                ContentType::parse("text/calendar; charset=utf-8; method=PUBLISH").map_err(|e| e.to_string())?;
            builder.multipart(
                MultiPart::mixed()
                    .singlepart(text)
                    .singlepart(Attachment::new("invitation.ics".to_owned()).body(ics.clone(), calendar)),
            )
        }
    };
    result.map_err(|e| e.to_string())
}

/// An iCalendar file with one event (times in UTC). `cancelled` marks a cancellation.
pub fn ics_event(
    uid: &str,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    summary: &str,
    location: &str,
    cancelled: bool,
    stamped: DateTime<Utc>,
) -> String {
    fn escape(text: &str) -> String {
        text.replace('\\', "\\\\").replace(';', "\\;").replace(',', "\\,").replace('\n', "\\n")
    }
    let stamp = |t: DateTime<Utc>| t.format("%Y%m%dT%H%M%SZ").to_string();
    let (method, status, sequence) = if cancelled { ("CANCEL", "CANCELLED", 1) } else { ("PUBLISH", "CONFIRMED", 0) };
    [
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        "PRODID:-//Centre plein air de La Peche//centre//FR".to_owned(),
        format!("METHOD:{method}"),
        "BEGIN:VEVENT".to_owned(),
        format!("UID:{uid}"),
        format!("DTSTAMP:{}", stamp(stamped)),
        format!("DTSTART:{}", stamp(start)),
        format!("DTEND:{}", stamp(end)),
        format!("SUMMARY:{}", escape(summary)),
        format!("LOCATION:{}", escape(location)),
        format!("STATUS:{status}"),
        format!("SEQUENCE:{sequence}"),
        "END:VEVENT".to_owned(),
        "END:VCALENDAR".to_owned(),
        String::new(),
    ]
    .join("\r\n")
}

/// An SMTP error with its e-mail addresses blanked ("550 <ann@example.org> unknown" becomes
/// "550 <address> unknown"), for the log, which carries no personal data.
fn without_addresses(text: &str) -> String {
    text.split(' ')
        .map(|word| {
            if word.contains('@') {
                let open = if word.starts_with('<') { "<" } else { "" };
                let close = word.len() - word.trim_end_matches(|c: char| !c.is_alphanumeric()).len();
                format!("{open}address{}", &word[word.len() - close..])
            } else {
                word.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    // A runtime: lettre's connection pool starts its task when the transport is built.
    #[tokio::test]
    async fn a_password_in_the_smtp_url_always_goes_over_tls() {
        let secured = |url: &str| secured_url(url).map_err(|e| e.to_string());
        // With credentials, smtp:// means STARTTLS, required; the rest of the URL stays as written.
        assert_eq!(
            secured("smtp://centre:s3cr%2Ft@smtp.example.org:587").as_deref(),
            Ok("smtp://centre:s3cr%2Ft@smtp.example.org:587?tls=required")
        );
        assert_eq!(
            secured("smtp://centre@relay.example.org").as_deref(),
            Ok("smtp://centre@relay.example.org?tls=required")
        );
        assert_eq!(
            secured("smtp://centre:pw@smtp.example.org:587/centre.example.org?x=1").as_deref(),
            Ok("smtp://centre:pw@smtp.example.org:587/centre.example.org?x=1&tls=required")
        );
        assert_eq!(
            secured("smtp://centre:pw@smtp.example.org:587?tls=required").as_deref(),
            Ok("smtp://centre:pw@smtp.example.org:587?tls=required")
        );
        // smtps:// is TLS from the first byte; without credentials the URL is lettre's as written.
        for unchanged in [
            "smtps://centre:pw@smtp.example.org:465",
            "smtp://127.0.0.1:2525",
            "smtp://relay.example.org:25?tls=opportunistic",
            "smtp://relay.example.org?tls=required",
        ] {
            assert_eq!(secured(unchanged).as_deref(), Ok(unchanged));
        }
        // Asking for less than required TLS with a password is refused at start, the password masked.
        for weaker in [
            "smtp://centre:hunter2@smtp.example.org:587?tls=none",
            "smtp://centre:hunter2@smtp.example.org:587?tls=opportunistic",
        ] {
            let refused =
                Mailer::new(Some(weaker), "Centre <no-reply@example.org>", PathBuf::from("outbox"), Clock::default())
                    .err()
                    .map(|e| e.to_string())
                    .unwrap_or_default();
            assert!(refused.contains("--smtp-url smtp://centre:***@smtp.example.org:587?tls="), "{refused}");
            assert!(refused.contains("in clear") && !refused.contains("hunter2"), "{refused}");
        }
        let builds = |url: &str| {
            Mailer::new(Some(url), "Centre <no-reply@example.org>", PathBuf::from("outbox"), Clock::default()).is_ok()
        };
        assert!(builds("smtp://centre:pw@smtp.example.org:587") && builds("smtps://centre:pw@smtp.example.org:465"));
        assert!(builds("smtp://127.0.0.1:2525"));
    }

    #[test]
    fn logged_smtp_errors_carry_no_address() {
        assert_eq!(
            without_addresses("550 5.1.1 <ann.tremblay@example.org>: Recipient address rejected"),
            "550 5.1.1 <address>: Recipient address rejected"
        );
        assert_eq!(without_addresses("bad mailbox bob@x.ca"), "bad mailbox address");
        assert_eq!(without_addresses("connection refused"), "connection refused");
    }

    #[test]
    fn ics_has_one_event_with_utc_times_and_escaped_text() {
        let start = Utc.with_ymd_and_hms(2027, 6, 1, 14, 0, 0).single().unwrap_or_default();
        let ics = ics_event(
            "booking-7@centre",
            start,
            start + chrono::Duration::hours(1),
            "Terrain 1; volleyball",
            "La Pêche, QC",
            false,
            start - chrono::Duration::days(3),
        );
        assert!(ics.contains("DTSTART:20270601T140000Z\r\n"));
        assert!(ics.contains("DTEND:20270601T150000Z\r\n"));
        assert!(ics.contains("SUMMARY:Terrain 1\\; volleyball\r\n"));
        assert!(ics.contains("LOCATION:La Pêche\\, QC\r\n"));
        assert!(ics.contains("STATUS:CONFIRMED"));
        assert!(ics.contains("DTSTAMP:20270529T140000Z\r\n"), "when it was written");
        let cancelled = ics_event("b", start, start, "x", "y", true, start);
        assert!(cancelled.contains("METHOD:CANCEL") && cancelled.contains("STATUS:CANCELLED"));
    }

    #[test]
    fn a_message_with_an_attachment_is_multipart() {
        let from: Mailbox = "Centre <no-reply@example.org>".parse().unwrap_or_else(|_| unreachable!());
        let email = Email {
            to: "marie@example.org".into(),
            subject: "Réservation confirmée".into(),
            body_text: "Bonjour".into(),
            ics: Some("BEGIN:VCALENDAR".into()),
        };
        let sent = Utc.with_ymd_and_hms(2027, 6, 1, 14, 0, 0).single().unwrap_or_default();
        let raw = String::from_utf8(build_message(&from, &email, sent).map(|m| m.formatted()).unwrap_or_default())
            .unwrap_or_default();
        assert!(raw.contains("multipart/mixed"));
        assert!(raw.contains("text/calendar"));
        assert!(raw.contains("invitation.ics"));
        assert!(build_message(&from, &Email { to: "not an address".into(), ..email }, sent).is_err());
    }
}
