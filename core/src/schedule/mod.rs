//! Tournament scheduling: the pool round-robin laid on the courts, the knockout bracket
//! ([`knockout`]), and removing a team.
//!
//! # Pool
//! 1. Pairings: the circle method gives `n - 1` rounds (`n` with a bye for an odd count) in which
//!    every pair of teams meets exactly once and nobody plays twice in a round.
//! 2. Time slots: with `c = min(courts, n / 2)` matches at once, no schedule can use fewer than
//!    `ceil(matches / c)` slots. The rounds are rebalanced into exactly that many slots of at most
//!    `c` matches each by Kempe-chain swaps between slots (the union of two slots' matches is a
//!    set of paths and even cycles; swapping the slots along a path with one more match in the
//!    fuller slot moves one match over and keeps both slots clash-free). This always reaches the
//!    bound, so the pool never uses more slots than necessary.
//! 3. Order and rest: when there are more than `4c` teams, a bounded depth-first construction
//!    first tries to fill the slots in time order with no team in two consecutive slots (most
//!    matches left first, longest rested next). Then (or directly, when that is impossible or
//!    not found within its budget) a deterministic late-acceptance local search (fixed seed,
//!    integer costs, so native and WASM give the same schedule) reorders slots and moves, swaps
//!    or Kempe-swaps matches between slots, keeping the best schedule seen by, in order: fewest
//!    back-to-back matches, shortest longest wait of any team, smallest sum of squared waits
//!    (even rest), and partly filled slots last. Back-to-back is thus zero whenever the
//!    construction finds such a schedule; otherwise it is minimized heuristically, without a
//!    proof of optimality.
//! 4. Courts: each match takes the free court used least so far, overall and by its two teams.

pub mod duty;
pub mod knockout;
pub mod places;

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use crate::small::{IdIndex, sort, sort_by_key};
use crate::tournament::{BracketCode, Match, MatchId, MatchStatus, RoundType, TeamId};
use crate::validation::TournamentConfig;

/// Most teams one pool may hold.
pub const MAX_TEAMS: usize = 128;

/// How matches are laid out in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleSettings {
    pub courts_available: u8,
    pub match_duration_minutes: u16,
    pub break_between_matches: u16,
    #[serde(deserialize_with = "crate::timefmt::de_utc")]
    pub start_time: DateTime<Utc>,
}

impl ScheduleSettings {
    /// From a validated tournament configuration; scheduling needs its start time.
    pub fn from_config(config: &TournamentConfig) -> Result<ScheduleSettings, ScheduleError> {
        Ok(ScheduleSettings {
            courts_available: config.courts_available(),
            match_duration_minutes: config.match_duration_minutes(),
            break_between_matches: config.break_between_matches(),
            start_time: config.start_time().ok_or(ScheduleError::StartTimeRequired)?,
        })
    }

    fn courts(&self) -> usize {
        usize::from(self.courts_available.max(1))
    }

    /// Length of one time slot: a match plus the break after it.
    pub fn slot_minutes(&self) -> i64 {
        i64::from(self.match_duration_minutes) + i64::from(self.break_between_matches)
    }

    /// Start of time slot `index`.
    pub fn slot_time(&self, index: u32) -> DateTime<Utc> {
        self.start_time + Duration::minutes(self.slot_minutes() * i64::from(index))
    }
}

/// Scheduling failures, each with a catalogue code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScheduleError {
    StartTimeRequired,
    DuplicateTeam,
    TooManyTeams,
    KnockoutDraw,
    MatchTeamsUnknown,
    BracketConflict,
}

impl ScheduleError {
    pub fn code(self) -> &'static str {
        match self {
            ScheduleError::StartTimeRequired => "start_time_required",
            ScheduleError::DuplicateTeam => "duplicate_team",
            ScheduleError::TooManyTeams => "too_many_teams",
            ScheduleError::KnockoutDraw => "knockout_draw",
            ScheduleError::MatchTeamsUnknown => "match_teams_unknown",
            ScheduleError::BracketConflict => "bracket_conflict",
        }
    }
}

/// A match to create: where and when it is played, and by whom (or, for a knockout side not yet
/// decided, which match's winner: `team1From`/`team2From` hold that bracket code).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlannedMatch {
    /// 0-based time slot, shared with the knockout phase that follows.
    pub slot_index: u32,
    /// 1-based.
    pub court_number: u8,
    pub scheduled_time: DateTime<Utc>,
    pub round_type: RoundType,
    /// 'Poule - Ronde 3', 'Quart de finale 2', 'Demi-finale 1', 'Finale'.
    pub round_name: String,
    pub bracket_code: Option<BracketCode>,
    pub team1_id: Option<TeamId>,
    pub team2_id: Option<TeamId>,
    pub team1_from: Option<BracketCode>,
    pub team2_from: Option<BracketCode>,
    /// 0-based pool of a pool match (`None` for knockout matches).
    #[serde(default)]
    pub pool: Option<u8>,
}

/// Longest rest of one team between two of its matches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TeamWait {
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub team_id: TeamId,
    /// Time slots without a match between two consecutive matches (0 = back to back).
    pub slots: u32,
    /// Minutes from the end of one match to the start of the next.
    pub minutes: u32,
}

/// How good a pool schedule is, for the admin to see.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ScheduleQuality {
    pub slots_used: u32,
    /// Fewest slots any schedule could use: `ceil(matches / min(courts, teams / 2))`.
    pub lower_bound: u32,
    /// Share of court time slots holding a match, one decimal.
    pub court_use_percent: f64,
    /// Times a team plays two consecutive slots.
    pub back_to_back: u32,
    /// One entry per team, in the order the teams were given.
    pub longest_wait: Vec<TeamWait>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PoolSchedule {
    /// Ordered by slot, then court.
    pub matches: Vec<PlannedMatch>,
    pub quality: ScheduleQuality,
    /// First slot free after the pool: where the knockout phase starts.
    pub next_slot_index: u32,
    pub next_start: DateTime<Utc>,
}

/// Fewest time slots for a round-robin of `teams` on `courts`.
pub fn lower_bound(teams: usize, courts: usize) -> u32 {
    let matches = teams * teams.saturating_sub(1) / 2;
    let per_slot = courts.max(1).min(teams / 2);
    if per_slot == 0 { 0 } else { matches.div_ceil(per_slot) as u32 }
}

/// Fewest time slots for round-robins inside pools of the given sizes sharing `courts`: no slot
/// holds more than `courts` matches nor more than half of each pool, and each pool needs at least
/// its own number of rounds (`n - 1` for an even count, `n` for an odd one).
pub fn lower_bound_pools(sizes: &[usize], courts: usize) -> u32 {
    let matches: usize = sizes.iter().map(|&n| n * n.saturating_sub(1) / 2).sum();
    let per_slot = courts.max(1).min(sizes.iter().map(|&n| n / 2).sum());
    let by_courts = if per_slot == 0 { 0 } else { matches.div_ceil(per_slot) };
    let by_rounds = sizes
        .iter()
        .map(|&n| {
            if n < 2 {
                0
            } else if n.is_multiple_of(2) {
                n - 1
            } else {
                n
            }
        })
        .max()
        .unwrap_or(0);
    by_courts.max(by_rounds) as u32
}

/// Splits `teams` (in registration order) into `pools` pools by snake seeding: A B C C B A A B C…
pub fn split_pools(teams: &[TeamId], pools: usize) -> Vec<Vec<TeamId>> {
    let p = pools.max(1);
    let mut out = vec![Vec::new(); p];
    for (i, &t) in teams.iter().enumerate() {
        let (round, pos) = (i / p, i % p);
        out[if round.is_multiple_of(2) { pos } else { p - 1 - pos }].push(t);
    }
    out
}

/// The letter of pool `index` (0 = A).
pub fn pool_letter(index: u8) -> char {
    char::from(b'A' + index.min(25))
}

/// The circle method: rounds of pairs of team indices; every pair appears exactly once.
pub(crate) fn circle_rounds(n: usize) -> Vec<Vec<(u16, u16)>> {
    let m = if n.is_multiple_of(2) { n } else { n + 1 };
    let bye = n; // index of the dummy team when `n` is odd
    let mut ring: Vec<usize> = (0..m).collect();
    let mut rounds = Vec::with_capacity(m.saturating_sub(1));
    for _ in 0..m.saturating_sub(1) {
        let mut round = Vec::with_capacity(m / 2);
        for i in 0..m / 2 {
            let (a, b) = (ring[i], ring[m - 1 - i]);
            if a != bye && b != bye {
                round.push((a as u16, b as u16));
            }
        }
        rounds.push(round);
        // Keep the first team fixed, rotate the others by one.
        if m > 2 {
            ring[1..].rotate_right(1);
        }
    }
    rounds
}

/// Rebalances `classes` (each a set of disjoint pairs) until their sizes differ by at most one,
/// by Kempe-chain swaps between the fullest and the emptiest class.
fn equalize(classes: &mut [Vec<(u16, u16)>], n: usize) {
    loop {
        let Some((big, _)) = classes.iter().enumerate().max_by_key(|(i, c)| (c.len(), std::cmp::Reverse(*i))) else {
            return;
        };
        let Some((small, _)) = classes.iter().enumerate().min_by_key(|(i, c)| (c.len(), *i)) else {
            return;
        };
        if classes[big].len() <= classes[small].len() + 1 {
            return;
        }
        // Partner of each team in the big (A) and small (B) class.
        let mut pa = vec![usize::MAX; n];
        let mut pb = vec![usize::MAX; n];
        for &(x, y) in &classes[big] {
            pa[x as usize] = y as usize;
            pa[y as usize] = x as usize;
        }
        for &(x, y) in &classes[small] {
            pb[x as usize] = y as usize;
            pb[y as usize] = x as usize;
        }
        // A path that starts with an A edge at a team without a B edge and ends with an A edge.
        let mut swapped = false;
        for start in 0..n {
            if pa[start] == usize::MAX || pb[start] != usize::MAX {
                continue;
            }
            let mut path_a: Vec<(usize, usize)> = Vec::new();
            let mut path_b: Vec<(usize, usize)> = Vec::new();
            let mut at = start;
            let mut use_a = true;
            loop {
                let next = if use_a { pa[at] } else { pb[at] };
                if next == usize::MAX {
                    break;
                }
                if use_a {
                    path_a.push((at, next))
                } else {
                    path_b.push((at, next))
                }
                at = next;
                use_a = !use_a;
            }
            if path_a.len() > path_b.len() {
                let same = |p: &(u16, u16), e: &(usize, usize)| {
                    (p.0 as usize, p.1 as usize) == *e || (p.1 as usize, p.0 as usize) == *e
                };
                let moved_a: Vec<(u16, u16)> =
                    classes[big].iter().copied().filter(|p| path_a.iter().any(|e| same(p, e))).collect();
                let moved_b: Vec<(u16, u16)> =
                    classes[small].iter().copied().filter(|p| path_b.iter().any(|e| same(p, e))).collect();
                classes[big].retain(|p| !moved_a.contains(p));
                classes[small].retain(|p| !moved_b.contains(p));
                classes[big].extend(moved_b);
                classes[small].extend(moved_a);
                swapped = true;
                break;
            }
        }
        if !swapped {
            // Cannot happen (a larger class always has such a path); stop rather than loop.
            return;
        }
    }
}

/// Deterministic pseudo-random numbers (splitmix64): the search is reproducible everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Back-to-back count, longest wait and sum of squared waits of one team's sorted slots.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct TeamStats {
    b2b: u32,
    max_wait: u32,
    sq: u64,
}

fn team_stats(slots: &[u32]) -> TeamStats {
    let mut s = TeamStats::default();
    for w in slots.windows(2) {
        let idle = w[1] - w[0] - 1;
        if idle == 0 {
            s.b2b += 1;
        }
        s.max_wait = s.max_wait.max(idle);
        s.sq += u64::from(idle) * u64::from(idle);
    }
    s
}

/// Lexicographic cost: back-to-back, longest wait, squared waits, partial slots before the end.
type Cost = (u64, u32, u64, u64);

/// The slots under construction and the figures the search optimizes, kept up to date.
struct Board {
    n: usize,
    c: usize,
    slots: Vec<Vec<(u16, u16)>>,
    plays: Vec<bool>,
    team_slots: Vec<Vec<u32>>,
    stats: Vec<TeamStats>,
    b2b: u64,
    sq: u64,
    wait_hist: Vec<u32>,
    partial: u64,
}

impl Board {
    fn new(n: usize, c: usize, slots: Vec<Vec<(u16, u16)>>) -> Board {
        let l = slots.len();
        let mut plays = vec![false; l * n];
        let mut team_slots = vec![Vec::new(); n];
        for (s, slot) in slots.iter().enumerate() {
            for &(a, b) in slot {
                for t in [a as usize, b as usize] {
                    plays[s * n + t] = true;
                    team_slots[t].push(s as u32);
                }
            }
        }
        let stats: Vec<TeamStats> = team_slots.iter().map(|v| team_stats(v)).collect();
        let mut wait_hist = vec![0u32; l + 1];
        for st in &stats {
            wait_hist[st.max_wait as usize] += 1;
        }
        let mut board = Board {
            n,
            c,
            b2b: stats.iter().map(|s| u64::from(s.b2b)).sum(),
            sq: stats.iter().map(|s| s.sq).sum(),
            slots,
            plays,
            team_slots,
            stats,
            wait_hist,
            partial: 0,
        };
        board.partial = (0..l).map(|s| board.partial_of(s)).sum();
        board
    }

    fn partial_of(&self, s: usize) -> u64 {
        if self.slots[s].len() < self.c { (self.slots.len() - 1 - s) as u64 } else { 0 }
    }

    fn cost(&self) -> Cost {
        let max_wait = self.wait_hist.iter().rposition(|&k| k > 0).unwrap_or(0) as u32;
        (self.b2b, max_wait, self.sq, self.partial)
    }

    fn plays(&self, s: usize, t: u16) -> bool {
        self.plays[s * self.n + t as usize]
    }

    /// Marks team `t` as playing (or not) in slot `s`, updating its figures.
    fn set(&mut self, t: usize, s: usize, on: bool) {
        self.plays[s * self.n + t] = on;
        let list = &mut self.team_slots[t];
        match (list.binary_search(&(s as u32)), on) {
            (Err(i), true) => list.insert(i, s as u32),
            (Ok(i), false) => {
                list.remove(i);
            }
            _ => {}
        }
        let old = self.stats[t];
        let new = team_stats(&self.team_slots[t]);
        self.stats[t] = new;
        self.b2b = self.b2b + u64::from(new.b2b) - u64::from(old.b2b);
        self.sq = self.sq + new.sq - old.sq;
        self.wait_hist[old.max_wait as usize] -= 1;
        self.wait_hist[new.max_wait as usize] += 1;
    }

    fn swap_slots(&mut self, i: usize, j: usize) {
        let before = self.partial_of(i) + self.partial_of(j);
        let teams_i: Vec<u16> = self.slots[i].iter().flat_map(|&(a, b)| [a, b]).collect();
        let teams_j: Vec<u16> = self.slots[j].iter().flat_map(|&(a, b)| [a, b]).collect();
        for &t in &teams_i {
            if !teams_j.contains(&t) {
                self.set(t as usize, i, false);
            }
        }
        for &t in &teams_j {
            if !teams_i.contains(&t) {
                self.set(t as usize, j, false);
            }
        }
        for &t in &teams_i {
            if !teams_j.contains(&t) {
                self.set(t as usize, j, true);
            }
        }
        for &t in &teams_j {
            if !teams_i.contains(&t) {
                self.set(t as usize, i, true);
            }
        }
        self.slots.swap(i, j);
        self.partial = self.partial - before + self.partial_of(i) + self.partial_of(j);
    }

    /// Moves match `k` of slot `i` to slot `j` when `j` has room and both teams are free there.
    fn try_move(&mut self, i: usize, k: usize, j: usize) -> bool {
        let (a, b) = self.slots[i][k];
        if i == j || self.slots[j].len() >= self.c || self.plays(j, a) || self.plays(j, b) {
            return false;
        }
        let before = self.partial_of(i) + self.partial_of(j);
        self.slots[i].swap_remove(k);
        self.slots[j].push((a, b));
        for t in [a as usize, b as usize] {
            self.set(t, i, false);
            self.set(t, j, true);
        }
        self.partial = self.partial - before + self.partial_of(i) + self.partial_of(j);
        true
    }

    /// Exchanges match `k` of slot `i` with match `q` of slot `j` when neither then clashes.
    fn try_exchange(&mut self, i: usize, k: usize, j: usize, q: usize) -> bool {
        if i == j {
            return false;
        }
        let (a, b) = self.slots[i][k];
        let (x, y) = self.slots[j][q];
        let free_in = |board: &Board, slot: usize, t: u16, leaving: (u16, u16)| {
            !board.plays(slot, t) || t == leaving.0 || t == leaving.1
        };
        if !(free_in(self, j, a, (x, y))
            && free_in(self, j, b, (x, y))
            && free_in(self, i, x, (a, b))
            && free_in(self, i, y, (a, b)))
        {
            return false;
        }
        self.slots[i][k] = (x, y);
        self.slots[j][q] = (a, b);
        for t in [a, b] {
            if t != x && t != y {
                self.set(t as usize, i, false);
            }
        }
        for t in [x, y] {
            if t != a && t != b {
                self.set(t as usize, j, false);
            }
        }
        for t in [a, b] {
            if t != x && t != y {
                self.set(t as usize, j, true);
            }
        }
        for t in [x, y] {
            if t != a && t != b {
                self.set(t as usize, i, true);
            }
        }
        true
    }
}

impl Board {
    /// Swaps between slots `i` and `j` the chain of matches connected to team `t` (alternately
    /// in `i` and `j`), when both slots stay within `c` matches. Doing it again undoes it.
    fn try_kempe(&mut self, i: usize, j: usize, t: u16) -> bool {
        if i == j || !(self.plays(i, t) || self.plays(j, t)) {
            return false;
        }
        let partner = |slot: &Vec<(u16, u16)>, x: u16| slot.iter().position(|&(a, b)| a == x || b == x);
        // Collect the chain: walk both directions from `t`.
        let mut in_i: Vec<usize> = Vec::new();
        let mut in_j: Vec<usize> = Vec::new();
        for first_in_i in [true, false] {
            let mut at = t;
            let mut use_i = first_in_i;
            loop {
                let (slot, list) = if use_i { (&self.slots[i], &mut in_i) } else { (&self.slots[j], &mut in_j) };
                let Some(k) = partner(slot, at) else { break };
                if list.contains(&k) {
                    break;
                }
                list.push(k);
                let (a, b) = slot[k];
                at = if a == at { b } else { a };
                use_i = !use_i;
            }
        }
        let new_i = self.slots[i].len() - in_i.len() + in_j.len();
        let new_j = self.slots[j].len() - in_j.len() + in_i.len();
        if new_i > self.c || new_j > self.c || new_i == 0 || new_j == 0 {
            return false;
        }
        sort(&mut in_i);
        sort(&mut in_j);
        let from_i: Vec<(u16, u16)> = in_i.iter().map(|&k| self.slots[i][k]).collect();
        let from_j: Vec<(u16, u16)> = in_j.iter().map(|&k| self.slots[j][k]).collect();
        let before = self.partial_of(i) + self.partial_of(j);
        for &k in in_i.iter().rev() {
            self.slots[i].remove(k);
        }
        for &k in in_j.iter().rev() {
            self.slots[j].remove(k);
        }
        let teams = |v: &[(u16, u16)]| v.iter().flat_map(|&(a, b)| [a, b]).collect::<Vec<u16>>();
        let (ti, tj) = (teams(&from_i), teams(&from_j));
        for &x in &ti {
            if !tj.contains(&x) {
                self.set(x as usize, i, false);
                self.set(x as usize, j, true);
            }
        }
        for &x in &tj {
            if !ti.contains(&x) {
                self.set(x as usize, j, false);
                self.set(x as usize, i, true);
            }
        }
        self.slots[i].extend(from_j);
        self.slots[j].extend(from_i);
        self.partial = self.partial - before + self.partial_of(i) + self.partial_of(j);
        true
    }
}

/// Orders slots greedily so each one shares as few teams as possible with the one before.
fn greedy_order(slots: Vec<Vec<(u16, u16)>>, n: usize) -> Vec<Vec<(u16, u16)>> {
    let mut left: Vec<Vec<(u16, u16)>> = slots;
    let mut out: Vec<Vec<(u16, u16)>> = Vec::with_capacity(left.len());
    let mut prev = vec![false; n];
    while !left.is_empty() {
        let overlap = |slot: &Vec<(u16, u16)>| {
            slot.iter().map(|&(a, b)| usize::from(prev[a as usize]) + usize::from(prev[b as usize])).sum::<usize>()
        };
        let (best, _) = left
            .iter()
            .enumerate()
            .min_by_key(|(i, s)| (overlap(s), std::cmp::Reverse(s.len()), *i))
            .unwrap_or((0, &left[0]));
        let slot = left.remove(best);
        prev.iter_mut().for_each(|p| *p = false);
        for &(a, b) in &slot {
            prev[a as usize] = true;
            prev[b as usize] = true;
        }
        out.push(slot);
    }
    out
}

/// Depth-first construction of a schedule without any back-to-back match: slots are filled in
/// time order with `c` matches each (the last one may hold fewer), never using a team of the
/// previous slot. Teams with the most matches left go first; a branch is cut as soon as some
/// team could no longer fit its remaining matches with a rest between each. Gives up (`None`)
/// after `budget` slot attempts. Only worth trying when `n > 4c`: with `n <= 4c` two
/// consecutive full slots cannot be team-disjoint without splitting the teams into two groups
/// that never meet.
fn spread_without_back_to_back(
    n: usize,
    c: usize,
    slots: usize,
    pairs: &[(u16, u16)],
    budget: usize,
) -> Option<Vec<Vec<(u16, u16)>>> {
    struct Search {
        n: usize,
        c: usize,
        slots: usize,
        pairs: Vec<(u16, u16)>,
        used: Vec<bool>,
        left: Vec<u32>,
        last_played: Vec<i64>,
        out: Vec<Vec<(u16, u16)>>,
        budget: usize,
    }

    impl Search {
        fn fits(&self, depth: usize, chosen: u128) -> bool {
            // After slot `depth`: slots depth+1.. remain.
            let after = (self.slots - depth - 1) as i64;
            (0..self.n).all(|t| {
                let r = i64::from(self.left[t]);
                if r == 0 {
                    return true;
                }
                let avail = if chosen >> t & 1 == 1 { after - 1 } else { after };
                2 * r - 1 <= avail
            })
        }

        fn slot(&mut self, depth: usize, prev: u128, remaining: usize) -> bool {
            if remaining == 0 {
                return true;
            }
            if self.budget == 0 || depth >= self.slots {
                return false;
            }
            self.budget -= 1;
            let want = self.c.min(remaining);
            let cands: Vec<usize> = (0..self.pairs.len())
                .filter(|&i| {
                    let (a, b) = self.pairs[i];
                    !self.used[i] && prev >> a & 1 == 0 && prev >> b & 1 == 0
                })
                .collect();
            let d = depth as i64;
            // Keys computed once, then one sort of plain tuples.
            let mut keyed: Vec<(std::cmp::Reverse<u32>, std::cmp::Reverse<i64>, usize)> = cands
                .iter()
                .map(|&i| {
                    let (a, b) = (self.pairs[i].0 as usize, self.pairs[i].1 as usize);
                    let urgency = self.left[a] + self.left[b];
                    let rest = (d - self.last_played[a]) + (d - self.last_played[b]);
                    (std::cmp::Reverse(urgency), std::cmp::Reverse(rest), i)
                })
                .collect();
            sort(&mut keyed);
            let cands: Vec<usize> = keyed.into_iter().map(|k| k.2).collect();
            let mut pick = Vec::with_capacity(want);
            self.choose(depth, &cands, 0, 0, want, &mut pick, remaining)
        }

        #[allow(clippy::too_many_arguments)]
        fn choose(
            &mut self,
            depth: usize,
            cands: &[usize],
            from: usize,
            mask: u128,
            want: usize,
            pick: &mut Vec<usize>,
            remaining: usize,
        ) -> bool {
            if pick.len() == want {
                for &i in pick.iter() {
                    let (a, b) = self.pairs[i];
                    self.used[i] = true;
                    self.left[a as usize] -= 1;
                    self.left[b as usize] -= 1;
                }
                if self.fits(depth, mask) {
                    let saved: Vec<i64> = pick
                        .iter()
                        .flat_map(|&i| {
                            [self.last_played[self.pairs[i].0 as usize], self.last_played[self.pairs[i].1 as usize]]
                        })
                        .collect();
                    for &i in pick.iter() {
                        let (a, b) = self.pairs[i];
                        self.last_played[a as usize] = depth as i64;
                        self.last_played[b as usize] = depth as i64;
                    }
                    self.out.push(pick.iter().map(|&i| self.pairs[i]).collect());
                    if self.slot(depth + 1, mask, remaining - want) {
                        return true;
                    }
                    self.out.pop();
                    for (k, &i) in pick.iter().enumerate().rev() {
                        let (a, b) = self.pairs[i];
                        self.last_played[b as usize] = saved[2 * k + 1];
                        self.last_played[a as usize] = saved[2 * k];
                    }
                }
                for &i in pick.iter() {
                    let (a, b) = self.pairs[i];
                    self.used[i] = false;
                    self.left[a as usize] += 1;
                    self.left[b as usize] += 1;
                }
                return false;
            }
            for k in from..cands.len() {
                if self.budget == 0 {
                    return false;
                }
                let (a, b) = self.pairs[cands[k]];
                let bits = (1u128 << a) | (1u128 << b);
                if mask & bits != 0 {
                    continue;
                }
                pick.push(cands[k]);
                if self.choose(depth, cands, k + 1, mask | bits, want, pick, remaining) {
                    return true;
                }
                pick.pop();
                // Only the first few choices for the first match of a slot are worth trying.
                if pick.is_empty() && k >= from + 2 * self.c + 2 {
                    return false;
                }
            }
            false
        }
    }

    if n > 128 || c == 0 || n <= 4 * c {
        return None;
    }
    let total = pairs.len();
    let mut left = vec![0u32; n];
    for &(a, b) in pairs {
        left[a as usize] += 1;
        left[b as usize] += 1;
    }
    let mut search = Search {
        n,
        c,
        slots,
        used: vec![false; total],
        pairs: pairs.to_vec(),
        left,
        last_played: vec![-1; n],
        out: Vec::with_capacity(slots),
        budget,
    };
    search.slot(0, 0, total).then_some(search.out)
}

/// Late-acceptance hill climbing over slot order and match placement.
fn improve(board: &mut Board, matches: usize) {
    let l = board.slots.len();
    if l < 2 {
        return;
    }
    let budget = (2_000 + 100 * matches).min(100_000);
    let patience = (20 * matches).max(5_000);
    let mut rng = Rng(0x5EED_0000 ^ ((board.n as u64) << 16) ^ board.c as u64);
    let mut current = board.cost();
    let mut best = current;
    let mut best_slots = board.slots.clone();
    let mut history = [current; 50];
    let mut idle = 0usize;
    for it in 0..budget {
        let kind = rng.below(10);
        let i = rng.below(l);
        let j = rng.below(l);
        // Apply a move and remember how to undo it.
        enum Undo {
            Slots(usize, usize),
            Move(usize, usize),
            Exchange(usize, usize, usize, usize),
            Kempe(usize, usize, u16),
        }
        let undo = if kind < 3 {
            if i == j {
                continue;
            }
            board.swap_slots(i, j);
            Undo::Slots(i, j)
        } else if kind < 5 {
            let k = rng.below(board.slots[i].len().max(1));
            if board.slots[i].is_empty() || !board.try_move(i, k, j) {
                continue;
            }
            Undo::Move(j, i)
        } else if kind < 7 {
            let t = rng.below(board.n) as u16;
            if !board.try_kempe(i, j, t) {
                continue;
            }
            Undo::Kempe(i, j, t)
        } else {
            let k = rng.below(board.slots[i].len().max(1));
            let q = rng.below(board.slots[j].len().max(1));
            if board.slots[i].is_empty() || board.slots[j].is_empty() || !board.try_exchange(i, k, j, q) {
                continue;
            }
            Undo::Exchange(i, k, j, q)
        };
        let candidate = board.cost();
        let v = it % history.len();
        if candidate <= current || candidate <= history[v] {
            current = candidate;
        } else {
            match undo {
                Undo::Slots(a, b) => board.swap_slots(a, b),
                Undo::Move(from, to) => {
                    let last = board.slots[from].len() - 1;
                    board.try_move(from, last, to);
                }
                Undo::Exchange(a, k, b, q) => {
                    board.try_exchange(a, k, b, q);
                }
                Undo::Kempe(a, b, t) => {
                    board.try_kempe(a, b, t);
                }
            }
        }
        if current < history[v] {
            history[v] = current;
        }
        if current < best {
            best = current;
            best_slots.clone_from(&board.slots);
            idle = 0;
        } else {
            idle += 1;
            if idle > patience {
                break;
            }
        }
    }
    *board = Board::new(board.n, board.c, best_slots);
}

/// Assigns courts (1-based) to the matches of each slot, least-used court first, and decides
/// which team is listed first so each team is first about half the time.
fn lay_out(slots: &[Vec<(u16, u16)>], n: usize, courts: usize) -> Vec<Vec<(u16, u16, u8)>> {
    let mut court_load = vec![0u32; courts];
    let mut team_court = vec![vec![0u32; courts]; n];
    let mut first_count = vec![0u32; n];
    let mut out = Vec::with_capacity(slots.len());
    for slot in slots {
        let mut pairs = slot.clone();
        sort_by_key(&mut pairs, |&(a, b)| (a.min(b), a.max(b)));
        let mut free: Vec<usize> = (0..courts).collect();
        let mut laid = Vec::with_capacity(pairs.len());
        for (a, b) in pairs {
            let (a, b) = match first_count[a as usize].cmp(&first_count[b as usize]) {
                std::cmp::Ordering::Less => (a, b),
                std::cmp::Ordering::Greater => (b, a),
                std::cmp::Ordering::Equal => (a.min(b), a.max(b)),
            };
            first_count[a as usize] += 1;
            let pick = free
                .iter()
                .enumerate()
                .min_by_key(|(_, k)| (court_load[**k], team_court[a as usize][**k] + team_court[b as usize][**k], **k))
                .map_or(0, |(i, _)| i);
            let k = free.remove(pick);
            court_load[k] += 1;
            team_court[a as usize][k] += 1;
            team_court[b as usize][k] += 1;
            laid.push((a, b, k as u8 + 1));
        }
        sort_by_key(&mut laid, |&(_, _, court)| court);
        out.push(laid);
    }
    out
}

/// Checks the team list: at most [`MAX_TEAMS`], no duplicates.
fn check_teams(teams: &[TeamId]) -> Result<(), ScheduleError> {
    if teams.len() > MAX_TEAMS {
        return Err(ScheduleError::TooManyTeams);
    }
    let mut seen = teams.to_vec();
    sort(&mut seen);
    if seen.windows(2).any(|w| w[0] == w[1]) {
        return Err(ScheduleError::DuplicateTeam);
    }
    Ok(())
}

/// The pool phase for `teams` (in registration order) under `settings`: one pool.
pub fn pool_schedule(teams: &[TeamId], settings: &ScheduleSettings) -> Result<PoolSchedule, ScheduleError> {
    pools_schedule(&[teams.to_vec()], settings)
}

/// The pool phase for several pools sharing the courts: every pair of a pool meets once, nobody
/// plays twice in a slot, and the slots used reach [`lower_bound_pools`] (the rounds of all pools
/// are merged and rebalanced the same way as a single pool's).
pub fn pools_schedule(pools: &[Vec<TeamId>], settings: &ScheduleSettings) -> Result<PoolSchedule, ScheduleError> {
    let teams: Vec<TeamId> = pools.iter().flatten().copied().collect();
    check_teams(&teams)?;
    let n = teams.len();
    let courts = settings.courts();
    let sizes: Vec<usize> = pools.iter().map(Vec::len).collect();
    // Team indices of each pool, and each index's pool.
    let mut pool_of = Vec::with_capacity(n);
    let mut rounds: Vec<Vec<(u16, u16)>> = Vec::new();
    let mut pairs: Vec<(u16, u16)> = Vec::new();
    let mut offset = 0usize;
    for (p, &size) in sizes.iter().enumerate() {
        pool_of.extend(std::iter::repeat_n(p as u8, size));
        for (r, round) in circle_rounds(size).into_iter().enumerate() {
            if rounds.len() <= r {
                rounds.push(Vec::new());
            }
            for (a, b) in round {
                let pair = (a + offset as u16, b + offset as u16);
                rounds[r].push(pair);
                pairs.push((pair.0.min(pair.1), pair.0.max(pair.1)));
            }
        }
        offset += size;
    }
    // The construction tries pairs in this order: (0, 1), (0, 2), ... as for a single pool.
    sort(&mut pairs);
    let total = pairs.len();
    let bound = lower_bound_pools(&sizes, courts);
    let slots: Vec<Vec<(u16, u16)>> = if total == 0 {
        Vec::new()
    } else {
        let mut classes = rounds;
        classes.resize(bound as usize, Vec::new());
        equalize(&mut classes, n);
        let per_slot = courts.min(sizes.iter().map(|&s| s / 2).sum());
        let start = spread_without_back_to_back(n, per_slot, bound as usize, &pairs, 20_000 + 20 * total)
            .unwrap_or_else(|| greedy_order(classes, n));
        let mut board = Board::new(n, per_slot, start);
        improve(&mut board, total);
        board.slots
    };
    let laid = lay_out(&slots, n, courts);

    let several = pools.len() > 1;
    let mut matches = Vec::with_capacity(total);
    for (s, slot) in laid.iter().enumerate() {
        for &(a, b, court) in slot {
            let pool = pool_of[a as usize];
            let round_name = if several {
                format!("Poule {} - Ronde {}", pool_letter(pool), s + 1)
            } else {
                format!("Poule - Ronde {}", s + 1)
            };
            matches.push(PlannedMatch {
                slot_index: s as u32,
                court_number: court,
                scheduled_time: settings.slot_time(s as u32),
                round_type: RoundType::Pool,
                round_name,
                bracket_code: None,
                team1_id: Some(teams[a as usize]),
                team2_id: Some(teams[b as usize]),
                team1_from: None,
                team2_from: None,
                pool: Some(pool),
            });
        }
    }
    let mut quality = measure(&matches, &teams, settings);
    quality.lower_bound = bound;
    let next_slot_index = laid.len() as u32;
    Ok(PoolSchedule { matches, quality, next_slot_index, next_start: settings.slot_time(next_slot_index) })
}

/// Computes the quality figures of any set of planned matches of `teams`.
pub fn measure(matches: &[PlannedMatch], teams: &[TeamId], settings: &ScheduleSettings) -> ScheduleQuality {
    let slots_used = matches.iter().map(|m| m.slot_index + 1).max().unwrap_or(0);
    let index = IdIndex::new(teams.iter().copied());
    let mut by_team: Vec<Vec<u32>> = vec![Vec::new(); teams.len()];
    for m in matches {
        for t in [m.team1_id, m.team2_id].into_iter().flatten() {
            if let Some(i) = index.get(t) {
                by_team[i].push(m.slot_index);
            }
        }
    }
    let mut back_to_back = 0;
    let longest_wait = teams
        .iter()
        .map(|t| {
            let mut list = index.get(*t).map(|i| by_team[i].clone()).unwrap_or_default();
            sort(&mut list);
            let st = team_stats(&list);
            back_to_back += st.b2b;
            let minutes = if list.len() < 2 {
                0
            } else {
                let gap = i64::from(st.max_wait) + 1;
                (gap * settings.slot_minutes() - i64::from(settings.match_duration_minutes)).max(0) as u32
            };
            TeamWait { team_id: *t, slots: st.max_wait, minutes }
        })
        .collect();
    let capacity = u64::from(slots_used) * settings.courts() as u64;
    let court_use_percent = if capacity == 0 {
        0.0
    } else {
        // Per mille rounded half up, then one decimal: integer maths, same result everywhere.
        ((matches.len() as u64 * 2000 + capacity) / (2 * capacity)) as f64 / 10.0
    };
    ScheduleQuality {
        slots_used,
        lower_bound: lower_bound(teams.len(), settings.courts()),
        court_use_percent,
        back_to_back,
        longest_wait,
    }
}

/// How long a tournament of `teams` teams in `pools` pools takes: the admin compares pool
/// counts before generating, to pick one that fits the day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PoolEstimate {
    pub pool_count: u8,
    pub pool_slots: u32,
    pub knockout_slots: u32,
    /// From the first match's start to the end of the final.
    pub total_minutes: u32,
}

/// The estimate for `pools` pools (`None` when a pool would have fewer than 2 teams): the pool
/// phase at its lower bound (which the scheduler reaches), then the knockout rounds.
pub fn estimate(teams: usize, pools: u8, settings: &ScheduleSettings) -> Option<PoolEstimate> {
    let p = usize::from(pools.max(1));
    if teams < 2 * p {
        return None;
    }
    let sizes: Vec<usize> = (0..p).map(|i| teams / p + usize::from(i < teams % p)).collect();
    let pool_slots = lower_bound_pools(&sizes, settings.courts());
    let knockout_slots = knockout::knockout_slots(teams, settings.courts());
    let slots = i64::from(pool_slots + knockout_slots);
    let total = (slots * settings.slot_minutes() - i64::from(settings.break_between_matches)).max(0);
    Some(PoolEstimate { pool_count: pools, pool_slots, knockout_slots, total_minutes: total as u32 })
}

/// True when every pool match is completed (the knockout can be drawn).
pub fn pool_complete(matches: &[Match]) -> bool {
    matches.iter().filter(|m| m.round_type == RoundType::Pool).all(|m| m.status == MatchStatus::Completed)
}

/// What withdrawing a team does to its tournament's matches: the one rule, wherever it shows.
/// A team that has not played yet, before the bracket is drawn, leaves the schedule: its
/// matches go, nothing else moves. Once it has played (or the bracket is drawn) it stays by
/// name (`kept`): its played matches stand as played, every pool match it had left is a
/// forfeit, and so is its next knockout match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Withdrawal {
    /// Its matches to delete (it had played none).
    pub removed_match_ids: Vec<MatchId>,
    /// Its matches to record as forfeits: the match and the side (1 or 2) that forfeits.
    pub forfeits: Vec<(MatchId, u8)>,
    /// It stays in the tournament by name, marked withdrawn.
    pub kept: bool,
}

pub fn withdraw_team(matches: &[Match], team: TeamId) -> Withdrawal {
    let open = |m: &&Match| m.involves(team) && m.status != MatchStatus::Completed;
    let played = matches.iter().any(|m| m.involves(team) && m.status == MatchStatus::Completed);
    if !played && !crate::tournament::bracket_drawn(matches) {
        return Withdrawal {
            removed_match_ids: matches.iter().filter(open).map(|m| m.id).collect(),
            forfeits: Vec::new(),
            kept: false,
        };
    }
    let side = |m: &Match| if m.team1_id == Some(team) { 1 } else { 2 };
    let pool = matches.iter().filter(open).filter(|m| m.round_type == RoundType::Pool);
    let knockout = matches.iter().filter(open).find(|m| m.round_type != RoundType::Pool);
    Withdrawal {
        removed_match_ids: Vec::new(),
        forfeits: pool.chain(knockout).map(|m| (m.id, side(m))).collect(),
        kept: true,
    }
}

#[cfg(test)]
mod tests;
