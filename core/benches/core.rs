//! `make bench` / `cargo bench -p centre-core`: the pure rules at tournament and season sizes.

use std::hint::black_box;

use centre_core::format::{MatchFormat, preset};
use centre_core::league::{Grid, Night, Roster, Rules, grid_of, next_placement, plan_night};
use centre_core::schedule::duty::{assign_duties, duty_courts};
use centre_core::schedule::{ScheduleSettings, pool_schedule, pools_schedule, split_pools};
use centre_core::slots::{CourtHours, month_view};
use centre_core::standings::{standings, standings_in};
use centre_core::tournament::{Match, Team};
use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};

fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 8, 24, 13, 0, 0).single().expect("valid time")
}

fn schedule(c: &mut Criterion) {
    let mut group = c.benchmark_group("pool_schedule");
    group.sample_size(10);
    for courts in [2u8, 4] {
        for teams in [8i64, 32, 64] {
            let ids: Vec<i64> = (1..=teams).collect();
            let settings = ScheduleSettings {
                courts_available: courts,
                match_duration_minutes: 20,
                break_between_matches: 10,
                start_time: start(),
            };
            group.bench_with_input(BenchmarkId::new(format!("{courts}_courts"), teams), &ids, |b, ids| {
                b.iter(|| pool_schedule(black_box(ids), black_box(&settings)))
            });
        }
    }
    group.finish();
}

/// A team-refereed day of 64 teams: the pools drawn, then a work team given to every match (the
/// courts capped so that a third team is free on each). The target is under 1 s.
fn schedule_with_duties(c: &mut Criterion) {
    let mut group = c.benchmark_group("duties_64_teams");
    group.sample_size(10);
    let ids: Vec<i64> = (1..=64).collect();
    for (pools, courts) in [(1usize, 4u8), (4, 4)] {
        let split = split_pools(&ids, pools);
        let settings = ScheduleSettings {
            courts_available: duty_courts(courts, ids.len()),
            match_duration_minutes: 20,
            break_between_matches: 5,
            start_time: start(),
        };
        group.bench_with_input(BenchmarkId::new(format!("{pools}_pools_{courts}_courts"), 64), &split, |b, split| {
            b.iter(|| {
                let schedule = pools_schedule(black_box(split), black_box(&settings)).expect("a schedule");
                assign_duties(&schedule.matches, split, &settings)
            })
        });
    }
    group.finish();
}

/// A league night of 72 teams in groups of 4 (18 tiers), every match played: the next night's
/// grid from its results. The target is under 5 ms.
fn league_next_placement(c: &mut Criterion) {
    let ids: Vec<i64> = (1..=72).collect();
    let grid = grid_of(&ids, 4).expect("a grid");
    let previous = Grid { tiers: grid.tiers.iter().rev().cloned().collect() };
    let matches: Vec<Match> = plan_night(&grid, 6, 20, u32::MAX)
        .expect("laid out")
        .iter()
        .enumerate()
        .map(|(i, m)| Match::played(i as i64, m.team1, m.team2, 21, (i as u32 * 7) % 26))
        .collect();
    let night = Night { grid: &grid, matches: &matches, absent: &[5, 40], previous: Some(&previous) };
    let rules = Rules { group_size: 4, format: MatchFormat::default() };
    c.bench_function("league_next_placement_72_teams", |b| {
        b.iter(|| next_placement(black_box(&night), &Roster::default(), black_box(&rules)))
    });
}

fn standings_1000(c: &mut Criterion) {
    // 1,000 completed pool matches among 40 teams (a deterministic spread of pairs and scores).
    let teams: Vec<Team> = (0..40).map(|id| Team::new(id, format!("Équipe {id}"))).collect();
    let matches: Vec<Match> = (0..1000i64)
        .map(|i| {
            let a = i % 40;
            let b = (a + 1 + (i / 40) % 39) % 40;
            Match::played(i, a, b, (i * 7 % 26) as u32, (i * 11 % 26) as u32)
        })
        .collect();
    c.bench_function("standings_1000_matches", |b| b.iter(|| standings(black_box(&matches), black_box(&teams))));
}

/// A 64-team pool in two sets all played, every match scored (2,016 results): the standings
/// with the format's tie-breaks among tied teams, as each score in sets recomputes them.
fn standings_in_sets(c: &mut Criterion) {
    let format = preset("rec-2x21").expect("a preset");
    let teams: Vec<Team> = (1..=64).map(|id| Team::new(id, format!("Équipe {id}"))).collect();
    let mut matches = Vec::new();
    for a in 1..=64i64 {
        for b in (a + 1)..=64 {
            let sets = match (a + b) % 3 {
                0 => vec![[21, 15], [21, 19]],
                1 => vec![[21, 18], [17, 21]],
                _ => vec![[15, 21], [19, 21]],
            };
            let won = sets.iter().filter(|s: &&[u32; 2]| s[0] > s[1]).count() as u32;
            let mut m = Match::played(matches.len() as i64, a, b, won, 2 - won);
            m.sets = sets;
            matches.push(m);
        }
    }
    c.bench_function("standings_64_teams_in_sets", |b| {
        b.iter(|| standings_in(black_box(&matches), black_box(&teams), black_box(&format)))
    });
}

fn slots_month(c: &mut Criterion) {
    let d = |m, day| NaiveDate::from_ymd_opt(2026, m, day).expect("date");
    let hours = CourtHours::weekdays_9_to_16(d(5, 1), d(9, 30));
    let now = Utc.with_ymd_and_hms(2026, 6, 1, 12, 0, 0).single().expect("valid time");
    // Every other hour booked through June.
    let booked: Vec<DateTime<Utc>> = (0..30 * 24)
        .step_by(2)
        .map(|h| Utc.with_ymd_and_hms(2026, 6, 1, 0, 0, 0).single().expect("time") + Duration::hours(h))
        .collect();
    c.bench_function("month_view_june", |b| {
        b.iter(|| month_view(black_box(&hours), 2026, 6, now, chrono_tz::America::Toronto, black_box(&booked)))
    });
}

criterion_group!(
    benches,
    schedule,
    schedule_with_duties,
    league_next_placement,
    standings_1000,
    standings_in_sets,
    slots_month
);
criterion_main!(benches);
