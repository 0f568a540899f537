# One entry point for people and CI. `make run` and `make test` install what is missing first.
SHELL := /bin/bash
.DEFAULT_GOAL := run

CORE_SRC := $(shell find core/src core-wasm/src -name "*.rs") core/Cargo.toml core-wasm/Cargo.toml core-wasm/.cargo/config.toml Cargo.lock
WASM_PKG := pwa/src/core/pkg/centre_core_wasm_bg.wasm
PWA_SRC := $(shell find pwa/src pwa/public pwa/scripts -type f -not -path 'pwa/src/core/pkg/*' 2>/dev/null) pwa/index.html pwa/vite.config.ts pwa/package.json
PWA_DIST := pwa/dist/index.html
# The PWA's API types, generated from the committed contract (not committed themselves).
API_TYPES := pwa/src/api/schema.d.ts

.PHONY: run test bench build setup setup-test server-deps fmt lint release clean openapi

setup:
	@scripts/setup.sh build

setup-test:
	@scripts/setup.sh test

# wasm-pack cannot fetch binaryen here (toolchain.md): wasm-opt comes from npm's binaryen 132
# (never Debian's, whose output Chromium refuses).
# Its own target folder: the server's first build runs beside it without waiting for cargo's lock.
$(WASM_PKG): $(CORE_SRC)
	CARGO_TARGET_DIR=$(CURDIR)/target/wasm wasm-pack --quiet build core-wasm --target web --release --out-dir ../pwa/src/core/pkg --no-pack
	pwa/node_modules/.bin/wasm-opt -Oz --converge --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals $@ -o $@

# The HTTP contract: the server's OpenAPI document, written from the code. server/tests/contract.rs
# fails until the committed file is regenerated after an API change.
openapi:
	cargo run --quiet -p centre-server -- openapi > api/openapi.json.tmp && mv api/openapi.json.tmp api/openapi.json

$(API_TYPES): api/openapi.json pwa/package.json
	cd pwa && npm run --silent api-types

$(PWA_DIST): $(WASM_PKG) $(API_TYPES) $(PWA_SRC)
	cd pwa && npx vite build --logLevel warn

# On the first run the server's crates compile beside the WASM and the PWA (whose builds mostly
# use one core), against an empty pwa/dist; then only the server's own crate compiles again.
server-deps:
	@if [ ! -x target/debug/centre ]; then cargo build -p centre-server; fi

build: setup
	@$(MAKE) --no-print-directory -j2 $(PWA_DIST) server-deps
	cargo build -p centre-server

# The server with its embedded default: ./data/centre.db, dev sign-in, demo data.
run: build
	./target/debug/centre serve --dev-login --demo

release: setup $(PWA_DIST)
	cargo build --release -p centre-server

test: setup-test
	@$(MAKE) --no-print-directory -j2 $(PWA_DIST) server-deps
	@scripts/test-all.sh

bench: setup-test $(PWA_DIST)
	@scripts/bench.sh

fmt:
	cargo fmt --all
	cd pwa && npx eslint --fix .

lint: $(API_TYPES)
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	cd pwa && npx tsc --noEmit && npx eslint --max-warnings 0 .

clean:
	cargo clean
	rm -rf pwa/dist pwa/src/core/pkg
