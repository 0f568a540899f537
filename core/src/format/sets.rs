//! The check of a score in sets against its format.

use super::SetsFormat;
use crate::tournament::SetScore;

/// Highest score a set may show (a timed set's running score included).
const MAX_SET_POINTS: u32 = 999;

/// The sets each side won, or the catalogue code of the first thing wrong: a set not finished
/// (`set_not_won`), tied (`set_tied`), won without two clear points (`set_win_by_two`), played
/// past its end (`set_too_long`) or its cap (`set_over_cap`); no sets (`sets_required`), a set
/// after the match was decided (`set_after_decided`), too few to decide it (`sets_undecided`),
/// more than the format has (`sets_count`); a knockout match level (`knockout_draw`).
pub fn check_sets(format: &SetsFormat, sets: &[SetScore], knockout: bool) -> Result<(u32, u32), &'static str> {
    if sets.is_empty() {
        return Err("sets_required");
    }
    if sets.len() > usize::from(format.sets) {
        return Err("sets_count");
    }
    for (index, set) in sets.iter().enumerate() {
        check_set(format, index, *set)?;
    }
    let (mut won1, mut won2) = (0u32, 0u32);
    for [a, b] in sets {
        if !format.play_all && won1.max(won2) >= format.to_win() {
            return Err("set_after_decided");
        }
        if a > b {
            won1 += 1;
        } else {
            won2 += 1;
        }
    }
    let complete =
        if format.play_all { sets.len() == usize::from(format.sets) } else { won1.max(won2) >= format.to_win() };
    if !complete {
        return Err("sets_undecided");
    }
    if knockout && won1 == won2 {
        return Err("knockout_draw");
    }
    Ok((won1, won2))
}

fn check_set(format: &SetsFormat, index: usize, [a, b]: SetScore) -> Result<(), &'static str> {
    if a > MAX_SET_POINTS || b > MAX_SET_POINTS {
        return Err("score_too_high");
    }
    if a == b {
        return Err("set_tied");
    }
    if format.time_limit_minutes.is_some() {
        return Ok(());
    }
    let (won, lost) = (a.max(b), a.min(b));
    let target = u32::from(format.target(index));
    let cap = format.cap.map(u32::from).filter(|c| *c > target);
    if cap.is_some_and(|c| won > c) {
        return Err("set_over_cap");
    }
    if won < target {
        return Err("set_not_won");
    }
    let margin = won - lost;
    if !format.win_by_two {
        // The first to the target wins: the set stops there.
        return if won == target { Ok(()) } else { Err("set_too_long") };
    }
    if won == target {
        return if margin >= 2 { Ok(()) } else { Err("set_win_by_two") };
    }
    // Past the target the set went on until two clear points, or the cap's single point.
    match margin {
        2 => Ok(()),
        1 if cap == Some(won) => Ok(()),
        1 => Err("set_win_by_two"),
        _ => Err("set_too_long"),
    }
}

/// The score a forfeit is recorded as under `format`, `forfeited` being the side (1 or 2) that
/// forfeited: with sets, the sets won and [`forfeit_sets`] (2-0 with 21-0, 21-0); with
/// `single`, none (a forfeit, no points invented).
pub fn forfeit_score(format: &super::MatchFormat, forfeited: u8) -> Option<(u32, u32, Vec<SetScore>)> {
    let sets = forfeit_sets(format.sets.as_ref()?, forfeited);
    let won = sets.len() as u32;
    Some(if forfeited == 1 { (0, won, sets) } else { (won, 0, sets) })
}

/// The score a forfeit is recorded as, so quotients stay true: the sets the other side needs,
/// each won to the set's target against 0 (21-0, 21-0). `forfeited`: the side (1 or 2) that
/// forfeited.
pub fn forfeit_sets(format: &SetsFormat, forfeited: u8) -> Vec<SetScore> {
    let needed = if format.play_all { u32::from(format.sets) } else { format.to_win() };
    (0..needed as usize)
        .map(|i| {
            let target = u32::from(format.target(i)).max(1);
            if forfeited == 1 { [0, target] } else { [target, 0] }
        })
        .collect()
}
