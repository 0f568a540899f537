// make bench's peer: what the same two calls look like in Express 5 with better-sqlite3, the
// usual Node way, on the same SQLite file. GET /api/health runs the same real query; GET
// /api/events runs the same query (active events from the start of today in the centre's time
// zone, soonest first) and answers the same JSON (the server's EventDto: camelCase, price in dollars).
// The `compression` middleware (brotli or gzip by Accept-Encoding, above 1 KiB, per request) is
// Express's usual way to compress.
//
//   node server.mjs <database> <port>
import compression from 'compression';
import Database from 'better-sqlite3';
import express from 'express';

const [database, port] = process.argv.slice(2);
const db = new Database(database, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 10000');

const probe = db.prepare('SELECT count(*) AS n FROM refinery_schema_history');
const upcoming = db.prepare(
  `SELECT id, title, title_en, description, description_en, category_id, location, start_date, end_date,
          price_cents, max_participants, current_participants, is_active, created_at, requires_payment, featured,
          offer_hours
     FROM events WHERE is_active = 1 AND start_date >= ? ORDER BY start_date, id`,
);
// The places live waiting-list offers hold, per event (the listing shows what is open).
const held = db.prepare(
  "SELECT event_id, SUM(places) AS n FROM waitlist_offers WHERE state = 'live' AND event_id IS NOT NULL GROUP BY event_id",
);

const TZ = 'America/Toronto';
const day = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' });
const clock = new Intl.DateTimeFormat('en-CA', {
  timeZone: TZ, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** The zone's offset from UTC at `instant` (ms). */
function offset(instant) {
  const p = Object.fromEntries(clock.formatToParts(instant).map(({ type, value }) => [type, Number(value)]));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - (instant - (instant % 1000));
}

/** The first instant of today in the centre's zone, as the stored UTC text. */
function startOfTodayUtc() {
  const [y, m, d] = day.format(Date.now()).split('-').map(Number);
  const midnight = Date.UTC(y, m - 1, d);
  const start = midnight - offset(midnight - offset(midnight));
  return new Date(start).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const event = (row, heldPlaces) => ({
  id: row.id,
  title: row.title,
  titleEn: row.title_en,
  description: row.description,
  descriptionEn: row.description_en,
  categoryId: row.category_id,
  location: row.location,
  startDate: row.start_date,
  endDate: row.end_date,
  price: row.price_cents / 100,
  maxParticipants: row.max_participants,
  currentParticipants: row.current_participants,
  isActive: row.is_active === 1,
  createdAt: row.created_at,
  requiresPayment: row.requires_payment === 1,
  featured: row.featured === 1,
  heldPlaces: heldPlaces.get(row.id) ?? 0,
  offerHours: row.offer_hours,
});

const app = express();
app.disable('x-powered-by');
app.use(compression());
app.get('/api/health', (_req, res) => {
  probe.get();
  res.json({ status: 'ok', version: '0.1.0', database: 'ok' });
});
app.get('/api/events', (_req, res) => {
  const heldPlaces = new Map(held.all().map(({ event_id, n }) => [event_id, n]));
  res.json(upcoming.all(startOfTodayUtc()).map((row) => event(row, heldPlaces)));
});
app.listen(Number(port), '127.0.0.1');
