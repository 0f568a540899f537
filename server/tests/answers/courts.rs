//! The courts: the list (each with its season and hours), a day's slots and a month's days with one slot booked, the member's
//! bookings and the console's list. The day is in the next outdoor season, so its year is
//! redacted; the month, the day and the hours stay.

use chrono::Datelike;

use super::{answer, assert_answer};
use crate::common::{TestApp, snap};
use crate::courts::{book, booking_body, season_day};

#[tokio::test]
async fn the_courts_and_a_booking() {
    let app = TestApp::with_admin().await;
    let marie = app.user("marie@example.org", None).await;
    let day = season_day(6, 15);
    let response = book(&app, &marie, &booking_body(1, day, 10, 1)).await;
    assert_eq!(response.status(), 201, "{:?}", response.text().await);

    let mut settings = snap::answer_settings();
    settings.add_filter(&format!(r"\b{}-", chrono::Datelike::year(&day)), "[season's year]-");
    // The list names the season not ended yet: this year's until 30 September (in summer, a year
    // before the booked day's).
    let today = crate::common::now().with_timezone(&chrono_tz::America::Toronto).date_naive();
    let coming = if (today.month(), today.day()) <= (9, 30) { today.year() } else { today.year() + 1 };
    settings.add_filter(&format!(r"\b{coming}-"), "[season's year]-");
    let visitor = app.new_client();
    assert_answer(&settings, "courts", &answer(&app, &visitor, "/api/courts").await);
    let slots = answer(&app, &visitor, &format!("/api/courts/availability?date={day}&courtId=1")).await;
    assert_answer(&settings, "court_availability", &slots);
    let month = format!("/api/courts/availability/month?month={}&courtId=1", day.format("%Y-%m"));
    assert_answer(&settings, "court_availability_month", &answer(&app, &visitor, &month).await);
    assert_answer(&settings, "user_court_bookings", &answer(&app, &marie.client, "/api/user/court-bookings").await);
    assert_answer(&settings, "admin_bookings", &answer(&app, &app.client, "/api/admin/bookings").await);
}
