import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCore, loadCoreFromBytes, presetFormats } from '../../core';
import i18n from '../../i18n';
import {
  formatInput,
  formatName,
  formatOf,
  formatsOf,
  pointsLegend,
  ratioText,
  setsOf,
  setsRecord,
  setsText,
  tieBreakers,
  tieBreakLine,
  type MatchFormat,
} from './format';
import type { Translate } from './rounds';
import { adminTournament, FORMATS, match, standing } from './testFixtures';

/** The 'tournaments' texts in a language, as components get them. */
async function translate(lang: string): Promise<Translate> {
  await i18n.loadNamespaces('tournaments');
  await i18n.loadLanguages(lang);
  return i18n.getFixedT(lang, 'tournaments') as Translate;
}

let PRESETS: string[] = [];
beforeAll(async () => {
  // The console's presets, in its order, as centre-core names them.
  await loadCoreFromBytes(readFileSync(resolve('src/core/pkg/centre_core_wasm_bg.wasm')));
  PRESETS = presetFormats(await loadCore()).map((p) => p.id);
});

describe('a score in sets', () => {
  it("reads '21-18, 17-21', team 1's points first; nothing without sets", () => {
    expect(setsText([[21, 18], [17, 21]])).toBe('21-18, 17-21');
    expect(setsText([[21, 18], [17, 21], [15, 10]])).toBe('21-18, 17-21, 15-10');
    expect(setsText([])).toBe('');
    expect(setsText(undefined)).toBe('');
  });

  it("writes a team's sets won and lost", () => {
    expect(setsRecord(standing({ setsWon: 4, setsLost: 1 }))).toBe('4-1');
  });
});

describe("a match's format", () => {
  it('is the pool format for a pool match, the knockout format otherwise; none known is single', () => {
    const formats = formatsOf(adminTournament({ poolFormat: FORMATS.fivbBeach, knockoutFormat: FORMATS.rec2x21 }));
    expect(formatOf(formats, match({ roundType: 'pool' }))).toBe(FORMATS.fivbBeach);
    expect(formatOf(formats, match({ roundType: 'final' }))).toBe(FORMATS.rec2x21);
    expect(setsOf(formatOf(formats, match()))?.sets).toBe(3);
    expect(setsOf(FORMATS.single)).toBeNull();
    // An answer kept offline before formats existed.
    const { poolFormat, knockoutFormat, ...old } = adminTournament();
    void poolFormat;
    void knockoutFormat;
    expect(formatsOf(old as never)).toEqual({});
    expect(setsOf(formatOf({}, match()))).toBeNull();
  });

  it("is sent back as its preset's id, or as the custom format itself", () => {
    expect(formatInput(FORMATS.fivbBeach)).toBe('fivb-beach');
    const custom: MatchFormat = { ...FORMATS.fivbBeach, preset: null, sets: { ...FORMATS.fivbBeach.sets, points: 15 } };
    expect(formatInput(custom)).toEqual({ sets: custom.sets, points: custom.points, tiebreaks: custom.tiebreaks });
    expect(formatInput(undefined)).toBeNull();
  });

  it('is named by its preset, in French and English, and a custom one described', async () => {
    const fr = await translate('fr');
    const en = await translate('en');
    expect(PRESETS.map((preset) => fr(`format.preset.${preset}`))).toEqual([
      'Simple (un score par match)',
      'Plage FIVB 21/21/15',
      'Récréatif 2 manches de 21, plafond 23',
      'Intérieur 25/25/15',
      'Chronométré',
    ]);
    expect(PRESETS.map((preset) => en(`format.preset.${preset}`))).toEqual([
      'Single (one score per match)',
      'FIVB beach 21/21/15',
      'Recreational 2 sets of 21, cap 23',
      'Indoor 25/25/15',
      'Timed',
    ]);
    expect(formatName(FORMATS.fivbBeach, fr)).toBe('Plage FIVB 21/21/15');
    expect(formatName(undefined, fr)).toBe('Simple (un score par match)');
    const custom: MatchFormat = { ...FORMATS.fivbBeach, preset: null, sets: { sets: 5, playAll: false, points: 25, decidingPoints: 15, winByTwo: true, cap: null, timeLimitMinutes: null } };
    expect(formatName(custom, fr)).toBe('Personnalisé : au meilleur de 5 manches de 25 points, manche décisive à 15');
    expect(formatName(custom, en)).toBe('Custom: best of 5 sets of 25 points, deciding set to 15');
  });
});

describe('the standings of a format with sets', () => {
  it("write ratios with three decimals in the language, 'MAX' when nothing was lost", async () => {
    const fr = await translate('fr');
    const en = await translate('en');
    expect(ratioText(2, 3, 'fr', fr)).toBe('2,000');
    expect(ratioText(1.0816326530612246, 3, 'fr', fr)).toBe('1,082');
    expect(ratioText(1.0816326530612246, 3, 'en', en)).toBe('1.082');
    expect(ratioText(null, 2, 'fr', fr)).toBe('MAX');
    // A team that has not played has lost nothing either: no ratio yet.
    expect(ratioText(null, 0, 'fr', fr)).toBe('–');
  });

  it("name what separated teams level on points, never 'points' itself", async () => {
    const fr = await translate('fr');
    const en = await translate('en');
    const rows = [
      standing({ position: 1, played: 2, decidedBy: 'points' }),
      standing({ position: 2, played: 2, decidedBy: 'set_ratio' }),
      standing({ position: 3, played: 2, decidedBy: 'point_ratio' }),
      standing({ position: 4, played: 2, decidedBy: 'set_ratio' }),
      standing({ position: 5, played: 2, decidedBy: null }),
    ];
    expect(tieBreakers(rows)).toEqual(['set_ratio', 'point_ratio']);
    expect(tieBreakLine(rows.slice(0, 2), 'fr', fr)).toBe('Égalités départagées par le quotient de manches.');
    expect(tieBreakLine(rows, 'fr', fr)).toBe('Égalités départagées par le quotient de manches et le quotient de points.');
    expect(tieBreakLine(rows, 'en', en)).toBe('Ties broken by the set ratio and the point ratio.');
    expect(tieBreakLine([standing({ played: 1, decidedBy: 'points' }), standing({ position: 2, played: 1 })], 'fr', fr)).toBeNull();
    // Teams yet to play are only in the list's order: nothing to say.
    const unplayed = [standing({ position: 1, played: 1, decidedBy: 'points' }), standing({ position: 2, decidedBy: 'registration_order' }), standing({ position: 3 })];
    expect(tieBreakLine(unplayed, 'fr', fr)).toBeNull();
  });

  it("give the format's own points legend; the classic table keeps its text", async () => {
    const fr = await translate('fr');
    const en = await translate('en');
    expect(pointsLegend(FORMATS.single, fr)).toBe('Victoire 3 pts, Nul 1 pt, Défaite 0 pt');
    expect(pointsLegend(FORMATS.single, en)).toBe('Win 3 pts, Draw 1 pt, Loss 0 pts');
    expect(pointsLegend(undefined, fr)).toBe('Victoire 3 pts, Nul 1 pt, Défaite 0 pt');
    expect(pointsLegend(FORMATS.rec2x21, fr)).toBe('Victoire 3 pts, Nul 1 pt, Défaite 0 pt');
    expect(pointsLegend(FORMATS.fivbBeach, fr)).toBe('Victoire 2 pts, Défaite 1 pt, Forfait 0 pt');
    const indoor: MatchFormat = { ...FORMATS.fivbBeach, preset: 'indoor-25', points: { win: 3, closeWin: 2, draw: 1, closeLoss: 1, loss: 0, forfeit: 0 } };
    expect(pointsLegend(indoor, fr)).toBe('Victoire 3 pts, Victoire en manche décisive 2 pts, Défaite en manche décisive 1 pt, Défaite 0 pt');
  });
});
