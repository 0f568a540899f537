// What centre-core says of a score before it is sent, wherever it is entered (the console's
// dialog, a captain's report): the server's own merge rule run on the match as the page has it,
// and whether sets decide the match under its phase's format.
import { applyPending, applyPendingNow, type CoreMatch, type CoreModule, type EntryOutcome, type SetScore } from '../../core';
import type { Formats } from './format';
import { courtOf } from './rounds';
import type { Match } from './types';

/**
 * The side that forfeited (the other one wins), as centre-core reads it: the server's, which
 * alone knows it for a knockout side that forfeited before its opponent was known. An answer
 * kept offline before the server sent it has only `forfeit` and the winner.
 */
function forfeitSide(match: Match): number | null {
  const side = (match as Partial<Pick<Match, 'forfeitSide'>>).forfeitSide;
  if (side != null) return side;
  if (!match.forfeit) return null;
  if (match.winnerId !== null && match.winnerId === match.team1Id) return 2;
  if (match.winnerId !== null && match.winnerId === match.team2Id) return 1;
  return match.team1Id === null ? 1 : 2;
}

/** Sets as centre-core and the outbox keep them: pairs, team 1's points first. */
export function setPairs(sets: readonly (readonly number[])[] | null | undefined): SetScore[] {
  return (sets ?? []).map(([team1 = 0, team2 = 0]) => [team1, team2]);
}

export function toCoreMatch(match: Match): CoreMatch {
  return {
    id: match.id,
    roundType: match.roundType,
    roundName: match.roundName,
    bracketCode: match.bracketCode,
    status: match.status,
    team1Id: match.team1Id,
    team2Id: match.team2Id,
    team1Score: match.team1Score,
    team2Score: match.team2Score,
    scheduledTime: match.scheduledTime,
    courtNumber: courtOf(match),
    forfeitSide: forfeitSide(match),
    sets: setPairs(match.sets),
  };
}

/** A score to check: its sets where the match's phase has them, under the tournament's formats. */
export interface SetsScore {
  sets?: SetScore[];
  formats?: Formats;
}

function checkRequest(match: Match, team1Score: number, team2Score: number, { sets, formats = {} }: SetsScore) {
  const entry = { entryId: 'check', matchId: match.id, team1Score, team2Score, enteredAt: new Date().toISOString(), ...(sets && sets.length > 0 ? { sets } : {}) };
  return { matches: [toCoreMatch(match)], entries: [entry], formats };
}

function refusal(outcomes: Pick<EntryOutcome, 'outcome' | 'code'>[]): string | null {
  const outcome = outcomes[0];
  return outcome && outcome.outcome === 'rejected' ? (outcome.code ?? 'rejected') : null;
}

/**
 * What centre-core says a score on `match` will do: null when it applies, else the refusal's
 * code (with sets: a set that cannot happen under the phase's format, `set_win_by_two`…).
 */
export async function refusalOf(match: Match, team1Score: number, team2Score: number, lang: string, score: SetsScore = {}): Promise<string | null> {
  return refusal((await applyPending(checkRequest(match, team1Score, team2Score, score), lang)).outcomes);
}

/** The match as it was before any score: a correction's sets are checked as a first score's. */
function unscored(match: Match): Match {
  return { ...match, status: 'scheduled', team1Score: null, team2Score: null, sets: [], forfeit: false, forfeitSide: null, winnerId: null };
}

/**
 * centre-core's word on `sets` for `match` under `formats`, at once (the score dialog as it is
 * typed, a correction as it is saved), the match taken as not scored yet: null when the sets
 * decide the match, else the code (`sets_undecided` while a set is still to play).
 */
export function setsRefusal(core: CoreModule, match: Match, sets: SetScore[], formats: Formats, lang: string): string | null {
  return refusal(applyPendingNow(core, checkRequest(unscored(match), 0, 0, { sets, formats }), lang).outcomes);
}
