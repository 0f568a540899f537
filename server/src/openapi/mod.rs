//! The HTTP contract: the OpenAPI document of every `/api` call, generated from the handlers'
//! `#[utoipa::path]` annotations, as router.rs registers them, and the `ToSchema` types next to
//! them (core's inputs and answers through its `openapi` feature). Committed as
//! `api/openapi.json` (`make openapi`, or `centre openapi > api/openapi.json`);
//! `tests/contract.rs` fails when they differ, and the PWA's `src/api/schema.d.ts` is generated
//! from that file.
//!
//! Errors are `ApiError` (`{message, code, fieldErrors?}`). What every state-changing call can
//! answer whatever it does is added here once (`Common`): 403 `forbidden_origin` (the Origin
//! check), 429 `rate_limited` (a member's writes), and for a call with a body, 400
//! `malformed_json` (not the JSON described), 408 `request_timeout` (too slow) and 413
//! `payload_too_large`.

pub mod responses;

use std::collections::BTreeSet;

use serde_json::Value;
use utoipa::openapi::path::{HttpMethod, Operation};
use utoipa::{IntoResponses, Modify};

use responses::{BadRequest, Forbidden, PayloadTooLarge, RequestTimeout, TooManyRequests};

/// The responses every state-changing call can give, added to each such operation; and each
/// operation's id made unique by its tag (`dayCampsRegister`, `eventRegistrationsRegister`).
/// Applied to the whole document once every route is in it.
struct Common;

impl Modify for Common {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for (path, item) in openapi.paths.paths.iter_mut() {
            let all = [&mut item.get, &mut item.post, &mut item.put, &mut item.patch, &mut item.delete];
            for operation in all.into_iter().flatten() {
                let tag = operation.tags.as_ref().and_then(|t| t.first()).cloned().unwrap_or_default();
                let name = operation.operation_id.clone().unwrap_or_default();
                operation.operation_id = Some(camel_case(&format!("{tag} {name}")));
            }
            let writes = [
                (HttpMethod::Post, item.post.as_mut()),
                (HttpMethod::Put, item.put.as_mut()),
                (HttpMethod::Patch, item.patch.as_mut()),
                (HttpMethod::Delete, item.delete.as_mut()),
            ];
            for (_, operation) in writes {
                let Some(operation) = operation else { continue };
                add::<Forbidden>(operation);
                if path != "/api/dev-login" {
                    add::<TooManyRequests>(operation);
                }
                if operation.request_body.is_some() {
                    add::<BadRequest>(operation);
                    add::<RequestTimeout>(operation);
                    add::<PayloadTooLarge>(operation);
                }
            }
        }
    }
}

/// `day camps register` to `dayCampsRegister`.
fn camel_case(words: &str) -> String {
    let mut out = String::new();
    for (i, word) in words.split([' ', '_']).filter(|w| !w.is_empty()).enumerate() {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            if i == 0 {
                out.extend(first.to_lowercase());
            } else {
                out.extend(first.to_uppercase());
            }
            out.push_str(chars.as_str());
        }
    }
    out
}

/// Adds `T`'s answer to the operation unless it states its own for that status.
fn add<T: IntoResponses>(operation: &mut Operation) {
    for (status, response) in T::responses() {
        operation.responses.responses.entry(status).or_insert(response);
    }
}

/// The document as committed in `api/openapi.json`: pretty JSON, keys sorted, one newline at the
/// end.
pub fn document() -> String {
    let mut openapi = crate::router::openapi();
    Common.modify(&mut openapi);
    let mut doc = serde_json::to_value(openapi).unwrap_or_default();
    answers_carry_their_nulls(&mut doc);
    let json = serde_json::to_string_pretty(&doc).unwrap_or_default();
    format!("{json}\n")
}

/// serde writes every `Option` field of an answer, as `null` when empty, unless it is skipped
/// (`skip_serializing_if`, marked `#[schema(nullable = false)]`): so in the schemas only answers
/// use, every property that may be null is required. Request bodies keep their optional fields.
fn answers_carry_their_nulls(doc: &mut Value) {
    let mut requests = BTreeSet::new();
    let mut pending: Vec<String> = Vec::new();
    if let Some(paths) = doc.get("paths").and_then(Value::as_object) {
        for item in paths.values().filter_map(Value::as_object) {
            for operation in item.values() {
                if let Some(body) = operation.get("requestBody") {
                    collect_refs(body, &mut pending);
                }
            }
        }
    }
    let Some(schemas) = doc.pointer_mut("/components/schemas").and_then(Value::as_object_mut) else { return };
    while let Some(name) = pending.pop() {
        if requests.insert(name.clone())
            && let Some(schema) = schemas.get(&name)
        {
            collect_refs(schema, &mut pending);
        }
    }
    for (name, schema) in schemas.iter_mut() {
        if !requests.contains(name) {
            require_nullables(schema);
        }
    }
}

fn collect_refs(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if let Some(name) =
                map.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/components/schemas/"))
            {
                out.push(name.to_owned());
            }
            map.values().for_each(|v| collect_refs(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| collect_refs(v, out)),
        _ => {}
    }
}

fn may_be_null(schema: &Value) -> bool {
    let null = Value::from("null");
    match schema.get("type") {
        Some(Value::Array(types)) => types.contains(&null),
        Some(t) => *t == null,
        None => schema.get("oneOf").and_then(Value::as_array).is_some_and(|options| options.iter().any(may_be_null)),
    }
}

fn require_nullables(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            if let Some(Value::Object(properties)) = map.get("properties") {
                let nullable: Vec<String> =
                    properties.iter().filter(|(_, p)| may_be_null(p)).map(|(k, _)| k.clone()).collect();
                if !nullable.is_empty() {
                    let required = map.entry("required").or_insert_with(|| Value::Array(Vec::new()));
                    if let Value::Array(list) = required {
                        for name in nullable {
                            if !list.iter().any(|v| v == name.as_str()) {
                                list.push(Value::from(name));
                            }
                        }
                        list.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
                    }
                }
            }
            map.values_mut().for_each(require_nullables);
        }
        Value::Array(items) => items.iter_mut().for_each(require_nullables),
        _ => {}
    }
}
