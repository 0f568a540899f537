// What the console shows while this phone's scores wait: the server's matches with
// the waiting entries applied by centre-core (the server's own merge rule under the
// tournament's formats: sets checked, the bracket advanced as the server would), and each
// pool's standings recomputed from them under the pool's format. Derived on every change,
// never stored.
import { applyPending, applyPendingNow, computeStandings, type CoreMatch, type CoreModule, type CoreScoreEntry, type EntryOutcome, type SetScore } from '../../../core';
import type { OutboxEntry } from '../../../db/outbox';
import type { Formats } from '../../tournament-shared/format';
import { courtOf } from '../../tournament-shared/rounds';
import type { Match, Standing } from '../../tournament-shared/types';

export interface Projected {
  matches: Match[];
  standings: Standing[];
  /** Matches with a score of this phone waiting to be sent. */
  waiting: ReadonlySet<number>;
}

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

/** Sets as centre-core reads them: pairs, team 1's points first. */
function setPairs(sets: readonly (readonly number[])[] | null | undefined): SetScore[] {
  return (sets ?? []).map(([team1 = 0, team2 = 0]) => [team1, team2]);
}

function toCoreMatch(match: Match): CoreMatch {
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

function toCoreEntry(entry: OutboxEntry): CoreScoreEntry {
  const { entryId, matchId, team1Score, team2Score, enteredAt, seq, baseVersion, team1Id = null, team2Id = null, sets } = entry;
  return { entryId, matchId, team1Score, team2Score, enteredAt, seq, baseVersion, team1Id, team2Id, ...(sets && sets.length > 0 ? { sets } : {}) };
}

/**
 * The entries to show: those waiting, and those applied whose match the last fetch does not
 * show completed yet (the refetch after the push is on its way).
 */
export function entriesToShow(entries: OutboxEntry[], matches: Match[]): OutboxEntry[] {
  const completed = new Set(matches.filter((m) => m.status === 'completed').map((m) => m.id));
  return entries.filter((e) => e.state === 'pending' || (e.state === 'applied' && !completed.has(e.matchId)));
}

/** The winner of a match a score or a forfeit just completed (none for a pool draw). */
function winnerOf(match: Match): number | null {
  if (match.forfeitSide === 1) return match.team2Id;
  if (match.forfeitSide === 2) return match.team1Id;
  if (match.team1Score === null || match.team2Score === null || match.team1Score === match.team2Score) return null;
  return match.team1Score > match.team2Score ? match.team1Id : match.team2Id;
}

/** The server's match with what centre-core made of it (scores, status, teams moved on). */
function merge(match: Match, core: CoreMatch | undefined, names: Map<number, string>): Match {
  if (!core) return match;
  const team1Id = core.team1Id ?? null;
  const team2Id = core.team2Id ?? null;
  const scored = core.status === 'completed' && match.status !== 'completed';
  const next: Match = {
    ...match,
    status: core.status,
    team1Id,
    team2Id,
    team1Name: team1Id === match.team1Id ? match.team1Name : team1Id === null ? null : (names.get(team1Id) ?? null),
    team2Name: team2Id === match.team2Id ? match.team2Name : team2Id === null ? null : (names.get(team2Id) ?? null),
    team1Score: core.team1Score ?? null,
    team2Score: core.team2Score ?? null,
    sets: core.sets ?? match.sets,
    forfeitSide: core.forfeitSide ?? match.forfeitSide,
  };
  return scored ? { ...next, winnerId: winnerOf(next) } : next;
}

function teamNames(matches: Match[], standings: Standing[]): Map<number, string> {
  const names = new Map<number, string>();
  for (const row of standings) names.set(row.teamId, row.teamName);
  for (const m of matches) {
    if (m.team1Id !== null && m.team1Name) names.set(m.team1Id, m.team1Name);
    if (m.team2Id !== null && m.team2Name) names.set(m.team2Id, m.team2Name);
  }
  return names;
}

/**
 * Each pool's standings from the projected matches, ranked under the pool's format (its sets,
 * results table and tie-breaks); the server's rows say which team is in which pool.
 */
async function poolStandings(matches: Match[], standings: Standing[], lang: string, formats: Formats): Promise<Standing[]> {
  const pools = [...new Set(standings.map((row) => row.pool))].sort((a, b) => a - b);
  const tables = await Promise.all(
    pools.map(async (pool) => {
      const teams = standings.filter((row) => row.pool === pool).map((row) => ({ id: row.teamId, name: row.teamName, withdrawn: !!row.withdrawn }));
      const played = matches.filter((m) => m.roundType === 'pool' && m.pool === pool).map(toCoreMatch);
      const rows = await computeStandings({ matches: played, teams, ...(formats.pool ? { format: formats.pool } : {}) }, lang);
      // centre-core leaves out what the format does not have (no sets: no set columns); the API says null.
      return rows.map((row) => ({
        ...row,
        pool,
        setsWon: row.setsWon ?? null,
        setsLost: row.setsLost ?? null,
        setRatio: row.setRatio ?? null,
        pointRatio: row.pointRatio ?? null,
        decidedBy: row.decidedBy ?? null,
      }));
    }),
  );
  return tables.flat();
}

/**
 * The matches and standings as they will be once `entries` (in `seq` order) reach the server,
 * under the tournament's `formats` (none given: both phases `single`).
 */
export async function project(matches: Match[], standings: Standing[], entries: OutboxEntry[], lang: string, formats: Formats = {}): Promise<Projected> {
  const { matches: after } = await applyPending({ matches: matches.map(toCoreMatch), entries: entries.map(toCoreEntry), formats }, lang);
  const byId = new Map(after.map((m) => [m.id, m]));
  const names = teamNames(matches, standings);
  const projected = matches.map((m) => merge(m, byId.get(m.id), names));
  return {
    matches: projected,
    standings: await poolStandings(projected, standings, lang, formats),
    waiting: new Set(entries.filter((e) => e.state === 'pending').map((e) => e.matchId)),
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
