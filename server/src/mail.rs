//! Sending e-mail. Handlers only write to the outbox (in their own transaction) and `kick` the
//! worker after commit; the worker delivers through SMTP (lettre) or, without SMTP settings,
//! writes each message as an .eml file into a local folder and logs it. A failure never touches
//! what the e-mail announces; it is retried with backoff.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use tokio::sync::Notify;

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
}

enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Folder(PathBuf),
}

#[derive(Debug, thiserror::Error)]
pub enum MailSetupError {
    #[error("invalid --smtp-url: {0}")]
    SmtpUrl(String),
    #[error("invalid --mail-from '{0}': expected an address such as 'Centre <no-reply@example.org>'")]
    From(String),
}

impl Mailer {
    pub fn new(smtp_url: Option<&str>, from: &str, folder: PathBuf) -> Result<Mailer, MailSetupError> {
        let from: Mailbox = from.parse().map_err(|_| MailSetupError::From(from.to_owned()))?;
        let transport = match smtp_url {
            Some(url) => Transport::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|e| MailSetupError::SmtpUrl(e.to_string()))?
                    .timeout(Some(Duration::from_secs(20)))
                    .build(),
            ),
            None => Transport::Folder(folder),
        };
        Ok(Mailer { inner: Arc::new(Inner { transport, from, wake: Notify::new() }) })
    }

    /// Tells the worker there is mail to send (call after the transaction committed).
    pub fn kick(&self) {
        self.inner.wake.notify_one();
    }

    /// Delivers every message due now; returns how many were sent.
    pub async fn deliver_due(&self, db: &Db) -> Result<usize, AppError> {
        let mut sent = 0;
        loop {
            let now = Utc::now();
            let Some(queued) = db.read(move |conn| outbox::next_due(conn, now).map_err(AppError::from)).await? else {
                return Ok(sent);
            };
            let outcome = self.send(&queued.email).await;
            let now = Utc::now();
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
        let message = build_message(&self.inner.from, email, Utc::now())?;
        match &self.inner.transport {
            Transport::Smtp(smtp) => smtp.send(message).await.map(|_| ()).map_err(|e| e.to_string()),
            Transport::Folder(dir) => {
                let dir = dir.clone();
                let bytes = message.formatted();
                tokio::task::spawn_blocking(move || -> Result<(), String> {
                    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
                    let name = format!("{}-{:08x}.eml", Utc::now().format("%Y%m%dT%H%M%S%.3f"), rand::random::<u32>());
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
        format!("DTSTAMP:{}", stamp(Utc::now())),
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
        );
        assert!(ics.contains("DTSTART:20270601T140000Z\r\n"));
        assert!(ics.contains("DTEND:20270601T150000Z\r\n"));
        assert!(ics.contains("SUMMARY:Terrain 1\\; volleyball\r\n"));
        assert!(ics.contains("LOCATION:La Pêche\\, QC\r\n"));
        assert!(ics.contains("STATUS:CONFIRMED"));
        let cancelled = ics_event("b", start, start, "x", "y", true);
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
        let raw =
            String::from_utf8(build_message(&from, &email, Utc::now()).map(|m| m.formatted()).unwrap_or_default())
                .unwrap_or_default();
        assert!(raw.contains("multipart/mixed"));
        assert!(raw.contains("text/calendar"));
        assert!(raw.contains("invitation.ics"));
        assert!(build_message(&from, &Email { to: "not an address".into(), ..email }, Utc::now()).is_err());
    }
}
