// What the console shows while this phone's scores wait: the server's matches with
// the waiting entries applied by centre-core (the server's own merge rule under the
// tournament's formats: sets checked, the bracket advanced as the server would), and each
// pool's standings recomputed from them under the pool's format, and a knockout match's work
// team named once the match whose loser referees it is decided here (core's rule, as the server
// fills it in). Derived on every change, never stored.
import { applyPending, computeStandings, dutyTeams, loadCore, type CoreMatch, type CoreScoreEntry } from '../../../core';
import type { OutboxEntry } from '../../../db/outbox';
import type { Formats } from '../../tournament-shared/format';
import { toCoreMatch } from '../../tournament-shared/scoreCheck';
import type { Match, Standing } from '../../tournament-shared/types';

export interface Projected {
  matches: Match[];
  standings: Standing[];
  /** Matches with a score of this phone waiting to be sent. */
  waiting: ReadonlySet<number>;
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

/** The projected matches with each 'Perdant QF1' work team named once core knows the loser. */
async function withDuties(matches: Match[], names: Map<number, string>, lang: string): Promise<Match[]> {
  const duties = matches.flatMap((m) => (m.dutyTeamId === null && m.dutyFromCode ? [{ matchId: m.id, loserOf: m.dutyFromCode }] : []));
  if (duties.length === 0) return matches;
  const teams = dutyTeams(await loadCore(), { matches: matches.map(toCoreMatch), duties }, lang);
  return matches.map((m) => {
    const team = teams.get(m.id);
    return team == null ? m : { ...m, dutyTeamId: team, dutyTeamName: names.get(team) ?? null, dutyFrom: null, dutyFromCode: null };
  });
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
  const projected = await withDuties(
    matches.map((m) => merge(m, byId.get(m.id), names)),
    names,
    lang,
  );
  return {
    matches: projected,
    standings: await poolStandings(projected, standings, lang, formats),
    waiting: new Set(entries.filter((e) => e.state === 'pending').map((e) => e.matchId)),
  };
}

