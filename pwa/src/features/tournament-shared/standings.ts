// Standings as the console and the event page show them: one table per pool, the console's
// qualification colours, and the public order with medals.
import type { RoundType } from '../../api/types';
import type { Standing } from './types';

/** The round a rank goes to (the console's colours). */
type Zone = Extract<RoundType, 'final' | 'semifinal'>;

/** Console colours: top 2 green ('Finale'), 3 and 4 yellow ('Demi-finale'), the rest (and a
 * withdrawn team, never drawn) none. */
export function qualificationZone(position: number, withdrawn = false): Zone | null {
  if (withdrawn) return null;
  if (position >= 1 && position <= 2) return 'final';
  if (position >= 3 && position <= 4) return 'semifinal';
  return null;
}

/** The standings split by pool (index = pool), each ordered by position. */
export function byPool(standings: Standing[]): Standing[][] {
  const pools: Standing[][] = [];
  for (const row of standings) (pools[row.pool] ??= []).push(row);
  return pools.filter(Boolean).map((rows) => [...rows].sort((a, b) => a.position - b.position));
}

/**
 * The event page's order: tournament points, then points differential, both descending; where
 * the pool's format has sets (`sets`), the ranking itself (centre-core's, by the format's
 * tie-breaks: the set and point ratios, not the differential).
 */
export function publicOrder(rows: Standing[], sets = false): Standing[] {
  if (sets) return [...rows].sort((a, b) => a.position - b.position);
  // A withdrawn team stays below every team still in, as centre-core ranks it.
  return [...rows].sort(
    (a, b) =>
      Number(!!a.withdrawn) - Number(!!b.withdrawn) ||
      b.tournamentPoints - a.tournamentPoints ||
      b.pointsDifferential - a.pointsDifferential ||
      a.position - b.position,
  );
}

/** The rule for a withdrawn team, said under a table that lists one; else null. */
export function withdrawnRule(rows: Standing[], t: (key: string) => string): string | null {
  return rows.some((row) => row.withdrawn) ? t('standings.withdrawnRule') : null;
}

export type Medal = 'gold' | 'silver' | 'bronze';

/** The medal of the row at `index` (0-based) of an ordered list: the top three get one. */
export function medalAt(index: number): Medal | null {
  return (['gold', 'silver', 'bronze'] as const)[index] ?? null;
}

/** '+5', '0', '-3': a differential with its sign. */
export function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}
