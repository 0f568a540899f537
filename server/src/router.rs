//! Every route the server answers, each handler registered once: `routes!` reads a handler's
//! `#[utoipa::path]` (its method and path) for the router and for the OpenAPI document alike, so
//! no call is served undocumented or documented and not served. Then the layers every request
//! crosses, and the whole served on a listener (net/, which knows nothing of the app: the
//! settings name its timeouts).

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::middleware::from_fn_with_state;
use axum::routing::any;
use tokio::net::TcpListener;
use tower::ServiceBuilder;
use tower_http::compression::CompressionLayer;
use utoipa::OpenApi;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

use crate::app::AppState;
use crate::error::AppError;
use crate::layers::MAX_BODY_BYTES;
use crate::net::caps::Counter;
use crate::openapi::responses::{
    BadRequest, Conflict, Forbidden, NotFound, PayloadTooLarge, RequestTimeout, ServiceUnavailable, TooManyRequests,
    Unauthorized, Unprocessable,
};
use crate::public_cache::{self, PublicCache, Varies};
use crate::routes::{
    admin, auth, camp_absences, camp_attendance, camp_health, camp_payers, camp_programs, camp_staff, courts, daycamps,
    event_registrations, events, health, leagues, payments, privacy, rl24, sync, tournaments, waitlist,
};

/// What the routes' paths are added to: the document's info and the components shared by many
/// operations.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Centre API",
        description = "The HTTP API of the centre's web app. Generated from the server's code (`centre openapi`); do not edit by hand."
    ),
    components(
        schemas(crate::error::ErrorBody),
        responses(
            BadRequest,
            Unauthorized,
            Forbidden,
            NotFound,
            Conflict,
            Unprocessable,
            TooManyRequests,
            RequestTimeout,
            PayloadTooLarge,
            ServiceUnavailable
        )
    )
)]
struct ApiDoc;

/// The `/api` calls, with the document of each.
fn api(cache: &PublicCache) -> OpenApiRouter<AppState> {
    // The GETs every visitor makes, answered from the public cache (public_cache.rs); the
    // layer wraps only the handlers given here, not another method of the same path.
    let kept = |handlers: UtoipaMethodRouter<AppState>, varies: Varies| {
        handlers.map(|route| route.route_layer(from_fn_with_state((cache.clone(), varies), public_cache::serve)))
    };
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(health::health))
        .routes(routes!(auth::login))
        .routes(routes!(auth::callback))
        .routes(routes!(auth::logout))
        .routes(routes!(auth::dev_login))
        .routes(routes!(auth::current_user))
        .routes(routes!(admin::admin_status))
        .routes(routes!(admin::supervisor_status))
        .routes(routes!(admin::admins))
        .routes(routes!(admin::add_admin, admin::remove_admin))
        .routes(routes!(admin::supervisors))
        .routes(routes!(admin::add_supervisor, admin::remove_supervisor))
        .routes(routes!(admin::camp_staff))
        .routes(routes!(admin::add_camp_staff, admin::remove_camp_staff))
        .routes(routes!(camp_staff::status))
        .routes(routes!(camp_staff::week_children))
        .routes(routes!(camp_staff::child_record))
        .routes(routes!(camp_staff::assignments))
        .routes(routes!(camp_staff::set_weeks))
        .routes(routes!(camp_staff::record_views))
        .routes(routes!(camp_absences::give))
        .routes(routes!(sync::attendance::push))
        .routes(routes!(camp_attendance::day))
        .routes(routes!(camp_attendance::add_override))
        .routes(routes!(admin::members))
        .routes(routes!(courts::admin_list))
        .routes(routes!(courts::cancel_any))
        .routes(kept(routes!(courts::list), Varies::Nothing))
        .routes(routes!(courts::availability))
        .routes(routes!(courts::month))
        .routes(routes!(courts::book))
        .routes(routes!(courts::mine))
        .routes(routes!(courts::cancel_mine))
        .routes(kept(routes!(events::list), Varies::Nothing))
        .routes(routes!(events::create))
        .routes(routes!(events::one, events::update, events::delete))
        .routes(routes!(event_registrations::register))
        .routes(routes!(event_registrations::mine))
        .routes(routes!(event_registrations::mine_for_home))
        .routes(routes!(events::admin_list))
        .routes(routes!(event_registrations::for_event))
        .routes(routes!(event_registrations::export))
        .routes(routes!(event_registrations::delete))
        .routes(routes!(event_registrations::set_payment))
        .routes(kept(routes!(daycamps::programs), Varies::Language))
        .routes(kept(routes!(daycamps::weeks), Varies::Nothing))
        .routes(routes!(daycamps::register))
        .routes(routes!(daycamps::mine))
        .routes(routes!(daycamps::mine_one))
        .routes(routes!(camp_health::mine, camp_health::update))
        .routes(routes!(camp_health::withdraw))
        .routes(routes!(camp_payers::mine, camp_payers::update))
        .routes(routes!(rl24::export))
        .routes(routes!(rl24::statements))
        .routes(routes!(daycamps::admin_overview))
        .routes(routes!(daycamps::admin_week))
        .routes(routes!(daycamps::admin_export))
        .routes(routes!(daycamps::admin_set_payment))
        .routes(routes!(camp_programs::update_program))
        .routes(routes!(waitlist::member::join_event))
        .routes(routes!(waitlist::member::join_camp))
        .routes(routes!(waitlist::member::join_slot))
        .routes(routes!(waitlist::member::mine))
        .routes(routes!(waitlist::member::offer))
        .routes(routes!(waitlist::member::accept))
        .routes(routes!(waitlist::member::decline))
        .routes(routes!(waitlist::member::leave))
        .routes(routes!(waitlist::admin::lists))
        .routes(routes!(waitlist::admin::move_entry))
        .routes(routes!(waitlist::admin::offer_by_hand))
        .routes(routes!(waitlist::admin::close))
        .routes(routes!(payments::view::overview))
        .routes(routes!(payments::view::export))
        .routes(routes!(payments::reconcile::reconcile))
        .routes(routes!(payments::reconcile::confirm))
        .routes(routes!(payments::deadlines::deadlines))
        .routes(routes!(payments::deadlines::event_deadline))
        .routes(routes!(payments::deadlines::program_deadline))
        .routes(routes!(payments::checkout::event_checkout))
        .routes(routes!(tournaments::admin::for_event, tournaments::admin::create))
        .routes(routes!(tournaments::admin::update, tournaments::admin::delete))
        .routes(routes!(tournaments::admin::generate))
        .routes(routes!(tournaments::admin::matches))
        .routes(routes!(tournaments::admin::standings))
        .routes(routes!(tournaments::admin::score))
        .routes(routes!(tournaments::admin::correction))
        .routes(routes!(tournaments::admin::duty))
        .routes(routes!(tournaments::admin::forfeit))
        .routes(routes!(tournaments::admin::start))
        .routes(routes!(tournaments::admin::history))
        .routes(routes!(tournaments::reports::report))
        .routes(routes!(sync::scores::push))
        .routes(routes!(sync::reports::push))
        .routes(routes!(tournaments::sync::conflicts))
        .routes(routes!(tournaments::sync::resolve))
        .routes(routes!(leagues::admin::create))
        .routes(routes!(leagues::admin::update))
        .routes(routes!(leagues::admin::seeding))
        .routes(routes!(leagues::admin::night_sheet))
        .routes(routes!(leagues::nights::cancel))
        .routes(routes!(leagues::nights::availability))
        .routes(routes!(leagues::nights::admin_availability))
        .routes(routes!(leagues::public::league))
        .routes(routes!(leagues::public::night))
        .routes(routes!(tournaments::public::tournament))
        .routes(routes!(tournaments::public::stream))
        .routes(routes!(tournaments::public::user_team))
        .routes(routes!(tournaments::public::tournament_data))
        .routes(kept(routes!(privacy::officer::officer), Varies::Nothing))
        .routes(routes!(privacy::officer::set_officer))
        .routes(routes!(privacy::member::my_data))
        .routes(routes!(privacy::member::my_data_page))
        .routes(routes!(privacy::member::my_requests, privacy::member::request))
        .routes(routes!(privacy::admin::queue))
        .routes(routes!(privacy::admin::answer))
        .routes(routes!(privacy::admin::incidents, privacy::admin::add_incident))
        .routes(routes!(privacy::admin::update_incident))
        .routes(routes!(privacy::retention::policy, privacy::retention::set_policy))
}

/// The OpenAPI document of the `/api` calls, as registered (`openapi::document` completes it).
pub fn openapi() -> utoipa::openapi::OpenApi {
    // The cache layers are no part of the document: any cache will do.
    api(&PublicCache::new(chrono_tz::UTC, crate::clock::Clock::default())).into_openapi()
}

/// The router and the layers every request crosses, outermost first, stacked in one `layer`
/// call (each `Router::layer` call boxes every route once more, and the box is cloned for every
/// request):
///
/// 1. `layers::Edge`: the request log and metrics, the panic catcher, security headers, the
///    language of error bodies, the Origin check, forgetting the public cache after a write;
/// 2. dynamic compression, of what was not compressed ahead of time and is worth it;
/// 3. the body limit;
/// 4. sessions (tower-sessions) and `auth::know_member`, for requests with a cookie and the
///    sign-in routes only (`layers::SessionsWhenNeeded`).
pub fn build_router(state: AppState) -> Router {
    let layers = ServiceBuilder::new()
        .layer(crate::layers::EdgeLayer::new(state.clone()))
        .layer(CompressionLayer::new().compress_when(crate::encoding::DynamicOnly::default()))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(crate::layers::SessionsWhenNeeded::new(&state));
    let (api, _) = api(&state.public_cache).split_for_parts();
    // Unknown API paths (no calls, so not in the document).
    api.route("/api", any(api_not_found))
        .route("/api/{*rest}", any(api_not_found))
        .fallback(crate::web::serve_pwa)
        .with_state(state)
        .layer(layers)
}

/// Unknown API paths answer 404 JSON, never the PWA shell.
async fn api_not_found() -> AppError {
    AppError::not_found()
}

/// Serves the app on `listener` with its settings' caps and timeouts, until `shutdown`.
pub async fn serve_app(listener: TcpListener, state: AppState, shutdown: impl Future<Output = ()> + Send) {
    let settings = std::sync::Arc::clone(&state.settings);
    let connections = Counter::new(settings.connections);
    let router = build_router(state);
    crate::net::serve(listener, router, connections, settings.trusted_proxies.clone(), settings.timeouts, shutdown)
        .await;
}
