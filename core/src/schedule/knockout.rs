//! The knockout bracket drawn from the pool standings: quarterfinals 1v8, 4v5, 2v7, 3v6 with
//! the top 8; semifinals 1v4, 2v3 with the top 4 (4 to 7 teams); a final 1v2 with the top 2
//! (2 or 3 teams); nothing below 2 teams. Winners of QF1 and QF2 meet in SF1, of QF3 and QF4 in
//! SF2, of SF1 and SF2 in the final. Each round is laid on the courts after the previous one.

use crate::messages::Lang;
use crate::schedule::{PlannedMatch, ScheduleError, ScheduleSettings};
use crate::standings::Standing;
use crate::tournament::{BracketCode, Match, MatchStatus, RoundType, TeamId};

/// Quarterfinal pairings by pool rank, in bracket order (QF1..QF4).
pub const QUARTERFINAL_SEEDS: [(usize, usize); 4] = [(1, 8), (4, 5), (2, 7), (3, 6)];
/// Semifinal pairings by pool rank when the bracket starts there.
pub const SEMIFINAL_SEEDS: [(usize, usize); 2] = [(1, 4), (2, 3)];

/// Label shown for a side still waiting for the winner of `code`.
pub fn placeholder(code: BracketCode, lang: Lang) -> String {
    match lang {
        Lang::Fr => format!("Vainqueur {code}"),
        Lang::En => format!("Winner of {code}"),
    }
}

/// The round a bracket of `teams` teams starts with, if any.
pub fn first_round(teams: usize) -> Option<RoundType> {
    match teams {
        0 | 1 => None,
        2 | 3 => Some(RoundType::Final),
        4..=7 => Some(RoundType::Semifinal),
        _ => Some(RoundType::Quarterfinal),
    }
}

/// One bracket match before it is placed in time.
struct Pairing {
    round: RoundType,
    code: BracketCode,
    name: String,
    team1: Result<TeamId, BracketCode>,
    team2: Result<TeamId, BracketCode>,
}

/// The knockout matches for the pool `standings` (any order; ranked by `position`), placed from
/// slot `first_slot_index` (the pool's `nextSlotIndex`) on the same courts.
pub fn plan_knockout(standings: &[Standing], settings: &ScheduleSettings, first_slot_index: u32) -> Vec<PlannedMatch> {
    let mut ranked: Vec<&Standing> = standings.iter().collect();
    crate::small::sort_by_key(&mut ranked, |s| (s.position, s.team_id));
    let seed = |rank: usize| ranked[rank - 1].team_id;
    let Some(start) = first_round(ranked.len()) else {
        return Vec::new();
    };
    let mut rounds: Vec<Vec<Pairing>> = Vec::new();
    if start == RoundType::Quarterfinal {
        rounds.push(
            QUARTERFINAL_SEEDS
                .iter()
                .enumerate()
                .map(|(i, &(a, b))| Pairing {
                    round: RoundType::Quarterfinal,
                    code: BracketCode::QUARTERFINALS[i],
                    name: format!("Quart de finale {}", i + 1),
                    team1: Ok(seed(a)),
                    team2: Ok(seed(b)),
                })
                .collect(),
        );
    }
    if start != RoundType::Final {
        rounds.push(
            BracketCode::SEMIFINALS
                .into_iter()
                .enumerate()
                .map(|(i, code)| {
                    let (team1, team2) = match (start, code.feeders()) {
                        (RoundType::Quarterfinal, Some((f1, f2))) => (Err(f1), Err(f2)),
                        _ => (Ok(seed(SEMIFINAL_SEEDS[i].0)), Ok(seed(SEMIFINAL_SEEDS[i].1))),
                    };
                    Pairing { round: RoundType::Semifinal, code, name: format!("Demi-finale {}", i + 1), team1, team2 }
                })
                .collect(),
        );
    }
    let (team1, team2) = if start == RoundType::Final {
        (Ok(seed(1)), Ok(seed(2)))
    } else {
        (Err(BracketCode::Sf1), Err(BracketCode::Sf2))
    };
    rounds.push(vec![Pairing {
        round: RoundType::Final,
        code: BracketCode::F,
        name: "Finale".to_owned(),
        team1,
        team2,
    }]);

    let courts = settings.courts();
    let mut slot = first_slot_index;
    let mut planned = Vec::new();
    for round in rounds {
        for chunk in round.chunks(courts) {
            for (k, p) in chunk.iter().enumerate() {
                planned.push(PlannedMatch {
                    slot_index: slot,
                    court_number: k as u8 + 1,
                    scheduled_time: settings.slot_time(slot),
                    round_type: p.round,
                    round_name: p.name.clone(),
                    bracket_code: Some(p.code),
                    team1_id: p.team1.ok(),
                    team2_id: p.team2.ok(),
                    team1_from: p.team1.err(),
                    team2_from: p.team2.err(),
                    pool: None,
                });
            }
            slot += 1;
        }
    }
    planned
}

/// Whether `team1_score`–`team2_score` may be recorded for `m`: both teams must be known, and a
/// knockout match cannot end in a draw.
pub fn check_score(m: &Match, team1_score: u32, team2_score: u32) -> Result<(), ScheduleError> {
    if m.team1_id.is_none() || m.team2_id.is_none() {
        return Err(ScheduleError::MatchTeamsUnknown);
    }
    if m.round_type != RoundType::Pool && team1_score == team2_score {
        return Err(ScheduleError::KnockoutDraw);
    }
    Ok(())
}

/// Fills each knockout side with the winner of the match feeding it (or empties it while that
/// match is undecided). A side of a match already started or completed cannot change:
/// `BracketConflict`. A completed knockout match with equal scores is `KnockoutDraw`.
/// Returns every match, in the given order.
pub fn advance(matches: &[Match]) -> Result<Vec<Match>, ScheduleError> {
    let mut out = matches.to_vec();
    if out.iter().any(|m| m.round_type != RoundType::Pool && m.result().is_some_and(|(_, _, a, b)| a == b)) {
        return Err(ScheduleError::KnockoutDraw);
    }
    for code in [BracketCode::Sf1, BracketCode::Sf2, BracketCode::F] {
        let Some(target) = out.iter().position(|m| m.bracket_code == Some(code)) else {
            continue;
        };
        let Some((f1, f2)) = code.feeders() else {
            continue;
        };
        for (side, feeder_code) in [(1, f1), (2, f2)] {
            let Some(feeder) = out.iter().find(|m| m.bracket_code == Some(feeder_code)) else {
                continue;
            };
            let winner = if feeder.status == MatchStatus::Completed {
                // Scores, not `result()`: a played match keeps them when a withdrawn team leaves
                // its side empty; its winner then already holds (or left) the next round's side.
                let scored = feeder.team1_score.is_some() && feeder.team2_score.is_some();
                if !scored && feeder.forfeit_side.is_none() {
                    return Err(ScheduleError::MatchTeamsUnknown);
                }
                feeder.winner()
            } else {
                None
            };
            let m = &mut out[target];
            let current = if side == 1 { &mut m.team1_id } else { &mut m.team2_id };
            if *current == winner {
                continue;
            }
            if m.status != MatchStatus::Scheduled {
                return Err(ScheduleError::BracketConflict);
            }
            *current = winner;
        }
    }
    // A forfeited match is decided as soon as the other side is known.
    for m in &mut out {
        let other_known = match m.forfeit_side {
            Some(1) => m.team2_id.is_some(),
            Some(2) => m.team1_id.is_some(),
            _ => false,
        };
        if other_known && m.status != MatchStatus::Completed {
            m.status = MatchStatus::Completed;
        }
    }
    Ok(out)
}

/// The knockout seeds from the standings of each pool (each ranked by `position`): ranks
/// alternate between pools (A1, B1, A2, B2, ...) and `position` becomes the seed, so the
/// bracket's pairings (1v4, 2v3; 1v8, 4v5, ...) cross pools: A1 meets B2 and B1 meets A2.
/// With one pool the standings are returned as they are. A withdrawn team is never seeded.
pub fn seed_pools(pools: &[Vec<Standing>]) -> Vec<Standing> {
    let ranked: Vec<Vec<&Standing>> = pools
        .iter()
        .map(|p| {
            let mut r: Vec<&Standing> = p.iter().filter(|s| !s.withdrawn).collect();
            crate::small::sort_by_key(&mut r, |s| (s.position, s.team_id));
            r
        })
        .collect();
    let deepest = ranked.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = Vec::new();
    for rank in 0..deepest {
        for pool in &ranked {
            if let Some(s) = pool.get(rank) {
                out.push(Standing { position: out.len() as u32 + 1, ..(*s).clone() });
            }
        }
    }
    out
}

/// Every team still in the pools' standings, pool by pool: the teams the knockout may draw or
/// give a work duty. A withdrawn team stays in its table but is out: its registration is gone.
pub fn teams_still_in(pools: &[Vec<Standing>]) -> Vec<TeamId> {
    pools.iter().flatten().filter(|s| !s.withdrawn).map(|s| s.team_id).collect()
}

/// Time slots the knockout phase of `teams` teams takes on `courts` courts.
pub fn knockout_slots(teams: usize, courts: usize) -> u32 {
    let c = courts.max(1);
    let rounds: &[usize] = match first_round(teams) {
        None => &[],
        Some(RoundType::Final) => &[1],
        Some(RoundType::Semifinal) => &[2, 1],
        Some(_) => &[4, 2, 1],
    };
    rounds.iter().map(|m| m.div_ceil(c) as u32).sum()
}

/// The tournament winner once the final is completed.
pub fn champion(matches: &[Match]) -> Option<TeamId> {
    matches.iter().find(|m| m.round_type == RoundType::Final).and_then(Match::winner)
}
