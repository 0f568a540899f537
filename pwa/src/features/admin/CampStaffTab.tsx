// The Animateurs tab, shown once all it reads is in: the camp-staff grants (GrantsTab), each counsellor's weeks as checkboxes
// saved together, a link to the day's attendance (/animation, where admins record pick-up
// overrides), and the log of every opening of a child's full record, newest first.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AllRead } from '../../components/AllRead';
import { Button } from '../../components/Button';
import { QueryStatus } from '../../components/QueryStatus';
import { Checkbox } from '../../components/form/Checkbox';
import { weekNumber, weekRange } from '../../lib/dates';
import { formatDateTime } from '../../lib/format';
import { useRecordViews, useStaffWeeks } from '../camp-staff/queries';
import { useAdminDayCamps } from '../daycamps/queries';
import { GrantsTab } from './GrantsTab';
import { useSetStaffWeeks } from './mutations';
import { displayName, useGrants, type Grant } from './queries';

export function CampStaffTab() {
  const { t } = useTranslation('admin');
  // Shown whole once its four reads are in (AllRead), so that nothing moves as each arrives.
  const reads = [useGrants('camp_staff'), useAdminDayCamps(), useStaffWeeks(), useRecordViews()];
  return (
    <AllRead reads={reads} loadingLabel={t('grants.loading')}>
      <GrantsTab
        role="camp_staff"
        rowMore={(grant) => <StaffWeeks grant={grant} />}
        after={
          <>
            <AttendanceLink />
            <RecordViews />
          </>
        }
      />
    </AllRead>
  );
}

/** The day's attendance and the pick-up overrides are on the counsellors' page, where admins see every week. */
function AttendanceLink() {
  const { t } = useTranslation('campStaff');
  return (
    <p className="text-slate-700">
      {t('admin.attendance')}{' '}
      <Link to="/animation" className="inline-flex min-h-11 items-center font-semibold text-lake-600 underline">
        {t('admin.attendanceLink')}
      </Link>
    </p>
  );
}

function StaffWeeks({ grant }: { grant: Grant }) {
  const { t, i18n } = useTranslation('campStaff');
  const { t: td } = useTranslation('daycamps');
  const overview = useAdminDayCamps();
  const assignments = useStaffWeeks();
  const save = useSetStaffWeeks();
  const given = assignments.data?.find((a) => a.userId === grant.userId)?.weekIds ?? [];
  // The boxes as ticked, once the admin touches one; until then what the server says.
  const [ticked, setTicked] = useState<number[] | null>(null);
  const chosen = ticked ?? given;
  const weeks = overview.data?.weeks ?? [];
  if (weeks.length === 0 || !assignments.isSuccess) return null;
  return (
    <fieldset className="mt-3">
      <legend className="text-sm font-semibold">{t('admin.weeksOf', { name: displayName(grant.user) })}</legend>
      <div className="mt-1 grid gap-x-4 sm:grid-cols-2">
        {weeks.map((w) => (
          <Checkbox
            key={w.id}
            value={String(w.id)}
            checked={chosen.includes(w.id)}
            onCheckedChange={(on) => setTicked(on ? [...chosen, w.id] : chosen.filter((id) => id !== w.id))}
            label={td('form.weekLabel', { n: weekNumber(w.label), dates: weekRange(w.startDate, w.endDate, i18n.language) })}
            labelClassName="flex min-h-11 items-center gap-3 text-sm"
            inputClassName="h-5 w-5"
          />
        ))}
      </div>
      <Button
        size="sm"
        className="mt-2 min-h-11"
        disabled={save.isPending || ticked === null}
        onClick={() => save.mutate({ userId: grant.userId, weekIds: chosen }, { onSuccess: () => setTicked(null) })}
      >
        {t('admin.save')}
      </Button>
    </fieldset>
  );
}

function RecordViews() {
  const { t, i18n } = useTranslation('campStaff');
  const views = useRecordViews();
  return (
    // Not a landmark of its own: the table's scrolling box is the one region named by the title
    // (two landmarks of one name would be one too many to a screen reader).
    <section className="space-y-2">
      <h3 id="record-views-title" className="text-lg font-semibold">
        {t('admin.log')}
      </h3>
      <p className="text-slate-700">{t('admin.logIntro')}</p>
      <QueryStatus
        query={views}
        error={t('page.loadError')}
        empty={<p className="rounded-lg border border-dashed border-slate-300 p-4 text-center">{t('admin.logEmpty')}</p>}
      >
        {(list) => (
          <div className="overflow-x-auto rounded-lg border border-slate-200" role="region" tabIndex={0} aria-labelledby="record-views-title">
            <table className="w-full text-left text-sm" data-testid="record-views">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="px-3 py-2">{t('admin.when')}</th>
                  <th scope="col" className="px-3 py-2">{t('admin.who')}</th>
                  <th scope="col" className="px-3 py-2">{t('admin.child')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((v, i) => (
                  <tr key={`${v.viewedAt}-${i}`} className="border-t border-slate-200">
                    <td className="whitespace-nowrap px-3 py-2">{formatDateTime(v.viewedAt, i18n.language)}</td>
                    <td className="break-all px-3 py-2">{v.viewerEmail}</td>
                    <td className="px-3 py-2">{v.childName}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryStatus>
    </section>
  );
}
