use super::knockout::{advance, champion, check_score, plan_knockout};
use super::*;
use crate::standings::standings;
use crate::tournament::{BracketCode, Team};

fn settings(courts: u8) -> ScheduleSettings {
    ScheduleSettings {
        courts_available: courts,
        match_duration_minutes: 20,
        break_between_matches: 10,
        start_time: DateTime::parse_from_rfc3339("2026-08-24T13:00:00Z").expect("time").with_timezone(&Utc),
    }
}

fn ids(n: i64) -> Vec<TeamId> {
    (1..=n).collect()
}

#[test]
fn lower_bounds() {
    assert_eq!(lower_bound(4, 2), 3);
    assert_eq!(lower_bound(6, 2), 8);
    assert_eq!(lower_bound(9, 2), 18);
    assert_eq!(lower_bound(5, 4), 5, "more courts than teams / 2: one slot per round");
    assert_eq!(lower_bound(8, 4), 7);
    assert_eq!(lower_bound(1, 2), 0);
    assert_eq!(lower_bound(0, 2), 0);
}

#[test]
fn circle_method_meets_every_pair_once() {
    for n in 2..=12 {
        let rounds = circle_rounds(n);
        let mut seen = std::collections::BTreeSet::new();
        for round in &rounds {
            let mut busy = std::collections::BTreeSet::new();
            for &(a, b) in round {
                assert!(busy.insert(a) && busy.insert(b), "n={n}: a team twice in a round");
                assert!(seen.insert((a.min(b), a.max(b))), "n={n}: pair twice");
            }
        }
        assert_eq!(seen.len(), n * (n - 1) / 2);
    }
}

#[test]
fn small_pools() {
    let s = pool_schedule(&[], &settings(2)).expect("empty");
    assert!(s.matches.is_empty());
    assert_eq!(s.next_start, settings(2).start_time);
    let s = pool_schedule(&[7], &settings(2)).expect("one team");
    assert!(s.matches.is_empty());
    let s = pool_schedule(&[7, 3], &settings(2)).expect("two teams");
    assert_eq!(s.matches.len(), 1);
    assert_eq!((s.matches[0].team1_id, s.matches[0].team2_id, s.matches[0].court_number), (Some(7), Some(3), 1));
    assert_eq!(s.matches[0].round_name, "Poule - Ronde 1");
    let s = pool_schedule(&ids(4), &settings(2)).expect("four teams");
    assert_eq!(s.quality.slots_used, 3);
    assert_eq!(s.next_slot_index, 3);
    assert_eq!(s.next_start.to_rfc3339(), "2026-08-24T14:30:00+00:00");
}

#[test]
fn refuses_duplicates_and_too_many_teams() {
    assert_eq!(pool_schedule(&[1, 2, 1], &settings(2)), Err(ScheduleError::DuplicateTeam));
    let many: Vec<TeamId> = (0..129).collect();
    assert_eq!(pool_schedule(&many, &settings(2)), Err(ScheduleError::TooManyTeams));
    assert_eq!(ScheduleError::DuplicateTeam.code(), "duplicate_team");
}

#[test]
fn settings_from_config_need_a_start_time() {
    let no_start = crate::validation::validate_tournament_config(&Default::default()).expect("defaults");
    assert_eq!(ScheduleSettings::from_config(&no_start), Err(ScheduleError::StartTimeRequired));
    let input = crate::validation::TournamentConfigInput {
        start_time: Some("2026-08-24T13:00:00Z".into()),
        ..Default::default()
    };
    let config = crate::validation::validate_tournament_config(&input).expect("valid");
    assert_eq!(ScheduleSettings::from_config(&config), Ok(settings(2)));
}

#[test]
fn no_back_to_back_when_the_pool_leaves_room() {
    // With 2 courts, 4 of 9 teams play at once: consecutive slots can always be disjoint.
    for (n, courts) in [(9, 2), (10, 2), (12, 2), (13, 3)] {
        let s = pool_schedule(&ids(n), &settings(courts)).expect("schedule");
        assert_eq!(s.quality.back_to_back, 0, "{n} teams on {courts} courts");
        assert_eq!(s.quality.slots_used, s.quality.lower_bound);
    }
}

#[test]
fn court_use_is_balanced() {
    for (n, courts) in [(6, 2), (7, 3), (9, 2), (11, 4)] {
        let s = pool_schedule(&ids(n), &settings(courts)).expect("schedule");
        let mut load = vec![0; courts as usize];
        for m in &s.matches {
            load[m.court_number as usize - 1] += 1;
        }
        let (lo, hi) = (load.iter().min().copied().unwrap_or(0), load.iter().max().copied().unwrap_or(0));
        assert!(hi - lo <= 1, "{n} teams on {courts} courts: {load:?}");
    }
}

#[test]
fn quality_figures() {
    let s = pool_schedule(&ids(6), &settings(2)).expect("schedule");
    assert_eq!((s.quality.slots_used, s.quality.lower_bound), (8, 8));
    assert_eq!(s.quality.court_use_percent, 93.8); // 15 matches in 16 court slots
    assert_eq!(s.quality.longest_wait.len(), 6);
    // Waits reported in minutes match the slot gaps: gap g slots = (g + 1) * 30 - 20 minutes.
    for w in &s.quality.longest_wait {
        assert_eq!(w.minutes, (w.slots + 1) * 30 - 20);
    }
    // Recomputing the figures from the matches gives the same numbers.
    assert_eq!(measure(&s.matches, &ids(6), &settings(2)), s.quality);
}

#[test]
fn deterministic() {
    let a = pool_schedule(&ids(10), &settings(3)).expect("a");
    let b = pool_schedule(&ids(10), &settings(3)).expect("b");
    assert_eq!(a, b);
}

fn completed(p: &PlannedMatch, id: MatchId, s1: u32, s2: u32) -> Match {
    Match {
        id,
        round_type: p.round_type,
        round_name: p.round_name.clone(),
        bracket_code: p.bracket_code,
        status: MatchStatus::Completed,
        team1_id: p.team1_id,
        team2_id: p.team2_id,
        team1_score: Some(s1),
        team2_score: Some(s2),
        scheduled_time: Some(p.scheduled_time),
        court_number: Some(p.court_number),
        forfeit_side: None,
        sets: Vec::new(),
        started: false,
    }
}

fn stored(p: &PlannedMatch, id: MatchId) -> Match {
    let mut m = completed(p, id, 0, 0);
    m.status = MatchStatus::Scheduled;
    m.team1_score = None;
    m.team2_score = None;
    m
}

/// Pool of `n` teams where the lower id always wins 21-(10 + id): ranks follow ids.
fn ranked_pool(n: i64, courts: u8) -> (PoolSchedule, Vec<Match>, Vec<Team>) {
    let teams: Vec<Team> = ids(n).into_iter().map(|id| Team::new(id, format!("Équipe {id}"))).collect();
    let pool = pool_schedule(&ids(n), &settings(courts)).expect("pool");
    let matches = pool
        .matches
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (a, b) = (p.team1_id.unwrap_or(0), p.team2_id.unwrap_or(0));
            let loser_score = 10 + a.max(b) as u32 % 10;
            if a < b {
                completed(p, i as i64 + 1, 21, loser_score)
            } else {
                completed(p, i as i64 + 1, loser_score, 21)
            }
        })
        .collect();
    (pool, matches, teams)
}

#[test]
fn knockout_sizes_and_seeds() {
    let (pool, matches, teams) = ranked_pool(9, 2);
    assert!(pool_complete(&matches));
    let table = standings(&matches, &teams);
    assert_eq!(table.iter().map(|s| s.team_id).collect::<Vec<_>>(), ids(9));
    let ko = plan_knockout(&table, &settings(2), pool.next_slot_index);
    type Row<'a> = (&'a str, Option<TeamId>, Option<TeamId>, u32, u8);
    let summary: Vec<Row> = ko
        .iter()
        .map(|m| {
            (
                m.bracket_code.map_or("", BracketCode::as_str),
                m.team1_id,
                m.team2_id,
                m.slot_index - pool.next_slot_index,
                m.court_number,
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("QF1", Some(1), Some(8), 0, 1),
            ("QF2", Some(4), Some(5), 0, 2),
            ("QF3", Some(2), Some(7), 1, 1),
            ("QF4", Some(3), Some(6), 1, 2),
            ("SF1", None, None, 2, 1),
            ("SF2", None, None, 2, 2),
            ("F", None, None, 3, 1),
        ]
    );
    assert_eq!(ko[4].team1_from, Some(BracketCode::Qf1));
    assert_eq!(ko[6].team2_from, Some(BracketCode::Sf2));
    assert_eq!(ko[0].scheduled_time, pool.next_start);

    let sizes = |n: i64| {
        let (pool, matches, teams) = ranked_pool(n, 4);
        let ko = plan_knockout(&standings(&matches, &teams), &settings(4), pool.next_slot_index);
        ko.iter()
            .map(|m| (m.bracket_code.map_or("", BracketCode::as_str).to_owned(), m.team1_id, m.team2_id))
            .collect::<Vec<_>>()
    };
    assert_eq!(sizes(1), []);
    assert_eq!(sizes(2), [("F".to_owned(), Some(1), Some(2))]);
    assert_eq!(sizes(3), [("F".to_owned(), Some(1), Some(2))]);
    assert_eq!(
        sizes(5),
        [("SF1".to_owned(), Some(1), Some(4)), ("SF2".to_owned(), Some(2), Some(3)), ("F".to_owned(), None, None)]
    );
    assert_eq!(sizes(8).len(), 7);
}

#[test]
fn winners_advance_and_draws_are_refused() {
    let (pool, matches, teams) = ranked_pool(8, 2);
    let ko = plan_knockout(&standings(&matches, &teams), &settings(2), pool.next_slot_index);
    let mut stored_ko: Vec<Match> = ko.iter().enumerate().map(|(i, p)| stored(p, 100 + i as i64)).collect();
    // QF1: 1 beats 8; QF2: 5 upsets 4.
    stored_ko[0] = completed(&ko[0], 100, 21, 12);
    stored_ko[1] = completed(&ko[1], 101, 18, 21);
    let after = advance(&stored_ko).expect("advance");
    assert_eq!((after[4].team1_id, after[4].team2_id), (Some(1), Some(5)));
    assert_eq!((after[5].team1_id, after[5].team2_id), (None, None));
    assert_eq!(advance(&after).expect("idempotent"), after);

    // Once SF1 has started, QF1's result can no longer change who plays it.
    let mut started = after.clone();
    started[4].status = MatchStatus::InProgress;
    started[0].team1_score = Some(5);
    assert_eq!(advance(&started), Err(ScheduleError::BracketConflict));

    // A draw in a knockout match is refused, at entry and in the bracket.
    assert_eq!(check_score(&after[0], 20, 20), Err(ScheduleError::KnockoutDraw));
    assert_eq!(check_score(&matches[0], 20, 20), Ok(()), "pool draws are fine");
    assert_eq!(check_score(&after[5], 21, 10), Err(ScheduleError::MatchTeamsUnknown));
    let mut drawn = after.clone();
    drawn[2] = completed(&ko[2], 102, 20, 20);
    assert_eq!(advance(&drawn), Err(ScheduleError::KnockoutDraw));

    // Play it out: the final gets the semifinal winners, and the final's winner is champion.
    let mut all = after;
    all[2] = completed(&ko[2], 102, 21, 3);
    all[3] = completed(&ko[3], 103, 21, 3);
    let all = advance(&all).expect("advance");
    assert_eq!((all[5].team1_id, all[5].team2_id), (Some(2), Some(3)));
    let mut all = all;
    let sf1 = PlannedMatch { team1_id: all[4].team1_id, team2_id: all[4].team2_id, ..ko[4].clone() };
    let sf2 = PlannedMatch { team1_id: all[5].team1_id, team2_id: all[5].team2_id, ..ko[5].clone() };
    all[4] = completed(&sf1, 104, 21, 15);
    all[5] = completed(&sf2, 105, 15, 21);
    let all = advance(&all).expect("advance");
    assert_eq!((all[6].team1_id, all[6].team2_id), (Some(1), Some(3)));
    assert_eq!(champion(&all), None);
    let mut done = all.clone();
    let fin = PlannedMatch { team1_id: Some(1), team2_id: Some(3), ..ko[6].clone() };
    done[6] = completed(&fin, 106, 19, 21);
    assert_eq!(champion(&done), Some(3));
}

#[test]
fn a_team_withdrawn_before_it_played_leaves_the_schedule() {
    let (pool, mut matches, _) = ranked_pool(6, 2);
    for (m, p) in matches.iter_mut().zip(&pool.matches) {
        *m = stored(p, m.id);
    }
    let gone = 3;
    let w = withdraw_team(&matches, gone);
    assert!(!w.kept && w.forfeits.is_empty());
    let mut removed = w.removed_match_ids.clone();
    removed.sort_unstable();
    let mut its: Vec<_> = matches.iter().filter(|m| m.involves(gone)).map(|m| m.id).collect();
    its.sort_unstable();
    assert_eq!(removed, its, "all its matches go, no other");
}

#[test]
fn a_team_withdrawn_after_it_played_forfeits_what_it_had_left() {
    let (pool, mut matches, teams) = ranked_pool(6, 2);
    // Only the first half of the matches are played.
    let half = matches.len() / 2;
    for (m, p) in matches.iter_mut().zip(&pool.matches).skip(half) {
        *m = stored(p, m.id);
    }
    let gone = *teams.iter().map(|t| &t.id).find(|t| matches[..half].iter().any(|m| m.involves(**t))).expect("played");
    let w = withdraw_team(&matches, gone);
    assert!(w.kept && w.removed_match_ids.is_empty());
    let open: Vec<_> = matches.iter().filter(|m| m.involves(gone) && m.status != MatchStatus::Completed).collect();
    assert_eq!(w.forfeits.len(), open.len(), "every match it had left, none it played");
    for (id, side) in &w.forfeits {
        let m = open.iter().find(|m| m.id == *id).expect("its open match");
        assert_eq!(if *side == 1 { m.team1_id } else { m.team2_id }, Some(gone), "the side that forfeits is its own");
    }
}

// --- pools ----------------------------------------------------------------------------------

#[test]
fn snake_seeding_spreads_registration_order() {
    assert_eq!(split_pools(&ids(8), 2), vec![vec![1, 4, 5, 8], vec![2, 3, 6, 7]]);
    assert_eq!(split_pools(&ids(7), 3), vec![vec![1, 6, 7], vec![2, 5], vec![3, 4]]);
    assert_eq!(split_pools(&ids(3), 1), vec![vec![1, 2, 3]]);
}

#[test]
fn pool_lower_bounds() {
    assert_eq!(lower_bound_pools(&[6], 2), lower_bound(6, 2));
    assert_eq!(lower_bound_pools(&[6, 6], 2), 15, "30 matches on 2 courts");
    assert_eq!(lower_bound_pools(&[4, 4, 4], 2), 9, "18 matches on 2 courts");
    assert_eq!(lower_bound_pools(&[5, 5], 4), 5, "each pool of 5 needs 5 rounds");
    assert_eq!(lower_bound_pools(&[3, 2], 2), 3);
}

/// Every pair of a pool meets once and no pair across pools; nobody plays twice in a slot; no
/// court holds two matches at once; the slots used reach the lower bound.
#[test]
fn pools_share_the_courts_without_clashes_and_reach_the_bound() {
    for (teams, pools, courts) in
        [(12, 2, 2), (12, 3, 2), (12, 4, 2), (16, 4, 4), (10, 3, 3), (9, 2, 1), (24, 4, 2), (7, 2, 4)]
    {
        let split = split_pools(&ids(teams), pools);
        let sizes: Vec<usize> = split.iter().map(Vec::len).collect();
        let plan = pools_schedule(&split, &settings(courts as u8)).expect("schedule");
        let pool_of = |t: TeamId| split.iter().position(|p| p.contains(&t)).expect("team in a pool");
        let mut pairs = std::collections::BTreeSet::new();
        let mut seen = std::collections::BTreeSet::new();
        for m in &plan.matches {
            let (a, b) = (m.team1_id.expect("team 1"), m.team2_id.expect("team 2"));
            assert_eq!(pool_of(a), pool_of(b), "{teams}/{pools}/{courts}: a match across pools");
            assert_eq!(m.pool, Some(pool_of(a) as u8));
            assert!(pairs.insert((a.min(b), a.max(b))), "pair met twice");
            assert!(
                seen.insert((m.slot_index, a)) && seen.insert((m.slot_index, b)),
                "a team twice in slot {}",
                m.slot_index
            );
            assert!(seen.insert((m.slot_index, -i64::from(m.court_number))), "a court twice in slot {}", m.slot_index);
            assert!(usize::from(m.court_number) <= courts);
        }
        let expected: usize = sizes.iter().map(|n| n * (n - 1) / 2).sum();
        assert_eq!(pairs.len(), expected, "{teams}/{pools}/{courts}: every pair of a pool meets");
        assert_eq!(plan.quality.slots_used, lower_bound_pools(&sizes, courts), "{teams}/{pools}/{courts}");
        assert_eq!(plan.quality.lower_bound, plan.quality.slots_used);
    }
}

#[test]
fn seeds_alternate_pools_so_the_bracket_crosses_them() {
    let a = vec![Team::new(1, "A1"), Team::new(2, "A2"), Team::new(3, "A3")];
    let b = vec![Team::new(4, "B1"), Team::new(5, "B2"), Team::new(6, "B3")];
    let seeds = knockout::seed_pools(&[standings(&[], &a), standings(&[], &b)]);
    let order: Vec<TeamId> = seeds.iter().map(|s| s.team_id).collect();
    assert_eq!(order, vec![1, 4, 2, 5, 3, 6]);
    assert_eq!(seeds.iter().map(|s| s.position).collect::<Vec<_>>(), vec![1, 2, 3, 4, 5, 6]);
    let ko = plan_knockout(&seeds, &settings(2), 10);
    let sf: Vec<(Option<TeamId>, Option<TeamId>)> =
        ko.iter().filter(|m| m.round_type == RoundType::Semifinal).map(|m| (m.team1_id, m.team2_id)).collect();
    assert_eq!(sf, vec![(Some(1), Some(5)), (Some(4), Some(2))], "A1 v B2, B1 v A2");
}

#[test]
fn estimates_add_the_pool_and_the_knockout() {
    let e = estimate(12, 1, &settings(2)).expect("one pool");
    assert_eq!((e.pool_slots, e.knockout_slots), (33, 2 + 1 + 1), "66 matches on 2 courts, then QF (2 slots), SF, F");
    assert_eq!(e.total_minutes, 37 * 30 - 10);
    let e = estimate(12, 2, &settings(2)).expect("two pools");
    assert_eq!(e.pool_slots, 15);
    assert_eq!(estimate(3, 2, &settings(2)), None, "a pool of 1 team");
}

#[test]
fn a_forfeit_sends_the_other_side_through() {
    let ko = plan_knockout(
        &standings(&[], &(1..=4).map(|i| Team::new(i, format!("T{i}"))).collect::<Vec<_>>()),
        &settings(2),
        3,
    );
    let mut stored: Vec<Match> = ko.iter().enumerate().map(|(i, p)| stored(p, 100 + i as i64)).collect();
    // SF1 (1 v 4): team 4 withdrawn after the draw.
    stored[0].forfeit_side = Some(2);
    stored[0].team2_id = None;
    stored[0].status = MatchStatus::Completed;
    let advanced = advance(&stored).expect("advance");
    assert_eq!(advanced[0].winner(), Some(1));
    assert_eq!(advanced[2].team1_id, Some(1), "the final's first side is SF1's winner");
    // A withdrawn side waiting for its opponent completes once the opponent is known.
    let mut waiting = advanced.clone();
    waiting[2].forfeit_side = Some(1);
    waiting[2].team1_id = None;
    waiting[2].status = MatchStatus::Scheduled;
    waiting[1].status = MatchStatus::Completed;
    waiting[1].team1_score = Some(21);
    waiting[1].team2_score = Some(15);
    let done = advance(&waiting).expect("advance");
    assert_eq!(done[2].status, MatchStatus::Completed);
    assert_eq!(champion(&done), Some(2));
}
