use chrono::{DateTime, Duration, TimeZone, Utc};

use super::*;

fn at(h: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 7, 1, 0, 0, 0).unwrap() + Duration::hours(h)
}

#[test]
fn the_window_is_48_hours_when_the_start_is_far() {
    assert_eq!(offer_expiry(at(0), at(24 * 30), None), Some(at(48)));
    assert_eq!(offer_expiry(at(0), at(96), None), Some(at(48)));
}

#[test]
fn the_window_is_half_the_time_left_when_the_start_is_near() {
    assert_eq!(offer_expiry(at(0), at(95), None), Some(at(0) + Duration::minutes(95 * 30)));
    assert_eq!(offer_expiry(at(0), at(10), None), Some(at(5)));
}

#[test]
fn the_window_is_never_under_two_hours_nor_past_the_start() {
    assert_eq!(offer_expiry(at(0), at(3), None), Some(at(2)));
    assert_eq!(offer_expiry(at(0), at(1), None), Some(at(1)));
    assert_eq!(offer_expiry(at(5), at(5), None), None);
    assert_eq!(offer_expiry(at(6), at(5), None), None);
}

#[test]
fn a_configured_window_replaces_the_default() {
    assert_eq!(offer_expiry(at(0), at(24 * 30), Some(24)), Some(at(24)));
    assert_eq!(offer_expiry(at(0), at(40), Some(24)), Some(at(20)));
    assert_eq!(offer_expiry(at(0), at(24 * 30), Some(0)), Some(at(2)));
}

#[test]
fn available_places_subtract_registrations_and_live_offers() {
    assert_eq!(available(Some(10), 7, 2), Some(1));
    assert_eq!(available(Some(10), 9, 2), Some(0));
    assert_eq!(available(None, 9, 2), None);
}

#[test]
fn a_direct_registration_never_takes_a_place_held_by_an_offer() {
    assert_eq!(check_direct(Some(10), 8, 0, 2), Ok(()));
    assert_eq!(check_direct(Some(10), 8, 1, 2), Err(DirectRefusal::HeldByOffer));
    assert_eq!(check_direct(Some(10), 9, 1, 2), Err(DirectRefusal::Full));
    assert_eq!(check_direct(None, 9, 1, 2), Ok(()));
}

fn line(entries: &[(i64, i64, bool)]) -> Vec<InLine> {
    entries.iter().map(|&(entry_id, places, has_live_offer)| InLine { entry_id, places, has_live_offer }).collect()
}

#[test]
fn a_freed_place_goes_to_the_first_in_line_without_an_offer() {
    let l = line(&[(1, 1, true), (2, 1, false), (3, 1, false)]);
    assert_eq!(offers_for_freed(1, &l), Freed { offer_to: vec![2], open: 0 });
    assert_eq!(offers_for_freed(2, &l), Freed { offer_to: vec![2, 3], open: 0 });
}

#[test]
fn at_the_end_of_the_line_the_place_opens() {
    let l = line(&[(1, 1, true), (2, 1, false)]);
    assert_eq!(offers_for_freed(3, &l), Freed { offer_to: vec![2], open: 2 });
    assert_eq!(offers_for_freed(1, &[]), Freed { offer_to: vec![], open: 1 });
    assert_eq!(offers_for_freed(0, &l), Freed { offer_to: vec![], open: 0 });
}

#[test]
fn a_team_too_big_for_the_free_places_keeps_its_rank_and_is_passed_over() {
    let l = line(&[(1, 4, false), (2, 2, false), (3, 2, false)]);
    assert_eq!(offers_for_freed(2, &l), Freed { offer_to: vec![2], open: 0 });
    assert_eq!(offers_for_freed(4, &l), Freed { offer_to: vec![1], open: 0 });
    assert_eq!(offers_for_freed(3, &l), Freed { offer_to: vec![2], open: 1 });
}

#[test]
fn only_a_live_offer_before_its_window_ends_can_be_answered() {
    assert_eq!(check_answer(OfferState::Live, "2026-07-02T00:00:00Z", "2026-07-01T23:59:59Z"), Ok(()));
    assert_eq!(
        check_answer(OfferState::Live, "2026-07-02T00:00:00Z", "2026-07-02T00:00:00Z"),
        Err(AnswerRefusal::Expired)
    );
    for state in [OfferState::Accepted, OfferState::Declined, OfferState::Expired, OfferState::Withdrawn] {
        assert_eq!(check_answer(state, "2026-07-02T00:00:00Z", "2026-07-01T00:00:00Z"), Err(AnswerRefusal::NotLive));
    }
}

#[test]
fn every_ended_offer_ends_its_entry() {
    assert_eq!(OfferState::Live.entry_after(), None);
    assert_eq!(OfferState::Accepted.entry_after(), Some(EntryState::Registered));
    assert_eq!(OfferState::Declined.entry_after(), Some(EntryState::Declined));
    assert_eq!(OfferState::Expired.entry_after(), Some(EntryState::Expired));
    assert_eq!(OfferState::Withdrawn.entry_after(), Some(EntryState::Closed));
    assert!(EntryState::Offered.is_active() && EntryState::Waiting.is_active());
    assert!(!EntryState::Declined.is_active());
}

#[test]
fn moving_someone_keeps_the_others_in_order() {
    assert_eq!(move_to(&[1, 2, 3, 4], 4, 1), Some(vec![4, 1, 2, 3]));
    assert_eq!(move_to(&[1, 2, 3, 4], 1, 3), Some(vec![2, 3, 1, 4]));
    assert_eq!(move_to(&[1, 2, 3, 4], 2, 99), Some(vec![1, 3, 4, 2]));
    assert_eq!(move_to(&[1, 2, 3, 4], 2, 0), Some(vec![2, 1, 3, 4]));
    assert_eq!(move_to(&[1, 2, 3], 9, 1), None);
}

#[test]
fn stored_texts_read_back() {
    for kind in ListKind::ALL {
        assert_eq!(ListKind::parse(kind.as_str()), Some(*kind));
    }
    for state in EntryState::ALL {
        assert_eq!(EntryState::parse(state.as_str()), Some(*state));
    }
    for state in OfferState::ALL {
        assert_eq!(OfferState::parse(state.as_str()), Some(*state));
    }
    assert!(ListKind::Event.makes_offers() && !ListKind::CourtSlot.makes_offers());
}
