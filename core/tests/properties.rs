//! Invariants that must hold for every input: the pool schedule, the standings and the merge.

use std::collections::{BTreeMap, BTreeSet};

use centre_core::format::Formats;
use centre_core::schedule::{ScheduleSettings, pool_schedule};
use centre_core::standings::{standings, standings_in};
use centre_core::sync::{ScoreEntry, SyncOutcome, project};
use centre_core::tournament::{Match, MatchStatus, RoundType, Team};
use chrono::{DateTime, Duration, TimeZone, Utc};
use proptest::prelude::*;

fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 8, 24, 13, 0, 0).single().expect("valid time")
}

/// Fewest slots, derived independently of the scheduler: every team plays `n - 1` matches one
/// at a time (so at least `n - 1` slots, `n` for an odd count where a team must sit out each
/// round), and at most `courts` matches fit in a slot.
fn expected_slots(n: usize, courts: usize) -> u32 {
    if n < 2 {
        return 0;
    }
    let matches = n * (n - 1) / 2;
    let rounds = if n.is_multiple_of(2) { n - 1 } else { n };
    matches.div_ceil(courts).max(rounds) as u32
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn pool_schedule_invariants(n in 0usize..=14, courts in 1u8..=4, minutes in 10u16..=60, rest in 5u16..=30, offset in -50i64..50) {
        let teams: Vec<i64> = (0..n as i64).map(|i| offset + 7 * i).collect();
        let settings = ScheduleSettings { courts_available: courts, match_duration_minutes: minutes, break_between_matches: rest, start_time: start() };
        let schedule = pool_schedule(&teams, &settings).expect("schedule");

        // Every pair meets exactly once, and only listed teams play.
        let mut pairs = BTreeSet::new();
        for m in &schedule.matches {
            let (a, b) = (m.team1_id.expect("pool teams known"), m.team2_id.expect("pool teams known"));
            prop_assert!(a != b);
            prop_assert!(teams.contains(&a) && teams.contains(&b));
            prop_assert!(pairs.insert((a.min(b), a.max(b))), "pair {a}-{b} twice");
            prop_assert_eq!(m.round_type, RoundType::Pool);
        }
        prop_assert_eq!(pairs.len(), n * n.saturating_sub(1) / 2);

        // No team and no court twice in a slot; courts within range; times follow slots.
        let mut by_slot: BTreeMap<u32, Vec<_>> = BTreeMap::new();
        for m in &schedule.matches {
            by_slot.entry(m.slot_index).or_default().push(m);
            prop_assert!((1..=courts).contains(&m.court_number));
            let offset = i64::from(m.slot_index) * i64::from(minutes + rest);
            prop_assert_eq!(m.scheduled_time, start() + Duration::minutes(offset));
        }
        for (slot, ms) in &by_slot {
            let mut busy = BTreeSet::new();
            let mut used_courts = BTreeSet::new();
            for m in ms {
                prop_assert!(busy.insert(m.team1_id) && busy.insert(m.team2_id), "team twice in slot {slot}");
                prop_assert!(used_courts.insert(m.court_number), "court twice in slot {slot}");
            }
        }

        // As few slots as possible, with no empty slot in between.
        let expected = expected_slots(n, usize::from(courts));
        prop_assert_eq!(schedule.quality.slots_used, expected);
        prop_assert_eq!(schedule.quality.lower_bound, expected);
        prop_assert_eq!(by_slot.len() as u32, expected);

        // The reported back-to-back count is the real one.
        let mut slots_of: BTreeMap<i64, Vec<u32>> = BTreeMap::new();
        for m in &schedule.matches {
            for t in [m.team1_id, m.team2_id].into_iter().flatten() {
                slots_of.entry(t).or_default().push(m.slot_index);
            }
        }
        let b2b: u32 = slots_of.values_mut().map(|v| { v.sort_unstable(); v.windows(2).filter(|w| w[1] == w[0] + 1).count() as u32 }).sum();
        prop_assert_eq!(schedule.quality.back_to_back, b2b);
    }
}

fn pool_match(id: i64, a: i64, b: i64, sa: u32, sb: u32, status: MatchStatus, round: RoundType) -> Match {
    Match { status, round_type: round, ..Match::played(id, a, b, sa, sb) }
}

fn status_of(k: u8) -> MatchStatus {
    match k % 4 {
        0 => MatchStatus::Scheduled,
        1 => MatchStatus::InProgress,
        _ => MatchStatus::Completed,
    }
}

fn round_of(k: u8) -> RoundType {
    if k.is_multiple_of(5) { RoundType::Semifinal } else { RoundType::Pool }
}

/// Reorders `items` by the sort keys `keys` (a pseudo-random permutation from proptest).
fn permute<T: Clone>(items: &[T], keys: &[u32]) -> Vec<T> {
    let mut idx: Vec<usize> = (0..items.len()).collect();
    idx.sort_by_key(|&i| (keys.get(i).copied().unwrap_or(0), i));
    idx.into_iter().map(|i| items[i].clone()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn standings_sums_hold(
        n in 2usize..9,
        raw in prop::collection::vec((0usize..9, 0usize..9, 0u32..30, 0u32..30, any::<u8>(), any::<u8>()), 0..40),
        keys in prop::collection::vec(any::<u32>(), 50),
    ) {
        let teams: Vec<Team> = (0..n).map(|i| Team::new(100 + i as i64, format!("T{}", i % 3))).collect();
        let matches: Vec<Match> = raw
            .iter()
            .enumerate()
            .map(|(i, &(a, b, sa, sb, st, rt))| pool_match(i as i64, 100 + a as i64, 100 + b as i64, sa, sb, status_of(st), round_of(rt)))
            .collect();
        let table = standings(&matches, &teams);
        prop_assert_eq!(table.len(), n);
        let counted = matches.iter().filter(|m| {
            m.status == MatchStatus::Completed && m.round_type == RoundType::Pool && m.team1_id != m.team2_id
                && teams.iter().any(|t| Some(t.id) == m.team1_id) && teams.iter().any(|t| Some(t.id) == m.team2_id)
        }).count() as u32;
        for s in &table {
            prop_assert_eq!(s.tournament_points, 3 * s.wins + s.draws);
            prop_assert_eq!(s.wins + s.draws + s.losses, s.played);
            prop_assert_eq!(i64::from(s.points_for) - i64::from(s.points_against), s.points_differential);
        }
        prop_assert_eq!(table.iter().map(|s| s.points_differential).sum::<i64>(), 0);
        prop_assert_eq!(table.iter().map(|s| s.wins).sum::<u32>(), table.iter().map(|s| s.losses).sum::<u32>());
        prop_assert_eq!(table.iter().map(|s| s.played).sum::<u32>(), 2 * counted);
        prop_assert_eq!(table.iter().map(|s| s.position).collect::<Vec<_>>(), (1..=n as u32).collect::<Vec<_>>());
        for w in table.windows(2) {
            let key = |s: &centre_core::standings::Standing| (s.tournament_points, s.points_differential, s.points_for);
            prop_assert!(key(&w[0]) >= key(&w[1]), "sorted by points, differential, points for");
        }
        // The order never depends on the order of the inputs.
        let shuffled = standings(&permute(&matches, &keys), &permute(&teams, &keys[10..]));
        prop_assert_eq!(shuffled, table);
    }
}

fn base_matches(scored: &[(bool, u8)]) -> Vec<Match> {
    scored
        .iter()
        .enumerate()
        .map(|(i, &(pre, kind))| {
            let round = if kind % 3 == 0 { RoundType::Final } else { RoundType::Pool };
            let mut m = pool_match(i as i64, 1, 2, 0, 0, MatchStatus::Scheduled, round);
            m.team1_score = None;
            m.team2_score = None;
            if kind % 7 == 1 {
                m.team2_id = None; // a knockout side not decided yet
            }
            if pre {
                m.team1_score = Some(3);
                m.team2_score = Some(1);
                m.status = MatchStatus::Completed;
            }
            m
        })
        .collect()
}

fn entries(raw: &[(i64, u32, u32, u8)]) -> Vec<ScoreEntry> {
    raw.iter()
        .enumerate()
        .map(|(i, &(match_id, s1, s2, device))| ScoreEntry {
            entry_id: format!("e{i}"),
            match_id,
            team1_score: s1,
            team2_score: s2,
            entered_at: start() + Duration::minutes(i as i64),
            device_id: format!("device-{}", device % 3),
            seq: i as u64 + 1,
            base_version: 0,
            team1_id: None,
            team2_id: None,
            sets: Vec::new(),
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn projection_never_overwrites_and_accounts_for_every_entry(
        scored in prop::collection::vec((any::<bool>(), any::<u8>()), 1..5),
        raw in prop::collection::vec((0i64..6, 0u32..4, 0u32..4, any::<u8>()), 0..12),
        split in 0usize..12,
    ) {
        let matches = base_matches(&scored);
        let all = entries(&raw);
        let once = project(&matches, &all, &Formats::default());
        // One outcome per entry, in order.
        prop_assert_eq!(once.outcomes.iter().map(|o| o.entry_id.clone()).collect::<Vec<_>>(),
            all.iter().map(|e| e.entry_id.clone()).collect::<Vec<_>>());
        // Idempotent: the same entries again apply nothing and change nothing.
        let twice = project(&once.matches, &all, &Formats::default());
        prop_assert_eq!(&twice.matches, &once.matches);
        prop_assert!(twice.outcomes.iter().all(|o| o.outcome != SyncOutcome::Applied));
        // Batches: syncing in two goes gives the same matches and outcomes as one.
        let cut = split.min(all.len());
        let first = project(&matches, &all[..cut], &Formats::default());
        let second = project(&first.matches, &all[cut..], &Formats::default());
        prop_assert_eq!(&second.matches, &once.matches);
        let joined: Vec<_> = first.outcomes.iter().chain(&second.outcomes).cloned().collect();
        prop_assert_eq!(&joined, &once.outcomes);
        for (m, before) in once.matches.iter().zip(&matches) {
            // A score once there is never replaced.
            if before.status == MatchStatus::Completed {
                prop_assert_eq!((m.team1_score, m.team2_score), (before.team1_score, before.team2_score));
            }
            let on_match: Vec<_> = all.iter().zip(&once.outcomes).filter(|(e, _)| e.match_id == m.id).collect();
            prop_assert!(on_match.iter().filter(|(_, o)| o.outcome == SyncOutcome::Applied).count() <= 1);
            // Every valid entry with a score other than the match's is a conflict, never lost.
            for (e, o) in &on_match {
                if o.outcome != SyncOutcome::Rejected {
                    let same = (Some(e.team1_score), Some(e.team2_score)) == (m.team1_score, m.team2_score);
                    prop_assert_eq!(o.outcome == SyncOutcome::Conflict, !same);
                }
            }
            // A knockout match never ends in a draw.
            if m.round_type != RoundType::Pool && m.status == MatchStatus::Completed {
                prop_assert_ne!(m.team1_score, m.team2_score);
            }
        }
    }
}

/// A valid score in sets of `format` from random bits: who wins each set and the loser's points.
fn valid_sets(format: &centre_core::format::SetsFormat, bits: &[(bool, u32)]) -> Vec<[u32; 2]> {
    let mut sets = Vec::new();
    let mut won = [0u32, 0u32];
    for (i, &(first, loser)) in bits.iter().enumerate().take(usize::from(format.sets)) {
        if !format.play_all && won[0].max(won[1]) >= format.to_win() {
            break;
        }
        let target = u32::from(format.target(i));
        let loser = loser % (target - 1);
        sets.push(if first { [target, loser] } else { [loser, target] });
        won[usize::from(!first)] += 1;
    }
    if !format.play_all && won[0].max(won[1]) < format.to_win() {
        // Both sides took a set each in a best of 3: the deciding set.
        let target = u32::from(format.target(sets.len()));
        sets.push([target, 0]);
    }
    sets
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn standings_in_sets_are_a_total_order_whatever_the_order_of_the_matches(
        n in 2usize..9,
        preset in prop::sample::select(vec!["fivb-beach", "rec-2x21", "indoor-25"]),
        raw in prop::collection::vec((0usize..9, 0usize..9, prop::collection::vec((any::<bool>(), 0u32..40), 3)), 0..30),
        keys in prop::collection::vec(any::<u32>(), 50),
    ) {
        let format = centre_core::format::preset(preset).expect("a preset");
        let sets_format = format.sets.clone().expect("in sets");
        let teams: Vec<Team> = (0..n).map(|i| Team::new(100 + i as i64, format!("T{}", i % 3))).collect();
        let matches: Vec<Match> = raw
            .iter()
            .enumerate()
            .map(|(i, (a, b, bits))| {
                let sets = valid_sets(&sets_format, bits);
                let (w1, w2) = centre_core::format::check_sets(&sets_format, &sets, false).expect("valid sets");
                let mut m = pool_match(i as i64, 100 + *a as i64, 100 + *b as i64, w1, w2, MatchStatus::Completed, RoundType::Pool);
                m.sets = sets;
                m
            })
            .collect();
        let table = standings_in(&matches, &teams, &format);
        prop_assert_eq!(table.iter().map(|s| s.position).collect::<Vec<_>>(), (1..=n as u32).collect::<Vec<_>>());
        // Every team but the last says what separated it from the next.
        prop_assert!(table[..n - 1].iter().all(|s| s.decided_by.is_some()));
        prop_assert!(table[n - 1].decided_by.is_none());
        for s in &table {
            prop_assert_eq!(s.wins + s.draws + s.losses, s.played);
            prop_assert!(s.sets_won.is_some() && s.sets_lost.is_some());
            prop_assert_eq!(s.set_ratio.is_some(), s.sets_lost != Some(0), "a quotient unless nothing was lost");
        }
        prop_assert_eq!(table.iter().map(|s| s.sets_won.unwrap_or(0)).sum::<u32>(), table.iter().map(|s| s.sets_lost.unwrap_or(0)).sum::<u32>());
        for w in table.windows(2) {
            prop_assert!(w[0].tournament_points >= w[1].tournament_points, "points come first");
        }
        let shuffled = standings_in(&permute(&matches, &keys), &permute(&teams, &keys[10..]), &format);
        prop_assert_eq!(shuffled, table);
    }
}
