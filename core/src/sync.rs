//! Merging score entries made offline on several devices.
//!
//! Each match's score is a last-writer-wins register. An entry is ordered by
//! `(enteredAt, entryId, team1Score, team2Score)`; the match remembers the `enteredAt` and
//! `entryId` of the entry that set its score, and an entry replaces the score only when it is
//! greater than that. So the merge is idempotent (applying an entry twice changes nothing), and
//! the result does not depend on the order of the entries or on how they are split into batches.
//! A later entry also corrects a completed match: two phones that scored the same match offline
//! agree once both have synced.
//!
//! An entry is rejected, whatever the other entries, when its match is unknown (`not_found`),
//! the match's teams are not known yet (`match_teams_unknown`), a score is above the maximum
//! (`score_invalid`), or it is a draw in a knockout match (`knockout_draw`).

use std::cmp::Ordering;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::schedule::knockout::check_score;
use crate::small::{IdIndex, sort, sort_by};
use crate::tournament::{Match, MatchId, MatchStatus};
use crate::validation::Score;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ScoreEntry {
    pub entry_id: String,
    pub match_id: MatchId,
    pub team1_score: u32,
    pub team2_score: u32,
    #[serde(deserialize_with = "crate::timefmt::de_utc")]
    pub entered_at: DateTime<Utc>,
    pub device_id: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RejectedEntry {
    pub entry_id: String,
    pub code: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MergeOutcome {
    /// Every match, in the given order, with the winning scores applied.
    pub matches: Vec<Match>,
    /// Entries whose score is now a match's score and was not before, sorted.
    pub applied: Vec<String>,
    /// Valid entries that lost to a later one (or were already applied), sorted.
    pub superseded: Vec<String>,
    /// Entries refused, with the reason's catalogue code, sorted by entry id.
    pub rejected: Vec<RejectedEntry>,
}

/// The order of entries: later `enteredAt` wins, then the greater `entryId`, then the scores
/// (so even two different entries reusing an id are ordered the same way everywhere).
fn entry_key(e: &ScoreEntry) -> (DateTime<Utc>, &str, u32, u32) {
    (e.entered_at, e.entry_id.as_str(), e.team1_score, e.team2_score)
}

/// Whether `e` is newer than the score currently held by `m`.
fn newer_than_match(e: &ScoreEntry, m: &Match) -> bool {
    let (Some(at), Some(id)) = (m.score_entered_at, m.score_entry_id.as_deref()) else {
        return true;
    };
    let held = (at, id, m.team1_score.unwrap_or(0), m.team2_score.unwrap_or(0));
    entry_key(e).cmp(&held) == Ordering::Greater
}

fn rejection(e: &ScoreEntry, m: Option<&Match>) -> Option<&'static str> {
    let Some(m) = m else {
        return Some("not_found");
    };
    if i64::from(e.team1_score) > Score::MAX || i64::from(e.team2_score) > Score::MAX {
        return Some("score_invalid");
    }
    check_score(m, e.team1_score, e.team2_score).err().map(|err| err.code())
}

/// Applies `entries` to `matches`; see the module documentation for the rules.
pub fn merge_scores(matches: &[Match], entries: &[ScoreEntry]) -> MergeOutcome {
    let index = IdIndex::new(matches.iter().map(|m| m.id));
    let mut out = matches.to_vec();
    let mut rejected = Vec::new();
    let mut best: Vec<Option<&ScoreEntry>> = vec![None; matches.len()];
    let mut valid: Vec<&ScoreEntry> = Vec::new();
    for e in entries {
        let at = index.get(e.match_id);
        if let Some(code) = rejection(e, at.map(|i| &matches[i])) {
            rejected.push(RejectedEntry { entry_id: e.entry_id.clone(), code: code.to_owned() });
            continue;
        }
        let Some(i) = at else { continue };
        valid.push(e);
        match best[i] {
            Some(b) if entry_key(b) >= entry_key(e) => {}
            _ => best[i] = Some(e),
        }
    }
    let mut applied = Vec::new();
    for (m, e) in out.iter_mut().zip(&best) {
        let Some(e) = e else { continue };
        if newer_than_match(e, m) {
            m.team1_score = Some(e.team1_score);
            m.team2_score = Some(e.team2_score);
            m.status = MatchStatus::Completed;
            m.score_entry_id = Some(e.entry_id.clone());
            m.score_entered_at = Some(e.entered_at);
            applied.push(e.entry_id.clone());
        }
    }
    let mut superseded: Vec<String> =
        valid.iter().map(|e| e.entry_id.clone()).filter(|id| !applied.contains(id)).collect();
    sort(&mut applied);
    applied.dedup();
    sort(&mut superseded);
    superseded.dedup();
    sort_by(&mut rejected, |a, b| (&a.entry_id, &a.code).cmp(&(&b.entry_id, &b.code)));
    rejected.dedup();
    MergeOutcome { matches: out, applied, superseded, rejected }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::RoundType;

    fn m(id: MatchId, round: RoundType) -> Match {
        Match {
            id,
            round_type: round,
            round_name: String::new(),
            bracket_code: None,
            status: MatchStatus::Scheduled,
            team1_id: Some(1),
            team2_id: Some(2),
            team1_score: None,
            team2_score: None,
            scheduled_time: None,
            court_number: Some(1),
            score_entry_id: None,
            score_entered_at: None,
            forfeit_side: None,
        }
    }

    fn e(id: &str, match_id: MatchId, s1: u32, s2: u32, at: &str) -> ScoreEntry {
        ScoreEntry {
            entry_id: id.to_owned(),
            match_id,
            team1_score: s1,
            team2_score: s2,
            entered_at: DateTime::parse_from_rfc3339(at).expect("time").with_timezone(&Utc),
            device_id: "phone-a".to_owned(),
        }
    }

    #[test]
    fn later_entry_wins_and_ties_go_to_the_greater_id() {
        let matches = [m(1, RoundType::Pool), m(2, RoundType::Pool)];
        let entries = [
            e("b", 1, 21, 10, "2026-08-24T10:05:00Z"),
            e("a", 1, 15, 21, "2026-08-24T10:07:00Z"),
            e("x", 2, 21, 19, "2026-08-24T10:07:00Z"),
            e("y", 2, 19, 21, "2026-08-24T10:07:00Z"),
        ];
        let out = merge_scores(&matches, &entries);
        assert_eq!((out.matches[0].team1_score, out.matches[0].team2_score), (Some(15), Some(21)));
        assert_eq!((out.matches[1].team1_score, out.matches[1].team2_score), (Some(19), Some(21)));
        assert_eq!(out.matches[0].status, MatchStatus::Completed);
        assert_eq!(out.applied, ["a", "y"]);
        assert_eq!(out.superseded, ["b", "x"]);
        // Merging again changes nothing and applies nothing.
        let again = merge_scores(&out.matches, &entries);
        assert_eq!(again.matches, out.matches);
        assert!(again.applied.is_empty());
        // An older entry arriving later does not overwrite.
        let late_old = merge_scores(&out.matches, &[e("c", 1, 0, 0, "2026-08-24T09:00:00Z")]);
        assert_eq!(late_old.matches, out.matches);
        assert_eq!(late_old.superseded, ["c"]);
    }

    #[test]
    fn rejections() {
        let mut ko = m(3, RoundType::Final);
        ko.bracket_code = Some("F".to_owned());
        let mut undecided = m(4, RoundType::Semifinal);
        undecided.team2_id = None;
        let matches = [m(1, RoundType::Pool), ko, undecided];
        let entries = [
            e("draw-pool", 1, 10, 10, "2026-08-24T10:00:00Z"),
            e("draw-ko", 3, 10, 10, "2026-08-24T10:00:00Z"),
            e("ghost", 99, 1, 0, "2026-08-24T10:00:00Z"),
            e("early", 4, 1, 0, "2026-08-24T10:00:00Z"),
            e("huge", 1, 1000, 0, "2026-08-24T11:00:00Z"),
        ];
        let out = merge_scores(&matches, &entries);
        assert_eq!(out.applied, ["draw-pool"]);
        let codes: Vec<(&str, &str)> = out.rejected.iter().map(|r| (r.entry_id.as_str(), r.code.as_str())).collect();
        assert_eq!(
            codes,
            [
                ("draw-ko", "knockout_draw"),
                ("early", "match_teams_unknown"),
                ("ghost", "not_found"),
                ("huge", "score_invalid")
            ]
        );
        assert_eq!(out.matches[1].status, MatchStatus::Scheduled);
    }
}
