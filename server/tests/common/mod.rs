//! The real router on 127.0.0.1:0 with a fresh SQLite file per test.
#![allow(dead_code, clippy::unwrap_used)]

use std::path::PathBuf;

use centre_server::settings::Settings;

pub struct TestApp {
    pub url: String,
    pub client: reqwest::Client,
    pub db_path: PathBuf,
    _dir: tempfile::TempDir,
}

impl TestApp {
    pub async fn spawn() -> TestApp {
        Self::spawn_with(|_| {}).await
    }

    pub async fn spawn_with(configure: impl FnOnce(&mut Settings)) -> TestApp {
        let dir = tempfile::tempdir().unwrap();
        let db_path = dir.path().join("centre.db");
        let mut settings = Settings::for_tests(db_path.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        settings.addr = addr;
        settings.public_url = format!("http://{addr}");
        configure(&mut settings);
        let state = tokio::task::spawn_blocking(move || centre_server::prepare(settings)).await.unwrap().unwrap();
        state.mailer.spawn_worker(state.db.clone());
        let router = centre_server::build_router(state);
        tokio::spawn(async move {
            axum::serve(listener, router).await.unwrap();
        });
        let client = reqwest::Client::builder().cookie_store(true).build().unwrap();
        TestApp { url: format!("http://{addr}"), client, db_path, _dir: dir }
    }

    pub fn at(&self, path: &str) -> String {
        format!("{}{path}", self.url)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.at(path)).send().await.unwrap()
    }
}
