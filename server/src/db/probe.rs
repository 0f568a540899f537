//! The health check's query. Checks that arrive while one runs wait for the next and share it:
//! every answer still comes from a real query that started after its check arrived, but a
//! burst of checks costs one trip to the blocking pool, not one each.

use std::sync::{Mutex, PoisonError};

use tokio::sync::oneshot;

use super::{Db, DbCallError};

/// The checks waiting for the next query.
#[derive(Default)]
pub(super) struct Waiting(Mutex<Queue>);

#[derive(Default)]
struct Queue {
    /// A task is running queries (and takes what waits before each one).
    running: bool,
    answers: Vec<oneshot::Sender<bool>>,
}

struct ProbeFailed;

impl From<rusqlite::Error> for ProbeFailed {
    fn from(_: rusqlite::Error) -> Self {
        ProbeFailed
    }
}

impl DbCallError for ProbeFailed {
    fn task_failed(_: String) -> Self {
        ProbeFailed
    }
}

impl Db {
    /// Whether the database answers a real query (the migrations' history is read), run after
    /// this call began.
    pub async fn healthy(&self) -> bool {
        let (answer, answered) = oneshot::channel();
        let start = {
            let mut queue = self.inner.probe.0.lock().unwrap_or_else(PoisonError::into_inner);
            queue.answers.push(answer);
            !std::mem::replace(&mut queue.running, true)
        };
        if start {
            let db = self.clone();
            tokio::spawn(async move { db.run_probes().await });
        }
        answered.await.unwrap_or(false)
    }

    /// Runs one query for everything waiting, until nothing waits.
    async fn run_probes(&self) {
        loop {
            let batch = {
                let mut queue = self.inner.probe.0.lock().unwrap_or_else(PoisonError::into_inner);
                if queue.answers.is_empty() {
                    queue.running = false;
                    return;
                }
                std::mem::take(&mut queue.answers)
            };
            let ok = self
                .read(|conn| {
                    let mut stmt = conn.prepare_cached("SELECT count(*) FROM refinery_schema_history")?;
                    Ok::<_, ProbeFailed>(stmt.query_row([], |r| r.get::<_, i64>(0))?)
                })
                .await
                .is_ok();
            for answer in batch {
                let _ = answer.send(ok);
            }
        }
    }
}
