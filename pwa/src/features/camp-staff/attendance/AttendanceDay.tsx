// A week's day on the counsellor's phone (/animation): each child with 'Arrivé(e)', 'Parti(e)'
// (asking who takes the child) and 'Absence motivée' (the parent phoned), the 'Absent sans avis'
// flag from 9:30, and the line of where the phone stands (src/sync/SyncLine.tsx). Works with no network:
// the day's last read is kept (keepOfflineNow) and each tap goes into the phone's outbox, which
// the sync engine pushes when the network returns; centre-core (view.ts) shows what the waiting
// taps will do, so the day is drawn once core-wasm is loaded. Admins also record pick-up
// overrides here.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepOfflineNow } from '../../../api/offline';
import { Button } from '../../../components/Button';
import { QueryStatus } from '../../../components/QueryStatus';
import { useCore } from '../../../core/useCore';
import { attendanceEntries, enqueueAttendance, waitingAttendance, type AttendanceEntry } from '../../../db/outbox';
import { centreToday, dayMonthLabel } from '../../../lib/dates';
import { formatTime } from '../../../lib/format';
import { kickSync } from '../../../sync/engine';
import { SyncLine } from '../../../sync/SyncLine';
import { useWatched } from '../../../sync/useWatched';
import { useAttendanceDay, type ChildAttendance } from '../queries';
import { DepartureDialog, type PickupChoice } from './DepartureDialog';
import { OverrideDialog } from './OverrideDialog';
import { childView, type ChildView } from './view';

const NONE: AttendanceEntry[] = [];

function record(entry: Parameters<typeof enqueueAttendance>[0]) {
  void enqueueAttendance(entry).then(() => kickSync());
}

export function AttendanceDay({ weekId, day, isAdmin }: { weekId: number; day: string; isAdmin: boolean }) {
  const { t, i18n } = useTranslation('campStaff');
  const sheet = useAttendanceDay(weekId, day);
  const core = useCore();
  const entriesOfWeek = useCallback(() => attendanceEntries(weekId), [weekId]);
  const entries = useWatched(entriesOfWeek, NONE);
  const waiting = useWatched(waitingAttendance, 0);
  const [leaving, setLeaving] = useState<ChildAttendance | null>(null);
  const [allowing, setAllowing] = useState<ChildAttendance | null>(null);
  useEffect(() => void keepOfflineNow(), []);
  // Arrivals and departures are recorded on the day, as they happen (the server checks the time).
  const isToday = day === centreToday();
  const now = () => new Date().toISOString();
  const leave = (choice: PickupChoice) => {
    if (leaving) record({ registrationId: leaving.registrationId, weekId, day, action: 'departure', at: now(), pickupKind: choice.kind, pickupName: choice.name });
    setLeaving(null);
  };
  return (
    <section aria-labelledby="attendance-title" className="space-y-3">
      <h2 id="attendance-title" className="text-xl font-bold">
        {t('attendance.title', { day: dayMonthLabel(day, i18n.language) })}
      </h2>
      <SyncLine loaded={sheet.isSuccess} updatedAt={sheet.dataUpdatedAt} waiting={waiting} offlineText={(count) => t('attendance.offline', { count })} />
      {!isToday && <p className="rounded border border-dashed border-slate-300 p-3 text-sm">{t('attendance.notToday')}</p>}
      <QueryStatus query={{ data: core ? sheet.data : undefined, isLoading: sheet.isLoading || (!core && !sheet.isError), isError: sheet.isError }} error={t('page.loadError')}>
        {(data) => core && (
          <ul className="space-y-3" aria-label={t('attendance.children', { count: data.children.length })}>
            {data.children.map((child) => (
              <ChildRow
                key={child.registrationId}
                view={childView(core, child, day, entries, i18n.language)}
                isAdmin={isAdmin}
                isToday={isToday}
                onArrive={() => record({ registrationId: child.registrationId, weekId, day, action: 'arrival', at: now() })}
                onAbsent={() => record({ registrationId: child.registrationId, weekId, day, action: 'absence', at: now() })}
                onLeave={() => setLeaving(child)}
                onAllow={() => setAllowing(child)}
              />
            ))}
          </ul>
        )}
      </QueryStatus>
      <DepartureDialog child={leaving} onClose={() => setLeaving(null)} onChoose={leave} />
      {isAdmin && <OverrideDialog child={allowing} day={day} onClose={() => setAllowing(null)} />}
    </section>
  );
}

interface RowProps {
  view: ChildView;
  isAdmin: boolean;
  /** Only today's arrivals and departures are recorded. */
  isToday: boolean;
  onArrive: () => void;
  onAbsent: () => void;
  onLeave: () => void;
  onAllow: () => void;
}

function ChildRow({ view, isAdmin, isToday, onArrive, onAbsent, onLeave, onAllow }: RowProps) {
  const { t } = useTranslation('campStaff');
  const { child } = view;
  const nameId = `attendance-${child.registrationId}`;
  const who = view.pickupKind === 'parent' ? child.parentName : view.pickupKind === 'alone' ? t('attendance.pickup.aloneShort') : (view.pickupName ?? '');
  return (
    <li className="rounded-xl border border-slate-200 p-4 shadow-sm" data-testid="attendance-child">
      <h3 id={nameId} className="break-words text-lg font-semibold">
        {child.childFirstName} {child.childLastName}
      </h3>
      <ul className="mt-1 space-y-1 text-sm text-slate-800">
        {view.arrivedAt && <li>{t('attendance.arrivedAt', { time: formatTime(view.arrivedAt) })}</li>}
        {view.leftAt && <li>{t('attendance.leftAt', { time: formatTime(view.leftAt), who })}</li>}
        {view.notice && !view.arrivedAt && <li>{t('attendance.notice')}</li>}
        {view.flagged && <li className="inline-block rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-900">{t('attendance.flag')}</li>}
        {view.waiting && <li className="text-amber-900">{t('attendance.pending')}</li>}
        {child.overrides.map((o) => (
          <li key={o.id}>{t('attendance.overrideShown', { name: o.personName, reason: o.reason })}</li>
        ))}
      </ul>
      {view.refused && (
        <p role="alert" className="mt-2 rounded bg-red-50 p-2 text-sm text-red-900">
          {t('attendance.refused', { reason: view.refused })}
        </p>
      )}
      {view.willRefuse && <p className="mt-2 rounded bg-amber-50 p-2 text-sm text-amber-950">{t('attendance.willRefuse', { reason: view.willRefuse })}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="primary" aria-describedby={nameId} className="min-h-11" disabled={!isToday || view.arrivedAt !== null} onClick={onArrive}>
          {t('attendance.arrive')}
        </Button>
        <Button aria-describedby={nameId} className="min-h-11" disabled={!isToday || view.arrivedAt === null || view.leftAt !== null} onClick={onLeave}>
          {t('attendance.leave')}
        </Button>
        <Button aria-describedby={nameId} className="min-h-11" disabled={!isToday || view.arrivedAt !== null || view.notice} onClick={onAbsent}>
          {t('attendance.absent')}
        </Button>
        {isAdmin && (
          <Button aria-describedby={nameId} className="min-h-11" disabled={view.leftAt !== null} onClick={onAllow}>
            {t('attendance.allow')}
          </Button>
        )}
      </div>
    </li>
  );
}
