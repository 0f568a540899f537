//! HTTP only: each handler sits next to its request and response types.

pub(crate) mod admin;
pub(crate) mod auth;
pub(crate) mod courts;
pub(crate) mod daycamps;
pub(crate) mod event_registrations;
pub(crate) mod events;
pub(crate) mod health;
pub(crate) mod params;
pub(crate) mod payments;
mod reply;
pub(crate) mod tournaments;

use axum::Router;
use axum::middleware::from_fn_with_state;
use axum::routing::{MethodRouter, any, delete, get, post, put};

use crate::app::AppState;
use crate::error::AppError;
use crate::public_cache::{self, PublicCache, Varies};

/// Every route is also in the OpenAPI document (its handler's `#[utoipa::path]`, listed in
/// `openapi.rs`): `tests/contract.rs` reads this table and fails on a route it does not find there.
pub fn api_router(cache: &PublicCache) -> Router<AppState> {
    // The GETs every visitor makes, answered from the public cache (public_cache.rs).
    let kept = |route: MethodRouter<AppState>, varies: Varies| {
        route.route_layer(from_fn_with_state((cache.clone(), varies), public_cache::serve))
    };
    Router::new()
        .route("/api/health", get(health::health))
        .route("/api/login", get(auth::login))
        .route("/api/callback", get(auth::callback))
        .route("/api/logout", get(auth::logout))
        .route("/api/dev-login", post(auth::dev_login))
        .route("/api/auth/user", get(auth::current_user))
        .route("/api/admin/status", get(admin::admin_status))
        .route("/api/supervisor/status", get(admin::supervisor_status))
        .route("/api/admin/users", get(admin::admins))
        .route("/api/admin/users/{userId}", post(admin::add_admin).delete(admin::remove_admin))
        .route("/api/admin/supervisors", get(admin::supervisors))
        .route("/api/admin/supervisors/{userId}", post(admin::add_supervisor).delete(admin::remove_supervisor))
        .route("/api/admin/all-users", get(admin::members))
        .route("/api/admin/bookings", get(courts::admin_list))
        .route("/api/admin/bookings/{id}", delete(courts::cancel_any))
        .route("/api/courts", kept(get(courts::list), Varies::Nothing))
        .route("/api/courts/availability", get(courts::availability))
        .route("/api/courts/availability/month", get(courts::month))
        .route("/api/courts/book", post(courts::book))
        .route("/api/user/court-bookings", get(courts::mine))
        .route("/api/user/court-bookings/{id}", delete(courts::cancel_mine))
        .route("/api/events", kept(get(events::list), Varies::Nothing).post(events::create))
        .route("/api/events/{id}", get(events::one).put(events::update).delete(events::delete))
        .route("/api/events/{id}/register", post(event_registrations::register))
        .route("/api/user/event-registrations", get(event_registrations::mine))
        .route("/api/user/registrations", get(event_registrations::mine_for_home))
        .route("/api/admin/events", get(events::admin_list))
        .route("/api/admin/events/{id}/registrations", get(event_registrations::for_event))
        .route("/api/admin/events/{id}/registrations.xlsx", get(event_registrations::export))
        .route("/api/admin/event-registrations/{id}", delete(event_registrations::delete))
        .route("/api/admin/event-registrations/{id}/payment", put(event_registrations::set_payment))
        .route("/api/day-camp-programs", kept(get(daycamps::programs), Varies::Language))
        .route("/api/day-camp-weeks", kept(get(daycamps::weeks), Varies::Nothing))
        .route("/api/day-camp-registrations", post(daycamps::register))
        .route("/api/user/day-camp-registrations", get(daycamps::mine))
        .route("/api/user/day-camp-registrations/{id}", get(daycamps::mine_one))
        .route("/api/admin/day-camps", get(daycamps::admin_overview))
        .route("/api/admin/day-camp-weeks/{weekId}/registrations", get(daycamps::admin_week))
        .route("/api/admin/day-camp-weeks/{weekId}/registrations.xlsx", get(daycamps::admin_export))
        .route("/api/admin/day-camp-registrations/{id}/payment", put(daycamps::admin_set_payment))
        .route("/api/admin/payments", get(payments::overview))
        .route("/api/admin/payments.xlsx", get(payments::export))
        .route("/api/admin/payments/reconcile", post(payments::reconcile))
        .route("/api/admin/payments/confirm", post(payments::confirm))
        .route("/api/admin/payment-deadlines", get(payments::deadlines))
        .route("/api/admin/events/{id}/payment-deadline", put(payments::event_deadline))
        .route("/api/admin/day-camp-programs/{id}/payment-deadline", put(payments::program_deadline))
        .route("/api/user/event-registrations/{id}", get(payments::event_checkout))
        .route("/api/admin/events/{id}/tournament", get(tournaments::admin::for_event).post(tournaments::admin::create))
        .route("/api/admin/tournaments/{id}", put(tournaments::admin::update).delete(tournaments::admin::delete))
        .route("/api/admin/tournaments/{id}/generate-schedule", post(tournaments::admin::generate))
        .route("/api/admin/tournaments/{id}/matches", get(tournaments::admin::matches))
        .route("/api/admin/tournaments/{id}/standings", get(tournaments::admin::standings))
        .route("/api/admin/matches/{id}/score", put(tournaments::admin::score))
        .route("/api/admin/matches/{id}/correction", put(tournaments::admin::correction))
        .route("/api/admin/matches/{id}/history", get(tournaments::admin::history))
        .route("/api/admin/sync/scores", post(tournaments::sync::push))
        .route("/api/admin/tournaments/{id}/conflicts", get(tournaments::sync::conflicts))
        .route("/api/admin/score-conflicts/{id}/resolve", post(tournaments::sync::resolve))
        .route("/api/events/{id}/tournament", get(tournaments::public::tournament))
        .route("/api/events/{id}/tournament/stream", get(tournaments::public::stream))
        .route("/api/events/{id}/user-team", get(tournaments::public::user_team))
        .route("/api/user/tournament-data", get(tournaments::public::tournament_data))
        .route("/api", any(api_not_found))
        .route("/api/{*rest}", any(api_not_found))
}

/// Unknown API paths answer 404 JSON, never the PWA shell.
async fn api_not_found() -> AppError {
    AppError::not_found()
}
