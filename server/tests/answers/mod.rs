//! The API's main answers as JSON snapshots (`answers/snapshots/`), as the PWA and the console
//! read them: events and a member's registrations, tournaments, courts, day camps, payments.
//! Ids, the run's own instants, versions and payment references are redacted (`common::snap`);
//! what each test chose (titles, names, amounts, the tournament's times) stays.

mod camps;
mod courts;
mod events;
mod payments;
mod tournaments;

use serde_json::Value;

use crate::common::TestApp;

/// The JSON of `GET path` as `client` sees it, expecting 200.
pub async fn answer(app: &TestApp, client: &reqwest::Client, path: &str) -> Value {
    let response = client.get(app.at(path)).send().await.unwrap();
    assert_eq!(response.status(), 200, "{path}");
    response.json().await.unwrap()
}

/// Snapshots `value` as `name` under `settings`.
pub fn assert_answer(settings: &insta::Settings, name: &str, value: &Value) {
    settings.bind(|| insta::assert_json_snapshot!(name, value));
}
