// The fiche santé read back as a description list's rows (a <div> of <dt> and <dd> each), in one
// order and one wording wherever staff read it: the counsellor's opened record (/animation) and
// the console's week of children. An allergy or a condition is drawn in red.
import { useTranslation } from 'react-i18next';
import type { Schemas } from '../../../api/types';

export type HealthForm = Schemas['HealthFormDto'];

interface HealthRow {
  term: string;
  value: string;
  /** Something staff must not miss (an allergy): drawn in red. */
  alert: boolean;
}

function useHealthFormRows(): (form: HealthForm) => HealthRow[] {
  const { t } = useTranslation('campStaff');
  const { t: td } = useTranslation('daycamps');
  const yes = (b: boolean) => (b ? t('record.yes') : t('record.no'));
  const people = (list: HealthForm['pickups']) =>
    list.length ? list.map((p) => `${p.name} (${p.relation}) ${p.phone}`).join('\n') : t('record.none');
  const row = (term: string, value: string, alert = false): HealthRow => ({ term, value, alert });
  return (h) => [
    row(
      t('record.allergies'),
      h.allergies.length
        ? h.allergies.map((a) => `${a.what} — ${td(`health.severity.${a.severity}`)}${a.epinephrine ? ` — ${t('record.epinephrine')}` : ''}`).join('\n')
        : t('record.none'),
      h.allergies.length > 0,
    ),
    row(t('record.medication'), h.medication ?? t('record.none')),
    row(t('record.conditions'), h.conditions ?? t('record.none'), h.conditions != null),
    row(t('record.swims'), yes(h.canSwim)),
    row(t('record.emergencyContacts'), people(h.emergencyContacts)),
    row(t('record.pickups'), people(h.pickups)),
    row(t('record.mayLeaveAlone'), yes(h.mayLeaveAlone)),
    row(t('record.photoPermission'), yes(h.photoPermission)),
  ];
}

export function HealthFormTerms({ form, rowClassName, valueClassName = '' }: { form: HealthForm; rowClassName: string; valueClassName?: string }) {
  const rows = useHealthFormRows();
  return rows(form).map(({ term, value, alert }) => (
    <div key={term} className={rowClassName}>
      <dt className="font-semibold text-slate-700">{term}</dt>
      <dd className={`whitespace-pre-line break-words ${valueClassName} ${alert ? 'font-semibold text-red-800' : ''}`}>{value}</dd>
    </div>
  ));
}
