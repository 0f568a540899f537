//! The final places once a tournament is decided: the champion first, the final's loser second,
//! then the semifinal losers, then the quarterfinal losers, then the teams the bracket left out.
//! There is no match for third place, so teams that went out in the same round are ordered by
//! their knockout seed (the pool standings crossed between pools, as the bracket was drawn).
//! A team withdrawn from the pools is never seeded and gets no place.

use crate::schedule::knockout::{champion, first_round, seed_pools};
use crate::standings::Standing;
use crate::tournament::{Match, MatchStatus, RoundType, TeamId};

/// The teams in final order, first place first; empty while the tournament is undecided: the
/// final not completed, or without a bracket, one still to draw or a pool match still to play.
pub fn final_ranking(pools: &[Vec<Standing>], matches: &[Match]) -> Vec<TeamId> {
    let seeds = seed_pools(pools);
    let has_bracket = matches.iter().any(|m| m.round_type != RoundType::Pool);
    let winner = champion(matches);
    let decided = if has_bracket {
        winner.is_some()
    } else {
        first_round(seeds.len()).is_none() && matches.iter().all(|m| m.status == MatchStatus::Completed)
    };
    if !decided {
        return Vec::new();
    }
    // How far each team went: 0 champion, 1 the final, 2 a semifinal, 3 a quarterfinal, 4 no
    // knockout match.
    let went_out = |team: TeamId| -> u8 {
        if winner == Some(team) {
            return 0;
        }
        let played = |round: RoundType| {
            matches.iter().any(|m| m.round_type == round && (m.team1_id == Some(team) || m.team2_id == Some(team)))
        };
        [(RoundType::Final, 1), (RoundType::Semifinal, 2), (RoundType::Quarterfinal, 3)]
            .into_iter()
            .find(|&(round, _)| played(round))
            .map_or(4, |(_, depth)| depth)
    };
    let mut seeded: Vec<(u8, u32, TeamId)> =
        seeds.into_iter().map(|s| (went_out(s.team_id), s.position, s.team_id)).collect();
    seeded.sort_unstable();
    seeded.into_iter().map(|(_, _, team)| team).collect()
}

/// `team`'s final place (1 for the champion), or `None` while undecided or for a team with no
/// place (withdrawn from the pools).
pub fn final_place(pools: &[Vec<Standing>], matches: &[Match], team: TeamId) -> Option<u32> {
    final_ranking(pools, matches).iter().position(|&t| t == team).map(|i| i as u32 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standings::standings;
    use crate::tournament::{BracketCode, Team};

    /// A pool of teams 1..=n where the lower id always wins: the pool ranks follow the ids.
    fn pool(n: i64) -> (Vec<Standing>, Vec<Match>) {
        let teams: Vec<Team> = (1..=n).map(|id| Team::new(id, format!("Équipe {id}"))).collect();
        let mut matches = Vec::new();
        for a in 1..=n {
            for b in a + 1..=n {
                matches.push(Match::played(matches.len() as i64 + 1, a, b, 21, 15));
            }
        }
        (standings(&matches, &teams), matches)
    }

    fn knockout(
        id: i64,
        round: RoundType,
        code: BracketCode,
        a: TeamId,
        b: TeamId,
        score: Option<(u32, u32)>,
    ) -> Match {
        let (sa, sb) = score.unwrap_or((0, 0));
        Match {
            round_type: round,
            bracket_code: Some(code),
            status: if score.is_some() { MatchStatus::Completed } else { MatchStatus::Scheduled },
            team1_score: score.map(|_| sa),
            team2_score: score.map(|_| sb),
            ..Match::played(id, a, b, sa, sb)
        }
    }

    #[test]
    fn places_follow_the_round_each_team_went_out_in_then_the_seed() {
        let (standing, mut matches) = pool(6);
        // Semifinals 1v4 and 2v3: 4 upsets 1, 2 beats 3; then 2 wins the final against 4.
        matches.push(knockout(100, RoundType::Semifinal, BracketCode::Sf1, 1, 4, Some((18, 21))));
        matches.push(knockout(101, RoundType::Semifinal, BracketCode::Sf2, 2, 3, Some((21, 10))));
        matches.push(knockout(102, RoundType::Final, BracketCode::F, 4, 2, None));
        let pools = vec![standing];
        assert_eq!(final_ranking(&pools, &matches), Vec::<TeamId>::new(), "the final is still to play");
        assert_eq!(final_place(&pools, &matches, 2), None);

        *matches.last_mut().expect("final") = knockout(102, RoundType::Final, BracketCode::F, 4, 2, Some((19, 21)));
        assert_eq!(final_ranking(&pools, &matches), vec![2, 4, 1, 3, 5, 6]);
        assert_eq!(final_place(&pools, &matches, 2), Some(1), "the champion");
        assert_eq!(final_place(&pools, &matches, 4), Some(2), "the final's loser");
        assert_eq!(final_place(&pools, &matches, 1), Some(3), "the better seed of the semifinal losers");
        assert_eq!(final_place(&pools, &matches, 3), Some(4));
        assert_eq!(final_place(&pools, &matches, 6), Some(6), "left out of the bracket: by pool rank");
        assert_eq!(final_place(&pools, &matches, 99), None, "not in the tournament");
    }

    #[test]
    fn quarterfinal_losers_come_after_the_semifinal_losers() {
        let (standing, mut matches) = pool(9);
        for (i, (a, b)) in [(1, 8), (4, 5), (2, 7), (3, 6)].into_iter().enumerate() {
            matches.push(knockout(
                100 + i as i64,
                RoundType::Quarterfinal,
                BracketCode::QUARTERFINALS[i],
                a,
                b,
                Some((21, 12)),
            ));
        }
        matches.push(knockout(110, RoundType::Semifinal, BracketCode::Sf1, 1, 4, Some((21, 12))));
        matches.push(knockout(111, RoundType::Semifinal, BracketCode::Sf2, 2, 3, Some((12, 21))));
        matches.push(knockout(112, RoundType::Final, BracketCode::F, 1, 3, Some((21, 12))));
        assert_eq!(final_ranking(&[standing], &matches), vec![1, 3, 2, 4, 5, 6, 7, 8, 9]);
    }

    #[test]
    fn without_a_bracket_only_a_lone_team_is_placed() {
        let (standing, matches) = pool(1);
        assert_eq!(final_place(&[standing], &matches, 1), Some(1), "a lone team is first");
        // Three teams whose pool is played still have their final to draw.
        let (standing, mut matches) = pool(3);
        let pools = [standing];
        assert_eq!(final_place(&pools, &matches, 1), None);
        matches[0].status = MatchStatus::Scheduled;
        assert_eq!(final_place(&pools, &matches, 1), None);
    }
}
