//! Snapshots of what a person reads: pool schedules and a bracket, rendered as text.
//! Review changes with `cargo insta review` (or INSTA_UPDATE=always, then `git diff`).

use std::collections::BTreeMap;
use std::fmt::Write;

use centre_core::Lang;
use centre_core::schedule::knockout::{advance, placeholder, plan_knockout};
use centre_core::schedule::{PlannedMatch, PoolSchedule, ScheduleSettings, pool_schedule};
use centre_core::standings::standings;
use centre_core::tournament::{Match, MatchStatus, Team, TeamId};
use chrono::{TimeZone, Utc};

fn settings() -> ScheduleSettings {
    ScheduleSettings {
        courts_available: 2,
        match_duration_minutes: 20,
        break_between_matches: 10,
        start_time: Utc.with_ymd_and_hms(2026, 8, 24, 13, 0, 0).single().expect("valid time"),
    }
}

fn teams(n: i64) -> Vec<Team> {
    let names =
        ["Huards", "Castors", "Orignaux", "Renards", "Hiboux", "Loutres", "Ours", "Lynx", "Harfangs", "Carcajous"];
    (1..=n).map(|id| Team::new(id, names[(id - 1) as usize % names.len()])).collect()
}

fn side(m: &PlannedMatch, first: bool, names: &BTreeMap<TeamId, String>) -> String {
    let (id, from) = if first { (m.team1_id, &m.team1_from) } else { (m.team2_id, &m.team2_from) };
    match (id, from) {
        (Some(id), _) => names.get(&id).cloned().unwrap_or_else(|| format!("#{id}")),
        (None, Some(code)) => placeholder(*code, Lang::Fr),
        (None, None) => "À déterminer".to_owned(),
    }
}

/// One line per slot (UTC time, as times are stored), one column per court.
fn render_matches(matches: &[PlannedMatch], names: &BTreeMap<TeamId, String>, courts: u8) -> String {
    let mut out = String::new();
    let _ = write!(out, "{:<5} {:<6}", "Slot", "UTC");
    for c in 1..=courts {
        let _ = write!(out, " | {:<40}", format!("Terrain {c}"));
    }
    out = out.trim_end().to_owned();
    out.push('\n');
    let mut by_slot: BTreeMap<u32, Vec<&PlannedMatch>> = BTreeMap::new();
    for m in matches {
        by_slot.entry(m.slot_index).or_default().push(m);
    }
    for (slot, ms) in by_slot {
        let _ = write!(out, "{:<5} {:<6}", slot + 1, ms[0].scheduled_time.format("%H:%M"));
        for c in 1..=courts {
            let cell = ms
                .iter()
                .find(|m| m.court_number == c)
                .map(|m| {
                    let label = m.bracket_code.map_or(String::new(), |c| c.to_string());
                    let vs = format!("{} – {}", side(m, true, names), side(m, false, names));
                    if label.is_empty() { vs } else { format!("{label}: {vs}") }
                })
                .unwrap_or_else(|| "·".to_owned());
            let _ = write!(out, " | {cell:<40}");
        }
        out = out.trim_end().to_owned();
        out.push('\n');
    }
    out
}

fn render_pool(schedule: &PoolSchedule, teams: &[Team]) -> String {
    let names: BTreeMap<TeamId, String> = teams.iter().map(|t| (t.id, t.name.clone())).collect();
    let mut out = render_matches(&schedule.matches, &names, 2);
    let q = &schedule.quality;
    let _ = writeln!(
        out,
        "\nslots used {} (lower bound {}), court use {} %, back-to-back {}",
        q.slots_used, q.lower_bound, q.court_use_percent, q.back_to_back
    );
    for w in &q.longest_wait {
        let _ = writeln!(out, "longest wait {:<10} {} slot(s), {} min", names[&w.team_id], w.slots, w.minutes);
    }
    let _ = writeln!(
        out,
        "knockout starts at slot {} ({})",
        schedule.next_slot_index + 1,
        schedule.next_start.format("%H:%M")
    );
    out
}

#[test]
fn six_teams_on_two_courts() {
    let t = teams(6);
    let ids: Vec<TeamId> = t.iter().map(|t| t.id).collect();
    let schedule = pool_schedule(&ids, &settings()).expect("schedule");
    insta::assert_snapshot!("pool_6_teams_2_courts", render_pool(&schedule, &t));
}

#[test]
fn nine_teams_on_two_courts() {
    let t = teams(9);
    let ids: Vec<TeamId> = t.iter().map(|t| t.id).collect();
    let schedule = pool_schedule(&ids, &settings()).expect("schedule");
    insta::assert_snapshot!("pool_9_teams_2_courts", render_pool(&schedule, &t));
}

fn as_match(p: &PlannedMatch, id: i64, score: Option<(u32, u32)>) -> Match {
    Match {
        id,
        round_type: p.round_type,
        round_name: p.round_name.clone(),
        bracket_code: p.bracket_code,
        status: if score.is_some() { MatchStatus::Completed } else { MatchStatus::Scheduled },
        team1_id: p.team1_id,
        team2_id: p.team2_id,
        team1_score: score.map(|s| s.0),
        team2_score: score.map(|s| s.1),
        scheduled_time: Some(p.scheduled_time),
        court_number: Some(p.court_number),
        forfeit_side: None,
        sets: Vec::new(),
        started: false,
    }
}

#[test]
fn eight_team_bracket() {
    let t = teams(8);
    let ids: Vec<TeamId> = t.iter().map(|t| t.id).collect();
    let pool = pool_schedule(&ids, &settings()).expect("schedule");
    // Pool results: the lower id wins, so the ranking is Huards (1) .. Lynx (8).
    let played: Vec<Match> = pool
        .matches
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (a, b) = (p.team1_id.unwrap_or(0), p.team2_id.unwrap_or(0));
            as_match(p, i as i64, Some(if a < b { (21, 15) } else { (15, 21) }))
        })
        .collect();
    let table = standings(&played, &t);
    let bracket = plan_knockout(&table, &settings(), pool.next_slot_index);
    let names: BTreeMap<TeamId, String> = t.iter().map(|t| (t.id, t.name.clone())).collect();
    let mut out = String::from("Drawn from the standings:\n");
    out += &render_matches(&bracket, &names, 2);

    // QF1 and QF2 played (Renards upset by Hiboux in QF2): SF1 is decided, SF2 not yet.
    let mut stored: Vec<Match> = bracket.iter().enumerate().map(|(i, p)| as_match(p, 100 + i as i64, None)).collect();
    stored[0] = as_match(&bracket[0], 100, Some((21, 9)));
    stored[1] = as_match(&bracket[1], 101, Some((19, 21)));
    let advanced = advance(&stored).expect("advance");
    let replanned: Vec<PlannedMatch> = bracket
        .iter()
        .zip(&advanced)
        .map(|(p, m)| PlannedMatch {
            team1_id: m.team1_id,
            team2_id: m.team2_id,
            team1_from: if m.team1_id.is_some() { None } else { p.team1_from },
            team2_from: if m.team2_id.is_some() { None } else { p.team2_from },
            ..p.clone()
        })
        .collect();
    out += "\nAfter QF1 (21-9) and QF2 (19-21):\n";
    out += &render_matches(&replanned, &names, 2);
    insta::assert_snapshot!("bracket_8_teams", out);
}
