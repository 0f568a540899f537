// The lines under a standings table, one component for the console and the event page: each
// says its piece in the page's language, and nothing when there is nothing to say.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import i18n from '../../i18n';
import { renderPage, serve } from '../../test/render';
import { TieBreakNote, WithdrawnNote } from './StandingsNotes';
import { standing } from './testFixtures';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('fr');
});

const level = [
  standing({ position: 1, teamId: 11, played: 2, tournamentPoints: 3, decidedBy: 'point_ratio' }),
  standing({ position: 2, teamId: 12, teamName: 'Les Castors', played: 2, tournamentPoints: 3 }),
];

describe('the notes under a standings table', () => {
  it('names what broke a tie, in French then in English', async () => {
    serve({});
    await renderPage(<TieBreakNote rows={level} />);
    expect((await screen.findByTestId('tie-break')).textContent).toBe('Égalités départagées par le quotient de points.');
    cleanup();
    await i18n.changeLanguage('en');
    await renderPage(<TieBreakNote rows={level} />);
    expect((await screen.findByTestId('tie-break')).textContent).toBe('Ties broken by the point ratio.');
  });

  it('states the withdrawal rule under a table that lists a withdrawn team, and says nothing when points decided', async () => {
    serve({});
    const withdrawn = [level[0]!, { ...level[1]!, withdrawn: true }];
    await renderPage(
      <>
        <TieBreakNote rows={[standing({ played: 1, decidedBy: 'points' })]} />
        <WithdrawnNote rows={withdrawn} />
      </>,
    );
    // Drawn with its texts loaded: the tie-break's absence is an answer, not a page still loading.
    expect((await screen.findByTestId('withdrawn-rule')).textContent).toBe(
      'Équipe retirée : ses matchs joués comptent tels quels, ceux qui lui restaient sont perdus par forfait.',
    );
    expect(screen.queryByTestId('tie-break')).toBeNull();
    cleanup();
    await renderPage(
      <>
        <TieBreakNote rows={level} />
        <WithdrawnNote rows={level} />
      </>,
    );
    await screen.findByTestId('tie-break');
    expect(screen.queryByTestId('withdrawn-rule')).toBeNull();
  });
});
