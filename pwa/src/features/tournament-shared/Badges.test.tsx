// A team-scored match's report badge, one component for the console and the event page.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import i18n from '../../i18n';
import { renderPage, serve } from '../../test/render';
import { ReportBadge } from './Badges';
import { match, matchReport } from './testFixtures';
import type { Match } from './types';


afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('fr');
});

/** The badge as drawn, beside a marker so that an empty badge is an answer, not a page still loading. */
async function shown(m: Match): Promise<string> {
  serve({});
  await renderPage(
    <p data-testid="row">
      <ReportBadge match={m} />
      <span>·</span>
    </p>,
  );
  const text = (await screen.findByTestId('row')).textContent ?? '';
  cleanup();
  return text.replace(/·$/, '');
}

describe("a team-scored match's report", () => {
  it('says a proposal is provisional, a dispute shows both versions, a decision is the organisers’', async () => {
    expect(await shown(match({ report: matchReport({}) }))).toBe('Résultat proposé 21-18 (provisoire)');
    const sets = matchReport({ state: 'disputed', sets: [[21, 18], [17, 21], [15, 12]], counterSets: [[21, 18], [17, 21], [12, 15]] });
    expect(await shown(match({ report: sets }))).toBe('Contesté : 21-18, 17-21, 15-12 / 21-18, 17-21, 12-15');
    expect(await shown(match({ report: matchReport({ state: 'resolved', decidedByAdmin: true }) }))).toBe("Décidé par l'organisation");
    await i18n.changeLanguage('en');
    expect(await shown(match({ report: matchReport({}) }))).toBe('Proposed result 21-18 (provisional)');
  });

  it('says nothing for a result the teams agreed on, or in a staff-scored tournament', async () => {
    expect(await shown(match({ report: matchReport({ state: 'confirmed', deadline: null }) }))).toBe('');
    expect(await shown(match({ report: null }))).toBe('');
  });
});
