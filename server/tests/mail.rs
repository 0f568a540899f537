#![allow(clippy::unwrap_used)]

use centre_server::db::outbox::{self, Email};
use centre_server::error::AppError;
use centre_server::settings::Settings;

fn email(to: &str) -> Email {
    Email { to: to.into(), subject: "Inscription reçue".into(), body_text: "Bonjour Marie".into(), ics: None }
}

#[tokio::test]
async fn without_smtp_mail_is_written_to_the_outbox_folder_after_commit() {
    let dir = tempfile::tempdir().unwrap();
    let settings = Settings::for_tests(dir.path().join("centre.db"));
    let mail_dir = settings.mail_dir.clone();
    let state = tokio::task::spawn_blocking(move || centre_server::prepare(settings)).await.unwrap().unwrap();
    let now = chrono::Utc::now();
    state
        .db
        .write(move |tx| outbox::enqueue(tx, &email("marie@example.org"), now).map_err(AppError::from))
        .await
        .unwrap();
    let sent = state.mailer.deliver_due(&state.db).await.unwrap();
    assert_eq!(sent, 1);
    let files: Vec<_> = std::fs::read_dir(&mail_dir).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 1);
    let raw = std::fs::read_to_string(&files[0]).unwrap();
    assert!(raw.contains("To: marie@example.org"), "{raw}");
    assert!(raw.contains("Bonjour Marie"));
    // Delivered once: a second pass sends nothing.
    assert_eq!(state.mailer.deliver_due(&state.db).await.unwrap(), 0);
}

#[tokio::test]
async fn a_failed_delivery_is_kept_and_retried_later() {
    let dir = tempfile::tempdir().unwrap();
    let mut settings = Settings::for_tests(dir.path().join("centre.db"));
    // Nothing listens on port 9 of loopback: delivery fails at once.
    settings.smtp_url = Some("smtp://127.0.0.1:9".into());
    let state = tokio::task::spawn_blocking(move || centre_server::prepare(settings)).await.unwrap().unwrap();
    let now = chrono::Utc::now();
    state
        .db
        .write(move |tx| outbox::enqueue(tx, &email("paul@example.org"), now).map_err(AppError::from))
        .await
        .unwrap();
    assert_eq!(state.mailer.deliver_due(&state.db).await.unwrap(), 0);
    let (status, attempts, next): (String, i64, String) = state
        .db
        .read(|c| {
            c.query_row("SELECT status, attempts, next_attempt_at FROM outbox_emails", [], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .map_err(AppError::from)
        })
        .await
        .unwrap();
    assert_eq!((status.as_str(), attempts), ("pending", 1));
    assert!(next > centre_core::timefmt::utc_text(now), "retried later, not in a busy loop");
}
