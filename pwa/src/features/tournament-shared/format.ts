// A tournament's scoring formats as the console and the event page show them: each phase (pool,
// knockout) has a `MatchFormat` of the contract, `single` (one pair of whole numbers per match)
// or volleyball sets. Here: the name of a preset or a custom format, a match's format, a score in
// sets written out ('21-18, 17-21', team 1 first), the standings' ratios, the points legend and
// what separated tied teams. The rules themselves (which sets can happen, who won, how teams
// are ranked) are centre-core's (src/core/): nothing here decides a result.
import type { Schemas } from '../../api/types';
import type { Translate } from './rounds';
import type { Match, Standing, Tournament } from './types';

export type MatchFormat = Schemas['MatchFormat'];
export type SetsFormat = Schemas['SetsFormat'];
export type FormatInput = Schemas['FormatInput'];
export type Criterion = Schemas['Criterion'];

/** A format the console offers by name (centre-core's `Preset`; the list and each one's format
 * come from core-wasm's `presetFormats`, src/core/). */
export type Preset = Schemas['Preset'];

/**
 * A tournament's two formats, as centre-core reads them (`applyPending`'s `formats`). An answer
 * kept offline before formats existed has none: both are then `single`.
 */
export interface Formats {
  pool?: MatchFormat;
  knockout?: MatchFormat;
}

export function formatsOf(tournament: Pick<Tournament, 'poolFormat' | 'knockoutFormat'>): Formats {
  const { poolFormat, knockoutFormat } = tournament as Partial<Pick<Tournament, 'poolFormat' | 'knockoutFormat'>>;
  return { ...(poolFormat ? { pool: poolFormat } : {}), ...(knockoutFormat ? { knockout: knockoutFormat } : {}) };
}

/** The format of a match's phase: the pool's for a pool match, the knockout's otherwise. */
export function formatOf(formats: Formats, match: Pick<Match, 'roundType'>): MatchFormat | undefined {
  return match.roundType === 'pool' ? formats.pool : formats.knockout;
}

/** How a format's sets are played; null for `single` (or no format known). */
export function setsOf(format: MatchFormat | null | undefined): SetsFormat | null {
  return format?.sets ?? null;
}

/** The body's value for a format the tournament has: its preset's id, else the custom format itself. */
export function formatInput(format: MatchFormat | null | undefined): FormatInput | null {
  if (!format) return null;
  if (format.preset) return format.preset;
  return { sets: format.sets, points: format.points, tiebreaks: format.tiebreaks };
}

/** A score's sets (none for a `single` match, nor in an answer kept before sets existed). */
export function setsOfScore(score: { sets?: number[][] | null }): number[][] {
  return score.sets ?? [];
}

/** '21-18, 17-21': a score in sets, team 1's points first; '' without sets. */
export function setsText(sets: readonly (readonly number[])[] | null | undefined): string {
  return (sets ?? []).map((set) => set.join('-')).join(', ');
}

/** The format's name: the preset's ('Plage FIVB 21/21/15'), or a custom format described. */
export function formatName(format: MatchFormat | null | undefined, t: Translate): string {
  if (!format) return t('format.preset.single');
  if (format.preset) return t(`format.preset.${format.preset}`);
  const sets = format.sets;
  if (!sets) return t('format.preset.single');
  const parts = sets.timeLimitMinutes
    ? [t('format.timed', { minutes: sets.timeLimitMinutes })]
    : [
        t(sets.playAll ? 'format.allSets' : 'format.bestOf', { count: sets.sets, points: sets.points }),
        ...(sets.decidingPoints && !sets.playAll ? [t('format.deciding', { points: sets.decidingPoints })] : []),
        ...(sets.cap ? [t('format.cap', { cap: sets.cap })] : []),
        ...(sets.winByTwo === false ? [t('format.noWinByTwo')] : []),
      ];
  return t('format.custom', { details: parts.join(', ') });
}

/**
 * A set or point ratio of the standings, three decimals in the language ('1,082'); null is
 * 'MAX' (nothing lost), or '–' for a team that has not played yet.
 */
export function ratioText(ratio: number | null | undefined, played: number, lang: string, t: Translate): string {
  if (ratio === null || ratio === undefined) return played > 0 ? t('standings.max') : '–';
  return new Intl.NumberFormat(lang === 'en' ? 'en-CA' : 'fr-CA', { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(ratio);
}

/** '4-1': a team's sets won and lost. */
export function setsRecord(row: Pick<Standing, 'setsWon' | 'setsLost'>): string {
  return `${row.setsWon ?? 0}-${row.setsLost ?? 0}`;
}

/**
 * What a result is worth, under a pool's table: 'Victoire 3 pts, Nul 1 pt, Défaite 0 pt'
 * (the classic table, `single`), or the format's own ('Victoire 2 pts, Défaite 1 pt, Forfait 0 pt'
 * on the beach). A draw is named where one can happen (one score, or every set played); the
 * deciding set's results and the forfeit where they are worth something else.
 */
export function pointsLegend(format: MatchFormat | null | undefined, t: Translate): string {
  if (!format) return t('standings.legend');
  const { win, closeWin, draw, closeLoss, loss, forfeit } = format.points;
  const bestOf = !!format.sets && !format.sets.playAll;
  const parts: [string, number][] = [
    ['win', win],
    ...(bestOf && closeWin !== win ? [['closeWin', closeWin] as [string, number]] : []),
    ...(!bestOf ? [['draw', draw] as [string, number]] : []),
    ...(bestOf && closeLoss !== loss ? [['closeLoss', closeLoss] as [string, number]] : []),
    ['loss', loss],
    ...(forfeit !== loss ? [['forfeit', forfeit] as [string, number]] : []),
  ];
  return parts.map(([part, count]) => t(`standings.legendPart.${part}`, { count })).join(', ');
}

type TieBreakRow = Pick<Standing, 'position' | 'played' | 'decidedBy'>;

/**
 * The criteria that separated teams level on points in one table (each row's `decidedBy`: what
 * separated it from the row below), in the table's order, once each. Teams yet to play are
 * left out: nothing separated them but the order of the list.
 */
export function tieBreakers(rows: TieBreakRow[]): Criterion[] {
  const found: Criterion[] = [];
  const ordered = [...rows].sort((a, b) => a.position - b.position);
  ordered.forEach((row, index) => {
    const criterion = row.decidedBy ?? null;
    const below = ordered[index + 1];
    if (row.played === 0 || (below && below.played === 0)) return;
    if (criterion !== null && criterion !== 'points' && !found.includes(criterion)) found.push(criterion);
  });
  return found;
}

/** 'Égalités départagées par le quotient de manches et le quotient de points.', or null. */
export function tieBreakLine(rows: TieBreakRow[], lang: string, t: Translate): string | null {
  const criteria = tieBreakers(rows);
  if (criteria.length === 0) return null;
  const names = criteria.map((criterion) => t(`standings.criterion.${criterion}`));
  const list = new Intl.ListFormat(lang === 'en' ? 'en' : 'fr', { style: 'long', type: 'conjunction' }).format(names);
  return t('standings.decidedBy', { criteria: list });
}
