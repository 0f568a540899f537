//! One ownership rule for every member-facing read: docs/privacy.md reviews each route a
//! signed-in member can call, with the key it selects the member's rows by. This walks the
//! router's routes (the OpenAPI document is the router's list: `routes!` registers both) and
//! calls each one as a member who holds no role. A route that does not refuse them (403, a role
//! extractor) serves a signed-in member, and must have its row in the review; a row must name a
//! route that exists and that a member reaches.
//!
//! Planted once (then reverted): with the row of `GET /api/user/my-data` taken out of
//! docs/privacy.md, the walk failed naming it; with a row for `GET /api/admin/events` (an admin's
//! route) added, it failed naming that row.

use std::collections::BTreeSet;

use crate::common::TestApp;

/// Every operation of the router, as `METHOD /path` with the document's placeholders.
fn operations() -> Vec<(reqwest::Method, String)> {
    let doc = serde_json::to_value(centre_server::router::openapi()).unwrap();
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in ["get", "post", "put", "delete", "patch"] {
            if item.get(method).is_some() {
                out.push((method.to_uppercase().parse().unwrap(), path.clone()));
            }
        }
    }
    out
}

/// The review's table: each row's first cell, `` `METHOD /path` ``, and its owner key.
fn reviewed() -> Vec<(String, String)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/privacy.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.trim().strip_prefix('|')?.split('|').map(str::trim).collect();
            let route = cells.first()?.strip_prefix('`')?.strip_suffix('`')?;
            let method = route.split(' ').next()?;
            ["GET", "POST", "PUT", "DELETE", "PATCH"]
                .contains(&method)
                .then(|| (route.to_owned(), cells.get(1).copied().unwrap_or("").to_owned()))
        })
        .collect()
}

/// A real-looking value for each placeholder: a number names nothing the member owns.
fn concrete(path: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let close = rest[open..].find('}').map_or(rest.len(), |c| open + c);
        out.push_str(if &rest[open + 1..close] == "year" { "2030" } else { "1" });
        rest = &rest[(close + 1).min(rest.len())..];
    }
    out.push_str(rest);
    out
}

#[tokio::test]
async fn every_route_a_member_reaches_is_in_the_ownership_review() {
    let app = TestApp::spawn().await;
    let mut reached = BTreeSet::new();
    let mut refused_as_visitor = Vec::new();
    for (i, (method, path)) in operations().into_iter().enumerate() {
        // A member of their own for each call: one call's effect (signing out) touches no other.
        let member = app.user(&format!("revue{i}@example.org"), None).await;
        let response = member
            .client
            .request(method.clone(), app.at(&concrete(&path)))
            .timeout(std::time::Duration::from_secs(10))
            .send()
            .await
            .unwrap();
        match response.status().as_u16() {
            403 => {}
            401 => refused_as_visitor.push(format!("{method} {path}")),
            _ => {
                reached.insert(format!("{method} {path}"));
            }
        }
    }
    assert!(refused_as_visitor.is_empty(), "a signed-in member was refused as a visitor: {refused_as_visitor:?}");
    assert!(reached.contains("GET /api/user/my-data"), "the walk reaches the member's routes: {reached:?}");
    let rows = reviewed();
    let listed: BTreeSet<String> = rows.iter().map(|(route, _)| route.clone()).collect();
    let missing: Vec<&String> = reached.difference(&listed).collect();
    assert!(missing.is_empty(), "routes a member reaches with no row in docs/privacy.md's review: {missing:#?}");
    let stale: Vec<&String> = listed.difference(&reached).collect();
    assert!(stale.is_empty(), "rows of docs/privacy.md's review that are no route a member reaches: {stale:#?}");
    let keyless: Vec<&String> = rows.iter().filter(|(_, key)| key.is_empty()).map(|(route, _)| route).collect();
    assert!(keyless.is_empty(), "rows that name no owner key: {keyless:?}");
    assert_eq!(rows.len(), listed.len(), "one row per route");
}
