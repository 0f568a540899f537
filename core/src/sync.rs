//! The one rule that decides what a score entry does to a match, used by the server for every
//! score (an online `PUT …/score` and each entry a phone pushes after scoring offline) and by
//! core-wasm on the phone to show what its waiting entries will do.
//!
//! A phone's clock never decides anything. An entry on a match without a score applies (when
//! the match's rules allow it); the same score again is a duplicate; a different score on a
//! match that already has one is a conflict, which an admin settles: nothing is overwritten.
//! An entry is rejected, with the reason's catalogue code, when its match is unknown
//! (`not_found`, a match removed with a withdrawn team), a score is above the maximum
//! (`score_too_high`), the match's teams are no longer the ones the phone showed when the score
//! was entered (`match_teams_changed`: another phone's result sent a different winner into this
//! knockout match), the match's teams are not known yet (`match_teams_unknown`), it is a
//! draw in a knockout match (`knockout_draw`) or the match was decided by forfeit
//! (`match_completed`).
//!
//! [`project`] applies a device's entries in order, advancing the bracket after each knockout
//! result exactly as the server does, so the phone shows the standings and the bracket its
//! scores lead to before they reach the server.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::format::{Formats, SetScore, result_of};
use crate::schedule::knockout::{advance, check_score};
use crate::small::IdIndex;
use crate::stored::stored_text;
use crate::tournament::{Match, MatchId, MatchStatus, RoundType, TeamId};
use crate::validation::Score;

/// A score entered on a device, as the device sends it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ScoreEntry {
    pub entry_id: String,
    pub match_id: MatchId,
    pub team1_score: u32,
    pub team2_score: u32,
    #[serde(deserialize_with = "crate::timefmt::de_utc")]
    pub entered_at: DateTime<Utc>,
    #[serde(default)]
    pub device_id: String,
    /// The device's own numbering, 1, 2, 3…
    #[serde(default)]
    pub seq: u64,
    /// The match's version when the device last saw it (recorded, shown with a conflict).
    #[serde(default)]
    pub base_version: u64,
    /// The teams the device showed for the match when the score was entered (none: not checked).
    #[serde(default)]
    pub team1_id: Option<TeamId>,
    #[serde(default)]
    pub team2_id: Option<TeamId>,
    /// The sets, where the match's phase has them (`team1Score`/`team2Score` are then the sets won).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<SetScore>,
}

impl ScoreEntry {
    pub fn entered(&self) -> Entered<'_> {
        Entered { team1: self.team1_score, team2: self.team2_score, sets: &self.sets }
    }
}

impl ScoreEntry {
    /// The teams the score was entered for, when the device said (a side it showed empty is `None`).
    pub fn seen_teams(&self) -> Option<Sides> {
        seen((self.team1_id, self.team2_id))
    }
}

/// A match's two sides, each a team or not known yet.
pub type Sides = (Option<TeamId>, Option<TeamId>);

/// The sides a device showed, as the rule checks them: none given means not checked.
pub fn seen(sides: Sides) -> Option<Sides> {
    (sides != (None, None)).then_some(sides)
}

/// Where a device's entry numbered `seq` stands after its last applied one, `last_seq`:
/// entries apply exactly once and in the device's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sequence {
    /// At or below the last: sent again (its answer was lost, or another tab sent it). The
    /// stored outcome is the answer; nothing changes.
    Replay,
    /// The next one: judged and recorded.
    Next,
    /// Beyond the next: an entry in between is missing; refused until it comes.
    Gap,
}

impl Sequence {
    pub fn of(seq: i64, last_seq: i64) -> Sequence {
        if seq <= last_seq {
            Sequence::Replay
        } else if seq == last_seq + 1 {
            Sequence::Next
        } else {
            Sequence::Gap
        }
    }
}

/// What an entry does to its match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The match takes this score.
    Apply,
    /// The match already has this very score.
    Duplicate,
    /// The match already has a different score: kept for an admin to choose.
    Conflict,
    /// Refused for good, with the catalogue code of the reason.
    Rejected(&'static str),
}

/// What an entry did, as stored and as the phone is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum SyncOutcome {
    Applied,
    Duplicate,
    Conflict,
    Rejected,
}

stored_text!(SyncOutcome { Applied = "applied", Duplicate = "duplicate", Conflict = "conflict", Rejected = "rejected" });

impl Verdict {
    pub fn outcome(self) -> SyncOutcome {
        match self {
            Verdict::Apply => SyncOutcome::Applied,
            Verdict::Duplicate => SyncOutcome::Duplicate,
            Verdict::Conflict => SyncOutcome::Conflict,
            Verdict::Rejected(_) => SyncOutcome::Rejected,
        }
    }

    pub fn code(self) -> Option<&'static str> {
        match self {
            Verdict::Rejected(code) => Some(code),
            _ => None,
        }
    }
}

/// A score as entered: the two numbers and, where the phase has sets, the sets.
#[derive(Debug, Clone, Copy)]
pub struct Entered<'a> {
    pub team1: u32,
    pub team2: u32,
    pub sets: &'a [SetScore],
}

/// The merge rule: what a score entered for the teams `seen` (when known) does to `m` (`None`:
/// no such match), under the tournament's `formats`. The same sets (or numbers) again are a
/// duplicate; different ones on a match that has its score, a conflict.
pub fn judge(m: Option<&Match>, entered: Entered<'_>, seen: Option<Sides>, formats: &Formats) -> Verdict {
    let Some(m) = m else {
        return Verdict::Rejected("not_found");
    };
    if i64::from(entered.team1) > Score::MAX || i64::from(entered.team2) > Score::MAX {
        return Verdict::Rejected("score_too_high");
    }
    if seen.is_some_and(|s| s != (m.team1_id, m.team2_id)) {
        return Verdict::Rejected("match_teams_changed");
    }
    let knockout = m.round_type != RoundType::Pool;
    let (team1, team2) = match result_of(formats.of(m.round_type), knockout, entered.team1, entered.team2, entered.sets)
    {
        Ok(result) => result,
        Err(code) => return Verdict::Rejected(code),
    };
    // Decided by forfeit (done, or waiting for the other side's team): not a score to agree or
    // disagree with; an admin may still correct a pool forfeit that was in fact played.
    if m.forfeit_side.is_some() {
        return Verdict::Rejected("match_completed");
    }
    if m.status == MatchStatus::Completed {
        return match (m.team1_score, m.team2_score) {
            (Some(a), Some(b)) if (a, b) == (team1, team2) && m.sets == entered.sets => Verdict::Duplicate,
            (Some(_), Some(_)) => Verdict::Conflict,
            _ => Verdict::Rejected("match_completed"),
        };
    }
    match check_score(m, team1, team2) {
        Ok(()) => Verdict::Apply,
        Err(e) => Verdict::Rejected(e.code()),
    }
}

/// What one entry did in a projection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EntryOutcome {
    pub entry_id: String,
    pub outcome: SyncOutcome,
    pub code: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Projection {
    /// Every match, in the given order, with the applied scores and the bracket advanced.
    pub matches: Vec<Match>,
    /// One per entry, in the given order.
    pub outcomes: Vec<EntryOutcome>,
}

/// Applies `entries` in the given order (a device's `seq` order) with [`judge`], advancing the
/// bracket after each knockout result as the server does.
pub fn project(matches: &[Match], entries: &[ScoreEntry], formats: &Formats) -> Projection {
    let index = IdIndex::new(matches.iter().map(|m| m.id));
    let mut out = matches.to_vec();
    let mut outcomes = Vec::with_capacity(entries.len());
    for e in entries {
        let at = index.get(e.match_id);
        let verdict = judge(at.map(|i| &out[i]), e.entered(), e.seen_teams(), formats);
        if let (Verdict::Apply, Some(i)) = (verdict, at) {
            let m = &mut out[i];
            let knockout = m.round_type != RoundType::Pool;
            // Cannot fail: `judge` accepted the same.
            let (team1, team2) = result_of(formats.of(m.round_type), knockout, e.team1_score, e.team2_score, &e.sets)
                .unwrap_or((e.team1_score, e.team2_score));
            m.team1_score = Some(team1);
            m.team2_score = Some(team2);
            m.sets = e.sets.clone();
            m.status = MatchStatus::Completed;
            if m.round_type != RoundType::Pool {
                // Cannot fail: the entry was checked, and earlier results were all advanced.
                if let Ok(next) = advance(&out) {
                    out = next;
                }
            }
        }
        outcomes.push(EntryOutcome {
            entry_id: e.entry_id.clone(),
            outcome: verdict.outcome(),
            code: verdict.code().map(str::to_owned),
        });
    }
    Projection { matches: out, outcomes }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::BracketCode;

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
            forfeit_side: None,
            sets: Vec::new(),
            started: false,
        }
    }

    fn e(id: &str, match_id: MatchId, s1: u32, s2: u32) -> ScoreEntry {
        ScoreEntry {
            entry_id: id.to_owned(),
            match_id,
            team1_score: s1,
            team2_score: s2,
            entered_at: DateTime::parse_from_rfc3339("2026-08-24T10:05:00Z").expect("time").with_timezone(&Utc),
            device_id: "phone-a".to_owned(),
            seq: 0,
            base_version: 0,
            team1_id: None,
            team2_id: None,
            sets: Vec::new(),
        }
    }

    fn outcomes(p: &Projection) -> Vec<(&str, &str, Option<&str>)> {
        p.outcomes.iter().map(|o| (o.entry_id.as_str(), o.outcome.as_str(), o.code.as_deref())).collect()
    }

    #[test]
    fn first_score_applies_the_same_is_a_duplicate_a_different_one_a_conflict() {
        let p = project(
            &[m(1, RoundType::Pool)],
            &[e("a", 1, 21, 10), e("b", 1, 21, 10), e("c", 1, 10, 21)],
            &Formats::default(),
        );
        assert_eq!(outcomes(&p), [("a", "applied", None), ("b", "duplicate", None), ("c", "conflict", None)]);
        assert_eq!((p.matches[0].team1_score, p.matches[0].team2_score), (Some(21), Some(10)));
        assert_eq!(p.matches[0].status, MatchStatus::Completed);
        // A later clock does not win: the conflict is reported, the first score stays.
        let again = project(&p.matches, &[e("zzz-later", 1, 0, 21)], &Formats::default());
        assert_eq!(again.matches, p.matches);
        assert_eq!(outcomes(&again), [("zzz-later", "conflict", None)]);
    }

    #[test]
    fn rejections_do_not_block_what_follows() {
        let mut ko = m(3, RoundType::Final);
        ko.bracket_code = Some(BracketCode::F);
        let mut undecided = m(4, RoundType::Semifinal);
        undecided.team2_id = None;
        let mut forfeited = m(5, RoundType::Semifinal);
        forfeited.status = MatchStatus::Completed;
        forfeited.forfeit_side = Some(1);
        let matches = [m(1, RoundType::Pool), ko, undecided, forfeited];
        let entries = [
            e("draw-ko", 3, 10, 10),
            e("ghost", 99, 1, 0),
            e("early", 4, 1, 0),
            e("huge", 1, 1000, 0),
            e("forfeit", 5, 2, 1),
            e("draw-pool", 1, 10, 10),
        ];
        let p = project(&matches, &entries, &Formats::default());
        assert_eq!(
            outcomes(&p),
            [
                ("draw-ko", "rejected", Some("knockout_draw")),
                ("ghost", "rejected", Some("not_found")),
                ("early", "rejected", Some("match_teams_unknown")),
                ("huge", "rejected", Some("score_too_high")),
                ("forfeit", "rejected", Some("match_completed")),
                ("draw-pool", "applied", None),
            ]
        );
        assert_eq!(p.matches[1].status, MatchStatus::Scheduled);
    }

    #[test]
    fn a_score_entered_for_other_teams_is_refused() {
        let mut f = m(12, RoundType::Final);
        f.bracket_code = Some(BracketCode::F);
        let mut seen_other = e("f", 12, 21, 19);
        (seen_other.team1_id, seen_other.team2_id) = (Some(1), Some(3));
        let mut seen_same = e("g", 12, 21, 19);
        (seen_same.team1_id, seen_same.team2_id) = (Some(1), Some(2));
        let p = project(&[f], &[seen_other, seen_same], &Formats::default());
        assert_eq!(outcomes(&p), [("f", "rejected", Some("match_teams_changed")), ("g", "applied", None)]);
    }

    #[test]
    fn a_knockout_result_moves_the_winner_on_before_the_next_entry() {
        let mut sf1 = m(10, RoundType::Semifinal);
        sf1.bracket_code = Some(BracketCode::Sf1);
        let mut sf2 = m(11, RoundType::Semifinal);
        sf2.bracket_code = Some(BracketCode::Sf2);
        (sf2.team1_id, sf2.team2_id) = (Some(3), Some(4));
        let mut f = m(12, RoundType::Final);
        f.bracket_code = Some(BracketCode::F);
        (f.team1_id, f.team2_id) = (None, None);
        let p = project(
            &[sf1, sf2, f],
            &[e("sf1", 10, 15, 21), e("sf2", 11, 21, 3), e("f", 12, 21, 19)],
            &Formats::default(),
        );
        assert_eq!(outcomes(&p).iter().map(|o| o.1).collect::<Vec<_>>(), ["applied"; 3]);
        assert_eq!((p.matches[2].team1_id, p.matches[2].team2_id), (Some(2), Some(3)));
        assert_eq!(p.matches[2].winner(), Some(2));
    }

    #[test]
    fn a_device_s_entries_apply_once_and_in_its_order() {
        assert_eq!(Sequence::of(1, 0), Sequence::Next);
        assert_eq!(Sequence::of(5, 4), Sequence::Next);
        assert_eq!(Sequence::of(4, 4), Sequence::Replay);
        assert_eq!(Sequence::of(1, 4), Sequence::Replay);
        assert_eq!(Sequence::of(6, 4), Sequence::Gap);
    }
}
