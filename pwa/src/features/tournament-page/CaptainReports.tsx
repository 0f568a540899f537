// 'Vos résultats à déclarer': in a tournament the teams score, the captain's matches that are
// under way or past their time, each with what to do: 'Saisir le résultat' (or change their own
// proposal while the other team has not answered), 'Confirmer' or 'Contester' the other team's,
// or nothing while a dispute waits for the organisers. A team on duty refereeing a match reports
// it too ('Vous arbitrez : A contre B'): its result is a proposal either playing team confirms,
// so it proposes while nobody has, and otherwise reads where the result stands. A banner counts the results waiting for
// the captain's confirmation. The score is entered in the console's own forms, checked by
// centre-core before it is sent. What a report waiting in the outbox will do, and whether a
// proposal has confirmed itself at its deadline, is core's report rule (`outlook.ts`).
import { useCallback, useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { messageNow, type ReportOutlook } from '../../core';
import { useCore } from '../../core/useCore';
import { reportEntries, type ReportEntry } from '../../db/outbox';
import { useWatched } from '../../sync/useWatched';
import { reportedScore } from '../tournament-shared/Badges';
import { formatOf, setsOf, type Formats } from '../tournament-shared/format';
import { matchLine, type UseScoreSave } from '../tournament-shared/score/parts';
import { ScoreForm } from '../tournament-shared/score/SingleScoreForm';
import { SetsForm } from '../tournament-shared/score/SetsScoreForm';
import { bySchedule } from '../tournament-shared/schedule';
import { refusalOf, setPairs } from '../tournament-shared/scoreCheck';
import { sideName } from '../tournament-shared/rounds';
import type { Match } from '../tournament-shared/types';
import { useReportResult } from './mutations';
import { outlookOf } from './outlook';

interface CaptainReportsProps {
  eventId: number;
  teamId: number;
  matches: Match[];
  poolCount: number;
  formats: Formats;
  /** The tournament's window for the other side's answer. */
  confirmMinutes: number;
}

const plays = (m: Match, teamId: number) => m.team1Id === teamId || m.team2Id === teamId;

/**
 * The matches a captain reports now, played or refereed by the team: teams known, not final,
 * and begun (its time has come: the server shows it under way, or late behind its court's
 * match) or already reported.
 */
function toReport(matches: Match[], teamId: number): Match[] {
  return matches
    .filter((m) => (plays(m, teamId) || m.dutyTeamId === teamId) && m.team1Id !== null && m.team2Id !== null)
    .filter((m) => m.status !== 'completed' && !m.forfeit)
    .filter((m) => m.report !== null || m.status === 'in_progress' || m.late)
    .sort(bySchedule);
}

/** Waits for this captain: the other team proposed, and neither its deadline nor this phone's
 *  own answer has settled it yet. */
const awaitsMe = (m: Match, teamId: number, outlook: ReportOutlook | null) =>
  plays(m, teamId) && m.report?.state === 'proposed' && m.report.byTeamId !== teamId && (outlook?.state ?? 'proposed') === 'proposed';

/** The work team's captain, once a playing team proposed: only the playing teams answer it. */
const answeredByPlayers = (m: Match, teamId: number) => !plays(m, teamId) && m.report?.state === 'proposed' && m.report.byTeamId !== teamId;

/** Now, drawn again when the next of `deadlines` passes (a proposal then confirms itself). */
function useNowPast(deadlines: (string | null | undefined)[]): Date {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const now = new Date();
  const next = Math.min(...deadlines.map((d) => (d ? Date.parse(d) : Infinity)).filter((at) => at > now.getTime()));
  useEffect(() => {
    if (!Number.isFinite(next)) return undefined;
    const id = window.setTimeout(redraw, Math.min(next - Date.now() + 100, 2 ** 31 - 1));
    return () => window.clearTimeout(id);
  }, [next]);
  return now;
}

const NO_ENTRIES: ReportEntry[] = [];

/** This phone's reports of the event's matches, live from IndexedDB. */
function useReportEntries(eventId: number): ReportEntry[] {
  const query = useCallback(() => reportEntries(eventId), [eventId]);
  return useWatched(query, NO_ENTRIES);
}

function reportSave(eventId: number, match: Match, formats: Formats, lang: string): UseScoreSave {
  return function useReportSave(handlers) {
    const report = useReportResult(eventId, handlers);
    return {
      pending: report.isPending,
      check: ({ team1Score, team2Score, sets }) => refusalOf(match, team1Score, team2Score, lang, { sets, formats }),
      send: (score) => report.mutate({ matchId: match.id, score }),
    };
  };
}

export function CaptainReports({ eventId, teamId, matches, poolCount, formats, confirmMinutes }: CaptainReportsProps) {
  const { t, i18n } = useTranslation('tournaments');
  const [entering, setEntering] = useState<Match | null>(null);
  const confirm = useReportResult(eventId);
  const entries = useReportEntries(eventId);
  const core = useCore();
  const mine = toReport(matches, teamId);
  const now = useNowPast(mine.map((m) => m.report?.deadline));
  if (mine.length === 0) return null;
  const outlooks = new Map(mine.map((m) => [m.id, outlookOf(core, m, teamId, entries, confirmMinutes, now, i18n.language)]));
  const waiting = mine.filter((m) => awaitsMe(m, teamId, outlooks.get(m.id) ?? null)).length;
  /** What the phone's last waiting report of a match will do, in words. */
  const will = (outlook: ReportOutlook | null | undefined) => {
    const last = outlook?.outcomes.at(-1);
    if (!last) return null;
    if (last.code) return t('captain.will.refused', { reason: core ? messageNow(core, last.code, i18n.language) : last.code });
    return last.state === 'proposed' || last.state === 'confirmed' || last.state === 'disputed' ? t(`captain.will.${last.state}`) : null;
  };
  const format = entering ? formatOf(formats, entering) : undefined;
  const sets = setsOf(format);
  const close = () => setEntering(null);
  return (
    <section aria-labelledby="captain-reports-title" className="rounded-xl border-2 border-amber-400 bg-amber-50 p-5" data-testid="captain-reports">
      <h3 id="captain-reports-title" className="text-xl font-bold text-amber-950">
        {t('captain.title')}
      </h3>
      {waiting > 0 && (
        <p role="status" className="mt-2 font-semibold text-amber-950">
          {t('captain.waiting', { count: waiting })}
        </p>
      )}
      <ul className="mt-4 space-y-3">
        {mine.map((m) => {
          const report = m.report;
          const score = report ? reportedScore(report.team1Score, report.team2Score, report.sets) : '';
          const opponent = sideName(m, m.team1Id === teamId ? 2 : 1, t);
          const proposer = m.report?.byTeamId === m.team1Id ? sideName(m, 1, t) : sideName(m, 2, t);
          const last = entries.filter((e) => e.matchId === m.id).at(-1);
          const outlook = outlooks.get(m.id);
          return (
            <li key={m.id} id={`match-${m.id}`} className="scroll-mt-4 rounded-lg bg-white p-4" data-testid="captain-match">
              <p className="font-semibold">
                {plays(m, teamId) ? t('team.against', { team: opponent }) : t('captain.refereeing', { team1: sideName(m, 1, t), team2: sideName(m, 2, t) })}
              </p>
              <p className="text-sm text-slate-700">{matchLine(m, poolCount, t)}</p>
              {last?.state === 'rejected' && (
                <p role="alert" className="mt-2 font-medium text-red-800">
                  {t('captain.refused', { reason: last.message ?? last.code ?? t('toast.genericError') })}
                </p>
              )}
              {last?.state === 'pending' ? (
                <p className="mt-2 font-medium text-amber-900" data-testid="captain-sending">
                  <span>{t('captain.sending', { score: reportedScore(last.team1Score, last.team2Score, last.sets ?? []) })}</span> <span>{will(outlook)}</span>
                </p>
              ) : report?.state === 'proposed' && outlook?.state === 'auto_confirmed' ? (
                <p className="mt-2 font-medium" data-testid="captain-auto-confirmed">
                  {t('captain.autoConfirmed', { score })}
                </p>
              ) : report?.state === 'disputed' ? (
                <p className="mt-2 font-medium text-amber-900">{t('captain.disputed', { score, counter: reportedScore(report.counterTeam1Score ?? 0, report.counterTeam2Score ?? 0, report.counterSets) })}</p>
              ) : answeredByPlayers(m, teamId) ? (
                <p className="mt-2 font-medium">{t('captain.theirProposal', { team: proposer, score })}</p>
              ) : awaitsMe(m, teamId, outlook ?? null) ? (
                <>
                  <p className="mt-2 font-medium">{t('captain.theirProposal', { team: opponent, score })}</p>
                  <div className="mt-3 grid grid-cols-2 gap-3">
                    <Button
                      className="min-h-12"
                      disabled={confirm.isPending}
                      onClick={() => confirm.mutate({ matchId: m.id, score: { team1Score: report?.team1Score ?? 0, team2Score: report?.team2Score ?? 0, sets: setPairs(report?.sets) } })}
                    >
                      {t('captain.confirm')}
                    </Button>
                    <Button variant="secondary" className="min-h-12" onClick={() => setEntering(m)}>
                      {t('captain.dispute')}
                    </Button>
                  </div>
                </>
              ) : (
                <>
                  {report?.state === 'proposed' && <p className="mt-2 font-medium">{t('captain.ownProposal', { score })}</p>}
                  <Button className="mt-3 min-h-12 w-full" onClick={() => setEntering(m)}>
                    {report?.state === 'proposed' ? t('captain.change') : t('captain.report')}
                  </Button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <Dialog open={entering !== null} onClose={close} title={t('captain.dialogTitle')} closeLabel={t('close')}>
        {entering &&
          (format && sets ? (
            <SetsForm key={entering.id} match={entering} prefill={false} poolCount={poolCount} format={format} sets={sets} formats={formats} useSave={reportSave(eventId, entering, formats, i18n.language)} onDone={close} />
          ) : (
            <ScoreForm key={entering.id} match={entering} prefill={false} poolCount={poolCount} formats={formats} useSave={reportSave(eventId, entering, formats, i18n.language)} onDone={close} />
          ))}
      </Dialog>
    </section>
  );
}
