// Names of rounds and match sides, and a match's badge, from the PWA's own translations (the
// server's `roundName` is a French fallback only). Pure functions: the caller passes `t` of
// the 'tournaments' namespace.
import type { BracketCode } from '../../api/types';
import type { Match } from './types';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** 0 → 'A', 1 → 'B'… (pools are 0-based in the API). */
export function poolLetter(pool: number): string {
  return String.fromCharCode(65 + pool);
}

/** Each bracket code's round name and number in its round; `tsc` fails when a code is missing. */
const BRACKET: Record<BracketCode, { key: string; n?: number }> = {
  QF1: { key: 'round.quarterfinal', n: 1 },
  QF2: { key: 'round.quarterfinal', n: 2 },
  QF3: { key: 'round.quarterfinal', n: 3 },
  QF4: { key: 'round.quarterfinal', n: 4 },
  SF1: { key: 'round.semifinal', n: 1 },
  SF2: { key: 'round.semifinal', n: 2 },
  F: { key: 'round.final' },
};

/** 'Quart de finale 1', 'Demi-finale 2', 'Finale' from a bracket code. */
export function bracketName(code: BracketCode, t: Translate): string {
  const { key, n } = BRACKET[code];
  return n === undefined ? t(key) : t(key, { n });
}

/** A knockout match's order in its round (QF1 before QF2); 0 for the final and pool matches. */
export function bracketOrder(code: BracketCode | null): number {
  return code ? (BRACKET[code].n ?? 0) : 0;
}

/**
 * The round of a match: 'Poule A - Ronde 3' ('Ronde 3' with a single pool) for the pool phase,
 * 'Quart de finale 1', 'Demi-finale 2' or 'Finale' for the knockout.
 */
export function roundName(match: Match, poolCount: number, t: Translate): string {
  if (match.roundType === 'pool') {
    if (match.round === null) return t('round.poolPhase');
    if (poolCount > 1 && match.pool !== null) return t('round.poolRound', { pool: poolLetter(match.pool), round: match.round });
    return t('round.round', { round: match.round });
  }
  if (match.bracketCode) return bracketName(match.bracketCode, t);
  return t(`round.type.${match.roundType}`);
}

/** A team's name as shown: 'Les Hérons (retirée)' once it is withdrawn. */
export function teamName(name: string, withdrawn: boolean | undefined, t: Translate): string {
  return withdrawn ? t('round.withdrawn', { name }) : name;
}

/** A side of a match: the team's name, 'Gagnant de QF1' while the bracket fills, else 'À déterminer'. */
export function sideName(match: Match, side: 1 | 2, t: Translate): string {
  const name = side === 1 ? match.team1Name : match.team2Name;
  if (name) return teamName(name, side === 1 ? match.team1Withdrawn : match.team2Withdrawn, t);
  const from = side === 1 ? match.team1From : match.team2From;
  return from ? t('round.winnerOf', { code: from }) : t('round.tbd');
}

/** The work team refereeing a match: its name, 'Perdant SF1' while that loser is to come, else none. */
export function dutyName(match: Match, t: Translate): string | null {
  if (match.dutyTeamName) return match.dutyTeamName;
  return match.dutyFromCode ? t('round.loserOf', { code: match.dutyFromCode }) : null;
}

export type MatchState = 'completed' | 'inProgress' | 'upcoming';

/** The public badge: the score once completed, 'En cours' while in progress, otherwise 'À venir'. */
export function matchState(match: Match): MatchState {
  if (match.status === 'completed') return 'completed';
  if (match.status === 'in_progress') return 'inProgress';
  return 'upcoming';
}

/** The court a match is on (the admin and public names carry the same value). */
export function courtOf(match: Match): number | null {
  return match.courtNumber ?? match.court;
}

/** The winner's name of a completed match, or null. */
export function winnerName(match: Match): string | null {
  if (match.status !== 'completed' || match.winnerId === null) return null;
  if (match.winnerId === match.team1Id) return match.team1Name;
  if (match.winnerId === match.team2Id) return match.team2Name;
  return null;
}
