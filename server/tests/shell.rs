//! The landing page's text is in the HTML the server sends (prerendered at build time) for `/`
//! and `/home`; other client routes get a route shell (the header and a loading line, then the
//! app), chosen for who asks: a visitor, a member, an admin's console tab.
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
        // Sent to a visitor only (a member gets the member home's shell): the app asks nothing.
        assert!(html.contains(VISITOR), "{path}: the page says it was sent to a visitor");
    }
}

/// What the pages sent to a visitor say, so that the app asks nobody who is signed in.
const VISITOR: &str = r#"<meta name="centre-signed-in" content="0">"#;

/// The frame of a route shell: the header and a loading line, drawn before any JavaScript, with
/// no page in it.
fn is_frame(html: &str) -> bool {
    html.contains("<div id=\"root\"><")
        && html.contains("<header")
        && html.contains("Chargement…")
        && !html.contains("data-prerendered")
}

/// The `fetch` preloads a page announces, in order.
fn reads(html: &str) -> Vec<&str> {
    html.split(r#"<link rel="preload" as="fetch" crossorigin="use-credentials" href=""#)
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect()
}

#[tokio::test]
async fn other_client_routes_get_the_shell_frame() {
    let app = TestApp::spawn().await;
    for path in ["/events", "/admin", "/nowhere/at/all"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200);
        let html = response.text().await.unwrap();
        assert!(is_frame(&html), "{path}: the shell's frame, not a page: {html}");
        assert!(html.contains("src=\"/assets/"), "{path}: the shell loads the app");
        assert!(!html.contains("Bougez en plein air"), "{path}");
        assert!(!html.contains(r#"content="1""#), "{path}: a visitor's shell");
        assert!(
            !reads(&html).iter().any(|read| read.starts_with("/api/auth/")),
            "{path}: nobody asks who is signed in"
        );
        assert!(!reads(&html).contains(&"/api/admin/status"), "{path}: no role call for a visitor (a 401)");
    }
    // The routes with their own shell say it was sent to a visitor; shell.html, which also
    // answers a member on a route without its shell (and every navigation once the service
    // worker runs), says nothing: the app asks.
    for (path, visitor) in [("/events", true), ("/admin", true), ("/nowhere/at/all", false)] {
        assert_eq!(app.get(path).await.text().await.unwrap().contains(VISITOR), visitor, "{path}");
    }
}

#[tokio::test]
async fn a_signed_in_member_gets_the_member_home_shell_at_the_root_and_a_stale_cookie_the_landing_page() {
    let app = TestApp::spawn().await;
    app.sign_in_as("membre@example.org").await;
    for path in ["/", "/home"] {
        let response = app.get(path).await;
        assert!(response.headers().get_all("vary").iter().any(|v| v == "Cookie"), "{path}");
        let html = response.text().await.unwrap();
        assert!(is_frame(&html) && html.contains(r#"<meta name="centre-signed-in" content="1">"#), "{path}: {html}");
        assert!(html.contains("/assets/MemberHome-"), "{path}: the member home's chunk is announced");
        for read in ["/api/auth/user", "/api/admin/status", "/api/supervisor/status", "/api/user/registrations"] {
            assert!(reads(&html).contains(&read), "{path}: {read} in {:?}", reads(&html));
        }
    }
    let client = reqwest::Client::new();
    // A cookie whose session is gone (or never was) is a visitor's: the prerendered landing page.
    for cookie in ["centre.sid=abc", "theme=dark; centre.sid=abc", "centre.sidebar=1"] {
        let html = client.get(app.at("/")).header("cookie", cookie).send().await.unwrap().text().await.unwrap();
        assert!(html.contains("Bougez en plein air") && html.contains("data-prerendered"), "{cookie}");
    }
}

/// The console's shell is the tab's: its chunk and its reads come with the entry script. Each
/// person gets only the reads their page makes (an unused preload, or a 401, is a console
/// message).
#[tokio::test]
async fn the_console_shell_follows_the_role_and_the_tab() {
    let app = TestApp::spawn().await;
    let admin = app.user("admin@example.org", Some("admin")).await;
    let supervisor = app.user("superviseur@example.org", Some("supervisor")).await;
    let member = app.user("membre@example.org", None).await;
    let page = |client: &reqwest::Client, path: &str| {
        let request = client.get(app.at(path));
        async move { request.send().await.unwrap().text().await.unwrap() }
    };

    let payments = page(&admin.client, "/admin?tab=payments").await;
    assert!(
        payments.contains("/assets/AdminPaymentsTab-") && reads(&payments).contains(&"/api/admin/payments"),
        "{payments}"
    );
    let first = page(&admin.client, "/admin").await;
    assert!(reads(&first).contains(&"/api/admin/bookings") && !first.contains("AdminPaymentsTab-"), "{first}");
    // An unknown tab opens the first one, as the console does.
    assert_eq!(reads(&page(&admin.client, "/admin?tab=../../etc").await), reads(&first));
    // The frame is the console's, with its title for the role, and says the role to the app.
    assert!(
        first.contains("Administration</h1>") && first.contains(r#"<meta name="centre-role" content="admin">"#),
        "{first}"
    );
    // A supervisor has the bookings tab only, whatever the address says, and their own title.
    let supervised = page(&supervisor.client, "/admin?tab=payments").await;
    assert_eq!(reads(&supervised), reads(&first));
    assert!(
        supervised.contains("Interface de Supervision</h1>") && supervised.contains(r#"content="supervisor""#),
        "{supervised}"
    );
    // A member sees 'Accès refusé': the roles, nothing of the console's data.
    let denied = page(&member.client, "/admin?tab=payments").await;
    assert_eq!(
        reads(&denied).join(" "),
        "/api/auth/user /api/admin/status /api/supervisor/status /api/camp-staff/status"
    );
    assert!(is_frame(&denied) && !denied.contains("centre-role") && !denied.contains("Interface d"), "{denied}");
    // A visitor: nothing to read, the page says nobody is signed in (the not-found screen).
    let visitor = page(&reqwest::Client::new(), "/admin").await;
    assert!(reads(&visitor).is_empty() && visitor.contains(VISITOR), "{visitor}");
}

/// `{id}` in a shell is the event of the address; an address without a number drops those reads.
#[tokio::test]
async fn the_event_shell_announces_the_event_of_its_address() {
    let app = TestApp::spawn().await;
    let visitor = app.get("/event/7").await.text().await.unwrap();
    assert_eq!(reads(&visitor), ["/api/events/7", "/api/events/7/tournament", "/api/events/7/league"]);
    app.sign_in_as("membre@example.org").await;
    let member = app.get("/event/7").await.text().await.unwrap();
    assert!(reads(&member).contains(&"/api/events/7/user-team"), "{member}");
    for path in ["/event/abc", "/event/-1", "/event"] {
        let html = app.get(path).await.text().await.unwrap();
        assert!(
            is_frame(&html)
                && !html.contains("{id}")
                && !reads(&html).iter().any(|read| read.starts_with("/api/events/")),
            "{path}: {html}"
        );
    }
}
