//! The HTTP contract (`api/openapi.json`): the committed file is the document the code
//! generates, and every `/api` route the router registers is in it with each of its methods.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use serde_json::Value;

use crate::common::TestApp;

const REGENERATE: &str =
    "run `make openapi` (or `cargo run -p centre-server -- openapi > api/openapi.json`) and commit api/openapi.json";

fn repo_file(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

fn document() -> Value {
    serde_json::from_str(&centre_server::openapi::document()).unwrap()
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

/// Every `.route("/api/...", ...)` of routes/mod.rs with the methods it registers (the catch-all
/// `any` routes answer 404 and are no calls).
fn routed() -> BTreeMap<String, BTreeSet<String>> {
    let source = std::fs::read_to_string(repo_file("server/src/routes/mod.rs")).unwrap();
    let mut routes = BTreeMap::new();
    for chunk in source.split(".route(\"").skip(1) {
        let (path, rest) = chunk.split_once('"').unwrap();
        // The route's expression ends at the next `.route(` (or the end of the builder).
        let expr = rest.split(".route(").next().unwrap();
        let expr = expr.split("\n}").next().unwrap();
        let methods: BTreeSet<String> = ["get", "post", "put", "patch", "delete"]
            .into_iter()
            .filter(|m| {
                expr.match_indices(&format!("{m}(")).any(|(i, _)| {
                    let before = expr[..i].chars().next_back();
                    !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
                })
            })
            .map(str::to_owned)
            .collect();
        if expr.contains("any(") {
            continue;
        }
        assert!(!methods.is_empty(), "no method found for the route {path}: {expr}");
        routes.insert(path.to_owned(), methods);
    }
    routes
}

#[test]
fn every_routed_call_is_in_the_document() {
    let doc = document();
    let paths = doc["paths"].as_object().unwrap();
    let documented: BTreeMap<String, BTreeSet<String>> =
        paths.iter().map(|(path, item)| (path.clone(), item.as_object().unwrap().keys().cloned().collect())).collect();
    let routed = routed();
    assert!(routed.len() > 50, "the route table was not read: {routed:?}");
    for (path, methods) in &routed {
        let found = documented.get(path).unwrap_or_else(|| {
            panic!("{path} is routed but not in the OpenAPI document: add #[utoipa::path] to its handler and list it in openapi.rs")
        });
        for method in methods {
            assert!(found.contains(method), "{} {path} is routed but not documented", method.to_uppercase());
        }
    }
    for (path, methods) in &documented {
        let routed_methods = routed.get(path).unwrap_or_else(|| panic!("{path} is documented but not routed"));
        assert_eq!(methods, routed_methods, "{path}: documented and routed methods differ");
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
