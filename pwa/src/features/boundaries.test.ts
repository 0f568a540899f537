// ARCHITECTURE.md's boundary between feature areas, checked: an area imports from another only
// its data: `queries.ts` (or `events/checkoutQuery.ts`), who is signed in (`auth/session`) and
// what an event says (`events/model`); or, for a page that composes other areas'
// parts, the components named below. Anything else (another area's mutations or internals)
// fails here, so the document stays true.
// The tournaments are split by audience: the console's Tournois tab (`tournaments/`, with the
// offline score sync) and the event page's part (`tournament-page/`) each use all of what they
// share (`tournament-shared/`) and nothing of each other, not even data; the shared part
// imports neither. So the event page never brings the console's code, nor the reverse.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const features = import.meta.dirname;

/** Importing area → the other areas' components it composes. */
const COMPOSES: Record<string, string[]> = {
  admin: ['courts/AdminBookingsTab', 'daycamps/AdminDayCampsTab', 'events/AdminEventsTab', 'leagues/AdminLeaguesTab', 'notfound/NotFoundPage', 'notfound/OfflineScreen', 'payments/AdminPaymentsTab', 'privacy/AdminPrivacyTab', 'tournaments/AdminTournamentsTab', 'waitlist/AdminWaitlistsTab'],
  'camp-staff': ['daycamps/health/HealthFormTerms'],
  'my-registrations': ['courts/MyCourtBookingsCard', 'daycamps/MyDayCampsCard', 'events/MyEventRegistrationsCard', 'waitlist/MyWaitlistCard'],
  events: ['league-page/EventLeague', 'tournament-page/EventTournament'],
  home: ['landing/LandingPage'],
};
const DATA = /^([a-z-]+\/(queries|checkoutQuery)|auth\/session|events\/model)$/;

/** Areas split by audience: the parts, and the one area they share. */
const SPLITS = [{ parts: ['tournaments', 'tournament-page'], shared: 'tournament-shared' }];

function areaOf(path: string): string {
  return path.split('/')[0] ?? '';
}

/** Whether a file of `area` may import `target` (a path under features/, without extension). */
function allowed(area: string, target: string): boolean {
  const targetArea = areaOf(target);
  if (targetArea === area) return true;
  for (const { parts, shared } of SPLITS) {
    if (parts.includes(area) && targetArea === shared) return true;
    const within = [...parts, shared];
    if (within.includes(area) && within.includes(targetArea)) return false;
  }
  return DATA.test(target) || (COMPOSES[area] ?? []).includes(target);
}

/** The imports of `source` (the file at `file`, relative to features/) that cross a boundary. */
function crossings(file: string, source: string): string[] {
  const found: string[] = [];
  for (const [, path = ''] of source.matchAll(/(?:from|import\()\s*'((?:\.\.\/)+[^']+)'/g)) {
    const target = relative(features, join(features, file, '..', path));
    if (target.startsWith('..')) continue; // components/, api/, lib/, …
    if (!allowed(areaOf(file), target)) found.push(`${file} → ${target}`);
  }
  return found;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('feature areas', () => {
  it("import from each other only data hooks and the parts a composing page shows", () => {
    const found = files(features).flatMap((file) => crossings(relative(features, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('name areas and components that exist', () => {
    const areas = [...Object.keys(COMPOSES), ...SPLITS.flatMap(({ parts, shared }) => [...parts, shared])];
    expect(areas.filter((area) => !existsSync(join(features, area)))).toEqual([]);
    const composed = Object.values(COMPOSES).flat();
    expect(composed.filter((target) => !existsSync(join(features, `${target}.tsx`)))).toEqual([]);
  });

  it("keep the console's and the event page's tournament parts apart, sharing tournament-shared", () => {
    const imports = (file: string, ...paths: string[]) => crossings(file, paths.map((path) => `import { x } from '${path}';`).join('\n'));
    // The event page's part: the shared part, yes; the console's, not even its data.
    expect(imports('tournament-page/YourTeamCard.tsx', '../tournament-shared/rounds', '../tournament-shared/Badges', '../auth/session')).toEqual([]);
    expect(imports('tournament-page/EventTournament.tsx', '../tournaments/mutations', '../tournaments/queries')).toEqual([
      'tournament-page/EventTournament.tsx → tournaments/mutations',
      'tournament-page/EventTournament.tsx → tournaments/queries',
    ]);
    // The console's part (its sync folder too): the shared part, yes; the event page's, no.
    expect(imports('tournaments/sync/push.ts', '../../tournament-shared/queries', '../../tournament-shared/types')).toEqual([]);
    expect(imports('tournaments/AdminSchedule.tsx', '../tournament-page/PublicMatchList')).toEqual(['tournaments/AdminSchedule.tsx → tournament-page/PublicMatchList']);
    // The shared part imports neither.
    expect(imports('tournament-shared/rounds.ts', '../tournaments/eventChoice', '../tournament-page/useTournamentStream')).toEqual([
      'tournament-shared/rounds.ts → tournaments/eventChoice',
      'tournament-shared/rounds.ts → tournament-page/useTournamentStream',
    ]);
    // Other areas: the shared part's data only, and the composed components.
    expect(imports('home/MemberHome.tsx', '../tournament-shared/queries', '../tournament-shared/rounds')).toEqual(['home/MemberHome.tsx → tournament-shared/rounds']);
    expect(imports('events/EventPage.tsx', '../tournament-page/EventTournament', '../tournament-page/YourTeamCard')).toEqual(['events/EventPage.tsx → tournament-page/YourTeamCard']);
  });
});
