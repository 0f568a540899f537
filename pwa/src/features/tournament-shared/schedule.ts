// The schedule's order and when a match's status next changes (the console and the event page),
// and how the knockout is laid out. Pure functions over the API's matches. Which matches the
// console offers to score or correct is centre-core's rule (`matchActions`, src/core/).
import type { RoundType } from '../../api/types';
import type { MatchActions } from '../../core';
import { bracketOrder } from './rounds';
import type { Match } from './types';

/** The knockout's rounds, in the order they are played (the tabs' and the columns' order). */
export const KNOCKOUT_ROUNDS = ['quarterfinal', 'semifinal', 'final'] as const satisfies readonly Exclude<RoundType, 'pool'>[];
export type KnockoutRound = (typeof KNOCKOUT_ROUNDS)[number];

/** `tsc` fails here when the contract has a knockout round the list above lacks. */
export type KnockoutRoundsComplete = True<[Exclude<RoundType, 'pool' | KnockoutRound>] extends [never] ? true : false>;
type True<T extends true> = T;

/** Schedule order: time (none last), then slot, then court. */
export function bySchedule(a: Match, b: Match): number {
  const at = a.scheduledTime ? Date.parse(a.scheduledTime) : Number.POSITIVE_INFINITY;
  const bt = b.scheduledTime ? Date.parse(b.scheduledTime) : Number.POSITIVE_INFINITY;
  if (at !== bt) return at < bt ? -1 : 1;
  return a.slotIndex - b.slotIndex || (a.courtNumber ?? a.court ?? 0) - (b.courtNumber ?? b.court ?? 0);
}

/** 'Prochains matchs à saisir': the matches core lets the console score, soonest first. */
export function nextToScore(matches: Match[], actions: ReadonlyMap<number, MatchActions>, limit: number): Match[] {
  return matches
    .filter((match) => actions.get(match.id)?.canScore === true)
    .sort(bySchedule)
    .slice(0, limit);
}

/** The knockout matches by round, in bracket order (QF1, QF2…); rounds without matches are left out. */
export function knockoutColumns(matches: Match[]): { round: KnockoutRound; matches: Match[] }[] {
  return KNOCKOUT_ROUNDS.map((round) => ({
    round,
    matches: matches.filter((m) => m.roundType === round).sort((a, b) => bracketOrder(a.bracketCode) - bracketOrder(b.bracketCode)),
  })).filter((column) => column.matches.length > 0);
}

type Availability = 'available' | 'skipped' | 'notYet';

/**
 * A knockout tab's state: 'available' once matches of that round exist; 'skipped' when a later
 * round exists without it (fewer teams than the round needs); otherwise 'notYet'.
 */
export function roundAvailability(round: KnockoutRound, matches: Match[]): Availability {
  const has = (type: RoundType) => matches.some((m) => m.roundType === type);
  if (has(round)) return 'available';
  const later = KNOCKOUT_ROUNDS.slice(KNOCKOUT_ROUNDS.indexOf(round) + 1);
  return later.some(has) ? 'skipped' : 'notYet';
}

/** The pool matches of one pool (all of them when `pool` is null), in schedule order. */
export function poolMatches(matches: Match[], pool: number | null): Match[] {
  return matches.filter((m) => m.roundType === 'pool' && (pool === null || m.pool === pool)).sort(bySchedule);
}

/** Pool matches grouped by round (1, 2, 3…), each group in the order given. */
export function byRound(matches: Match[]): [number, Match[]][] {
  const groups = new Map<number, Match[]>();
  for (const match of matches) {
    const round = match.round ?? 0;
    groups.set(round, [...(groups.get(round) ?? []), match]);
  }
  return [...groups.entries()].sort(([a], [b]) => a - b);
}

/**
 * When the server's computed status of a match next changes by itself (a scheduled match whose
 * time comes turns 'in_progress'): the earliest future start, in ms since the epoch, or null.
 */
export function nextStatusChange(matches: Match[], now: number): number | null {
  let next: number | null = null;
  for (const match of matches) {
    if (match.status !== 'scheduled' || !match.scheduledTime) continue;
    const at = Date.parse(match.scheduledTime);
    if (at > now && (next === null || at < next)) next = at;
  }
  return next;
}
