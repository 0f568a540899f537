// The landing route's size budget (issue 4): at most 120 KB of gzipped JavaScript on first load,
// wasm and lazy routes excluded. Reads the built pwa/dist (make test builds it first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LANDING_BUDGET_BYTES, report } from '../scripts/bundle-report.mjs';

test('the landing route loads at most 120 KB of gzipped JavaScript', () => {
  const { rows, landingJs } = report();
  const table = rows.map((row) => `${row.name}: ${(row.js / 1024).toFixed(1)} KB`).join('\n');
  assert.ok(landingJs <= LANDING_BUDGET_BYTES, `landing route ${(landingJs / 1024).toFixed(1)} KB > 120 KB\n${table}`);
  assert.ok(rows.length > 3, 'pages are split into lazy chunks');
});
