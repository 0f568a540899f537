//! The landing page's text is in the HTML the server sends (prerendered at build time) for `/`
//! and `/home`; other client routes get the empty shell, which the app renders.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::TestApp;

#[tokio::test]
async fn the_landing_page_is_prerendered_for_the_root_and_home() {
    let app = TestApp::spawn().await;
    for path in ["/", "/home"] {
        let html = app.get(path).await.text().await.unwrap();
        assert!(html.contains("<html lang=\"fr\">"), "{path}");
        assert!(html.contains("Bougez en plein air, au bord du lac"), "{path}: the hero title is in the HTML");
        assert!(html.contains("id=\"services\"") && html.contains("id=\"events\"") && html.contains("id=\"about\""));
        assert!(html.contains("<title>Centre plein air de La Pêche — volleyball"), "{path}: translated title");
    }
}

#[tokio::test]
async fn other_client_routes_get_the_empty_shell() {
    let app = TestApp::spawn().await;
    for path in ["/events", "/admin", "/nowhere/at/all"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200);
        let html = response.text().await.unwrap();
        assert!(html.contains("<div id=\"root\"></div>"), "{path}: the shell has no content");
        assert!(html.contains("src=\"/assets/"), "{path}: the shell loads the app");
        assert!(!html.contains("Bougez en plein air"), "{path}");
    }
}

#[tokio::test]
async fn a_member_with_a_session_cookie_gets_the_shell_at_the_root() {
    let app = TestApp::spawn().await;
    let client = reqwest::Client::new();
    // `__Host-centre.sid` is the cookie's name on https.
    for (path, cookie) in [("/", "centre.sid"), ("/home", "centre.sid"), ("/", "__Host-centre.sid")] {
        let response =
            client.get(app.at(path)).header("cookie", format!("theme=dark; {cookie}=abc")).send().await.unwrap();
        assert_eq!(response.headers()["vary"], "Cookie");
        let html = response.text().await.unwrap();
        assert!(html.contains("<div id=\"root\"></div>"), "{path}: the app renders the member home");
    }
    let other = client.get(app.at("/")).header("cookie", "centre.sidebar=1").send().await.unwrap();
    assert!(other.text().await.unwrap().contains("Bougez en plein air"), "only the session cookie counts");
}
