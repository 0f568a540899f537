//! `centre backup --to DIR` and `centre restore FROM` with the real binary: snapshots
//! taken while the server writes hold every write acknowledged before them and pass SQLite's
//! integrity check; only the newest N are kept; a restore refuses to replace a database without
//! `--force`, refuses what is not a sound centre database, and brings back the snapshot's data.
#![allow(clippy::unwrap_used)]

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

use common::TestApp;
use serde_json::json;

fn centre(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_centre"))
        .args(args)
        .env("RUST_LOG", "error")
        .env_remove("CENTRE_DB")
        .output()
        .unwrap()
}

fn text(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

fn event_titles(db: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let integrity: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(integrity, "ok", "{}", db.display());
    let mut stmt = conn.prepare("SELECT title FROM events ORDER BY id").unwrap();
    stmt.query_map([], |r| r.get(0)).unwrap().collect::<Result<_, _>>().unwrap()
}

async fn create_event(app: &TestApp, title: &str) {
    let body = json!({
        "title": title, "titleEn": "", "description": "Sauvegarde.", "descriptionEn": "",
        "categoryId": "volleyball", "location": "La Pêche", "startDate": "2099-07-01T14:00:00Z", "endDate": null,
        "price": 10, "maxParticipants": null, "requiresPayment": false,
    });
    let response = app.client.post(app.at("/api/events")).json(&body).send().await.unwrap();
    assert_eq!(response.status(), 201);
}

fn snapshots(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    names
}

#[tokio::test]
async fn snapshots_while_the_server_writes_keep_the_newest_and_restore_with_force_only() {
    let app = TestApp::with_admin().await;
    let backups = tempfile::tempdir().unwrap();
    let db = app.db_path.to_str().unwrap().to_owned();
    let to = backups.path().to_str().unwrap().to_owned();

    // Writes and snapshots interleaved: each snapshot holds every write acknowledged before it.
    let mut taken = Vec::new();
    for round in 0..3 {
        let title = format!("Tournoi {round}");
        let writing = {
            let client = app.client.clone();
            let url = app.at("/api/events");
            tokio::spawn(async move {
                for i in 0..5 {
                    let body = json!({"title": format!("Pendant {i}"), "titleEn": "", "description": "x", "descriptionEn": "",
                        "categoryId": "volleyball", "location": "La Pêche", "startDate": "2099-07-01T14:00:00Z",
                        "endDate": null, "price": 0, "maxParticipants": null, "requiresPayment": false});
                    assert_eq!(client.post(&url).json(&body).send().await.unwrap().status(), 201);
                }
            })
        };
        create_event(&app, &title).await;
        let (db, to) = (db.clone(), to.clone());
        let out = tokio::task::spawn_blocking(move || centre(&["backup", "--to", &to, "--keep", "2", "--db", &db]))
            .await
            .unwrap();
        assert!(out.status.success(), "{}", text(&out));
        writing.await.unwrap();
        let path = text(&out).trim().trim_start_matches("snapshot written: ").to_owned();
        assert!(event_titles(Path::new(&path)).contains(&title), "round {round}: the acknowledged event is there");
        taken.push(path);
        // Snapshots are named by the second.
        tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    }
    let kept = snapshots(backups.path());
    assert_eq!(kept.len(), 2, "the newest two are kept: {kept:?}");
    assert!(kept.iter().all(|n| n.starts_with("centre-") && n.ends_with(".db")), "{kept:?}");
    assert!(!Path::new(&taken[0]).exists(), "the oldest went");

    // Restoring over an existing database needs --force, and leaves it untouched without.
    let restored_db = backups.path().join("restored").join("centre.db");
    std::fs::create_dir_all(restored_db.parent().unwrap()).unwrap();
    std::fs::copy(&app.db_path, &restored_db).unwrap();
    let before = std::fs::read(&restored_db).unwrap();
    let target = restored_db.to_str().unwrap();
    let refused = centre(&["restore", &taken[1], "--db", target]);
    assert!(!refused.status.success());
    assert!(text(&refused).contains("--force"), "{}", text(&refused));
    assert_eq!(std::fs::read(&restored_db).unwrap(), before);

    let restored = centre(&["restore", &taken[1], "--db", target, "--force"]);
    assert!(restored.status.success(), "{}", text(&restored));
    let titles = event_titles(&restored_db);
    assert!(titles.contains(&"Tournoi 1".to_owned()) && !titles.contains(&"Tournoi 2".to_owned()), "{titles:?}");

    // A new place needs no --force; what is not a sound centre database is refused.
    let fresh = backups.path().join("fresh.db");
    let out = centre(&["restore", &taken[2], "--db", fresh.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(event_titles(&fresh).contains(&"Tournoi 2".to_owned()));
    let junk = backups.path().join("junk.db");
    std::fs::write(&junk, b"not a database at all, just some bytes").unwrap();
    let out = centre(&["restore", junk.to_str().unwrap(), "--db", backups.path().join("x.db").to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(text(&out).contains("not a sound centre database"), "{}", text(&out));
    assert!(!backups.path().join("x.db").exists());
    let missing = centre(&["backup", "--to", &to, "--db", backups.path().join("none.db").to_str().unwrap()]);
    assert!(!missing.status.success());
    assert!(text(&missing).contains("no database at"), "{}", text(&missing));
}

#[tokio::test]
async fn snapshots_are_the_owners_alone_and_a_restore_belongs_to_the_database_folders_owner() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let app = TestApp::with_admin().await;
    create_event(&app, "Avant la restauration").await;
    let dir = tempfile::tempdir().unwrap();
    let snapshots_dir = dir.path().join("snapshots");
    let out = centre(&["backup", "--to", snapshots_dir.to_str().unwrap(), "--db", app.db_path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&snapshots_dir), 0o700, "the snapshots' folder is its owner's alone");
    let names = snapshots(&snapshots_dir);
    let snapshot = snapshots_dir.join(&names[0]);
    assert_eq!(mode(&snapshot), 0o600, "a snapshot is readable by its owner only");

    // The service's folder belongs to another account (the centre user); the restore, run by
    // this test as root, leaves a file that account owns and can write, alone.
    let service_dir = dir.path().join("service");
    std::fs::create_dir(&service_dir).unwrap();
    std::fs::set_permissions(&service_dir, std::fs::Permissions::from_mode(0o700)).unwrap();
    let (uid, gid) = (64_123, 64_124);
    std::os::unix::fs::chown(&service_dir, Some(uid), Some(gid)).unwrap();
    let db = service_dir.join("centre.db");
    let out = centre(&["restore", snapshot.to_str().unwrap(), "--db", db.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
    let restored = std::fs::metadata(&db).unwrap();
    assert_eq!((restored.uid(), restored.gid()), (uid, gid), "the folder's owner owns the restored file");
    assert_eq!(restored.permissions().mode() & 0o777, 0o600);
    assert_eq!(event_titles(&db), vec!["Avant la restauration".to_owned()]);
}
