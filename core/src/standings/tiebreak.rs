//! The order of a pool: a chain of criteria, each over the whole pool or over the matches
//! between the teams still tied only. When a criterion splits a tied group, each part still
//! tied is ranked again from the start of the chain, among its own teams (FIVB's pool ranking
//! criteria: three tied teams are reclassified on their matches against each other).

use std::cmp::Ordering;

use super::{Result, Tally};
use crate::format::MatchFormat;
use crate::small::{IdIndex, sort_by};
use crate::tiebreak::{Criterion, Scope, Tiebreak};
use crate::tournament::Team;

/// What the ranking reads.
pub(super) struct Pool<'a> {
    pub teams: &'a [&'a Team],
    pub index: &'a IdIndex,
    pub results: &'a [Result],
    /// Each team's tally over every counted match.
    pub all: &'a [Tally],
    pub format: &'a MatchFormat,
}

/// Compares two quotients `a/b` and `c/d` exactly, a zero denominator being infinite.
fn cmp_ratio((a, b): (u32, u32), (c, d): (u32, u32)) -> Ordering {
    match (b, d) {
        (0, 0) => a.cmp(&c),
        (0, _) => Ordering::Greater,
        (_, 0) => Ordering::Less,
        _ => (u64::from(a) * u64::from(d)).cmp(&(u64::from(c) * u64::from(b))),
    }
}

fn folded(name: &str) -> Vec<char> {
    name.chars().flat_map(char::to_lowercase).collect()
}

/// `Less` when team `x` ranks above team `y` by `c` over the tallies `t`.
fn compare(pool: &Pool<'_>, c: Criterion, t: &[Tally], x: usize, y: usize) -> Ordering {
    let (a, b) = (&t[x], &t[y]);
    let diff = |s: &Tally| i64::from(s.points_for) - i64::from(s.points_against);
    let higher = match c {
        Criterion::Points => a.points.cmp(&b.points),
        Criterion::Wins => a.wins.cmp(&b.wins),
        Criterion::SetRatio => cmp_ratio((a.sets_won, a.sets_lost), (b.sets_won, b.sets_lost)),
        Criterion::PointRatio => cmp_ratio((a.points_for, a.points_against), (b.points_for, b.points_against)),
        Criterion::PointDifference => diff(a).cmp(&diff(b)),
        Criterion::PointsFor => a.points_for.cmp(&b.points_for),
        Criterion::HeadToHead => (a.points, diff(a)).cmp(&(b.points, diff(b))),
        Criterion::TeamName => {
            let (nx, ny) = (&pool.teams[x].name, &pool.teams[y].name);
            return folded(nx).cmp(&folded(ny)).then_with(|| nx.cmp(ny));
        }
        Criterion::RegistrationOrder => return pool.teams[x].id.cmp(&pool.teams[y].id),
    };
    higher.reverse()
}

/// The pool's teams (by position in `pool.teams`) in order, each with the criterion that
/// separated it from the next.
pub(super) fn rank(pool: &Pool<'_>) -> Vec<(usize, Option<Criterion>)> {
    // Teams still in first, then the withdrawn: each group ordered by the chain on its own.
    let (mut group, mut withdrawn): (Vec<usize>, Vec<usize>) =
        (0..pool.teams.len()).partition(|t| !pool.teams[*t].withdrawn);
    let mut decided = vec![None; pool.teams.len()];
    order(pool, &mut group, &mut decided);
    order(pool, &mut withdrawn, &mut decided);
    group.into_iter().chain(withdrawn).map(|t| (t, decided[t])).collect()
}

/// Orders `group` (teams tied so far) by the chain, recording at each boundary what decided it.
fn order(pool: &Pool<'_>, group: &mut Vec<usize>, decided: &mut [Option<Criterion>]) {
    if group.len() < 2 {
        return;
    }
    // The chain, always ending in registration order, which separates any two teams.
    let last = Tiebreak { criterion: Criterion::RegistrationOrder, scope: Scope::All };
    for tb in pool.format.tiebreaks.iter().chain(std::iter::once(&last)) {
        let among: Vec<Tally>;
        let tallies = if tb.scope == Scope::Tied || tb.criterion == Criterion::HeadToHead {
            let mut inside = vec![false; pool.teams.len()];
            group.iter().for_each(|t| inside[*t] = true);
            among = Tally::of(pool.results, pool.index, &|t| inside[t], pool.format, pool.teams.len());
            &among
        } else {
            pool.all
        };
        sort_by(group, |x, y| compare(pool, tb.criterion, tallies, *x, *y));
        let mut runs: Vec<Vec<usize>> = Vec::new();
        for t in group.iter() {
            match runs.last_mut() {
                Some(run) if compare(pool, tb.criterion, tallies, run[0], *t) == Ordering::Equal => run.push(*t),
                _ => runs.push(vec![*t]),
            }
        }
        if runs.len() == 1 {
            continue;
        }
        group.clear();
        let count = runs.len();
        for (i, mut run) in runs.into_iter().enumerate() {
            // Still tied among themselves: ranked again, from the start, on their own.
            order(pool, &mut run, decided);
            if i + 1 < count
                && let Some(bottom) = run.last()
            {
                decided[*bottom] = Some(tb.criterion);
            }
            group.extend(run);
        }
        return;
    }
}
