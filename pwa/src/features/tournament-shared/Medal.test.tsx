import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import i18n from '../../i18n';
import { MedalIcon, TrophyIcon } from './Medal';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('fr');
});

async function show(node: ReactNode) {
  await act(async () => {
    render(<Suspense fallback={null}>{node}</Suspense>);
  });
}

describe('the medals and the trophy', () => {
  it('are drawn images named in French', async () => {
    await show(
      <>
        <MedalIcon medal="gold" />
        <MedalIcon medal="silver" />
        <MedalIcon medal="bronze" />
        <TrophyIcon />
      </>,
    );
    const images = await screen.findAllByRole('img');
    expect(images.map((image) => image.getAttribute('aria-label'))).toEqual([
      "Médaille d'or",
      "Médaille d'argent",
      'Médaille de bronze',
      'Trophée du champion',
    ]);
    expect(images.every((image) => image.tagName.toLowerCase() === 'svg' && image.textContent === '')).toBe(true);
  });

  it('are named in English on English pages', async () => {
    await i18n.changeLanguage('en');
    await show(
      <>
        <MedalIcon medal="gold" />
        <TrophyIcon />
      </>,
    );
    const images = await screen.findAllByRole('img');
    expect(images.map((image) => image.getAttribute('aria-label'))).toEqual(['Gold medal', "Champion's trophy"]);
  });

  it('differ by metal', async () => {
    await show(
      <>
        <MedalIcon medal="gold" />
        <MedalIcon medal="bronze" />
      </>,
    );
    const faces = screen.getAllByRole('img').map((image) => image.querySelector('circle')?.getAttribute('fill'));
    expect(new Set(faces).size).toBe(2);
  });
});
