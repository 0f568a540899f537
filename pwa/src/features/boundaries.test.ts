// ARCHITECTURE.md's boundary between feature areas, checked: an area imports from another only
// its data: `queries.ts` (or `events/checkoutQuery.ts`), who is signed in (`auth/session`) and
// what an event says (`events/model`); or, for a page that composes other areas'
// parts, the components named below. Anything else (another area's mutations or internals)
// fails here, so the document stays true.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const features = import.meta.dirname;

/** Importing area → the other areas' components it composes. */
const COMPOSES: Record<string, string[]> = {
  admin: ['courts/AdminBookingsTab', 'daycamps/AdminDayCampsTab', 'events/AdminEventsTab', 'notfound/NotFoundPage', 'payments/AdminPaymentsTab', 'tournaments/AdminTournamentsTab'],
  'my-registrations': ['courts/MyCourtBookingsCard', 'daycamps/MyDayCampsCard', 'events/MyEventRegistrationsCard'],
  events: ['tournaments/EventTournament'],
  home: ['landing/LandingPage'],
};
const DATA = /^([a-z-]+\/(queries|checkoutQuery)|auth\/session|events\/model)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('feature areas', () => {
  it("import from each other only data hooks and the parts a composing page shows", () => {
    const crossings: string[] = [];
    for (const file of files(features)) {
      const area = relative(features, file).split('/')[0] ?? '';
      const source = readFileSync(file, 'utf8');
      for (const [, path = ''] of source.matchAll(/(?:from|import\()\s*'((?:\.\.\/)+[^']+)'/g)) {
        const target = relative(features, join(file, '..', path));
        if (target.startsWith('..')) continue; // components/, api/, lib/, …
        const targetArea = target.split('/')[0] ?? '';
        if (targetArea === area || DATA.test(target) || (COMPOSES[area] ?? []).includes(target)) continue;
        crossings.push(`${relative(features, file)} → ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
