// WASM half of the native/WASM parity check: every case of parity.json (answers computed
// natively by tests/parity.rs) must come out of the built package identically.
// Run after `wasm-pack build core-wasm --target web`:
//   CORE_WASM_PKG=pwa/src/core/pkg node --test core-wasm/tests/parity.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = resolve(process.env.CORE_WASM_PKG ?? join(here, "../../pwa/src/core/pkg"));
const glue = await import(pathToFileURL(join(pkg, "centre_core_wasm.js")).href);
glue.initSync({ module: readFileSync(join(pkg, "centre_core_wasm_bg.wasm")) });
const cases = JSON.parse(readFileSync(join(here, "parity.json"), "utf8"));

for (const c of cases) {
  test(`${c.fn}: ${c.name}`, () => {
    assert.equal(typeof glue[c.fn], "function", `${c.fn} is exported`);
    assert.equal(glue[c.fn](...c.args), c.out);
  });
}
