// /animation: the counsellor's page ('Animateur'). For each week an admin gave them (an admin
// sees every week), the children at a glance: name, program and age, whether the parent wrote
// health notes, whether the child swims, and who may pick them up. The full record opens for one
// child at a time, and the server logs each opening (who, when, which child); health data is not
// kept on the phone once the record is closed. Above them, the week's day of attendance
// (attendance/AttendanceDay.tsx), which works offline.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { QueryStatus } from '../../components/QueryStatus';
import { SignInRequired } from '../../components/SignInRequired';
import { Select } from '../../components/form/Select';
import { usePageMeta } from '../../components/usePageMeta';
import { centreToday, weekNumber, weekRange } from '../../lib/dates';
import { campStaffStatus } from '../auth/queries';
import { useRoles } from '../auth/session';
import { useAdminDayCamps } from '../daycamps/queries';
import { AttendanceDay } from './attendance/AttendanceDay';
import { dayOfWeek } from './attendance/view';
import { ChildRecordDialog } from './ChildRecordDialog';
import { useWeekChildren, type CampChild } from './queries';

type WeekRef = { id: number; label: string; startDate: string; endDate: string };

export function CampStaffPage() {
  const { t } = useTranslation('campStaff');
  const { user, isLoading, isAdmin, isCampStaff } = useRoles();
  usePageMeta(t('page.title'));
  if (isLoading) return null;
  if (!user) return <SignInRequired title={t('page.title')} text={t('page.signedOut')} returnTo="/animation" />;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold">{t('page.title')}</h1>
      <p className="mt-2 text-slate-700">{t('page.intro')}</p>
      {isAdmin ? <AdminWeeks /> : isCampStaff ? <StaffWeeks /> : <p className="mt-6 rounded-lg border border-slate-300 p-4">{t('page.notStaff')}</p>}
    </section>
  );
}

function StaffWeeks() {
  const { t } = useTranslation('campStaff');
  const status = useQuery(campStaffStatus());
  return (
    <QueryStatus query={status} error={t('page.loadError')}>
      {(data) => (data.weeks.length === 0 ? <p className="mt-6 rounded-lg border border-dashed border-slate-300 p-4">{t('page.noWeeks')}</p> : <Weeks weeks={data.weeks} isAdmin={false} />)}
    </QueryStatus>
  );
}

function AdminWeeks() {
  const { t } = useTranslation('campStaff');
  const overview = useAdminDayCamps();
  return <QueryStatus query={overview} error={t('page.loadError')}>{(data) => <Weeks weeks={data.weeks} isAdmin />}</QueryStatus>;
}

function Weeks({ weeks, isAdmin }: { weeks: WeekRef[]; isAdmin: boolean }) {
  const { t, i18n } = useTranslation('campStaff');
  const { t: td } = useTranslation('daycamps');
  const [chosen, setChosen] = useState<number | null>(null);
  const week = weeks.find((w) => w.id === chosen) ?? weeks.find((w) => w.endDate >= centreToday()) ?? weeks[0];
  const weekId = week?.id ?? null;
  const children = useWeekChildren(weekId);
  const [opened, setOpened] = useState<CampChild | null>(null);
  const name = (w: WeekRef) => td('form.weekLabel', { n: weekNumber(w.label), dates: weekRange(w.startDate, w.endDate, i18n.language) });
  return (
    <div className="mt-6 space-y-4">
      <Select name="week" label={t('page.week')} value={String(weekId ?? '')} onValueChange={(v) => setChosen(Number(v))} selectClassName="min-h-11">
        {weeks.map((w) => (
          <option key={w.id} value={w.id}>
            {name(w)}
          </option>
        ))}
      </Select>
      {week && <AttendanceDay weekId={week.id} day={dayOfWeek(centreToday(), week.startDate, week.endDate)} isAdmin={isAdmin} />}
      <QueryStatus
        query={children}
        error={t('page.loadError')}
        empty={<p className="rounded-lg border border-dashed border-slate-300 p-4 text-center">{t('page.noChildren')}</p>}
      >
        {(list) => (
          <ul className="space-y-3" aria-label={t('page.children', { count: list.length })}>
            {list.map((child) => (
              <ChildCard key={child.id} child={child} onOpen={() => setOpened(child)} />
            ))}
          </ul>
        )}
      </QueryStatus>
      <ChildRecordDialog child={opened} onClose={() => setOpened(null)} />
    </div>
  );
}

function ChildCard({ child, onOpen }: { child: CampChild; onOpen: () => void }) {
  const { t } = useTranslation('campStaff');
  const { t: td } = useTranslation('daycamps');
  const nameId = `child-${child.id}`;
  return (
    <li className="rounded-xl border border-slate-200 p-4 shadow-sm" data-testid="camp-child">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={nameId} className="break-words text-lg font-semibold">
            {child.childFirstName} {child.childLastName}
          </h2>
          <p className="text-sm text-slate-700">
            {td(`programs.${child.programId}.name`, { defaultValue: child.programId })} · {t('child.age', { count: child.age })}
          </p>
        </div>
        <Button size="sm" aria-describedby={nameId} onClick={onOpen} className="min-h-11">
          {t('child.open')}
        </Button>
      </div>
      <ul className="mt-2 flex flex-wrap gap-2 text-sm" aria-label={t('child.flags')}>
        {!child.hasHealthForm && <li className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-900">{t('child.noHealthForm')}</li>}
        {child.epinephrine && <li className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-900">{t('child.epinephrine')}</li>}
        {child.hasAllergy && (
          <li className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">
            {t(child.severeAllergy ? 'child.severeAllergy' : 'child.allergy')}
          </li>
        )}
        {child.hasHealthNotes && <li className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">{t('child.healthNotes')}</li>}
        {!child.canSwim && <li className="rounded-full bg-sky-100 px-2 py-0.5 font-semibold text-sky-900">{t('child.cannotSwim')}</li>}
        {child.hasEmergencyPhone && <li className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-800">{t('child.emergencyPhone')}</li>}
      </ul>
      <p className="mt-2 text-sm text-slate-800">{t('child.pickUp', { names: child.pickUp.join(', ') })}</p>
    </li>
  );
}
