// The admin console's 'Camps de jour' tab (the centre needs to see who is coming): the weeks
// with places taken / capacity per program; for the chosen week its children
// by program (name, age, parent contact, the fiche santé: allergies, medication, conditions,
// emergency contacts and the adults who may pick the child up), payment status with the payment
// actions, and the week's xlsx export. Admins only (the server checks again); counsellors see
// their own weeks' children on /animation. The RL-24 figures of a year (Rl24Section). An expired or
// refunded registration gave its weeks back, so it is in no week: the Paiements tab lists the
// expired ones.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { RegistrationPaymentActions } from '../../components/PaymentActions';
import { PaidByNote } from '../../components/PaidByNote';
import { PaymentBadge } from '../../components/PaymentBadge';
import { QueryStatus } from '../../components/QueryStatus';
import { toast } from '../../components/toast';
import { formatDay, formatPrice } from '../../lib/format';
import { weekNumber, weekRange } from '../../lib/dates';
import { HealthFormTerms } from './health/HealthFormTerms';
import { ProgramSettings } from './ProgramSettingsForm';
import { Rl24Section } from './Rl24Section';
import { useExportDayCampWeek, useSetDayCampPayment } from './mutations';
import { useAdminDayCamps, useAdminWeekChildren, type AdminChild, type AdminOverview, type Program } from './queries';

export function AdminDayCampsTab() {
  const { t, i18n } = useTranslation('daycamps');
  const overview = useAdminDayCamps();
  const [chosen, setChosen] = useState<number | null>(null);
  const weekId = chosen ?? overview.data?.weeks[0]?.id ?? null;
  const lang = i18n.language;
  return (
    <section aria-labelledby="admin-camps-title">
      <h2 id="admin-camps-title" className="text-xl font-semibold">
        {t('admin.title')}
      </h2>
      <QueryStatus query={overview} className="mt-4" error={t('admin.loadError')}>
        {(data) => (
          <>
            <WeeksTable overview={data} selected={weekId} onSelect={setChosen} />
            {weekId !== null && (
              <WeekChildren
                key={weekId}
                weekId={weekId}
                title={(() => {
                  const w = data.weeks.find((x) => x.id === weekId);
                  return w ? t('form.weekLabel', { n: weekNumber(w.label), dates: weekRange(w.startDate, w.endDate, lang) }) : '';
                })()}
                programs={data.programs}
              />
            )}
            <ProgramSettings programs={data.programs} name={(p) => programName(t, p)} />
            {/* With the rest, not before it: drawn alone it moved down when the weeks came. */}
            <Rl24Section />
          </>
        )}
      </QueryStatus>
    </section>
  );
}

function programName(t: ReturnType<typeof useTranslation<'daycamps'>>['t'], p: Pick<Program, 'id' | 'name'>) {
  return t(`programs.${p.id}.name`, { defaultValue: p.name });
}

function WeeksTable({ overview, selected, onSelect }: { overview: AdminOverview; selected: number | null; onSelect: (id: number) => void }) {
  const { t, i18n } = useTranslation('daycamps');
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{t('admin.weeksCaption')}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-4">
              {t('admin.week')}
            </th>
            {overview.programs.map((p) => (
              <th key={p.id} scope="col" className="py-2 pr-4">
                {programName(t, p)}
              </th>
            ))}
            <th scope="col" className="py-2">
              <span className="sr-only">{t('admin.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {overview.weeks.map((w) => {
            const label = t('form.weekLabel', { n: weekNumber(w.label), dates: weekRange(w.startDate, w.endDate, i18n.language) });
            const active = w.id === selected;
            return (
              <tr key={w.id} className={`border-b border-slate-200 ${active ? 'bg-brand-50' : ''}`}>
                <th scope="row" className="py-2 pr-4 font-semibold">
                  {label}
                </th>
                {overview.programs.map((p) => {
                  const places = w.places.find((x) => x.programId === p.id);
                  return (
                    <td key={p.id} className="py-2 pr-4" data-testid={`places-${w.id}-${p.id}`}>
                      {places ? t('admin.places', { taken: places.taken, capacity: places.capacity }) : '—'}
                    </td>
                  );
                })}
                <td className="py-2">
                  <button
                    type="button"
                    onClick={() => onSelect(w.id)}
                    aria-pressed={active}
                    aria-label={t('admin.showWeek', { week: label })}
                    className={`min-h-11 rounded border px-3 py-1 font-semibold ${active ? 'border-brand-700 bg-brand-700 text-white' : 'border-brand-700 text-brand-800 hover:bg-brand-50'}`}
                  >
                    {t('admin.show')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function WeekChildren({ weekId, title, programs }: { weekId: number; title: string; programs: Program[] }) {
  const { t } = useTranslation('daycamps');
  const children = useAdminWeekChildren(weekId);
  const exporter = useExportDayCampWeek();
  const rows = children.data ?? [];
  const onExport = () => {
    if (rows.length === 0) {
      toast({ variant: 'error', title: t('admin.toast.exportError'), description: t('admin.toast.nothingToExport') });
      return;
    }
    exporter.mutate(weekId);
  };
  return (
    <section aria-labelledby="week-children-title" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="week-children-title" className="text-lg font-semibold">
          {title}
        </h3>
        <Button
          variant="primary"
          onClick={onExport}
          disabled={exporter.isPending}
        >
          {exporter.isPending ? t('admin.exporting') : t('admin.export')}
        </Button>
      </div>
      <QueryStatus query={children} className="mt-4" error={t('admin.loadError')} />
      {children.data && (
        <p className="mt-2 text-slate-700" data-testid="week-children-count">
          {t('admin.childrenCount', { count: rows.length })}
        </p>
      )}
      {children.data && rows.length === 0 && <p className="mt-4 text-slate-700">{t('admin.empty')}</p>}
      {programs.map((p) => {
        const ofProgram = rows.filter((c) => c.programId === p.id);
        if (ofProgram.length === 0) return null;
        return (
          <div key={p.id} className="mt-6">
            <h4 className="font-semibold text-brand-800">{t('admin.programChildren', { program: programName(t, p), count: ofProgram.length })}</h4>
            <ul className="mt-2 space-y-3">
              {ofProgram.map((child) => (
                <ChildItem key={child.id} child={child} />
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

function ChildItem({ child: c }: { child: AdminChild }) {
  const { t, i18n } = useTranslation('daycamps');
  const lang = i18n.language;
  const payment = useSetDayCampPayment();
  const name = `${c.childFirstName} ${c.childLastName}`;
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="admin-day-camp-child">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-lg font-semibold">{name}</p>
          <p className="text-sm text-slate-700">
            {t('admin.ageAndBirth', { age: c.age, birth: formatDay(c.childBirthDate, lang) })}
            {c.childGender && ` · ${t(`form.gender.${c.childGender}`)}`}
          </p>
        </div>
        <PaymentBadge status={c.paymentStatus} amountDue={c.amountPaid} />
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[11rem_1fr]">
        <dt className="font-semibold text-slate-700">{t('admin.parent')}</dt>
        <dd>
          {c.parentName} · <a href={`mailto:${c.parentEmail}`} className="text-lake-600 underline">{c.parentEmail}</a> ·{' '}
          <a href={`tel:${c.parentPhone}`} className="text-lake-600 underline">
            {c.parentPhone}
          </a>
        </dd>
        {c.healthForm ? (
          <HealthFormTerms form={c.healthForm} rowClassName="contents" />
        ) : (
          <>
            <dt className="font-semibold text-slate-700">{t('admin.emergencyPhone')}</dt>
            <dd>{c.emergencyPhone ?? t('admin.none')}</dd>
            <dt className="font-semibold text-slate-700">{t('admin.medical')}</dt>
            <dd className={c.medicalConditions ? 'font-semibold text-red-800' : ''}>{c.medicalConditions ?? t('admin.none')}</dd>
            <dt className="font-semibold text-slate-700">{t('admin.canSwim')}</dt>
            <dd>{c.canSwim ? t('admin.yes') : t('admin.no')}</dd>
          </>
        )}
        <dt className="font-semibold text-slate-700">{t('admin.payment')}</dt>
        <dd>
          {t('admin.paymentDetail', { amount: formatPrice(c.amountPaid, lang), count: c.weeks.length, reference: c.paymentReference })}
          <PaidByNote paidBy={c.paidBy} />
        </dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <RegistrationPaymentActions registration={c} name={name} change={payment} />
      </div>
    </li>
  );
}
