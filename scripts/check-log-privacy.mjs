#!/usr/bin/env node
// Scans the servers' logs of a full e2e run (pwa/e2e/harness.mjs keeps them in target/e2e-logs)
// for personal data: every e-mail address, phone number and social insurance number that the
// e2e tests type or that the demo data holds (the captains' addresses of server/src/db/seed.rs). The log must name
// signed-in members by id only. Fails when a log holds one, and when there is no real log to
// read (no request lines, or none naming a member), so it cannot pass by reading nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const logDir = process.argv[2] ?? join(root, 'target/e2e-logs');

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const PHONE = /\b\d{3}[- .]\d{3}[- .]\d{4}\b/g;
// A social insurance number as the tests type it ('046 454 286'), looked for with and without
// its spaces.
const SIN = /\b\d{3} \d{3} \d{3}\b/g;

function personalData() {
  const found = new Set();
  const e2e = join(root, 'pwa/e2e');
  for (const name of readdirSync(e2e).filter((n) => n.endsWith('.test.mjs'))) {
    const text = readFileSync(join(e2e, name), 'utf8');
    for (const m of text.matchAll(EMAIL)) found.add(m[0]);
    for (const m of text.matchAll(PHONE)) found.add(m[0]);
    for (const m of text.matchAll(SIN)) {
      found.add(m[0]);
      found.add(m[0].replaceAll(' ', ''));
    }
  }
  // The demo's captains: format!("capitaine{}@example.org", team + 1).
  const seedDir = join(root, 'server/src/db/seed');
  for (const name of readdirSync(seedDir).filter((n) => n.endsWith('.rs'))) {
    const seed = readFileSync(join(seedDir, name), 'utf8');
    for (const m of seed.matchAll(/"([a-z.]+)\{[a-z_]*\}@([a-z.]+)"/g)) {
      for (let n = 1; n <= 12; n++) found.add(`${m[1]}${n}@${m[2]}`);
    }
  }
  return [...found];
}

const logs = readdirSync(logDir).filter((n) => n.endsWith('.log'));
const secrets = personalData();
let requests = 0;
let withMember = 0;
const leaks = [];
for (const name of logs) {
  const text = readFileSync(join(logDir, name), 'utf8');
  // The centre's own addresses, as configured (the start-up line names them), are not
  // personal data.
  const own = new Set([...text.matchAll(/ (?:interac_email=|mail_from=[^<\n]*<)([^\s>]+)/g)].map((m) => m[1]));
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (/ request_id=/.test(line)) {
      requests++;
      if (/ member_id=(?!-)\S+/.test(line)) withMember++;
    }
    for (const secret of secrets) {
      if (!own.has(secret) && line.includes(secret)) leaks.push(`${name}:${i + 1}: ${secret}`);
    }
  });
}

console.log(`${logs.length} server logs, ${requests} request lines (${withMember} naming a member by id); looked for ${secrets.length} e-mail addresses, phone numbers and social insurance numbers`);
if (secrets.length < 10) throw new Error('too few e-mail addresses and phone numbers to look for: the scan would prove nothing');
if (requests === 0 || withMember === 0) throw new Error(`no request lines naming a member in ${logDir}: was the e2e run logged?`);
if (leaks.length > 0) {
  console.error(`personal data in the logs:\n${leaks.join('\n')}`);
  process.exit(1);
}
console.log('no personal data in the logs');
