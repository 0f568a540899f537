// A phase's custom format as the console's tournament form holds it: the texts of its number
// fields and its two switches, started from a preset (or from the tournament's own custom
// format) and sent as the body's `{sets: …}`. centre-core judges it (`validateTournamentConfig`
// in the browser, the server's 422 `format_invalid`): nothing here decides what is valid.
import type { PresetFormat } from '../../core';
import { formatInput, type FormatInput, type MatchFormat, type SetsFormat } from '../tournament-shared/format';

/** The form's fields of a custom format (`SetsFormat` as typed). */
export interface CustomSets {
  sets: string;
  playAll: boolean;
  points: string;
  /** Shown (and sent) only for a best-of of 2 sets or more. */
  decidingPoints: string;
  winByTwo: boolean;
  cap: string;
  timeLimitMinutes: string;
}

export const CUSTOM_KEYS = ['sets', 'playAll', 'points', 'decidingPoints', 'winByTwo', 'cap', 'timeLimitMinutes'] as const satisfies readonly (keyof CustomSets)[];

/** Where a custom format starts when the phase had no sets (`single`): one set of 25, won by two. */
const ONE_SET: SetsFormat = { sets: 1, playAll: false, points: 25, decidingPoints: null, winByTwo: true, cap: null, timeLimitMinutes: null };

/** A number as a field shows it: none (or the 0 points of a timed format) is blank. */
const shown = (n: number | null | undefined) => (n ? String(n) : '');

/** The fields showing `sets` (a preset's, or a custom format's); no sets: one set of 25. */
export function customOf(sets: SetsFormat | null | undefined): CustomSets {
  const s = sets ?? ONE_SET;
  return {
    sets: String(s.sets),
    playAll: s.playAll ?? false,
    points: shown(s.points),
    decidingPoints: shown(s.decidingPoints),
    winByTwo: s.winByTwo ?? true,
    cap: shown(s.cap),
    timeLimitMinutes: shown(s.timeLimitMinutes),
  };
}

/**
 * The custom format a phase's choice starts: the preset's sets (`presets`: core-wasm's, null
 * while it loads), or the tournament's format's own.
 */
export function customFrom(choice: string, current: MatchFormat | null | undefined, presets: PresetFormat[] | null): CustomSets {
  const preset = presets?.find((p) => p.id === choice);
  return customOf(preset ? preset.format.sets : current?.sets);
}

/** Every valid number is below this (240 minutes at most), and the body's types hold it (a set count is a byte). */
const LARGEST = 255;

/**
 * A field's number: null when blank; a whole number up to 255 as typed; anything else 0, which
 * centre-core refuses in every field where it counts (the points of a timed format do not). A
 * number the body's types cannot hold would make the body unreadable rather than invalid.
 */
export function readNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) && Number(trimmed) <= LARGEST ? Number(trimmed) : 0;
}

/** Whether the format has a deciding set: a best-of (not every set played) of 2 sets or more. */
export function hasDecidingSet(custom: CustomSets): boolean {
  const sets = readNumber(custom.sets);
  return !custom.playAll && sets !== null && sets >= 2;
}

/** The sets as sent: a blank set count or points 0 (refused, unless timed: a running score needs no points). */
export function setsOfCustom(custom: CustomSets): SetsFormat {
  return {
    sets: readNumber(custom.sets) ?? 0,
    playAll: custom.playAll,
    points: readNumber(custom.points) ?? 0,
    decidingPoints: hasDecidingSet(custom) ? readNumber(custom.decidingPoints) : null,
    winByTwo: custom.winByTwo,
    cap: readNumber(custom.cap),
    timeLimitMinutes: readNumber(custom.timeLimitMinutes),
  };
}

/** Whether two custom formats hold the same values. */
export function sameCustom(a: CustomSets, b: CustomSets): boolean {
  return CUSTOM_KEYS.every((key) => a[key] === b[key]);
}

/** Whether a tournament's format is a custom one (made through the API, or in this form). */
export function isCustom(format: MatchFormat | null | undefined): format is MatchFormat {
  return !!format && !format.preset;
}

/**
 * The body's custom format: `{sets}`, which centre-core gives the results table and tie-breaks
 * of the closest preset. The tournament's own custom format keeps its table and tie-breaks
 * (which this form does not edit) while its sets are played the same way (all of them, or a
 * best-of), and goes back unchanged when its fields were not touched.
 */
export function customInput(custom: CustomSets, current: MatchFormat | null | undefined): FormatInput {
  const sets = setsOfCustom(custom);
  if (isCustom(current)) {
    if (sameCustom(custom, customOf(current.sets))) return formatInput(current) ?? { sets };
    if (current.sets && (current.sets.playAll ?? false) === sets.playAll) {
      return { sets, points: current.points, tiebreaks: current.tiebreaks };
    }
  }
  return { sets };
}
