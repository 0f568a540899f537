//! Every preset's sets, valid and not, as a scorekeeper would type them.

use super::*;

fn sets_of(id: &str) -> SetsFormat {
    preset(id).and_then(|f| f.sets).unwrap_or_else(|| panic!("{id} has sets"))
}

/// `(sets, knockout, expected)`.
type Case = (&'static [[u32; 2]], bool, Result<(u32, u32), &'static str>);

fn check(id: &str, cases: &[Case]) {
    let format = sets_of(id);
    for (sets, knockout, expected) in cases {
        assert_eq!(check_sets(&format, sets, *knockout), *expected, "{id}: {sets:?} knockout={knockout}");
    }
}

#[test]
fn fivb_beach_is_best_of_three_21_21_15_won_by_two_without_a_cap() {
    check(
        "fivb-beach",
        &[
            (&[[21, 18], [21, 15]], false, Ok((2, 0))),
            (&[[21, 18], [17, 21], [15, 13]], false, Ok((2, 1))),
            (&[[28, 26], [17, 21], [18, 16]], true, Ok((2, 1))),
            (&[[21, 20], [21, 15]], false, Err("set_win_by_two")),
            (&[[20, 18], [21, 15]], false, Err("set_not_won")),
            (&[[25, 18], [21, 15]], false, Err("set_too_long")),
            (&[[21, 18], [17, 21], [21, 13]], false, Err("set_too_long")),
            (&[[21, 18], [17, 21], [14, 12]], false, Err("set_not_won")),
            (&[[21, 18], [21, 15], [15, 10]], false, Err("set_after_decided")),
            (&[[21, 18], [17, 21]], false, Err("sets_undecided")),
            (&[[21, 21]], false, Err("set_tied")),
            (&[], false, Err("sets_required")),
            (&[[21, 1], [1, 21], [15, 1], [15, 1]], false, Err("sets_count")),
        ],
    );
}

#[test]
fn rec_2x21_plays_both_sets_to_21_capped_at_23_and_a_split_is_a_draw() {
    check(
        "rec-2x21",
        &[
            (&[[21, 18], [17, 21]], false, Ok((1, 1))),
            (&[[21, 18], [21, 19]], false, Ok((2, 0))),
            (&[[23, 22], [21, 10]], false, Ok((2, 0))),
            (&[[23, 21], [21, 10]], false, Ok((2, 0))),
            (&[[22, 20], [10, 21]], false, Ok((1, 1))),
            (&[[24, 22], [21, 10]], false, Err("set_over_cap")),
            (&[[22, 21], [21, 10]], false, Err("set_win_by_two")),
            (&[[21, 18]], false, Err("sets_undecided")),
            (&[[21, 18], [17, 21]], true, Err("knockout_draw")),
        ],
    );
}

#[test]
fn indoor_25_is_25_25_15() {
    check(
        "indoor-25",
        &[
            (&[[25, 23], [25, 20]], false, Ok((2, 0))),
            (&[[25, 23], [20, 25], [15, 9]], false, Ok((2, 1))),
            (&[[21, 15], [25, 20]], false, Err("set_not_won")),
            (&[[25, 23], [20, 25], [25, 9]], false, Err("set_too_long")),
        ],
    );
}

#[test]
fn a_timed_match_is_one_running_score_that_cannot_end_level() {
    check(
        "timed",
        &[
            (&[[17, 15]], false, Ok((1, 0))),
            (&[[31, 29]], true, Ok((1, 0))),
            (&[[12, 12]], false, Err("set_tied")),
            (&[[12, 10], [10, 8]], false, Err("sets_count")),
        ],
    );
}

#[test]
fn without_win_by_two_the_first_to_the_target_wins() {
    let format = SetsFormat { win_by_two: false, ..sets_of("rec-2x21") };
    assert_eq!(check_sets(&format, &[[21, 20], [21, 20]], false), Ok((2, 0)));
    assert_eq!(check_sets(&format, &[[22, 20], [21, 20]], false), Err("set_too_long"));
}

#[test]
fn a_forfeit_is_recorded_as_the_sets_the_other_side_needed_won_to_zero() {
    assert_eq!(forfeit_sets(&sets_of("fivb-beach"), 1), vec![[0, 21], [0, 21]]);
    assert_eq!(forfeit_sets(&sets_of("rec-2x21"), 2), vec![[21, 0], [21, 0]]);
    for id in ["fivb-beach", "rec-2x21", "indoor-25"] {
        let f = sets_of(id);
        assert!(check_sets(&f, &forfeit_sets(&f, 1), true).is_ok(), "{id}: a forfeit is a valid score");
    }
}

#[test]
fn a_request_names_a_preset_or_a_custom_format_and_absent_means_single() {
    assert!(resolve(None).is_ok_and(|f| f.is_single() && f.preset == Some(Preset::Single)));
    for preset in Preset::ALL {
        let resolved = resolve(Some(&FormatInput::Preset(preset.as_str().to_owned())));
        assert!(resolved.is_ok_and(|f| f.preset == Some(*preset)), "{preset}");
    }
    // The ids the console and the stored formats use, in the console's order.
    let ids: Vec<&str> = Preset::ALL.iter().map(|p| p.as_str()).collect();
    assert_eq!(ids, ["single", "fivb-beach", "rec-2x21", "indoor-25", "timed"]);
    assert_eq!(serde_json::to_value(Preset::Rec2x21).ok(), Some(serde_json::json!("rec-2x21")));
    assert_eq!(resolve(Some(&FormatInput::Preset("football".into()))), Err("format_invalid"));
    let custom =
        CustomFormat { sets: Some(SetsFormat { cap: Some(27), ..sets_of("rec-2x21") }), points: None, tiebreaks: None };
    let resolved = resolve(Some(&FormatInput::Custom(custom))).unwrap_or_default();
    assert_eq!(resolved.preset, None);
    assert_eq!(resolved.sets.and_then(|s| s.cap), Some(27));
    let zero_sets =
        CustomFormat { sets: Some(SetsFormat { sets: 0, ..sets_of("rec-2x21") }), points: None, tiebreaks: None };
    assert_eq!(resolve(Some(&FormatInput::Custom(zero_sets))), Err("format_invalid"));
    let low_cap =
        CustomFormat { sets: Some(SetsFormat { cap: Some(20), ..sets_of("rec-2x21") }), points: None, tiebreaks: None };
    assert_eq!(resolve(Some(&FormatInput::Custom(low_cap))), Err("format_invalid"));
}

#[test]
fn single_takes_no_sets() {
    let single = MatchFormat::default();
    assert_eq!(result_of(&single, false, 3, 1, &[]), Ok((3, 1)));
    assert_eq!(result_of(&single, false, 3, 1, &[[21, 10]]), Err("sets_count"));
    let rec = preset("rec-2x21").unwrap_or_default();
    assert_eq!(result_of(&rec, false, 9, 9, &[[21, 10], [10, 21]]), Ok((1, 1)), "the sets decide, not the numbers");
}
