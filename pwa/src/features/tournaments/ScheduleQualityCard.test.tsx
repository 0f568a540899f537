import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import i18n from '../../i18n';
import { renderPage, serve } from '../../test/render';
import { ScheduleQualityCard } from './ScheduleQualityCard';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('fr');
});

const quality = { slotsUsed: 5, lowerBound: 4, courtUsePercent: 83.4, backToBack: 1, longestWait: [], longestWaitMinutes: 60, estimatedEndTime: '2030-07-01T15:30:00Z' };

/** Each term of the card with its value, as read. */
async function items() {
  const card = await screen.findByTestId('schedule-quality');
  return within(card)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

const valueOf = (term: string) => screen.getByText(term).nextElementSibling as HTMLElement;

describe("the schedule's quality", () => {
  it('shows only the schedule where the teams do not referee', async () => {
    serve({});
    await renderPage(<ScheduleQualityCard quality={quality} duty={null} />);
    expect((await items()).map(([term]) => term)).toEqual([
      'Créneaux utilisés',
      'Fin estimée de la phase de poules',
      'Utilisation des terrains',
      'Matchs consécutifs (sans pause pour une équipe)',
      "Plus longue attente d'une équipe",
    ]);
  });

  it("adds the duties' quality beside it, a match without a work team said in red and in words", async () => {
    serve({});
    await renderPage(<ScheduleQualityCard quality={quality} duty={{ conflicts: 0, spread: 1, backToBack: 2 }} />);
    expect((await items()).slice(5)).toEqual([
      ['Arbitrages sans équipe', '0'],
      ['Écart des arbitrages entre équipes', '1'],
      ['Arbitrages consécutifs', '2'],
    ]);
    expect(valueOf('Arbitrages sans équipe').className).not.toContain('text-red');
    cleanup();

    await renderPage(<ScheduleQualityCard quality={quality} duty={{ conflicts: 2, spread: 1, backToBack: 0 }} />);
    const conflicts = valueOf('Arbitrages sans équipe');
    expect(conflicts.textContent).toBe('2Doit être 0');
    expect(conflicts.className).toContain('text-red-700');
    expect(valueOf('Écart des arbitrages entre équipes').className).not.toContain('text-red');
  });

  it('says it in English', async () => {
    await i18n.changeLanguage('en');
    serve({});
    await renderPage(<ScheduleQualityCard quality={quality} duty={{ conflicts: 1, spread: 0, backToBack: 3 }} />);
    expect((await items()).slice(5)).toEqual([
      ['Matches without a work team', '1Must be 0'],
      ['Spread of duties between teams', '0'],
      ['Back-to-back duties', '3'],
    ]);
  });
});
