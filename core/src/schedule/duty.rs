//! Work teams: in a team-refereed tournament every match gets a team on duty ('A1 vs A3 (A2)').
//!
//! Hard rule: the team on duty plays no match and holds no other duty that overlaps this one,
//! the break after a match counted (two matches overlap when their starts are less than one
//! slot apart, on any court). It never referees its own match.
//!
//! Soft rules, in order: duties spread evenly within each pool (the fewest duties first); no
//! team on duty in two consecutive slots when another is free; the team whose last match was on
//! this court. Pool matches take a team of their own pool when one is free, else any free team.
//! Knockout matches take the loser of an earlier knockout match that ends before they start
//! ('Perdant QF1', known once that match is final), else a free team, those already out of the
//! bracket first.
//!
//! A greedy pass in time order, then a deterministic local search that moves single duties to
//! even out the counts, then swaps of two teams' duties (counts kept) that lower the duties held
//! right after another: integer costs and a fixed order, so the server and the PWA agree.

use serde::{Deserialize, Serialize};

use super::{PlannedMatch, ScheduleSettings};
use crate::messages::Lang;
use crate::small::IdIndex;
use crate::tournament::{BracketCode, Match, RoundType, TeamId};

/// Who referees a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum Duty {
    /// A known team.
    #[serde(rename_all = "camelCase")]
    Team { team_id: TeamId },
    /// The loser of an earlier knockout match, once it is final.
    LoserOf { code: BracketCode },
}

/// How good the duties are, beside the schedule's own quality.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DutyQuality {
    /// Matches left without a work team, because no team was free: must be 0.
    pub conflicts: u32,
    /// Most duties of a team minus fewest, the largest over the pools.
    pub spread: u32,
    /// Times a team is on duty in two consecutive slots.
    pub back_to_back: u32,
}

/// One duty per planned match (in the given order), and their quality.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DutyPlan {
    pub duties: Vec<Option<Duty>>,
    pub quality: DutyQuality,
}

/// The courts a team-refereed pool phase may use at once: each match needs a third team free,
/// so no more than a third of the teams play at a time.
pub fn duty_courts(courts: u8, teams: usize) -> u8 {
    let third = u8::try_from(teams / 3).unwrap_or(u8::MAX).max(1);
    courts.max(1).min(third)
}

/// 'Perdant QF1' / 'Loser QF1': the side of a duty not yet known.
pub fn duty_placeholder(code: BracketCode, lang: Lang) -> String {
    match lang {
        Lang::Fr => format!("Perdant {code}"),
        Lang::En => format!("Loser {code}"),
    }
}

/// The team on duty, once it is known: a loser is known when its match is final.
pub fn duty_team(duty: Duty, matches: &[Match]) -> Option<TeamId> {
    match duty {
        Duty::Team { team_id } => Some(team_id),
        Duty::LoserOf { code } => {
            let m = matches.iter().find(|m| m.bracket_code == Some(code))?;
            let winner = m.winner()?;
            [m.team1_id, m.team2_id].into_iter().flatten().find(|&t| t != winner)
        }
    }
}

/// The work team of every match in `matches` (a pool phase, or a knockout phase), among `pools`
/// (each pool's teams; one list for a single pool), under `settings`.
pub fn assign_duties(matches: &[PlannedMatch], pools: &[Vec<TeamId>], settings: &ScheduleSettings) -> DutyPlan {
    let mut board = Board::new(matches, pools, settings.slot_minutes());
    for k in 0..board.order.len() {
        board.first_choice(board.order[k]);
    }
    board.even_out();
    board.untangle();
    board.plan()
}

/// The matches, the teams (by index) and who is where.
struct Board<'a> {
    matches: &'a [PlannedMatch],
    teams: Vec<TeamId>,
    index: IdIndex,
    /// Team index → its pool.
    pool_of: Vec<usize>,
    /// Matches by start, then court.
    order: Vec<usize>,
    /// Each match's two teams, by index.
    sides: Vec<[Option<usize>; 2]>,
    /// Each match's overlapping matches, itself included.
    overlapping: Vec<Vec<usize>>,
    /// Each match's matches one slot earlier, and one slot later.
    before: Vec<Vec<usize>>,
    after: Vec<Vec<usize>>,
    /// The court of each team's last match before each match (`matches × teams`).
    last_court: Vec<Option<u8>>,
    /// Team index → it plays in the knockout phase.
    in_bracket: Vec<bool>,
    /// The duty of each match, and each team's count.
    duties: Vec<Option<Duty>>,
    counts: Vec<u32>,
    /// Minutes of one slot: a match and the break after it.
    slot: i64,
}

impl<'a> Board<'a> {
    fn new(matches: &'a [PlannedMatch], pools: &[Vec<TeamId>], slot_minutes: i64) -> Board<'a> {
        let mut teams = Vec::new();
        let mut pool_of = Vec::new();
        for (p, pool) in pools.iter().enumerate() {
            for &t in pool {
                if !teams.contains(&t) {
                    teams.push(t);
                    pool_of.push(p);
                }
            }
        }
        let index = IdIndex::new(teams.iter().copied());
        let n = matches.len();
        let mut order: Vec<usize> = (0..n).collect();
        crate::small::sort_by_key(&mut order, |&i| (matches[i].scheduled_time, matches[i].court_number));
        let sides = matches.iter().map(|p| [p.team1_id, p.team2_id].map(|t| t.and_then(|t| index.get(t)))).collect();
        let gap = |a: usize, b: usize| (matches[a].scheduled_time - matches[b].scheduled_time).num_minutes();
        let slot = slot_minutes.max(1);
        let mut overlapping = vec![Vec::new(); n];
        let mut before = vec![Vec::new(); n];
        let mut after = vec![Vec::new(); n];
        for (k, &a) in order.iter().enumerate() {
            for &b in order[k..].iter().take_while(|&&b| gap(b, a) < 2 * slot) {
                if gap(b, a) < slot {
                    overlapping[a].push(b);
                    if a != b {
                        overlapping[b].push(a);
                    }
                } else {
                    before[b].push(a);
                    after[a].push(b);
                }
            }
        }
        let mut last_court = vec![None; n * teams.len()];
        let mut latest: Vec<Option<u8>> = vec![None; teams.len()];
        let mut k = 0;
        while k < n {
            let time = matches[order[k]].scheduled_time;
            let group: Vec<usize> =
                order[k..].iter().copied().take_while(|&m| matches[m].scheduled_time == time).collect();
            for &m in &group {
                last_court[m * teams.len()..(m + 1) * teams.len()].copy_from_slice(&latest);
            }
            for &m in &group {
                for t in sides_of(&index, &matches[m]) {
                    latest[t] = Some(matches[m].court_number);
                }
            }
            k += group.len();
        }
        let mut in_bracket = vec![false; teams.len()];
        for p in matches.iter().filter(|p| p.round_type != RoundType::Pool) {
            for t in sides_of(&index, p) {
                in_bracket[t] = true;
            }
        }
        let counts = vec![0; teams.len()];
        Board {
            matches,
            teams,
            index,
            pool_of,
            order,
            sides,
            overlapping,
            before,
            after,
            last_court,
            in_bracket,
            duties: vec![None; n],
            counts,
            slot,
        }
    }

    fn on_duty(&self, m: usize, team: usize) -> bool {
        self.duties[m] == Some(Duty::Team { team_id: self.teams[team] })
    }

    /// Whether `team` can referee match `m`: it plays nothing and referees nothing overlapping.
    fn free(&self, m: usize, team: usize) -> bool {
        self.overlapping[m].iter().all(|&o| !self.sides[o].contains(&Some(team)) && (o == m || !self.on_duty(o, team)))
    }

    /// The match's pool: its own field, else its first team's.
    fn pool_of_match(&self, m: usize) -> Option<usize> {
        let p = &self.matches[m];
        p.pool.map(usize::from).or_else(|| self.sides[m][0].map(|t| self.pool_of[t]))
    }

    /// Whether `team` is on duty in the slot just before match `m`.
    fn after_a_duty(&self, m: usize, team: usize) -> bool {
        self.before[m].iter().any(|&o| self.on_duty(o, team))
    }

    /// What `team` on match `m` costs, lowest best: a team still in the bracket (knockout), a
    /// team of another pool, its duties so far, a duty right after another, another court than
    /// its last match's, then the teams' order.
    fn cost(&self, m: usize, team: usize) -> (bool, bool, u32, bool, bool, usize) {
        let knockout = self.matches[m].round_type != RoundType::Pool;
        let other_pool = !knockout && Some(self.pool_of[team]) != self.pool_of_match(m);
        let court = self.last_court[m * self.teams.len() + team] != Some(self.matches[m].court_number);
        (knockout && self.in_bracket[team], other_pool, self.counts[team], self.after_a_duty(m, team), court, team)
    }

    /// The loser of an earlier knockout match ending before `m` starts, the latest first, not
    /// already on duty at that time.
    fn loser_for(&self, m: usize) -> Option<BracketCode> {
        let start = self.matches[m].scheduled_time;
        let done = |o: usize| (start - self.matches[o].scheduled_time).num_minutes() >= self.slot;
        self.order
            .iter()
            .rev()
            .filter(|&&o| o != m && self.matches[o].round_type != RoundType::Pool && done(o))
            .filter_map(|&o| self.matches[o].bracket_code)
            .find(|&code| {
                !self.overlapping[m].iter().any(|&x| x != m && self.duties[x] == Some(Duty::LoserOf { code }))
            })
    }

    fn set(&mut self, m: usize, duty: Option<Duty>) {
        if let Some(Duty::Team { team_id }) = self.duties[m]
            && let Some(t) = self.index.get(team_id)
        {
            self.counts[t] -= 1;
        }
        if let Some(Duty::Team { team_id }) = duty
            && let Some(t) = self.index.get(team_id)
        {
            self.counts[t] += 1;
        }
        self.duties[m] = duty;
    }

    fn first_choice(&mut self, m: usize) {
        if self.matches[m].round_type != RoundType::Pool
            && let Some(code) = self.loser_for(m)
        {
            self.set(m, Some(Duty::LoserOf { code }));
            return;
        }
        let best = (0..self.teams.len()).filter(|&t| self.free(m, t)).min_by_key(|&t| self.cost(m, t));
        self.set(m, best.map(|t| Duty::Team { team_id: self.teams[t] }));
    }

    /// Evens out the counts: while some team has two duties more than another of its pool,
    /// looks for a chain of moves from the first to the second (each team on the way gives one
    /// duty and takes one), and applies it. Each chain lowers the pool's sum of squared counts,
    /// so this ends.
    fn even_out(&mut self) {
        for _ in 0..self.matches.len() {
            let mut busiest: Vec<usize> = (0..self.teams.len()).collect();
            crate::small::sort_by_key(&mut busiest, |&t| std::cmp::Reverse(self.counts[t]));
            let Some(chain) = busiest.into_iter().find_map(|h| self.chain_from(h)) else {
                return;
            };
            for (m, t) in chain {
                self.set(m, Some(Duty::Team { team_id: self.teams[t] }));
            }
        }
    }

    /// The moves (match, new team) of a shortest chain from `h` to a team of its pool with at
    /// least two duties fewer, if any.
    fn chain_from(&self, h: usize) -> Option<Vec<(usize, usize)>> {
        let n = self.teams.len();
        let wanted = |t: usize| self.pool_of[t] == self.pool_of[h] && self.counts[t] + 2 <= self.counts[h];
        if !(0..n).any(wanted) {
            return None;
        }
        let mut held: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (m, d) in self.duties.iter().enumerate() {
            if let Some(Duty::Team { team_id }) = d
                && let Some(t) = self.index.get(*team_id)
            {
                held[t].push(m);
            }
        }
        let mut came_from: Vec<Option<(usize, usize)>> = vec![None; n];
        let mut seen = vec![false; n];
        seen[h] = true;
        let mut queue = std::collections::VecDeque::from([h]);
        while let Some(a) = queue.pop_front() {
            for &m in &held[a] {
                for b in 0..n {
                    if seen[b] || !self.free(m, b) {
                        continue;
                    }
                    seen[b] = true;
                    came_from[b] = Some((a, m));
                    if wanted(b) {
                        let mut chain = Vec::new();
                        let mut at = b;
                        while let Some((from, m)) = came_from[at] {
                            chain.push((m, at));
                            at = from;
                        }
                        return Some(chain);
                    }
                    queue.push_back(b);
                }
            }
        }
        None
    }

    /// Whether match `m`'s work team was on duty in the slot just before.
    fn back_to_back_at(&self, m: usize) -> bool {
        matches!(self.duties[m], Some(Duty::Team { team_id }) if self.index.get(team_id).is_some_and(|t| self.after_a_duty(m, t)))
    }

    /// The duties right after another among `a`, `b` and the matches one slot after either:
    /// all that swapping the work teams of `a` and `b` can change.
    fn back_to_back_near(&self, a: usize, b: usize) -> usize {
        let mut near: Vec<usize> =
            [a, b].into_iter().chain(self.after[a].iter().copied()).chain(self.after[b].iter().copied()).collect();
        crate::small::sort_by_key(&mut near, |&m| m);
        near.dedup();
        near.into_iter().filter(|&m| self.back_to_back_at(m)).count()
    }

    /// After the counts are even, swaps the work teams of two pool matches of one pool (each
    /// team keeps its count, so the spread stays) where a swap lowers the duties held right
    /// after another: the second soft rule, where the first leaves room. A few passes in time
    /// order, each duty tried once per pass, so the server and the PWA agree and a 64-team pool
    /// stays quick.
    fn untangle(&mut self) {
        let mut rank = vec![0; self.matches.len()];
        for (k, &m) in self.order.iter().enumerate() {
            rank[m] = k;
        }
        let mut held: Vec<Vec<usize>> = vec![Vec::new(); self.teams.len()];
        for &m in &self.order {
            if let Some(t) = self.pool_team(m) {
                held[t].push(m);
            }
        }
        for _ in 0..4 {
            let mut changed = false;
            for k in 0..self.order.len() {
                let a = self.order[k];
                let Some((b, ta, tb)) = self.swap_for(a, &held) else { continue };
                self.duties.swap(a, b);
                for (t, from, to) in [(ta, a, b), (tb, b, a)] {
                    if let Some(slot) = held[t].iter_mut().find(|m| **m == from) {
                        *slot = to;
                    }
                    crate::small::sort_by_key(&mut held[t], |&m| rank[m]);
                }
                changed = true;
            }
            if !changed {
                return;
            }
        }
    }

    /// The team index of a pool match's work team.
    fn pool_team(&self, m: usize) -> Option<usize> {
        match self.duties[m] {
            Some(Duty::Team { team_id }) if self.matches[m].round_type == RoundType::Pool => self.index.get(team_id),
            _ => None,
        }
    }

    /// For match `a` whose work team `ta` was on duty just before: the first duty `b` of a team
    /// `tb` of its pool, free at `a` and not on duty just before it, such that `ta` is free at
    /// `b` and swapping them lowers the duties held right after another.
    fn swap_for(&mut self, a: usize, held: &[Vec<usize>]) -> Option<(usize, usize, usize)> {
        let ta = self.pool_team(a).filter(|&t| self.after_a_duty(a, t))?;
        for (tb, duties) in held.iter().enumerate() {
            if tb == ta || self.pool_of[tb] != self.pool_of[ta] || self.after_a_duty(a, tb) || !self.free(a, tb) {
                continue;
            }
            for &b in duties {
                if !self.free(b, ta) {
                    continue;
                }
                let was = self.back_to_back_near(a, b);
                self.duties.swap(a, b);
                let now = self.back_to_back_near(a, b);
                self.duties.swap(a, b);
                if now < was {
                    return Some((b, ta, tb));
                }
            }
        }
        None
    }

    fn plan(&self) -> DutyPlan {
        let conflicts = self.duties.iter().filter(|d| d.is_none()).count() as u32;
        let pools = self.pool_of.iter().copied().max().map_or(0, |p| p + 1);
        let spread = (0..pools)
            .filter_map(|p| {
                let counts = (0..self.teams.len()).filter(|&t| self.pool_of[t] == p).map(|t| self.counts[t]);
                let (min, max) = counts.fold((u32::MAX, 0), |(lo, hi), c| (lo.min(c), hi.max(c)));
                (min <= max).then_some(max - min)
            })
            .max()
            .unwrap_or(0);
        let back_to_back = (0..self.matches.len()).filter(|&m| self.back_to_back_at(m)).count() as u32;
        DutyPlan { duties: self.duties.clone(), quality: DutyQuality { conflicts, spread, back_to_back } }
    }
}

/// The indices of a planned match's known teams.
fn sides_of(index: &IdIndex, p: &PlannedMatch) -> Vec<usize> {
    [p.team1_id, p.team2_id].into_iter().flatten().filter_map(|t| index.get(t)).collect()
}

/// Whether `team` could referee `m`: it plays no match and referees no other match that
/// overlaps it (starts less than `slot_minutes` apart), `duties` holding each match's work team.
/// The rule an admin's change of a work team is held to, as the drawing is.
pub fn free_to_referee(
    team: TeamId,
    m: &Match,
    matches: &[Match],
    duties: &[Option<TeamId>],
    slot_minutes: i64,
) -> bool {
    let Some(start) = m.scheduled_time else {
        return !(m.team1_id == Some(team) || m.team2_id == Some(team));
    };
    matches.iter().zip(duties.iter().copied().chain(std::iter::repeat(None))).all(|(o, duty)| {
        let overlaps = o.id == m.id || o.scheduled_time.is_some_and(|t| (t - start).num_minutes().abs() < slot_minutes);
        !overlaps || (o.team1_id != Some(team) && o.team2_id != Some(team) && (o.id == m.id || duty != Some(team)))
    })
}
