//! Live tournament pages: after a write to a tournament commits, its event's id is broadcast;
//! each open `/api/events/{id}/tournament/stream` (server-sent events) tells its page to
//! refetch. At shutdown every stream ends, so a graceful stop does not wait on open pages.

use tokio::sync::{broadcast, watch};

#[derive(Clone)]
pub struct Live {
    changes: broadcast::Sender<i64>,
    closing: watch::Sender<bool>,
}

impl Default for Live {
    fn default() -> Self {
        Self::new()
    }
}

impl Live {
    pub fn new() -> Live {
        let (changes, _) = broadcast::channel(256);
        let (closing, _) = watch::channel(false);
        Live { changes, closing }
    }

    /// The tournament of `event_id` changed (call after commit).
    pub fn tournament_changed(&self, event_id: i64) {
        // No page open: nobody to tell.
        let _ = self.changes.send(event_id);
    }

    pub fn subscribe(&self) -> (broadcast::Receiver<i64>, watch::Receiver<bool>) {
        (self.changes.subscribe(), self.closing.subscribe())
    }

    /// Ends every stream (at shutdown).
    pub fn close(&self) {
        let _ = self.closing.send(true);
    }
}
