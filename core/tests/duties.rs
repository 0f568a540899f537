//! Work teams over every tournament shape the centre runs: 4 to 64 teams, 1 to 4 pools, 1 to 4
//! courts, then the knockout that follows.

use centre_core::Lang;
use centre_core::schedule::duty::{Duty, assign_duties, duty_courts, duty_placeholder, duty_team};
use centre_core::schedule::knockout::plan_knockout;
use centre_core::schedule::{PlannedMatch, ScheduleSettings, pools_schedule, split_pools};
use centre_core::standings::standings;
use centre_core::tournament::{BracketCode, Match, MatchStatus, Team, TeamId};
use chrono::{TimeZone, Utc};

fn settings(courts: u8) -> ScheduleSettings {
    ScheduleSettings {
        courts_available: courts,
        match_duration_minutes: 20,
        break_between_matches: 5,
        start_time: Utc.with_ymd_and_hms(2026, 7, 11, 13, 0, 0).single().expect("a time"),
    }
}

/// Every duty is a team that plays nothing and referees nothing overlapping, never its own match.
fn check_hard_rule(matches: &[PlannedMatch], duties: &[Option<Duty>], slot: i64, what: &str) {
    for (a, pa) in matches.iter().enumerate() {
        let Some(Duty::Team { team_id }) = duties[a] else { continue };
        assert!(
            pa.team1_id != Some(team_id) && pa.team2_id != Some(team_id),
            "{what}: {team_id} referees its own match"
        );
        for (b, pb) in matches.iter().enumerate().filter(|&(b, _)| b != a) {
            if (pa.scheduled_time - pb.scheduled_time).num_minutes().abs() >= slot {
                continue;
            }
            assert!(
                pb.team1_id != Some(team_id) && pb.team2_id != Some(team_id),
                "{what}: {team_id} plays while on duty"
            );
            assert_ne!(duties[b], duties[a], "{what}: {team_id} on two duties at once");
        }
    }
}

/// Runs `f` on a thread with room for the pool scheduler's depth-first search: a debug build's
/// frames overflow a test thread's 2 MiB with 64 teams in one pool.
fn with_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(64 << 20).spawn(f).expect("a thread").join().expect("the check passes");
}

#[test]
fn every_pool_match_gets_a_free_work_team_and_duties_spread_evenly() {
    with_stack(every_shape);
}

/// Every shape up to 12 teams; one pool up to 24; from 13 to 64, each team count once more, in
/// 2 to 4 pools with the courts taken in turn. A debug build schedules a large single pool in
/// seconds, and the full product of shapes took minutes.
fn every_shape() {
    let all = (1..=4usize).flat_map(|pools| (1..=4u8).map(move |courts| (pools, courts)));
    let small = (4..=12i64).flat_map(|teams| all.clone().map(move |(p, c)| (teams, p, c)));
    let one_pool = (13..=24i64).map(|teams| (teams, 1, 1 + (teams % 4) as u8));
    let large = (13..=64i64).map(|teams| (teams, 2 + (teams as usize % 3), 1 + (teams / 3 % 4) as u8));
    for (teams, pools, courts) in small.chain(one_pool).chain(large) {
        if teams < 3 * pools as i64 {
            continue;
        }
        let ids: Vec<TeamId> = (1..=teams).collect();
        let split = split_pools(&ids, pools);
        let s = settings(duty_courts(courts, ids.len()));
        let schedule = pools_schedule(&split, &s).expect("a schedule");
        let plan = assign_duties(&schedule.matches, &split, &s);
        let what = format!("{teams} teams, {pools} pools, {courts} courts");
        assert_eq!(plan.duties.len(), schedule.matches.len(), "{what}");
        assert_eq!(plan.quality.conflicts, 0, "{what}");
        assert!(plan.duties.iter().all(Option::is_some), "{what}");
        check_hard_rule(&schedule.matches, &plan.duties, s.slot_minutes(), &what);
        assert!(plan.quality.spread <= 1, "{what}: spread {}", plan.quality.spread);
    }
}

#[test]
fn a_team_refereed_phase_leaves_a_third_team_free_per_court() {
    assert_eq!(duty_courts(2, 4), 1, "4 teams on 2 courts would leave nobody to referee");
    assert_eq!(duty_courts(4, 9), 3);
    assert_eq!(duty_courts(2, 64), 2);
    assert_eq!(duty_courts(0, 3), 1);
}

/// Planned matches as stored before any is played.
fn stored(bracket: &[PlannedMatch]) -> Vec<Match> {
    let unplayed = |i: usize, p: &PlannedMatch| Match {
        bracket_code: p.bracket_code,
        status: MatchStatus::Scheduled,
        team1_id: p.team1_id,
        team2_id: p.team2_id,
        team1_score: None,
        team2_score: None,
        scheduled_time: Some(p.scheduled_time),
        ..Match::played(100 + i as i64, 0, 0, 0, 0)
    };
    bracket.iter().enumerate().map(|(i, p)| unplayed(i, p)).collect()
}

#[test]
fn knockout_matches_are_refereed_by_an_earlier_loser_once_it_is_known() {
    let ids: Vec<TeamId> = (1..=10).collect();
    let teams: Vec<Team> = ids.iter().map(|&id| Team::new(id, format!("Équipe {id}"))).collect();
    let s = settings(2);
    let pool = pools_schedule(std::slice::from_ref(&ids), &s).expect("a schedule");
    let played: Vec<Match> = pool
        .matches
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (a, b) = (p.team1_id.expect("a pool team"), p.team2_id.expect("a pool team"));
            // The lower id wins: the table is 1, 2, 3 … 10.
            let (sa, sb) = if a < b { (21, 15) } else { (15, 21) };
            Match::played(i as i64 + 1, a, b, sa, sb)
        })
        .collect();
    let bracket = plan_knockout(&standings(&played, &teams), &s, pool.next_slot_index);
    let plan = assign_duties(&bracket, std::slice::from_ref(&ids), &s);
    assert_eq!(plan.quality.conflicts, 0);
    check_hard_rule(&bracket, &plan.duties, s.slot_minutes(), "knockout");
    let by_code =
        |code: BracketCode| bracket.iter().position(|m| m.bracket_code == Some(code)).expect("in the bracket");
    // The first quarterfinals go to teams already out of the bracket (9 and 10).
    for code in [BracketCode::Qf1, BracketCode::Qf2] {
        let Some(Duty::Team { team_id }) = plan.duties[by_code(code)] else { panic!("{code}: a known team") };
        assert!(team_id > 8, "{code} refereed by {team_id}, still in the bracket");
    }
    // Later rounds: the loser of a match that ended before.
    let final_duty = plan.duties[by_code(BracketCode::F)].expect("a duty");
    let Duty::LoserOf { code } = final_duty else { panic!("the final's duty is a loser: {final_duty:?}") };
    assert!(matches!(code, BracketCode::Sf1 | BracketCode::Sf2), "{code}");
    assert_eq!(duty_placeholder(code, Lang::Fr), format!("Perdant {code}"));
    assert_eq!(duty_placeholder(code, Lang::En), format!("Loser {code}"));
    let sf1_duty = plan.duties[by_code(BracketCode::Sf1)].expect("a duty");
    assert!(matches!(sf1_duty, Duty::LoserOf { .. }), "SF1: {sf1_duty:?}");

    // It resolves once that match is final, not before.
    let mut stored = stored(&bracket);
    assert_eq!(duty_team(final_duty, &stored), None);
    let semi = &mut stored[by_code(code)];
    (semi.team1_id, semi.team2_id) = (Some(1), Some(4));
    (semi.status, semi.team1_score, semi.team2_score) = (MatchStatus::Completed, Some(2), Some(1));
    assert_eq!(duty_team(final_duty, &stored), Some(4));
    assert_eq!(duty_team(Duty::Team { team_id: 7 }, &stored), Some(7));
}

#[test]
fn an_admins_work_team_is_held_to_the_same_rule() {
    use centre_core::schedule::duty::free_to_referee;
    let s = settings(2);
    let ids: Vec<TeamId> = (1..=6).collect();
    let schedule = pools_schedule(std::slice::from_ref(&ids), &s).expect("a schedule");
    let stored = stored(&schedule.matches);
    let plan = assign_duties(&schedule.matches, std::slice::from_ref(&ids), &s);
    let duties: Vec<Option<TeamId>> =
        plan.duties.iter().map(|d| if let Some(Duty::Team { team_id }) = d { Some(*team_id) } else { None }).collect();
    let first = &stored[0];
    let slot = s.slot_minutes();
    // Its own teams, the teams of the match beside it and the team refereeing that one are busy.
    let beside = stored.iter().zip(&duties).find(|(o, _)| o.id != first.id && o.scheduled_time == first.scheduled_time);
    let (beside, beside_duty) = beside.expect("two matches at once on two courts");
    for busy in [first.team1_id, first.team2_id, beside.team1_id, beside.team2_id, *beside_duty].into_iter().flatten() {
        assert!(!free_to_referee(busy, first, &stored, &duties, slot), "{busy} is busy");
    }
    let free: Vec<TeamId> =
        ids.iter().copied().filter(|&t| free_to_referee(t, first, &stored, &duties, slot)).collect();
    assert_eq!(free.len(), 1, "six teams, two matches and one other duty at once: {free:?}");
    assert_eq!(Some(free[0]), duties[0], "the drawn work team is the free one");
}

#[test]
fn a_team_is_not_on_duty_twice_in_a_row_when_a_swap_avoids_it() {
    // Ten teams in two pools of five on two courts: evening out the counts first left five
    // duties right after another; swapping duties between teams of a pool (each keeps its count)
    // brings them to two. The shapes where none is needed have none.
    let quality = |teams: i64, pools: usize, courts: u8| {
        let ids: Vec<TeamId> = (1..=teams).collect();
        let split = split_pools(&ids, pools);
        let s = settings(duty_courts(courts, ids.len()));
        let schedule = pools_schedule(&split, &s).expect("a schedule");
        let plan = assign_duties(&schedule.matches, &split, &s);
        check_hard_rule(&schedule.matches, &plan.duties, s.slot_minutes(), "soft rules");
        plan.quality
    };
    let q = quality(10, 2, 2);
    assert!(q.back_to_back <= 2 && q.spread == 0, "{q:?}");
    for (teams, pools, courts) in [(5, 1, 1), (6, 1, 2), (8, 2, 2), (9, 1, 2), (12, 3, 3), (16, 4, 4)] {
        let q = quality(teams, pools, courts);
        assert_eq!((q.back_to_back, q.conflicts), (0, 0), "{teams} teams, {pools} pools, {courts} courts: {q:?}");
        assert!(q.spread <= 1, "{teams} teams: {q:?}");
    }
}

#[test]
fn the_work_team_is_one_that_just_played_on_that_court() {
    // Six teams of one pool: 1-2 on court 1 and 3-4 on court 2 (5 and 6 referee them), then 5-6
    // on court 2. Teams 1 to 4 are free then with no duty yet: 3 or 4, who just played on court
    // 2, stay there rather than 1, first in the teams' order, walking over from court 1.
    let s = settings(2);
    let at = |slot: u32, court: u8, a: TeamId, b: TeamId| PlannedMatch {
        slot_index: slot,
        court_number: court,
        scheduled_time: s.start_time + chrono::Duration::minutes(i64::from(slot) * s.slot_minutes()),
        round_type: centre_core::tournament::RoundType::Pool,
        round_name: "Poule - Ronde 1".to_owned(),
        bracket_code: None,
        team1_id: Some(a),
        team2_id: Some(b),
        team1_from: None,
        team2_from: None,
        pool: Some(0),
    };
    let matches = [at(0, 1, 1, 2), at(0, 2, 3, 4), at(1, 2, 5, 6)];
    let ids: Vec<TeamId> = (1..=6).collect();
    let plan = assign_duties(&matches, std::slice::from_ref(&ids), &s);
    check_hard_rule(&matches, &plan.duties, s.slot_minutes(), "court");
    assert!(matches!(plan.duties[2], Some(Duty::Team { team_id: 3 | 4 })), "{:?}", plan.duties);
}
