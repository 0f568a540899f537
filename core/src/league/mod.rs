//! Weekly leagues with motion-démotion: a night's grid of tiers, each one group of teams on a
//! court, and the next night's grid from the night's results.
//!
//! # Groups
//! The league's `group_size` (3 or 4) is what the admin asks for; groups hold 2 to 4 teams.
//! With `n` teams there are `max(2, round(n / size), ceil(n / 4))` groups, as even as possible,
//! the groups of exactly `size` teams at the top and the others (one more, or one fewer) at the
//! bottom: 10 teams in groups of 3 are 3 + 3 + 4, 11 in groups of 4 are 4 + 4 + 3. The same
//! count gives the same sizes every night ([`group_sizes`] says which).
//!
//! # Ranking in a group
//! The league's format's results table and tie-break chain ([`crate::standings`]), then the
//! team that was in the lower tier the night before (a team new to the grid counts as coming
//! from below all), then the seed (its place in the night's grid). An absent team ranks last
//! of its group, its matches forfeits.
//!
//! # Movement
//! Each group's first moves up one tier and its last moves down one; the top tier's first and
//! the bottom tier's last stay. In the next tier order, a tier holds the team come down from
//! above, then its own teams that stayed in their ranking's order, then the team come up from
//! below: so the sizes are kept while the number of teams is. A team that arrives mid-season
//! enters at the bottom; a withdrawn team's place is filled from below (the order closes up).

use serde::{Deserialize, Serialize};

use crate::format::MatchFormat;
use crate::schedule::circle_rounds;
use crate::small::{IdIndex, sort_by_key};
use crate::standings::standings_in;
use crate::tournament::{Match, Team, TeamId};

#[cfg(test)]
mod tests;

/// The group sizes an admin may ask for.
pub const GROUP_SIZES: [u8; 2] = [3, 4];
/// The fewest teams a night holds: two groups of 2.
pub const MIN_TEAMS: usize = 4;
/// The most teams a night holds (Ottawa's busiest nights have 72).
pub const MAX_TEAMS: usize = 128;
/// The most teams one group holds: a round robin of 6 matches on one court.
const MAX_GROUP: usize = 4;

/// Why a league's night cannot be drawn or laid out; each a code of the message catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeagueError {
    /// Fewer teams than two groups need.
    TooFewTeams { teams: usize, needed: usize },
    /// More teams than a night holds.
    TooManyTeams { teams: usize },
    /// A group size other than 3 or 4.
    GroupSize,
    /// The waves of groups do not fit between the start and the courts' closing hour.
    TooManyWaves { waves: usize, minutes_needed: u32, minutes_available: u32 },
    /// No court to play on.
    NoCourt,
}

impl LeagueError {
    pub fn code(self) -> &'static str {
        match self {
            LeagueError::TooFewTeams { .. } => "league_too_few_teams",
            LeagueError::TooManyTeams { .. } => "league_too_many_teams",
            LeagueError::GroupSize => "league_group_size_invalid",
            LeagueError::TooManyWaves { .. } => "league_too_many_waves",
            LeagueError::NoCourt => "league_courts_invalid",
        }
    }
}

/// A night's grid: its tiers, the top first, each one group of teams in seed order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Grid {
    pub tiers: Vec<Vec<TeamId>>,
}

impl Grid {
    /// The tier (1 = the top) team `team` plays in.
    pub fn tier_of(&self, team: TeamId) -> Option<usize> {
        self.tiers.iter().position(|g| g.contains(&team)).map(|i| i + 1)
    }

    /// Every team, the top tier's first, in seed order.
    pub fn order(&self) -> Vec<TeamId> {
        self.tiers.concat()
    }

    pub fn sizes(&self) -> Vec<usize> {
        self.tiers.iter().map(Vec::len).collect()
    }
}

/// The sizes of the groups for `teams` teams when the admin asks for groups of `group_size`,
/// the top group first.
pub fn group_sizes(teams: usize, group_size: u8) -> Result<Vec<usize>, LeagueError> {
    if !GROUP_SIZES.contains(&group_size) {
        return Err(LeagueError::GroupSize);
    }
    if teams < MIN_TEAMS {
        return Err(LeagueError::TooFewTeams { teams, needed: MIN_TEAMS });
    }
    if teams > MAX_TEAMS {
        return Err(LeagueError::TooManyTeams { teams });
    }
    let size = usize::from(group_size);
    let groups = [2, (2 * teams + size) / (2 * size), teams.div_ceil(MAX_GROUP)].into_iter().max().unwrap_or(2);
    let (base, extra) = (teams / groups, teams % groups);
    let mut sizes: Vec<usize> = (0..groups).map(|i| base + usize::from(i < extra)).collect();
    // The groups of the asked size first, then the others (the larger first among those).
    sort_by_key(&mut sizes, |&s| (s.abs_diff(size), std::cmp::Reverse(s)));
    Ok(sizes)
}

/// The grid of teams in `order` (the first night's: the registration order or the admin's
/// seeding; a later night's: [`next_placement`]'s order), cut into [`group_sizes`].
pub fn grid_of(order: &[TeamId], group_size: u8) -> Result<Grid, LeagueError> {
    let first = IdIndex::new(order.iter().copied());
    let order: Vec<TeamId> =
        order.iter().enumerate().filter(|&(pos, t)| first.get(*t) == Some(pos)).map(|(_, t)| *t).collect();
    let mut rest = &order[..];
    let mut tiers = Vec::new();
    for size in group_sizes(order.len(), group_size)? {
        let (group, after) = rest.split_at(size);
        tiers.push(group.to_vec());
        rest = after;
    }
    Ok(Grid { tiers })
}

/// What a night played on `grid` gives the next one.
#[derive(Debug, Clone, Copy)]
pub struct Night<'a> {
    pub grid: &'a Grid,
    /// The night's matches; the completed ones count, as in a pool.
    pub matches: &'a [Match],
    /// Teams marked absent on the night: last of their group.
    pub absent: &'a [TeamId],
    /// The grid of the night before, for the tie-break by tier; none on the first night.
    pub previous: Option<&'a Grid>,
}

/// The teams joining and leaving before the next night.
#[derive(Debug, Clone, Copy, Default)]
pub struct Roster<'a> {
    /// In registration order: they enter at the bottom.
    pub arrived: &'a [TeamId],
    pub withdrawn: &'a [TeamId],
}

/// The league's rules for ranking and drawing.
#[derive(Debug, Clone)]
pub struct Rules {
    pub group_size: u8,
    pub format: MatchFormat,
}

/// Tier `tier` (1 = the top) of the night ranked: the format's table and tie-breaks, then the
/// team from the lower tier the night before, then the seed; absent teams last.
pub fn group_ranking(night: &Night<'_>, tier: usize, format: &MatchFormat) -> Vec<TeamId> {
    let Some(group) = tier.checked_sub(1).and_then(|i| night.grid.tiers.get(i)) else { return Vec::new() };
    let came_from = |t: TeamId| night.previous.and_then(|g| g.tier_of(t)).unwrap_or(usize::MAX);
    let mut seeded: Vec<(usize, TeamId)> = group.iter().copied().enumerate().collect();
    // Lower tier the night before first (a larger number), then the seed.
    sort_by_key(&mut seeded, |&(seed, t)| (std::cmp::Reverse(came_from(t)), seed));
    // The standings' last resort is the id: each team is ranked under its place in this order.
    let teams: Vec<Team> = seeded
        .iter()
        .enumerate()
        .map(|(key, &(_, t))| Team { id: key as TeamId, name: String::new(), withdrawn: night.absent.contains(&t) })
        .collect();
    let key = IdIndex::new(seeded.iter().map(|&(_, t)| t));
    let matches: Vec<Match> = night
        .matches
        .iter()
        .filter_map(|m| {
            let (a, b) = (key.get(m.team1_id?)?, key.get(m.team2_id?)?);
            Some(Match { team1_id: Some(a as TeamId), team2_id: Some(b as TeamId), ..m.clone() })
        })
        .collect();
    standings_in(&matches, &teams, format).into_iter().map(|s| seeded[s.team_id as usize].1).collect()
}

/// The next night's grid from the night's results: each group's first up one tier, its last
/// down one, arrivals at the bottom, withdrawn teams' places filled from below. Pure and
/// deterministic: the same night gives the same grid.
pub fn next_placement(night: &Night<'_>, roster: &Roster<'_>, rules: &Rules) -> Result<Grid, LeagueError> {
    let count = night.grid.tiers.len();
    let ranked: Vec<Vec<TeamId>> = (1..=count).map(|t| group_ranking(night, t, &rules.format)).collect();
    let mut order = Vec::with_capacity(night.grid.tiers.iter().map(Vec::len).sum::<usize>() + roster.arrived.len());
    for (i, group) in ranked.iter().enumerate() {
        let (has_above, has_below) = (i > 0, i + 1 < count);
        if has_above && let Some(&down) = ranked[i - 1].last() {
            order.push(down);
        }
        let last = group.len().saturating_sub(1);
        for (place, &team) in group.iter().enumerate() {
            let up = place == 0 && has_above;
            let down = place == last && has_below;
            if !up && !down {
                order.push(team);
            }
        }
        if has_below && let Some(&up) = ranked[i + 1].first() {
            order.push(up);
        }
    }
    order.retain(|t| !roster.withdrawn.contains(t));
    order.extend(roster.arrived.iter().filter(|t| !roster.withdrawn.contains(t)));
    grid_of(&order, rules.group_size)
}

/// A night of the season: `planned` (no grid yet), `published` (its grid out, results coming),
/// `played` (closed: its grid and results are the record the next night is drawn from), or
/// `cancelled` (nobody moves: the next night reuses its grid).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum NightState {
    Planned,
    Published,
    Played,
    Cancelled,
}

crate::stored::stored_text!(NightState {
    Planned = "planned",
    Published = "published",
    Played = "played",
    Cancelled = "cancelled",
});

impl NightState {
    /// A night that happened or was called off stays in the season as it is: it is neither
    /// removed nor renumbered by an edit.
    pub fn is_settled(self) -> bool {
        self != NightState::Planned
    }
}

/// Why the courts (or a night) are closed: the closures' reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ClosureReason {
    Storm,
    Rain,
    Heat,
    WaterQuality,
    Other,
}

crate::stored::stored_text!(ClosureReason {
    Storm = "storm",
    Rain = "rain",
    Heat = "heat",
    WaterQuality = "water_quality",
    Other = "other",
});

/// Minutes a night has from `start` until the courts close: the earliest closing of the
/// league's courts that day (`None` for a court closed that day, which leaves none).
pub fn minutes_until_close(start: chrono::NaiveTime, closings: &[Option<chrono::NaiveTime>]) -> u32 {
    closings
        .iter()
        .map(|close| close.map_or(0, |c| u32::try_from((c - start).num_minutes().max(0)).unwrap_or(0)))
        .min()
        .unwrap_or(0)
}

/// When a match `start_minutes` after a night's start begins: the night's date at `start` in
/// the centre's zone `tz` (a time a spring-forward skips is the first instant after it).
pub fn match_start<Z: chrono::TimeZone>(
    tz: &Z,
    date: chrono::NaiveDate,
    start: chrono::NaiveTime,
    start_minutes: u32,
) -> chrono::DateTime<chrono::Utc> {
    crate::slots::local_instant(tz, date.and_time(start), false) + chrono::Duration::minutes(start_minutes.into())
}

/// A team's movement from one night's grid to the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Movement {
    Up,
    Down,
    Same,
    /// Not in the grid before.
    New,
}

crate::stored::stored_text!(Movement { Up = "up", Down = "down", Same = "same", New = "new" });

/// How `team` moved from `previous` (none on the first night) to `current`.
pub fn movement(previous: Option<&Grid>, current: &Grid, team: TeamId) -> Movement {
    match (previous.and_then(|g| g.tier_of(team)), current.tier_of(team)) {
        (Some(before), Some(now)) if now < before => Movement::Up,
        (Some(before), Some(now)) if now > before => Movement::Down,
        (Some(_), _) => Movement::Same,
        (None, _) => Movement::New,
    }
}

/// One match of a night, laid out: its tier, the court (an index into the league's courts),
/// the minutes after the night's start, and its two teams.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NightMatch {
    pub tier: usize,
    pub court: usize,
    pub start_minutes: u32,
    pub team1: TeamId,
    pub team2: TeamId,
}

/// The night's matches: each group a round robin on one court (tier `t` on court
/// `(t - 1) % courts`), the groups beyond the courts in later waves, each wave starting when
/// the longest group before it ends. Refused when the waves end after `minutes_available`.
pub fn plan_night(
    grid: &Grid,
    courts: usize,
    match_minutes: u32,
    minutes_available: u32,
) -> Result<Vec<NightMatch>, LeagueError> {
    if courts == 0 {
        return Err(LeagueError::NoCourt);
    }
    let mut out = Vec::new();
    let mut wave_start = 0u32;
    let waves = grid.tiers.len().div_ceil(courts);
    for (w, wave) in grid.tiers.chunks(courts).enumerate() {
        let mut longest = 0u32;
        for (c, group) in wave.iter().enumerate() {
            let mut at = wave_start;
            for (a, b) in circle_rounds(group.len()).into_iter().flatten() {
                out.push(NightMatch {
                    tier: w * courts + c + 1,
                    court: c,
                    start_minutes: at,
                    team1: group[usize::from(a)],
                    team2: group[usize::from(b)],
                });
                at += match_minutes;
            }
            longest = longest.max(at - wave_start);
        }
        wave_start += longest;
    }
    if wave_start > minutes_available {
        return Err(LeagueError::TooManyWaves { waves, minutes_needed: wave_start, minutes_available });
    }
    Ok(out)
}
