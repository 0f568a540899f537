import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCore, loadCoreFromBytes, presetFormats, type PresetFormat } from '../../core';
import { FORMATS } from '../tournament-shared/testFixtures';
import { customFrom, customInput, customOf, hasDecidingSet, readNumber, setsOfCustom } from './customFormat';

let presets: PresetFormat[] = [];
beforeAll(async () => {
  await loadCoreFromBytes(readFileSync(resolve('src/core/pkg/centre_core_wasm_bg.wasm')));
  presets = presetFormats(await loadCore());
});

describe('a custom format in the form', () => {
  it('starts from a preset (one set of 25 for single), its 0 points left blank', () => {
    expect(customFrom('fivb-beach', undefined, presets)).toEqual({
      sets: '3', playAll: false, points: '21', decidingPoints: '15', winByTwo: true, cap: '', timeLimitMinutes: '',
    });
    expect(customFrom('single', undefined, presets)).toMatchObject({ sets: '1', points: '25', playAll: false, winByTwo: true });
    expect(customFrom('timed', undefined, presets)).toMatchObject({ sets: '1', playAll: true, points: '', timeLimitMinutes: '24' });
    // The presets' sets are centre-core's, as the server answers them.
    expect(customFrom('rec-2x21', undefined, presets)).toEqual(customOf(FORMATS.rec2x21.sets));
  });

  it('reads its numbers: blank is none, anything not a whole number up to 255 is 0 (which core refuses)', () => {
    expect(['', ' 21 ', '0', '255', '256', '2.5', '-3', 'abc'].map(readNumber)).toEqual([null, 21, 0, 255, 0, 0, 0, 0]);
  });

  it('has a deciding set only in a best-of of 2 sets or more, and sends none otherwise', () => {
    const base = customFrom('fivb-beach', undefined, presets);
    expect(hasDecidingSet(base)).toBe(true);
    expect(hasDecidingSet({ ...base, playAll: true })).toBe(false);
    expect(hasDecidingSet({ ...base, sets: '1' })).toBe(false);
    expect(setsOfCustom({ ...base, playAll: true }).decidingPoints).toBeNull();
  });

  it("keeps a tournament's custom table and tie-breaks while its sets are played the same way", () => {
    const current = { ...FORMATS.fivbBeach, preset: null, points: { ...FORMATS.fivbBeach.points, win: 4 } };
    const fields = customOf(current.sets);
    expect(customInput(fields, current)).toEqual({ sets: current.sets, points: current.points, tiebreaks: current.tiebreaks });
    expect(customInput({ ...fields, cap: '25' }, current)).toMatchObject({ sets: { cap: 25 }, points: current.points });
    // Every set played now: centre-core's table of the closest preset.
    expect(customInput({ ...fields, playAll: true }, current)).toEqual({ sets: { ...setsOfCustom(fields), playAll: true, decidingPoints: null } });
    // From a preset, the sets alone.
    expect(customInput(fields, FORMATS.fivbBeach)).toEqual({ sets: current.sets });
  });
});
