//! The HTTP contract (`api/openapi.json`): the committed file is the document the code
//! generates. Every `/api` call is in that document by construction: router.rs registers each
//! handler once, for the router and the document alike.

use std::path::PathBuf;

use serde_json::Value;

use crate::common::TestApp;

const REGENERATE: &str =
    "run `make openapi` (or `cargo run -p centre-server -- openapi > api/openapi.json`) and commit api/openapi.json";

fn repo_file(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

#[test]
fn the_committed_document_is_the_generated_one() {
    let committed = std::fs::read_to_string(repo_file("api/openapi.json"))
        .unwrap_or_else(|e| panic!("api/openapi.json cannot be read ({e}): {REGENERATE}"));
    let generated = centre_server::openapi::document();
    if committed != generated {
        let first = committed.lines().zip(generated.lines()).position(|(a, b)| a != b);
        let line = first.unwrap_or_else(|| committed.lines().count().min(generated.lines().count()));
        panic!(
            "api/openapi.json differs from the code's contract (first at line {}: committed {:?}, generated {:?}): {REGENERATE}",
            line + 1,
            committed.lines().nth(line).unwrap_or(""),
            generated.lines().nth(line).unwrap_or(""),
        );
    }
}

/// Each error the document promises is the common shape, as the real server sends it: a bad id,
/// a bad query string and bad JSON.
#[tokio::test]
async fn rejections_have_the_common_error_shape() {
    let app = TestApp::with_admin().await;
    let client = app.client.clone();
    let check = |status: u16, body: Value, expected: u16, code: &str, what: &str| {
        assert_eq!(status, expected, "{what}: {body}");
        assert_eq!(body["code"], code, "{what}: {body}");
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()), "{what}: {body}");
    };
    for bad in ["0", "-1", "+1", "1.5", "abc", "%FF", "99999999999999999999"] {
        let response = client.get(app.at(&format!("/api/events/{bad}"))).send().await.unwrap();
        let status = response.status().as_u16();
        check(status, response.json().await.unwrap(), 404, "not_found", bad);
    }
    let response =
        client.get(app.at("/api/day-camp-weeks?programId=a&programId=b")).header("X-Lang", "en").send().await.unwrap();
    let status = response.status().as_u16();
    let body: Value = response.json().await.unwrap();
    check(status, body.clone(), 400, "malformed_json", "a query given twice");
    assert_eq!(body["message"], "The request is malformed.");
    let response = client
        .post(app.at("/api/events"))
        .header("Content-Type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    check(status, response.json().await.unwrap(), 400, "malformed_json", "bad JSON");
}
