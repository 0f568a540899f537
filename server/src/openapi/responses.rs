//! The error answers an operation names in its `responses(...)` (`responses::NotFound`): each
//! one the `ApiError` schema under its status, and one response component of the document.

use std::collections::BTreeMap;

use utoipa::openapi::response::ResponseBuilder;
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Response};
use utoipa::{IntoResponses, ToResponse};

/// An error answer: a `ToResponse` component (`#/components/responses/{name}`) and, named in an
/// operation's `responses(...)` as it is, that reference under its status.
macro_rules! error_response {
    ($name:ident, $status:literal, $description:literal) => {
        #[doc = $description]
        pub struct $name;

        impl<'r> ToResponse<'r> for $name {
            fn response() -> (&'r str, RefOr<Response>) {
                (stringify!($name), error_body($description))
            }
        }

        impl IntoResponses for $name {
            fn responses() -> BTreeMap<String, RefOr<Response>> {
                BTreeMap::from([($status.to_owned(), RefOr::Ref(Ref::from_response_name(stringify!($name))))])
            }
        }
    };
}

fn error_body(description: &str) -> RefOr<Response> {
    ResponseBuilder::new()
        .description(description)
        .content("application/json", ContentBuilder::new().schema(Some(Ref::from_schema_name("ApiError"))).build())
        .build()
        .into()
}

error_response!(BadRequest, "400", "Malformed request: a body or query string that does not fit (`malformed_json`).");
error_response!(Unauthorized, "401", "Not signed in (`unauthorized`).");
error_response!(
    Forbidden,
    "403",
    "Signed in without the role it needs (`forbidden`), or a state-changing request from another site (`forbidden_origin`)."
);
error_response!(NotFound, "404", "No such resource, or an id that is not a whole number above zero (`not_found`).");
error_response!(Conflict, "409", "Refused by the resource's state; `code` says why.");
error_response!(Unprocessable, "422", "Invalid fields: `fieldErrors` has one message per field; `code` is the first.");
error_response!(TooManyRequests, "429", "Too many writes by this member (`rate_limited`); see `Retry-After`.");
error_response!(
    RequestTimeout,
    "408",
    "The body arrived too slowly (`request_timeout`): 10 s, then 500 bytes a second."
);
error_response!(
    PayloadTooLarge,
    "413",
    "A body over 256 KiB, refused before it is read when announced (`payload_too_large`)."
);
error_response!(
    ServiceUnavailable,
    "503",
    "Too many live pages open, from this address or in all (`too_many_streams`); see `Retry-After`."
);
